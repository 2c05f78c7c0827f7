import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { connectPostgres, type Database } from '../../db/database.js';
import { jobs } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import {
  backoffDelayMs,
  enqueue,
  enqueueMany,
  JobHandlers,
  JobRunner,
  jobsOverview,
  PermanentJobError,
  type JobHandler,
  type JobRunnerOptions,
} from './index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

describe('job queue', () => {
  let database: Database;
  let db: Db;
  let topicCounter = 0;
  /** A topic of its own per test, so tests sharing the database never see each other's jobs. */
  const topic = (name: string) => `test.${name}.${++topicCounter}`;
  const runner = (handlers: Record<string, JobHandler>, opts: Partial<JobRunnerOptions> = {}) => {
    const registry = new JobHandlers();
    for (const [t, h] of Object.entries(handlers)) registry.register(t, h);
    return new JobRunner({ db, handlers: registry, pollIntervalMs: 20, ...opts });
  };
  const jobsOf = (t: string) =>
    db
      .select()
      .from(jobs)
      .where(sql`${jobs.topic} = ${t}`)
      .orderBy(jobs.id);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('when the business write rolls back, then its job was never enqueued; when it commits, the job is there', async () => {
    const t = topic('tx');
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { topic: t, payload: { n: 1 } });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await jobsOf(t)).toHaveLength(0);

    await db.transaction(async (tx) => {
      await enqueue(tx, { topic: t, payload: { n: 2 } });
    });
    const rows = await jobsOf(t);
    expect(rows.map((r) => [r.payload, r.status, r.attempts])).toEqual([[{ n: 2 }, 'pending', 0]]);
  });

  it('when a handler keeps failing, then it is retried after growing jittered delays and goes dead after the last attempt with its error kept', async () => {
    const t = topic('failing');
    let calls = 0;
    const r = runner(
      {
        [t]: async () => {
          calls += 1;
          throw new Error(`provider said no (${calls})`);
        },
      },
      { backoff: { baseMs: 300, maxMs: 10_000 }, random: () => 0.99 },
    );
    const [id] = [await enqueue(db, { topic: t, payload: {}, maxAttempts: 3 })];

    expect(await r.runOnce()).toBe(1);
    let [row] = await jobsOf(t);
    expect(row).toMatchObject({
      id,
      status: 'pending',
      attempts: 1,
      lastError: 'Error: provider said no (1)',
      lockedBy: null,
    });
    const firstDelay = row!.runAt.getTime() - row!.updatedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(290); // 0.99 × 300 ms
    expect(firstDelay).toBeLessThanOrEqual(300);
    expect(await r.runOnce()).toBe(0); // not due yet

    await sleep(firstDelay + 50);
    expect(await r.runOnce()).toBe(1);
    [row] = await jobsOf(t);
    const secondDelay = row!.runAt.getTime() - row!.updatedAt.getTime();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(secondDelay).toBeGreaterThanOrEqual(590); // 0.99 × 600 ms: the ceiling doubled
    expect(secondDelay).toBeLessThanOrEqual(600);

    await sleep(secondDelay + 50);
    expect(await r.runOnce()).toBe(1);
    [row] = await jobsOf(t);
    expect(row).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'Error: provider said no (3)',
      lockedBy: null,
    });
    expect(row!.finishedAt).not.toBeNull();
    expect(calls).toBe(3);
    await sleep(50);
    expect(await r.runOnce()).toBe(0); // dead jobs are never claimed again

    const overview = await jobsOverview(db);
    expect(overview.counts).toContainEqual({ topic: t, status: 'dead', count: 1 });
    expect(overview.recentFailures.find((f) => f.id === id)).toMatchObject({
      topic: t,
      status: 'dead',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'Error: provider said no (3)',
      nextRunAt: null,
    });
  });

  it('when the jitter is drawn, then each delay lies in [0, min(cap, base · 2^(attempt−1)))', () => {
    const opts = { baseMs: 1000, maxMs: 60_000 };
    expect([1, 2, 3, 4].map((a) => backoffDelayMs(a, opts, () => 0.5))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelayMs(20, opts, () => 0.5)).toBe(30_000);
    expect(backoffDelayMs(3, opts, () => 0)).toBe(0);
  });

  it('when a handler says the job can never succeed, then it goes dead at once', async () => {
    const t = topic('permanent');
    const r = runner({ [t]: async () => Promise.reject(new PermanentJobError('malformed payload')) });
    await enqueue(db, { topic: t, payload: {}, maxAttempts: 5 });
    await r.runOnce();
    expect(await jobsOf(t)).toMatchObject([
      { status: 'dead', attempts: 1, lastError: 'PermanentJobError: malformed payload' },
    ]);
  });

  it('when jobs are enqueued together, then each is added once and a dedupe key already present is skipped', async () => {
    const t = topic('many');
    await enqueue(db, { topic: t, payload: { n: 0 }, dedupeKey: `${t}:0` });
    const added = await db.transaction((tx) =>
      enqueueMany(tx, [
        { topic: t, payload: { n: 0 }, dedupeKey: `${t}:0` },
        { topic: t, payload: { n: 1 }, dedupeKey: `${t}:1`, maxAttempts: 8 },
        { topic: t, payload: { n: 2 }, runAt: new Date(Date.now() + 60_000) },
      ]),
    );
    expect(added).toBe(2);
    const rows = await jobsOf(t);
    expect(rows.map((r) => [r.payload, r.maxAttempts])).toEqual([
      [{ n: 0 }, 5],
      [{ n: 1 }, 8],
      [{ n: 2 }, 5],
    ]);
    expect(rows[2]!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('when the runner’s concurrency is 1, then a batch’s jobs run one at a time; by default the whole batch runs at once', async () => {
    for (const [concurrency, expected] of [
      [1, 1],
      [undefined, 5],
    ] as const) {
      const t = topic('lanes');
      let running = 0;
      let most = 0;
      for (let n = 0; n < 5; n++) await enqueue(db, { topic: t, payload: { n } });
      await runner(
        {
          [t]: async () => {
            running += 1;
            most = Math.max(most, running);
            await sleep(30);
            running -= 1;
          },
        },
        { batchSize: 5, ...(concurrency ? { concurrency } : {}) },
      ).drain();
      expect(most).toBe(expected);
      expect((await jobsOf(t)).map((r) => r.status)).toEqual(Array(5).fill('done'));
    }
  });

  it('when a job with the same dedupe key exists, then a second enqueue is a no-op, even after the first is done', async () => {
    const t = topic('dedupe');
    const key = `welcome:${t}`;
    const first = await enqueue(db, { topic: t, payload: { n: 1 }, dedupeKey: key });
    expect(first).toEqual(expect.any(Number));
    expect(await enqueue(db, { topic: t, payload: { n: 2 }, dedupeKey: key })).toBeNull();
    const ran: unknown[] = [];
    await runner({ [t]: async (job) => void ran.push(job.payload) }).drain();
    expect(await enqueue(db, { topic: t, payload: { n: 3 }, dedupeKey: key })).toBeNull();
    expect(await enqueue(db, { topic: t, payload: { n: 4 }, dedupeKey: `${key}:other` })).toEqual(
      expect.any(Number),
    );
    expect(ran).toEqual([{ n: 1 }]);
    expect((await jobsOf(t)).map((r) => r.payload)).toEqual([{ n: 1 }, { n: 4 }]);
  });

  it('when two runners work one database, then each of 300 jobs runs exactly once', async () => {
    const t = topic('shared');
    const n = 300;
    await db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) await enqueue(tx, { topic: t, payload: { i } });
    });
    // On PostgreSQL the second runner has its own pool, as another process would.
    const connectionString = (database.pool as unknown as { options: { connectionString?: string } }).options
      .connectionString;
    const other =
      database.kind === 'postgres' && connectionString ? connectPostgres(connectionString, 3) : undefined;
    const seen: { runner: string; i: number }[] = [];
    const handler =
      (name: string): JobHandler =>
      async (job) => {
        seen.push({ runner: name, i: job.payload.i as number });
        await sleep(Math.random() * 3);
      };
    const a = runner({ [t]: handler('a') }, { batchSize: 7 });
    const registry = new JobHandlers();
    registry.register(t, handler('b'));
    const b = new JobRunner({ db: other?.db ?? db, handlers: registry, batchSize: 5, pollIntervalMs: 20 });
    a.start();
    b.start();
    try {
      await eventually(async () => (await jobsOf(t)).every((r) => r.status === 'done'), 60_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other?.close();
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((s) => s.i)).size).toBe(n);
    expect(seen.some((s) => s.runner === 'a')).toBe(true);
    expect(seen.some((s) => s.runner === 'b')).toBe(true);
    expect((await jobsOf(t)).every((r) => r.attempts === 1)).toBe(true);
  });

  it('when the runner stops while a job runs, then the job finishes before the deadline and is done', async () => {
    const t = topic('finish');
    let finished = false;
    const r = runner(
      {
        [t]: async () => {
          await sleep(300);
          finished = true;
        },
      },
      { stopTimeoutMs: 5000 },
    );
    await enqueue(db, { topic: t, payload: {} });
    r.start();
    await eventually(async () => (await jobsOf(t))[0]!.status === 'running');
    await r.stop();
    expect(finished).toBe(true);
    expect(await jobsOf(t)).toMatchObject([{ status: 'done', attempts: 1, lockedBy: null }]);
  });

  it('when a job outlasts the stop deadline, then it is released to pending (attempt given back) and another runner finishes it', async () => {
    const t = topic('release');
    let aborted = false;
    const stuck = runner(
      {
        [t]: (job) =>
          new Promise<void>((_resolve, reject) => {
            const abort = () => {
              aborted = true;
              reject(job.signal.reason as Error);
            };
            // The stop may come between the claim and the handler's start: the signal is then
            // already aborted and no event will fire.
            if (job.signal.aborted) abort();
            else job.signal.addEventListener('abort', abort);
          }),
      },
      { stopTimeoutMs: 200 },
    );
    await enqueue(db, { topic: t, payload: {} });
    stuck.start();
    await eventually(async () => (await jobsOf(t))[0]!.status === 'running');
    const started = Date.now();
    await stuck.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(aborted).toBe(true);
    expect(await jobsOf(t)).toMatchObject([
      { status: 'pending', attempts: 0, lockedBy: null, lockedAt: null, lastError: null },
    ]);

    const ran: number[] = [];
    await runner({ [t]: async (job) => void ran.push(job.attempt) }).drain();
    expect(ran).toEqual([1]);
    expect(await jobsOf(t)).toMatchObject([{ status: 'done' }]);
  });

  it('when the process holding a job died (stale lock), then another runner takes it back after the lock timeout', async () => {
    const t = topic('stale');
    const id = (await enqueue(db, { topic: t, payload: {} }))!;
    // What a process killed with -9 leaves behind: a running job, locked, never refreshed.
    await db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'gone:1', locked_at = now() - interval '2 seconds' WHERE id = ${id}`,
    );
    const ran: number[] = [];
    const r = runner({ [t]: async (job) => void ran.push(job.attempt) }, { lockTimeoutMs: 5000 });
    expect(await r.runOnce()).toBe(0); // 2 s old: still within the 5 s lock timeout
    await db.execute(sql`UPDATE jobs SET locked_at = now() - interval '6 seconds' WHERE id = ${id}`);
    expect(await r.runOnce()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await jobsOf(t)).toMatchObject([{ status: 'done', attempts: 2, lockedBy: null }]);

    // A job whose last attempt was lost that way goes dead instead of running again.
    const last = (await enqueue(db, { topic: t, payload: {}, maxAttempts: 1 }))!;
    await db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'gone:2', locked_at = now() - interval '1 hour' WHERE id = ${last}`,
    );
    await r.runOnce();
    expect(ran).toEqual([2]);
    const [, dead] = await jobsOf(t);
    expect(dead).toMatchObject({ status: 'dead', lastError: expect.stringContaining('lock expired') });
  });

  it('when a job runs longer than the lock timeout, then its runner keeps the lock fresh and no other runner takes it', async () => {
    const t = topic('heartbeat');
    let calls = 0;
    const slow: JobHandler = async () => {
      calls += 1;
      await sleep(1200);
    };
    const a = runner({ [t]: slow }, { lockTimeoutMs: 400, heartbeatMs: 50 });
    const b = runner({ [t]: slow }, { lockTimeoutMs: 400, heartbeatMs: 50 });
    await enqueue(db, { topic: t, payload: {} });
    a.start();
    await eventually(async () => (await jobsOf(t))[0]!.status === 'running');
    b.start();
    await eventually(async () => (await jobsOf(t))[0]!.status === 'done', 10_000);
    await Promise.all([a.stop(), b.stop()]);
    expect(calls).toBe(1);
  });
});
