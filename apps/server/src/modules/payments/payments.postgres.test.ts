import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { countMessages } from '../auth/testing.js';
import {
  batchOnSale,
  buyer,
  enrolmentsOf,
  initiate,
  orderRow,
  paymentRows,
  postWebhook,
  sandboxPay,
  sandboxWebhooks,
  verify,
} from '../../test/payments-flow.js';

/*
 * The races of the payments core on real PostgreSQL with a pool of connections (checklist F5, F6,
 * F19; decision 0015): here transactions truly interleave, unlike on PGlite's single connection.
 */
describe('payments core races (PostgreSQL)', () => {
  let t: TestContext;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const paidAtSandbox = async () => {
    const who = await buyer(db(), t.now.value);
    const { batch } = await batchOnSale(db());
    const started = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
    expect(started.statusCode, started.body).toBe(200);
    const order = started.json().data as { orderId: number; providerOrderId: string };
    const paid = await sandboxPay(t.app, order.orderId);
    return { who, batch, order, paid };
  };

  it('when the browser verification and every webhook race, 50 times, then each order has one enrolment, one payment, one receipt', async () => {
    for (let round = 0; round < 50; round += 1) {
      const { who, batch, order, paid } = await paidAtSandbox();
      const hooks = await sandboxWebhooks(db(), order.providerOrderId);
      const [verified] = await Promise.all([
        verify(t.app, order.orderId, paid),
        ...hooks.map((h) => postWebhook(t.app, h)),
        ...hooks.map((h) => postWebhook(t.app, h)),
        t.app.jobs.runner.drain(),
        t.app.jobs.runner.drain(),
      ]);
      await t.app.jobs.runner.drain();
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await orderRow(db(), order.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      expect(await paymentRows(db(), order.orderId)).toHaveLength(1);
      expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
    }
  }, 600_000);

  it('when the same webhook is delivered 5 times at once, then one stored event and one enrolment', async () => {
    const { who, batch, order } = await paidAtSandbox();
    const captured = (await sandboxWebhooks(db(), order.providerOrderId)).find(
      (h) => h.event === 'payment.captured',
    )!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(t.app, captured)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    await Promise.all([t.app.jobs.runner.drain(), t.app.jobs.runner.drain()]);
    expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
  }, 120_000);

  it('when one Idempotency-Key is sent 10 times at once, then exactly one order exists and every 200 names it', async () => {
    const who = await buyer(db(), t.now.value);
    const { batch } = await batchOnSale(db());
    const headers = { ...who.headers, 'idempotency-key': 'pg-concurrent-key' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => initiate(t.app, { batchId: batch.id, plan: 'full' }, headers)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes).toContain(409);
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.orderId));
    expect(ids.size).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(1);
  }, 120_000);
});
