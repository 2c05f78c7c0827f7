import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { RECONCILE_SWEEP_TOPIC } from './reconcile.js';

/*
 * Who starts the reconciliation chain (issue 14 rule 7): every process that runs the job worker
 * seeds the current period's sweep at ready (one per period across instances, by its dedupe key);
 * a web-only instance (JOBS_WORKER=off) leaves it to the workers.
 */
describe('reconciliation: seeding the sweep chain', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const sweeps = async (ctx: TestContext) =>
    ctx.database.db.select().from(jobs).where(eq(jobs.topic, RECONCILE_SWEEP_TOPIC));

  it('when a worker process is ready, then the sweep of the current period is queued (the worker may already have run it and queued the next)', async () => {
    t = await createTestApp({ env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
    await t.app.ready();
    const deadline = Date.now() + 10_000;
    while ((await sweeps(t)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const queued = await sweeps(t);
    const current = Math.floor(Date.now() / 3_600_000);
    expect(queued.map((j) => j.dedupeKey)).toContain(`payments.reconcile:3600:${current}`);
    // One job per period: the keys never repeat.
    expect(new Set(queued.map((j) => j.dedupeKey)).size).toBe(queued.length);
  });

  it('when the instance is web-only (JOBS_WORKER=off), then it queues no sweep', async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off', RECONCILE_INTERVAL_SECONDS: '3600' } });
    await t.app.ready();
    await new Promise((r) => setTimeout(r, 300));
    expect(await sweeps(t)).toHaveLength(0);
  });
});
