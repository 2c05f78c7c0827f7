import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, enrolments, orders, paymentLinks, payments, refunds } from '../../db/schema/index.js';
import { FakeRazorpay } from '../../integrations/payments/testing/fake-razorpay.js';
import { createCoupon, createSaleBatch } from '../checkout/testing.js';
import { coinBalance, moveCoins } from '../wallet/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { outboxFor } from '../auth/testing.js';
import type { Executor } from '../../db/query.js';
import { releaseOrderHolds } from './orders.service.js';
import { createPaymentLink } from './payment-links.js';
import {
  courseBatchOnSale,
  createPurchasesTest,
  dropSandboxWebhooks,
  learner,
  orderRow,
  runReconciliation,
  type PurchasesTest,
} from '../../test/purchases-app.js';
import { expireOrder } from './reconcile.js';

const MINUTE = 60_000;

describe('reconciliation (rule 7, checklist F10, F13)', { timeout: 60_000 }, () => {
  let t: PurchasesTest;
  let batchId: number;
  beforeAll(async () => {
    t = await createPurchasesTest();
    batchId = await courseBatchOnSale(t, 'Type design', { amount: 2999, dollar: 49 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A recording order of a fresh learner, initiated over HTTP. */
  async function recordingOrder() {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { orderId: number; providerOrderId: string; amountMinor: number };
    return { buyer, ...data };
  }

  it('when a payment was captured but neither the browser nor any webhook reported it, then reconciliation fulfils the order', async () => {
    const { buyer, orderId, providerOrderId } = await recordingOrder();
    await t.sandbox.pay({ providerOrderId, outcome: 'success' });
    expect(await dropSandboxWebhooks(t)).toBeGreaterThan(0);

    await runReconciliation(t);
    // Within the grace minute the order is left to the browser and the webhooks.
    expect((await orderRow(t, orderId)).status).toBe('created');

    t.now.value = new Date(t.now.value.getTime() + 2 * MINUTE);
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).status).toBe('paid');
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, buyer.id), eq(enrolments.batchId, batchId)));
    expect(enrolment).toMatchObject({ sourceOrderId: orderId, isDashboardAccess: true, isEnrolled: false });

    // Running again changes nothing.
    await runReconciliation(t);
    expect(
      await t.database.db.select().from(enrolments).where(eq(enrolments.sourceOrderId, orderId)),
    ).toHaveLength(1);
  });

  it('when a payment was only authorized, then reconciliation captures it at the provider and fulfils the order', async () => {
    const { orderId, providerOrderId } = await recordingOrder();
    const paid = await t.sandbox.pay({ providerOrderId, outcome: 'success', capture: false });
    await dropSandboxWebhooks(t);
    t.now.value = new Date(t.now.value.getTime() + 2 * MINUTE);
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).status).toBe('paid');
    const provider = await t.sandbox.fetchOrderPayments(providerOrderId);
    expect(provider.find((p) => p.id === paid.providerPaymentId)?.status).toBe('captured');
  });

  it('when nobody paid and the order passed its expiry, then it expires once, also when two runs race', async () => {
    const { orderId } = await recordingOrder();
    t.now.value = new Date(t.now.value.getTime() + 2 * MINUTE);
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).status).toBe('created');

    t.now.value = new Date(t.now.value.getTime() + t.config.orderTtlSeconds * 1000);
    const machinery = {
      fulfilOrder: () => Promise.reject(new Error('not expected')),
      releaseOrderHolds: (tx: Executor, id: number, status: 'expired' | 'failed') =>
        releaseOrderHolds(tx, id, status, t.now.value),
    };
    const deps = { database: t.database, clock: () => t.now.value };
    const results = await Promise.all([
      expireOrder(deps, machinery, orderId),
      expireOrder(deps, machinery, orderId),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const order = await orderRow(t, orderId);
    expect(order.status).toBe('expired');
    expect(order.holdsReleasedAt).not.toBeNull();
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).holdsReleasedAt).toEqual(order.holdsReleasedAt);
  });

  it('when a payment arrives after its order expired and the purchase can be held again, then it is honoured', async () => {
    const { orderId, providerOrderId, buyer } = await recordingOrder();
    t.now.value = new Date(t.now.value.getTime() + t.config.orderTtlSeconds * 1000 + 2 * MINUTE);
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).status).toBe('expired');

    // The payer still had the provider's checkout open, and paid.
    await t.sandbox.pay({ providerOrderId, outcome: 'success' });
    await dropSandboxWebhooks(t);
    await runReconciliation(t, { late: true });
    expect((await orderRow(t, orderId)).status).toBe('paid');
    const [enrolment] = await t.database.db.select().from(enrolments).where(eq(enrolments.userId, buyer.id));
    expect(enrolment?.sourceOrderId).toBe(orderId);
  });

  it('when a payment arrives after its order expired and the link was paid by someone else meanwhile, then it is refunded and the buyer told', async () => {
    const link = await createPaymentLink(t.database.db, {
      purpose: 'Portfolio review',
      amountMinor: 250_000,
      currency: 'INR',
      expiresAt: null,
    });
    const late = await learner(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/custom/payment/initiate',
      headers: late.headers,
      payload: { linkToken: link.token },
    });
    expect(first.statusCode, first.body).toBe(200);
    const lateOrder = first.json().data as { orderId: number; providerOrderId: string };
    t.now.value = new Date(t.now.value.getTime() + t.config.orderTtlSeconds * 1000 + 2 * MINUTE);
    await runReconciliation(t);
    expect((await orderRow(t, lateOrder.orderId)).status).toBe('expired');

    // Someone else pays the link in full, through the browser and the webhooks.
    const other = await learner(t);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/custom/payment/initiate',
      headers: other.headers,
      payload: { linkToken: link.token },
    });
    const otherOrder = second.json().data as { orderId: number; providerOrderId: string };
    await t.sandbox.pay({ providerOrderId: otherOrder.providerOrderId, outcome: 'success' });
    await t.app.jobs.runner.drain();
    expect((await orderRow(t, otherOrder.orderId)).status).toBe('paid');
    const [paidLink] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(paidLink?.paidOrderId).toBe(otherOrder.orderId);

    // Then the first payer's late payment is captured; its webhooks arrive.
    await t.sandbox.pay({ providerOrderId: lateOrder.providerOrderId, outcome: 'success' });
    await t.app.jobs.runner.drain();
    await runReconciliation(t, { late: true });
    expect((await orderRow(t, lateOrder.orderId)).status).toBe('expired');
    const lateRefunds = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, lateOrder.orderId));
    expect(lateRefunds).toHaveLength(1);
    expect(lateRefunds[0]).toMatchObject({ amountMinor: 250_000, status: 'processed' });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, lateOrder.orderId));
    expect(payment?.status).toBe('refunded');
    const mail = await outboxFor(t.database.db, late.email);
    expect(mail.filter((m) => m.subject === 'Your payment is being refunded')).toHaveLength(1);
    const [stillPaid] = await t.database.db.select().from(orders).where(eq(orders.id, otherOrder.orderId));
    expect(stillPaid?.status).toBe('paid');
  });
});

