import { z } from 'zod';

/** `GET /healthz` and `GET /readyz` bodies. */
export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof HealthSchema>;
