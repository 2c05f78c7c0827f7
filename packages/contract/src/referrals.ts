import { z } from 'zod';
import { WorkshopCardSchema } from './catalogue.js';
import { IdSchema } from './wire.js';

/**
 * `GET /api/referral/landing-page/courses`: the workshops promoted on the referral landing page —
 * published courses (type 2) that have a dated batch, top sellers first, then catalogue order; at
 * most 8.
 */
export const ReferralLandingCoursesSchema = z.array(WorkshopCardSchema);

/**
 * `GET /api/brochure/pdf?id=` or `?url=`: a stored brochure only, never fetched from elsewhere.
 * `url` must be `https:`, its host exactly one of `BROCHURE_ALLOWED_HOSTS`, no userinfo or port,
 * and its path `/brochures/{name}.pdf` of a stored brochure; anything else → 400 (checklist E1).
 * Exactly one of `id` and `url`. The answer is the PDF itself.
 */
export const BrochureQuerySchema = z
  .object({
    id: IdSchema.optional(),
    url: z.string().min(1, 'is required').max(2048, 'must be at most 2048 characters').optional(),
  })
  .strict()
  .refine((q) => (q.id === undefined) !== (q.url === undefined), {
    message: 'give exactly one of id and url',
    path: ['id'],
  });
export type BrochureQuery = z.infer<typeof BrochureQuerySchema>;