describe('expiry of a course order with a coupon, coins and a seat (F13)', { timeout: 90_000 }, () => {
  let t: PurchasesTest;
  beforeAll(async () => {
    t = await createPurchasesTest();
  });
  afterAll(async () => {
    await t.close();
  });

  it('when an order holding a coupon, coins and the last seat expires, then each is given back exactly once; a late payment after the seat went is refunded', async () => {
    const db = t.database.db;
    const { workshopId, batch } = await createSaleBatch(db, {
      capacity: 1,
      startDate: '2027-01-01',
      endDate: '2027-02-01',
      amount: 4999,
    });
    const coupon = await createCoupon(db, { maxClaims: 1, workshopIds: [workshopId] });
    const buyer = await learner(t);
    await db.transaction((tx) =>
      moveCoins(tx, { userId: buyer.id, delta: 500, reason: 'admin_adjustment', ref: `f13:${buyer.id}` }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: buyer.headers,
      payload: { batchId: batch.id, plan: 'full', couponCode: coupon.code, coins: 500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, providerOrderId } = res.json().data as { orderId: number; providerOrderId: string };
    expect(await coinBalance(db, buyer.id)).toBe(0);
    const claimed = async () =>
      (await db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.claimedCount;
    expect(await claimed()).toBe(1);

    t.now.value = new Date(t.now.value.getTime() + t.config.orderTtlSeconds * 1000 + 2 * MINUTE);
    await Promise.all([runReconciliation(t), runReconciliation(t)]);
    await runReconciliation(t);
    expect((await orderRow(t, orderId)).status).toBe('expired');
    expect(await claimed()).toBe(0);
    expect(await coinBalance(db, buyer.id)).toBe(500);

    // The seat goes to someone else, who pays.
    const other = await learner(t);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: other.headers,
      payload: { batchId: batch.id, plan: 'full' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    await t.sandbox.pay({ providerOrderId: taken.json().data.providerOrderId, outcome: 'success' });
    await t.app.jobs.runner.drain();
    expect((await orderRow(t, taken.json().data.orderId)).status).toBe('paid');

    // The first buyer's late payment cannot have its seat: refunded, told, nothing given back twice.
    await t.sandbox.pay({ providerOrderId, outcome: 'success' });
    await t.app.jobs.runner.drain();
    await runReconciliation(t, { late: true });
    expect((await orderRow(t, orderId)).status).toBe('expired');
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund?.status).toBe('processed');
    expect(await coinBalance(db, buyer.id)).toBe(500);
    expect(await claimed()).toBe(0);
    expect(await db.select().from(enrolments).where(eq(enrolments.batchId, batch.id))).toHaveLength(1);
    const mail = await outboxFor(db, buyer.email);
    expect(mail.filter((m) => m.subject === 'Your payment is being refunded')).toHaveLength(1);
  });
});

describe(
  'reconciliation against Razorpay (the local fake of its API; it sends no webhooks)',
  { timeout: 90_000 },
  () => {
    let t: PurchasesTest;
    let fake: FakeRazorpay;
    let batchId: number;
    beforeAll(async () => {
      fake = await FakeRazorpay.start();
      t = await createPurchasesTest({ env: fake.env() });
      const db = t.database.db;
      const workshop = await createWorkshop(db, { type: 2, shortTitle: 'Razorpay course' });
      batchId = (await createBatch(db, workshop.id, { amount: 2999, dollar: 49 })).id;
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('when a Razorpay payment was captured, or only authorized, and no webhook came, then the order converges to paid', async () => {
      for (const capture of [true, false]) {
        const buyer = await learner(t);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/recording/payment',
          headers: buyer.headers,
          payload: { batchId },
        });
        expect(res.statusCode, res.body).toBe(200);
        const { orderId, providerOrderId, provider } = res.json().data as {
          orderId: number;
          providerOrderId: string;
          provider: string;
        };
        expect(provider).toBe('razorpay');
        expect(fake.order(providerOrderId)).toMatchObject({ amount: 150_000, currency: 'INR' });
        const { paymentId } = fake.simulatePayment(providerOrderId, { outcome: 'success', capture });
        t.now.value = new Date(t.now.value.getTime() + 2 * MINUTE);
        await runReconciliation(t);
        expect((await orderRow(t, orderId)).status).toBe('paid');
        expect(fake.payment(paymentId)).toMatchObject({ status: 'captured' });
      }
    });
  },
);
