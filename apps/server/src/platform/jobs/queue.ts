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
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError('maxAttempts must be a positive integer');
  const rows = await db
    .insert(jobs)
    .values({
      topic: job.topic,
      payload: job.payload,
      dedupeKey: job.dedupeKey ?? null,
      maxAttempts,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
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
