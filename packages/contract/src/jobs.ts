import { z } from 'zod';

/** A job's state in the queue (docs/decisions/0011). */
export const JobStatusSchema = z.enum(['pending', 'running', 'done', 'dead']);

/**
 * Answer of `GET /api/admin/jobs` (admins only): jobs per topic and status, how long the oldest
 * due job has waited, and the latest failures with their errors. Never a job's payload.
 */
export const JobsOverviewSchema = z.object({
  counts: z.array(z.object({ topic: z.string(), status: JobStatusSchema, count: z.number().int() })),
  /** Seconds the longest-waiting due pending job has waited; null when none is due. */
  oldestPendingAgeSeconds: z.number().int().nullable(),
  /** Dead jobs and jobs waiting for a retry, newest failure first. */
  recentFailures: z.array(
    z.object({
      id: z.number().int(),
      topic: z.string(),
      status: JobStatusSchema,
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
      lastError: z.string(),
      failedAt: z.string(),
      /** When the next attempt is due; null for a dead job. */
      nextRunAt: z.string().nullable(),
    }),
  ),
});
export type JobsOverviewWire = z.infer<typeof JobsOverviewSchema>;
