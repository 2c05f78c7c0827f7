import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { backoffDelayMs } from './queue.js';

/** A claimed job as its handler sees it. */
export interface RunningJob {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the runner stops and the stop deadline has passed (the job is then released). */
  signal: AbortSignal;
}

/**
 * Runs one job. Resolving marks it done; throwing schedules a retry (or, after the last attempt,
 * moves it to `dead` with the error kept). Delivery is at least once: a process killed after the
 * work but before the job is marked done runs it again, so handlers are idempotent or tolerate that.
 */
export type JobHandler = (job: RunningJob) => Promise<void>;

/** Thrown by a handler for a job that can never succeed (e.g. a malformed payload): it goes dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Handlers by topic; a runner claims only the topics registered here. */
export class JobHandlers {
  readonly #byTopic = new Map<string, JobHandler>();

  register(topic: string, handler: JobHandler): void {
    if (this.#byTopic.has(topic)) throw new Error(`A handler for job topic "${topic}" is already registered`);
    this.#byTopic.set(topic, handler);
  }

  get(topic: string): JobHandler | undefined {
    return this.#byTopic.get(topic);
  }

  topics(): string[] {
    return [...this.#byTopic.keys()];
  }
}

/** The logger surface the runner uses (pino's). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: JobHandlers;
  log?: JobLog;
  /** Names this runner in `locked_by` (default: host, pid and a random suffix). */
  workerId?: string;
  /** Jobs claimed at once. Default 10. */
  batchSize?: number;
  /**
   * How many of a batch's jobs run at the same time. Default: all of them (`batchSize`). On the
   * embedded database, whose one thread also answers every request, the composition root runs one
   * at a time, so background work never stands ten transactions deep in front of a visitor.
   */
  concurrency?: number;
  /** Wait between claims when nothing was due. Default 1 s. */
  pollIntervalMs?: number;
  /** A running job whose lock is older than this is taken back by any runner. Default 5 min. */
  lockTimeoutMs?: number;
  /** How often a runner refreshes the locks of its running jobs. Default lockTimeout / 3. */
  heartbeatMs?: number;
  /** On stop, how long claimed jobs may take to finish before they are released. Default 5 s. */
  stopTimeoutMs?: number;
  /** Retry delays: full jitter over min(maxMs, baseMs · 2^(attempt−1)). Default 1 s … 1 h. */
  backoff?: { baseMs: number; maxMs: number };
  /** Done jobs older than this are deleted (dead ones stay for an operator). Default 7 days. */
  retentionMs?: number;
  /** How often the runner prunes done jobs. Default 1 h. */
  pruneEveryMs?: number;
  random?: () => number;
}

const ClaimedRow = z.object({
  id: z.coerce.number().int(),
  topic: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.coerce.number().int(),
  max_attempts: z.coerce.number().int(),
});
type Claimed = z.infer<typeof ClaimedRow>;

const MAX_ERROR_LENGTH = 2000;
const noLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * A worker of the job queue. It claims due jobs in batches (`FOR UPDATE SKIP LOCKED`, so any
 * number of runners in any number of processes share one table and each job runs once at a
 * time), runs their handlers, and records the outcome: done, a retry after an exponential backoff
 * with full jitter, or dead after the last attempt. Its locks are refreshed while jobs run; a
 * lock older than `lockTimeoutMs` (a process killed with -9) is taken back by any runner.
 * `stop()` stops claiming, lets claimed jobs finish until `stopTimeoutMs`, then releases the rest.
 */
export class JobRunner {
  readonly workerId: string;
  readonly #db: Db;
  readonly #handlers: JobHandlers;
  readonly #log: JobLog;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #pollIntervalMs: number;
  readonly #lockTimeoutMs: number;
  readonly #heartbeatMs: number;
  readonly #stopTimeoutMs: number;
  readonly #backoff: { baseMs: number; maxMs: number };
  readonly #retentionMs: number;
  readonly #pruneEveryMs: number;
  readonly #random: () => number;
  readonly #inFlight = new Map<number, AbortController>();
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  /** Batches being run (by the background loop or `runOnce` callers). */
  readonly #batches = new Set<Promise<number>>();
  #stopped = false;
  #lastPrune = 0;

