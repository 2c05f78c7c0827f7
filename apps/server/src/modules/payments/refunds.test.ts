import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, orders, payments, refunds } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import {
  courseBatchOnSale,
  createPurchasesTest,
  learner,
  orderRow,
  type PurchasesTest,
} from '../../test/purchases-app.js';
import { applyProcessedRefund, refundOrder } from './refunds.js';

describe('refunds (checklist F8, F18)', { timeout: 60_000 }, () => {
  let t: PurchasesTest;
  let batchId: number;
  beforeAll(async () => {
    t = await createPurchasesTest();
    // Recording: ⌈2999 / 2⌉ = ₹1,500 = 150000 paise.
    batchId = await courseBatchOnSale(t, 'Lettering', { amount: 2999, dollar: 49 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A paid recording order (browser verification; webhooks delivered). */
  async function paidOrder() {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json().data as { orderId: number };
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId, outcome: 'success' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { providerOrderId, providerPaymentId, signature } = pay.json().data as Record<string, string>;
    const verify = await t.app.inject({
      method: 'PUT',
      url: `/api/payment/order/${orderId}`,
      headers: buyer.headers,
      payload: { providerOrderId, providerPaymentId, signature },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    await t.app.jobs.runner.drain();
    expect((await orderRow(t, orderId)).status).toBe('paid');
    return { buyer, orderId, providerPaymentId: providerPaymentId! };
  }

  const deps = () => ({ database: t.database });

  it('when refunds are asked for, then never more than captured and partial refunds never sum over it', async () => {
    const { orderId } = await paidOrder();
    await refundOrder(deps(), {
      orderId,
      amountMinor: 50_000,
      reason: 'goodwill',
      idempotencyKey: `a-${orderId}`,
    });
    await refundOrder(deps(), {
      orderId,
      amountMinor: 50_000,
      reason: 'goodwill',
      idempotencyKey: `b-${orderId}`,
    });
    const over = refundOrder(deps(), {
      orderId,
      amountMinor: 50_001,
      reason: 'too much',
      idempotencyKey: `c-${orderId}`,
    });
    await expect(over).rejects.toMatchObject({ code: 'CONFLICT' });
    const whole = refundOrder(deps(), {
      orderId,
      amountMinor: 150_001,
      reason: 'more',
      idempotencyKey: `d-${orderId}`,
    });
    await expect(whole).rejects.toBeInstanceOf(AppError);
    // The last 50000 is allowed; then nothing is left.
    await refundOrder(deps(), {
      orderId,
      amountMinor: 50_000,
      reason: 'rest',
      idempotencyKey: `e-${orderId}`,
    });
    await expect(
      refundOrder(deps(), { orderId, amountMinor: 1, reason: 'one more', idempotencyKey: `f-${orderId}` }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(150_000);
  });

  it('when the same refund is asked for twice with one key, also at once, then one refund is made', async () => {
    const { orderId } = await paidOrder();
    const request = {
      orderId,
      amountMinor: 40_000,
      reason: 'duplicate click',
      idempotencyKey: `same-${orderId}`,
    };
    const [a, b] = await Promise.all([refundOrder(deps(), request), refundOrder(deps(), request)]);
    expect(a.id).toBe(b.id);
    const again = await refundOrder(deps(), request);
    expect(again.id).toBe(a.id);
    await expect(refundOrder(deps(), { ...request, amountMinor: 30_000 })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    await t.app.jobs.runner.drain();
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', amountMinor: 40_000 });
    // A partial refund leaves the order paid and the access in place.
    expect((await orderRow(t, orderId)).status).toBe('paid');
  });

  it('when a full refund is processed, then the order is refunded and access revoked, once whatever the deliveries', async () => {
    const { orderId, buyer, providerPaymentId } = await paidOrder();
    // The course dashboard, kept in memory once opened (decision 0022), goes with the access. (A
    // recording's enrolment opens no course dashboard: made a live course's here.)
    await t.database.db
      .update(enrolments)
      .set({ isEnrolled: true })
      .where(eq(enrolments.sourceOrderId, orderId));
    const openDashboard = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/course/batch/module/session',
        headers: buyer.headers,
        payload: { batchId },
      });
    const opened = await openDashboard();
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await openDashboard()).statusCode).toBe(200);
    const refund = await refundOrder(deps(), {
      orderId,
      reason: 'cancelled by the learner',
      idempotencyKey: `full-${orderId}`,
    });
    expect(refund.amountMinor).toBe(150_000);
    await t.app.jobs.runner.drain(); // the provider call, then its refund.processed webhook
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row?.status).toBe('processed');
    expect(row?.providerRefundId).toBeTruthy();
    expect((await orderRow(t, orderId)).status).toBe('refunded');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('refunded');
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(eq(enrolments.sourceOrderId, orderId));
    expect(enrolment).toMatchObject({ userId: buyer.id, isRefund: true, isDashboardAccess: false });
    expect((await openDashboard()).statusCode).toBe(404);

    // refund.processed delivered again (and again, at once): nothing more happens.
    const event = {
      id: row!.providerRefundId!,
      paymentId: providerPaymentId,
      amountMinor: 150_000,
      currency: 'INR',
      status: 'processed' as const,
    };
    const outcomes = await Promise.all([
      applyProcessedRefund({ database: t.database, clock: () => t.now.value }, event),
      applyProcessedRefund({ database: t.database, clock: () => t.now.value }, event),
    ]);
    expect(outcomes).toEqual(['already', 'already']);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('refunded');
  });

  it('when a refund is asked for an order that was never paid, then it is refused', async () => {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    const { orderId } = res.json().data as { orderId: number };
    await expect(
      refundOrder(deps(), { orderId, reason: 'nothing to refund', idempotencyKey: `none-${orderId}` }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
