import { z } from 'zod';

/**
 * `POST /api/performance`: one client performance measurement (e.g. a Web Vitals metric). The
 * spec shows the call, not its body; this is ours. Unknown fields are rejected.
 */
export const PerformanceEventBodySchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    value: z.number({ error: 'must be a number' }).finite('must be a finite number'),
    path: z
      .string()
      .max(2048, 'must be at most 2048 characters')
      .regex(/^\//, 'must be a path starting with /'),
    trackerId: z.string().max(64, 'must be at most 64 characters').optional(),
    payload: z
      .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
      .refine((p) => Object.keys(p).length <= 20, 'may have at most 20 entries')
      .optional(),
  })
  .strict();
export type PerformanceEventBody = z.infer<typeof PerformanceEventBodySchema>;

/** Answer to an accepted measurement. */
export const AcceptedSchema = z.object({ accepted: z.literal(true) });
