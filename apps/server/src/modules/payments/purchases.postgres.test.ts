import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/query.js';
import { coinsLedger, coinsWallets, enrolments, orders, refunds } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { coinBalance, moveCoins } from '../wallet/index.js';
import { releaseOrderHolds } from './orders.service.js';
import {
  courseBatchOnSale,
  createPurchasesTest,
  learner,
  orderRow,
  type PurchasesTest,
} from '../../test/purchases-app.js';
import { expireOrder } from './reconcile.js';
import { refundOrder } from './refunds.js';

/* Races on a real PostgreSQL (a pool of several connections): the rules hold under concurrency. */
describe('purchases under concurrency (PostgreSQL)', { timeout: 120_000 }, () => {
  let t: PurchasesTest;
  let batchId: number;
  beforeAll(async () => {
    t = await createPurchasesTest();
    batchId = await courseBatchOnSale(t, 'Motion', { amount: 100, dollar: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when 20 coin purchases race on a balance that covers one, then exactly one order and one enrolment', async () => {
    const buyer = await learner(t);
    // ₹100 = 10000 paise; at the default coin value the price is 100 coins.
    await t.database.db.transaction((tx) =>
      moveCoins(tx, { userId: buyer.id, delta: 100, reason: 'admin_adjustment', ref: `race:${buyer.id}` }),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/coins/payment/initiate',
          headers: buyer.headers,
          payload: { batchId },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      codes.filter((c) => c !== 200 && c !== 409),
      results.map((r) => r.body).join('\n'),
    ).toEqual([]);
    expect(await coinBalance(t.database.db, buyer.id)).toBe(0);
    const paid = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(1);
    expect(await t.database.db.select().from(enrolments).where(eq(enrolments.userId, buyer.id))).toHaveLength(
      1,
    );
    const [wallet] = await t.database.db.select().from(coinsWallets).where(eq(coinsWallets.userId, buyer.id));
    const [sum] = await t.database.db
      .select({ total: sql<number>`coalesce(sum(${coinsLedger.delta}), 0)::int` })
      .from(coinsLedger)
      .where(eq(coinsLedger.walletId, wallet!.id));
    expect(sum?.total).toBe(0);
  });

  it('when expiry runs many times at once, then the order expires and releases its holds exactly once', async () => {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    const { orderId } = res.json().data as { orderId: number };
    t.now.value = new Date(t.now.value.getTime() + t.config.orderTtlSeconds * 1000 + 1000);
    const machinery = {
      fulfilOrder: () => Promise.reject(new Error('not expected')),
      releaseOrderHolds: (tx: Executor, id: number, status: 'expired' | 'failed') =>
        releaseOrderHolds(tx, id, status, t.now.value),
    };
    const deps = { database: t.database, clock: () => t.now.value };
    const results = await Promise.all(Array.from({ length: 8 }, () => expireOrder(deps, machinery, orderId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await orderRow(t, orderId)).status).toBe('expired');
  });

  it('when one refund key is sent 10 times at once, then one refund row', async () => {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: {
        batchId: (
          await createBatch(
            t.database.db,
            (await createWorkshop(t.database.db, { type: 2, shortTitle: `W${Date.now()}` })).id,
            { amount: 500 },
          )
        ).id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json().data as { orderId: number };
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId, outcome: 'success' },
    });
    const { providerOrderId, providerPaymentId, signature } = pay.json().data as Record<string, string>;
    await t.app.inject({
      method: 'PUT',
      url: `/api/payment/order/${orderId}`,
      headers: buyer.headers,
      payload: { providerOrderId, providerPaymentId, signature },
    });
    expect((await orderRow(t, orderId)).status).toBe('paid');
    const request = { orderId, amountMinor: 100, reason: 'race', idempotencyKey: `race-${orderId}` };
    const made = await Promise.all(
      Array.from({ length: 10 }, () => refundOrder({ database: t.database }, request)),
    );
    expect(new Set(made.map((r) => r.id)).size).toBe(1);
    // And 10 different keys for more than is left: the sum never passes what was captured.
    const captured = (await orderRow(t, orderId)).amountMinor;
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        refundOrder(
          { database: t.database },
          {
            orderId,
            amountMinor: Math.ceil(captured / 4),
            reason: 'race',
            idempotencyKey: `k${i}-${orderId}`,
          },
        ),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBeLessThanOrEqual(3);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBeLessThanOrEqual(captured);
  });
});
