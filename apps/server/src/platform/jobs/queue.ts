import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

/** What `enqueue` writes through: the caller's open transaction (or the database). */
export type JobWriter = Pick<Db, 'insert'>;

/** A job to enqueue. */
export interface NewJob {
  /** What to do, e.g. `message.send`; a handler registered for it runs the job. */
  topic: string;
  /** The handler's input, stored as JSON. Not logged. */
  payload: Record<string, unknown>;
  /**
   * While a job with this key exists (pending, running, done or dead, until done jobs are pruned
   * after the retention), enqueueing another one with it does nothing. Put a period in the key
   * for "once per period" (e.g. `lead:{contact}:{day}`).
   */
  dedupeKey?: string;
  /** Not before this instant (default: now, by the database's clock). */
  runAt?: Date;
  /** Attempts before the job goes `dead` (default 5). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Adds a job as part of the caller's unit of work: pass the open transaction, so the job exists
 * only if the business write commits. Returns the job's id, or null when `dedupeKey` matched an
 * existing job (nothing was added).
 */
export async function enqueue(db: JobWriter, job: NewJob): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values(jobRow(job))
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Adds several jobs in one statement (one round trip on a hot path such as a lead form), each
 * with `enqueue`'s rules: a job whose `dedupeKey` matches an existing job is not added. Returns how
 * many were added.
 */
export async function enqueueMany(db: JobWriter, batch: readonly NewJob[]): Promise<number> {
  if (batch.length === 0) return 0;
  // Rows with and without `runAt` differ in their column lists: keep `runAt` on every row.
  const rows = await db
    .insert(jobs)
    .values(batch.map((job) => ({ ...jobRow(job), runAt: job.runAt ?? sql`now()` })))
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length;
}

function jobRow(job: NewJob) {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError('maxAttempts must be a positive integer');
  return {
    topic: job.topic,
    payload: job.payload,
    dedupeKey: job.dedupeKey ?? null,
    maxAttempts,
    ...(job.runAt ? { runAt: job.runAt } : {}),
  };
}

/** Exponential backoff with full jitter: a random delay in [0, min(max, base · 2^(attempt−1))). */
export function backoffDelayMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}
