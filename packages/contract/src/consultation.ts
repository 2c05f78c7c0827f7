import { z } from 'zod';
import { IdSchema } from './wire.js';

/** A covered item as shown: its text and whether it is ticked (domain `arrangeConsultationPackages`). */
export const CoveredItemSchema = z.object({ text: z.string(), checked: z.boolean() });

/** One service inside a package. */
export const ConsultationServiceSchema = z.object({
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int().nullable(),
});

/** A design-consultation package (spec §3: id, covered[], detailsRequired[], services). */
export const ConsultationPackageSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  /** Whole rupees. */
  price: z.number().int(),
  /** Whole dollars; null = not sold in dollars. */
  dollar: z.number().int().nullable(),
  covered: z.array(CoveredItemSchema),
  detailsRequired: z.array(z.string()),
  services: z.array(ConsultationServiceSchema),
});
export type ConsultationPackage = z.infer<typeof ConsultationPackageSchema>;

/**
 * `GET /api/consultation/1/service/package`: active packages in the spec's display order (ids 3,
 * 2, 4, 1, others after); package 3's last two covered items and package 2's last one have
 * `checked: false` (spec §9). Service ids other than 1 → 404.
 */
export const ConsultationPackagesSchema = z.object({ packages: z.array(ConsultationPackageSchema) });
export type ConsultationPackages = z.infer<typeof ConsultationPackagesSchema>;

/** Path of the packages call: `{serviceId}` (only 1, design consultation, exists). */
export const ConsultationServiceParamsSchema = z.object({ serviceId: IdSchema }).strict();
