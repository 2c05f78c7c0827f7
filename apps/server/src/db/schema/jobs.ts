/**
 * The one job queue (docs/decisions/0011): work to do after a commit — mail and SMS today, CRM
 * calls and mailing-list tags to come — written by `enqueue()` in the same transaction as the
 * change that caused it, and run by `JobRunner`s (in-process by default, in any number of
 * processes). Time in the queue is the database's (`now()`), so processes never disagree on it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, sqlList, updatedAt } from './columns.js';

/**
 * `pending` (waiting for `run_at`), `running` (claimed by `locked_by` at `locked_at`), `done`,
 * `dead` (the last attempt failed; `last_error` says why; an operator decides).
 */
export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** What to do, e.g. `message.send`; a handler is registered per topic. */
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * Optional: while a job with this key exists (in any status, until finished jobs are pruned),
     * a second enqueue with the same key does nothing.
     */
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Attempts started so far (a claim counts one; a release on shutdown gives it back). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not before this instant (the next try after a failure is pushed back with jitter). */
    runAt: instant('run_at').notNull().defaultNow(),
    lockedAt: instant('locked_at'),
    lockedBy: text('locked_by'),
    /** The error of the latest failed attempt (kept when the job goes dead). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When it went `done` or `dead`. */
    finishedAt: instant('finished_at'),
  },
  (t) => [
    unique('jobs_dedupe_key_uq').on(t.dedupeKey),
    // The claim: due pending jobs in run_at order, and running jobs whose lock went stale.
    index('jobs_pending_run_at_idx')
      .on(t.runAt)
      .where(sql`status = 'pending'`),
    index('jobs_running_locked_at_idx')
      .on(t.lockedAt)
      .where(sql`status = 'running'`),
    index('jobs_topic_status_idx').on(t.topic, t.status),
    check('jobs_status_ck', sql`${t.status} IN (${sqlList(JOB_STATUSES)})`),
    check('jobs_attempts_ck', sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
  ],
);
