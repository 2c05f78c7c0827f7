import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { startFakeRazorpay, type FakeRazorpay } from '../../integrations/payments/testing/fake-razorpay.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import {
  batchOnSale,
  buyer,
  enrolmentsOf,
  inboxCount,
  initiate,
  nextIp,
  orderRow,
  paymentRows,
  verify,
  WEBHOOK_URL,
} from '../../test/payments-flow.js';

/*
 * The Razorpay path of the payments core (decision 0015) against the provider's local HTTP fake of
 * Razorpay's API: orders created there for the stored amount, the checkout signature verified
 * against the stored order, payments re-read from the API, webhooks signed with the webhook secret.
 */
describe('payments core on Razorpay (local fake)', () => {
  let t: TestContext;
  let fake: FakeRazorpay;
  const db = () => t.database.db;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({
      env: {
        JOBS_WORKER: 'off',
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
        RAZORPAY_API_URL: fake.url,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const started = async () => {
    const who = await buyer(db(), t.now.value);
    const { batch } = await batchOnSale(db(), { amount: 2999 });
    const response = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json().data as {
      orderId: number;
      providerOrderId: string;
      amountMinor: number;
      keyId: string;
      provider: string;
    };
    return { who, batch, order };
  };
  const webhook = (
    event: string,
    entities: { paymentId?: string; orderId?: string },
    opts: { secret?: string; eventId?: string } = {},
  ) => {
    const request = fake.webhookRequest(event, entities, opts);
    return t.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: request.headers,
      payload: request.rawBody,
      remoteAddress: nextIp(),
    });
  };

  it('when a learner initiates, then Razorpay gets POST /v1/orders with basic auth, the stored amount in minor units and receipt order_{id}', async () => {
    const { order } = await started();
    expect(order).toMatchObject({ provider: 'razorpay', keyId: fake.keyId, amountMinor: 299_900 });
    expect(fake.order(order.providerOrderId)).toMatchObject({
      amount: 299_900,
      currency: 'INR',
      receipt: `order_${order.orderId}`,
    });
    const request = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/orders' &&
        JSON.stringify(r.body).includes(`order_${order.orderId}`),
    )!;
    const basic = Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64');
    expect(request.headers.authorization).toBe(`Basic ${basic}`);
  });

  it('when Razorpay is down at initiation, then 503 says nothing was charged, and the order ends failed with its holds released', async () => {
    const who = await buyer(db(), t.now.value);
    const { batch } = await batchOnSale(db());
    fake.failNext(503, { method: 'POST', path: /^\/v1\/orders$/ });
    const response = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/Nothing was charged/);
    const [row] = await db().select().from(orders).where(eq(orders.userId, who.id));
    expect(row!.status).toBe('failed');
    expect(row!.holdsReleasedAt).not.toBeNull();
  });

  it('when the payer pays on Razorpay Checkout and the browser verifies, then the order is paid and the buyer enrolled once', async () => {
    const { who, batch, order } = await started();
    const paid = fake.simulatePayment(order.providerOrderId, { outcome: 'success' });
    const body = {
      providerOrderId: order.providerOrderId,
      providerPaymentId: paid.paymentId,
      signature: paid.signature,
    };
    const response = await verify(t.app, order.orderId, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'paid', orderId: order.orderId });
    expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    // The same webhook then arrives: acknowledged, no second effect.
    expect((await webhook('payment.captured', { paymentId: paid.paymentId })).statusCode).toBe(200);
    await t.app.jobs.runner.drain();
    expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    expect(await paymentRows(db(), order.orderId)).toHaveLength(1);
  });

  it('when the signature covers another order, or the payment was only authorized, then the first is refused and the second is captured', async () => {
    const a = await started();
    const b = await started();
    const paidB = fake.simulatePayment(b.order.providerOrderId, { outcome: 'success' });
    const foreign = await verify(t.app, a.order.orderId, {
      providerOrderId: a.order.providerOrderId,
      providerPaymentId: paidB.paymentId,
      signature: paidB.signature,
    });
    expect(foreign.statusCode).toBe(400);
    expect((await orderRow(db(), a.order.orderId)).status).toBe('created');

    const authorized = fake.simulatePayment(a.order.providerOrderId, { outcome: 'success', capture: false });
    const response = await verify(t.app, a.order.orderId, {
      providerOrderId: a.order.providerOrderId,
      providerPaymentId: authorized.paymentId,
      signature: authorized.signature,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.payment(authorized.paymentId)).toMatchObject({ status: 'captured' });
    expect(await enrolmentsOf(db(), a.who.id, a.batch.id)).toHaveLength(1);
  });

  it('when the captured amount is lower than the order, then verify refuses it, the order is flagged, nobody enrolled (F8)', async () => {
    const { who, batch, order } = await started();
    const paid = fake.simulatePayment(order.providerOrderId, { outcome: 'success', amountMinor: 100 });
    const response = await verify(t.app, order.orderId, {
      providerOrderId: order.providerOrderId,
      providerPaymentId: paid.paymentId,
      signature: paid.signature,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('PAYMENT_INVALID');
    const row = await orderRow(db(), order.orderId);
    expect(row.flaggedAt).not.toBeNull();
    expect(row.status).not.toBe('paid');
    expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(0);
  });

  it('when webhooks alone report the payment (bad secret first), then the bad one is refused and stored nowhere, the good ones pay once', async () => {
    const { who, batch, order } = await started();
    const paid = fake.simulatePayment(order.providerOrderId, { outcome: 'success' });
    const before = await inboxCount(db());
    const forged = await webhook(
      'payment.captured',
      { paymentId: paid.paymentId },
      { secret: 'someone-elses-secret' },
    );
    expect(forged.statusCode).toBe(400);
    expect(await inboxCount(db())).toBe(before);
    for (const event of ['order.paid', 'payment.captured', 'payment.authorized']) {
      const entities =
        event === 'order.paid'
          ? { paymentId: paid.paymentId, orderId: order.providerOrderId }
          : { paymentId: paid.paymentId };
      expect((await webhook(event, entities)).statusCode).toBe(200);
    }
    await t.app.jobs.runner.drain();
    expect((await orderRow(db(), order.orderId)).status).toBe('paid');
    expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
  });
});