  constructor(opts: JobRunnerOptions) {
    this.#db = opts.db;
    this.#handlers = opts.handlers;
    this.#log = opts.log ?? noLog;
    this.workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.#batchSize = opts.batchSize ?? 10;
    this.#concurrency = Math.max(1, Math.min(opts.concurrency ?? this.#batchSize, this.#batchSize));
    this.#pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.#lockTimeoutMs = opts.lockTimeoutMs ?? 5 * 60_000;
    this.#heartbeatMs = opts.heartbeatMs ?? Math.max(1, Math.floor(this.#lockTimeoutMs / 3));
    this.#stopTimeoutMs = opts.stopTimeoutMs ?? 5000;
    this.#backoff = opts.backoff ?? { baseMs: 1000, maxMs: 3_600_000 };
    this.#retentionMs = opts.retentionMs ?? 7 * 86_400_000;
    this.#pruneEveryMs = opts.pruneEveryMs ?? 3_600_000;
    this.#random = opts.random ?? Math.random;
  }

  /** Whether the runner is claiming jobs. */
  get running(): boolean {
    return this.#running;
  }

  /** Starts claiming in the background. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopped = false;
    this.#heartbeat = setInterval(() => void this.#refreshLocks(), this.#heartbeatMs);
    this.#heartbeat.unref();
    this.#schedule(0);
  }

  /**
   * Stops claiming, waits for claimed jobs up to the stop deadline, then releases those still
   * running (back to `pending`, lock cleared, the attempt given back) so another runner takes them.
   */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearInterval(this.#heartbeat);
    if (this.#batches.size === 0) return;
    const batches = Promise.allSettled([...this.#batches]);
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      batches.then(() => false),
      new Promise<boolean>((resolve) => {
        deadline = setTimeout(() => resolve(true), this.#stopTimeoutMs);
      }),
    ]);
    clearTimeout(deadline);
    if (timedOut && this.#inFlight.size > 0) {
      const ids = [...this.#inFlight.keys()];
      for (const controller of this.#inFlight.values())
        controller.abort(new Error('the job runner is stopping'));
      await this.#release(ids);
      this.#log.warn({ jobIds: ids, workerId: this.workerId }, 'jobs released on stop (deadline passed)');
    }
  }

  /** Claims one batch of due jobs and runs it to the end. Returns how many ran (0 once stopped). */
  async runOnce(): Promise<number> {
    const batch = this.#runBatch();
    this.#batches.add(batch);
    try {
      return await batch;
    } finally {
      this.#batches.delete(batch);
    }
  }

  async #runBatch(): Promise<number> {
    const topics = this.#handlers.topics();
    if (topics.length === 0 || this.#stopped) return 0;
    const claimed = await this.#claim(topics);
    if (this.#stopped) {
      // Stop began while claiming: hand the jobs straight back rather than start them.
      await this.#release(claimed.map((job) => job.id));
      return 0;
    }
    await this.#runAll(claimed);
    if (!this.#stopped) await this.#maybePrune();
    return claimed.length;
  }

  /** Runs claimed jobs, at most `concurrency` at a time, in claim order. */
  async #runAll(claimed: Claimed[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const job = claimed[next++]!;
        if (this.#stopped) {
          // Stop began while this batch ran: the jobs not started yet go straight back.
          await this.#release([job.id]);
          continue;
        }
        await this.#run(job);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, claimed.length) }, lane));
  }

  /** Runs batches until none is due (tests and scripts). */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total;
  }

  #schedule(delayMs: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    let next = this.#pollIntervalMs;
    if (!this.#running) return;
    try {
      const n = await this.runOnce();
      if (n >= this.#batchSize) next = 0;
    } catch (error) {
      this.#log.error({ err: errorText(error), workerId: this.workerId }, 'job claim failed');
    }
    this.#schedule(next);
  }

  async #claim(topics: string[]): Promise<Claimed[]> {
    const result = await this.#db.execute(sql`
      WITH picked AS (
        SELECT id FROM jobs
        WHERE topic IN ${topics}
          AND ((status = 'pending' AND run_at <= now())
            OR (status = 'running' AND locked_at < now() - ${this.#lockTimeoutMs}::int * interval '1 millisecond'))
        ORDER BY run_at, id
        LIMIT ${this.#batchSize}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs AS j
      SET status = 'running', attempts = j.attempts + 1, locked_at = now(), locked_by = ${this.workerId}, updated_at = now()
      FROM picked
      WHERE j.id = picked.id
      RETURNING j.id, j.topic, j.payload, j.attempts, j.max_attempts`);
    return result.rows.map((row) => ClaimedRow.parse(row)).sort((a, b) => a.id - b.id);
  }

  async #run(job: Claimed): Promise<void> {
    if (job.attempts > job.max_attempts) {
      // Taken back from a runner that vanished during its last attempt.
      await this.#fail(
        job,
        'the runner holding the job stopped during its last attempt (lock expired)',
        true,
      );
      return;
    }
    const handler = this.#handlers.get(job.topic);
    const controller = new AbortController();
    this.#inFlight.set(job.id, controller);
    try {
      if (!handler) throw new PermanentJobError(`no handler for topic ${job.topic}`);
      await handler({
        id: job.id,
        topic: job.topic,
        payload: job.payload,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return; // released on stop: the outcome is no longer ours
      await this.#db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), updated_at = now(), locked_at = NULL, locked_by = NULL
        WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.workerId}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      await this.#fail(job, errorText(error), error instanceof PermanentJobError);
    } finally {
      this.#inFlight.delete(job.id);
    }
  }

  async #fail(job: Claimed, message: string, permanent: boolean): Promise<void> {
    const dead = permanent || job.attempts >= job.max_attempts;
    const delayMs = dead ? 0 : backoffDelayMs(job.attempts, this.#backoff, this.#random);
    await this.#db.execute(sql`
      UPDATE jobs
      SET status = ${dead ? 'dead' : 'pending'},
          run_at = CASE WHEN ${dead} THEN run_at ELSE now() + ${delayMs}::int * interval '1 millisecond' END,
          finished_at = CASE WHEN ${dead} THEN now() ELSE NULL END,
          last_error = ${message}, locked_at = NULL, locked_by = NULL, updated_at = now()
      WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.workerId}`);
    const fields = {
      jobId: job.id,
      topic: job.topic,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      err: message,
    };
    if (dead) this.#log.error(fields, 'job dead after its last attempt');
    else this.#log.warn({ ...fields, retryInMs: delayMs }, 'job failed; will retry');
  }

  async #release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#db.execute(sql`
      UPDATE jobs
      SET status = 'pending', attempts = greatest(attempts - 1, 0), run_at = now(), locked_at = NULL, locked_by = NULL, updated_at = now()
      WHERE id IN ${ids} AND status = 'running' AND locked_by = ${this.workerId}`);
  }

  async #refreshLocks(): Promise<void> {
    const ids = [...this.#inFlight.keys()];
    if (ids.length === 0) return;
    try {
      await this.#db.execute(sql`
        UPDATE jobs SET locked_at = now() WHERE id IN ${ids} AND status = 'running' AND locked_by = ${this.workerId}`);
    } catch (error) {
      this.#log.warn({ err: errorText(error), workerId: this.workerId }, 'job lock refresh failed');
    }
  }

  async #maybePrune(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPrune < this.#pruneEveryMs) return;
    this.#lastPrune = now;
    await this.#db.execute(sql`
      DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - ${this.#retentionMs}::bigint * interval '1 millisecond'`);
  }
}
