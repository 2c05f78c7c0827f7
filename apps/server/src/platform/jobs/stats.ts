import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { JOB_STATUSES, type JobStatus } from '../../db/schema/index.js';

/** What an operator sees of the queue (`GET /api/admin/jobs`). Never a payload. */
export interface JobsOverview {
  /** Jobs per topic and status (only non-zero pairs). */
  counts: { topic: string; status: JobStatus; count: number }[];
  /** Seconds the longest-waiting due pending job has waited past its `run_at`; null when none is due. */
  oldestPendingAgeSeconds: number | null;
  /** The latest failures: dead jobs and pending ones waiting for a retry, newest first. */
  recentFailures: {
    id: number;
    topic: string;
    status: JobStatus;
    attempts: number;
    maxAttempts: number;
    lastError: string;
    failedAt: Date;
    /** When a retry is due (pending jobs); null for dead ones. */
    nextRunAt: Date | null;
  }[];
}

const Status = z.enum(JOB_STATUSES);
const CountRow = z.object({ topic: z.string(), status: Status, count: z.coerce.number().int() });
const AgeRow = z.object({ age: z.coerce.number().nullable() });
const FailureRow = z.object({
  id: z.coerce.number().int(),
  topic: z.string(),
  status: Status,
  attempts: z.coerce.number().int(),
  max_attempts: z.coerce.number().int(),
  last_error: z.string(),
  updated_at: z.coerce.date(),
  run_at: z.coerce.date(),
});

/** Counts by topic and status, the oldest due job's wait, and the latest failures. */
export async function jobsOverview(db: Db, opts: { failures?: number } = {}): Promise<JobsOverview> {
  const limit = opts.failures ?? 20;
  const counts = await db.execute(sql`
    SELECT topic, status, count(*)::int AS count FROM jobs GROUP BY topic, status ORDER BY topic, status`);
  const age = await db.execute(sql`
    SELECT extract(epoch FROM now() - min(run_at))::float8 AS age FROM jobs WHERE status = 'pending' AND run_at <= now()`);
  const failures = await db.execute(sql`
    SELECT id, topic, status, attempts, max_attempts, last_error, updated_at, run_at FROM jobs
    WHERE last_error IS NOT NULL AND status IN ('pending', 'dead')
    ORDER BY updated_at DESC, id DESC LIMIT ${limit}`);
  const oldest = AgeRow.parse(age.rows[0] ?? { age: null }).age;
  return {
    counts: counts.rows.map((row) => CountRow.parse(row)),
    oldestPendingAgeSeconds: oldest === null ? null : Math.max(0, Math.round(oldest)),
    recentFailures: failures.rows.map((row) => {
      const f = FailureRow.parse(row);
      return {
        id: f.id,
        topic: f.topic,
        status: f.status,
        attempts: f.attempts,
        maxAttempts: f.max_attempts,
        lastError: f.last_error,
        failedAt: f.updated_at,
        nextRunAt: f.status === 'pending' ? f.run_at : null,
      };
    }),
  };
}
