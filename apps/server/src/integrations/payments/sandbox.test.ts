import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { jobs, sandboxOrders, sandboxPayments } from '../../db/schema/index.js';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from '../../test/test-app.js';
import { createPaymentProvider } from './create-payment-provider.js';
import {
  isSandboxProvider,
  SANDBOX_WEBHOOK_TOPIC,
  sandboxSecrets,
  sandboxWebhookHandler,
  type SandboxProvider,
} from './sandbox.js';
import { ProviderError, type PaymentProviderAdapter } from './types.js';

/*
 * The sandbox provider against a real database (PGlite or PostgreSQL) inside the real app, whose
 * job worker is off so each test runs the queue when it wants to. Signatures are checked against
 * HMACs computed here with node:crypto, from secrets derived here from APP_SECRET.
 */

const hmacHex = (key: string, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex');
const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);

interface WebhookJob {
  eventId: string;
  event: string;
  body: string;
  signature: string;
}

describe('payment sandbox (decision 0014)', () => {
  let t: TestContext;
  let sandbox: SandboxProvider;
  /** What the sandbox derives from APP_SECRET, computed independently. */
  let keySecret: string;
  let webhookSecret: string;

  const webhookJobs = async (predicate: (job: WebhookJob) => boolean = () => true): Promise<WebhookJob[]> => {
    const rows = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.topic, SANDBOX_WEBHOOK_TOPIC))
      .orderBy(jobs.id);
    return rows.map((r) => r.payload as unknown as WebhookJob).filter(predicate);
  };
  const jobsFor = async (providerOrderId: string) =>
    webhookJobs((job) => job.body.includes(`"${providerOrderId}"`));

  const newOrder = (amountMinor = 499_900, currency = 'INR') =>
    sandbox.createOrder({ amountMinor, currency, receipt: 'order-1', notes: { orderId: '1' } });

  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
    const provider = createPaymentProvider(t.config, { db: t.database.db });
    if (!isSandboxProvider(provider)) throw new Error('expected the sandbox without Razorpay keys');
    sandbox = provider;
    keySecret = hmacHex(t.config.appSecret, 'atelier/payments/sandbox/key-secret/v1');
    webhookSecret = hmacHex(t.config.appSecret, 'atelier/payments/sandbox/webhook-secret/v1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('when no Razorpay keys are configured, then the provider is the sandbox with key id "sandbox"', () => {
    expect(sandbox.name).toBe('sandbox');
    expect(sandbox.keyId).toBe('sandbox');
    expect(JSON.stringify(sandbox)).not.toContain(keySecret);
  });

  it('when an order is created, then it gets a Razorpay-shaped id and is read back with its amount in minor units', async () => {
    const order = await newOrder(123_456, 'USD');
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountMinor: 123_456,
      currency: 'USD',
      receipt: 'order-1',
      status: 'created',
    });
    expect(await sandbox.getOrder(order.id)).toEqual(order);
    expect(await sandbox.fetchOrderPayments(order.id)).toEqual([]);
    expect(await sandbox.getOrder('order_doesnotexist00')).toBeNull();
  });

  it.each([
    [{ amountMinor: 99 }, /at least INR 1\.00/],
    [{ amountMinor: 10.5 }, /positive integer/],
    [{ amountMinor: -100 }, /positive integer/],
    [{ currency: 'inr' }, /ISO 4217/],
    [{ receipt: 'r'.repeat(41) }, /receipt/],
  ])('when an order is asked with %o, then it is refused as Razorpay would', async (change, message) => {
    const input = { amountMinor: 10_000, currency: 'INR', receipt: 'r', notes: {}, ...change };
    const error = await sandbox.createOrder(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as ProviderError).message).toMatch(message);
  });

  it('when the payer chooses success, then the payment is captured, the order paid, and the signature is HMAC(order|payment, key secret)', async () => {
    const order = await newOrder();
    const paid = await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
    expect(paid).toEqual({
      providerOrderId: order.id,
      providerPaymentId: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      signature: hmacHex(keySecret, `${order.id}|${paid.providerPaymentId}`),
      outcome: 'success',
    });
    expect(sandbox.verifyCheckoutSignature(paid)).toBe(true);
    expect(sandbox.verifyCheckoutSignature({ ...paid, signature: flip(paid.signature) })).toBe(false);
    expect(sandbox.verifyCheckoutSignature({ ...paid, signature: '' })).toBe(false);

    expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'paid' });
    expect(await sandbox.fetchOrderPayments(order.id)).toEqual([
      {
        id: paid.providerPaymentId,
        orderId: order.id,
        amountMinor: 499_900,
        currency: 'INR',
        status: 'captured',
        method: 'upi',
        errorDescription: null,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('when a signature was made for another order, then it does not verify for this one (a cheaper order cannot pay for a dearer one)', async () => {
    const cheap = await newOrder(100);
    const dear = await newOrder(9_999_900);
    const paid = await sandbox.pay({ providerOrderId: cheap.id, outcome: 'success' });
    expect(
      sandbox.verifyCheckoutSignature({
        providerOrderId: dear.id,
        providerPaymentId: paid.providerPaymentId,
        signature: paid.signature,
      }),
    ).toBe(false);
  });

  it('when a payment succeeds, then payment.authorized, payment.captured and order.paid are enqueued in Razorpay shape, each signed over its bytes with its own event id', async () => {
    const order = await newOrder(250_000);
    const paid = await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
    const queued = await jobsFor(order.id);
    expect(queued.map((j) => j.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(new Set(queued.map((j) => j.eventId)).size).toBe(3);
    for (const job of queued) {
      expect(job.signature).toBe(hmacHex(webhookSecret, Buffer.from(job.body, 'utf8')));
      const body = JSON.parse(job.body);
      expect(body).toMatchObject({ entity: 'event', event: job.event, created_at: expect.any(Number) });
      expect(body.payload.payment.entity).toMatchObject({
        id: paid.providerPaymentId,
        entity: 'payment',
        amount: 250_000,
        currency: 'INR',
        order_id: order.id,
        method: 'upi',
      });
    }
    const [authorized, captured, orderPaid] = queued.map((j) => JSON.parse(j.body));
    expect(authorized.contains).toEqual(['payment']);
    expect(authorized.payload.payment.entity).toMatchObject({ status: 'authorized', captured: false });
    expect(captured.payload.payment.entity).toMatchObject({ status: 'captured', captured: true });
    expect(orderPaid.contains).toEqual(['payment', 'order']);
    expect(orderPaid.payload.order.entity).toMatchObject({
      id: order.id,
      entity: 'order',
      amount: 250_000,
      amount_paid: 250_000,
      amount_due: 0,
      status: 'paid',
      attempts: 1,
    });

    const event = sandbox.parseWebhook({
      rawBody: Buffer.from(queued[2]!.body, 'utf8'),
      signature: queued[2]!.signature,
      eventId: queued[2]!.eventId,
    });
    expect(event).toMatchObject({
      eventId: queued[2]!.eventId,
      type: 'order.paid',
      payment: { id: paid.providerPaymentId, orderId: order.id, amountMinor: 250_000, status: 'captured' },
      order: { id: order.id, amountMinor: 250_000, currency: 'INR', status: 'paid' },
      refund: null,
    });
  });

  it('when the payer chooses failure, then a failed payment with its reason, an empty signature, one payment.failed, and the order stays open for another try', async () => {
    const order = await newOrder();
    const failed = await sandbox.pay({ providerOrderId: order.id, outcome: 'failure' });
    expect(failed).toMatchObject({ providerOrderId: order.id, signature: '', outcome: 'failure' });
    expect(failed.providerPaymentId).toMatch(/^pay_/);
    expect(sandbox.verifyCheckoutSignature(failed)).toBe(false);
    expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'attempted' });
    const [payment] = await sandbox.fetchOrderPayments(order.id);
    expect(payment).toMatchObject({ status: 'failed', errorDescription: expect.stringContaining('failure') });
    const queued = await jobsFor(order.id);
    expect(queued.map((j) => j.event)).toEqual(['payment.failed']);
    expect(JSON.parse(queued[0]!.body).payload.payment.entity).toMatchObject({
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
    });

    const retry = await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
    expect(sandbox.verifyCheckoutSignature(retry)).toBe(true);
    expect((await sandbox.fetchOrderPayments(order.id)).map((p) => p.status)).toEqual(['failed', 'captured']);
    expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'paid' });
  });

  it('when a paid order is paid again, or an unknown order is paid, then it is refused and nothing is recorded', async () => {
    const order = await newOrder();
    await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
    const again = await sandbox
      .pay({ providerOrderId: order.id, outcome: 'success' })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ProviderError);
    expect(again).toMatchObject({ status: 400, retryable: false, code: 'BAD_REQUEST_ERROR' });
    expect(await sandbox.fetchOrderPayments(order.id)).toHaveLength(1);
    expect(await jobsFor(order.id)).toHaveLength(3);

    const unknown = await sandbox
      .pay({ providerOrderId: 'order_DoesNotExist00', outcome: 'success' })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 400, retryable: false });
    await expect(sandbox.fetchOrderPayments('order_DoesNotExist00')).rejects.toBeInstanceOf(ProviderError);
  });

  it('when eight payments of one order race, then exactly one is captured', async () => {
    const order = await newOrder();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => sandbox.pay({ providerOrderId: order.id, outcome: 'success' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const captured = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.providerOrderId, order.id), eq(sandboxPayments.status, 'captured')));
    expect(captured).toHaveLength(1);
    expect((await jobsFor(order.id)).filter((j) => j.event === 'order.paid')).toHaveLength(1);
  });

  it('when a second instance shares the database and APP_SECRET, then it sees the same orders and its signatures verify on the first', async () => {
    const other = createPaymentProvider(t.config, { db: t.database.db });
    const order = await newOrder();
    if (!isSandboxProvider(other)) throw new Error('sandbox expected');
    const paid = await other.pay({ providerOrderId: order.id, outcome: 'success' });
    expect(sandbox.verifyCheckoutSignature(paid)).toBe(true);
    expect((await sandbox.fetchOrderPayments(order.id)).map((p) => p.id)).toEqual([paid.providerPaymentId]);
    const [job] = await jobsFor(order.id);
    expect(
      sandbox.parseWebhook({
        rawBody: Buffer.from(job!.body),
        signature: job!.signature,
        eventId: job!.eventId,
      }),
    ).not.toBeNull();
  });

  it('when SANDBOX_KEY_SECRET and SANDBOX_WEBHOOK_SECRET are set, then they sign instead of the derived secrets', async () => {
    const config = testConfig({
      SANDBOX_KEY_SECRET: 'given-key-secret-0123456789',
      SANDBOX_WEBHOOK_SECRET: 'given-webhook-secret-0123456789',
    });
    const given = createPaymentProvider(config, { db: t.database.db }) as SandboxProvider;
    const order = await given.createOrder({ amountMinor: 10_000, currency: 'INR', receipt: 'r', notes: {} });
    const paid = await given.pay({ providerOrderId: order.id, outcome: 'success' });
    expect(paid.signature).toBe(
      hmacHex('given-key-secret-0123456789', `${order.id}|${paid.providerPaymentId}`),
    );
    const [job] = await jobsFor(order.id);
    expect(job!.signature).toBe(hmacHex('given-webhook-secret-0123456789', Buffer.from(job!.body)));
    // The derived secrets do not verify them.
    expect(sandbox.verifyCheckoutSignature(paid)).toBe(false);
    // The two derived secrets differ from each other and from APP_SECRET.
    const derived = sandboxSecrets(t.config.appSecret);
    expect(derived).toEqual({ keySecret, webhookSecret });
    expect(keySecret).not.toBe(webhookSecret);
  });

  describe('capture', () => {
    it('when a payment is only authorized, then capture with another amount is refused, capture with its amount captures it, and a repeat answers the same payment', async () => {
      const order = await newOrder(300_000);
      const paid = await sandbox.pay({ providerOrderId: order.id, outcome: 'success', capture: false });
      expect(sandbox.verifyCheckoutSignature(paid)).toBe(true);
      expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'attempted' });
      expect((await jobsFor(order.id)).map((j) => j.event)).toEqual(['payment.authorized']);

      await expect(
        sandbox.capturePayment({ paymentId: paid.providerPaymentId, amountMinor: 200_000, currency: 'INR' }),
      ).rejects.toMatchObject({ status: 400, retryable: false });
      await expect(
        sandbox.capturePayment({ paymentId: paid.providerPaymentId, amountMinor: 300_000, currency: 'USD' }),
      ).rejects.toMatchObject({ status: 400 });

      const captured = await sandbox.capturePayment({
        paymentId: paid.providerPaymentId,
        amountMinor: 300_000,
        currency: 'INR',
      });
      expect(captured).toMatchObject({
        id: paid.providerPaymentId,
        status: 'captured',
        amountMinor: 300_000,
      });
      expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'paid' });
      expect((await jobsFor(order.id)).map((j) => j.event)).toEqual([
        'payment.authorized',
        'payment.captured',
        'order.paid',
      ]);

      const again = await sandbox.capturePayment({
        paymentId: paid.providerPaymentId,
        amountMinor: 300_000,
        currency: 'INR',
      });
      expect(again).toEqual(captured);
      expect(await jobsFor(order.id)).toHaveLength(3);
    });

    it('when a failed payment is captured, then it is refused', async () => {
      const order = await newOrder();
      const failed = await sandbox.pay({ providerOrderId: order.id, outcome: 'failure' });
      await expect(
        sandbox.capturePayment({
          paymentId: failed.providerPaymentId,
          amountMinor: 499_900,
          currency: 'INR',
        }),
      ).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('refund', () => {
    const captured = async (amountMinor = 100_000) => {
      const order = await newOrder(amountMinor);
      const paid = await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
      return { order, paymentId: paid.providerPaymentId };
    };

    it('when part of a payment is refunded, then a processed rfnd_ and one refund.processed webhook; the same key again is the same refund, not a second', async () => {
      const { order, paymentId } = await captured();
      const refund = await sandbox.refundPayment({
        paymentId,
        amountMinor: 40_000,
        idempotencyKey: 'refund:o1:1',
      });
      expect(refund).toEqual({
        id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
        paymentId,
        amountMinor: 40_000,
        currency: 'INR',
        status: 'processed',
      });
      const again = await sandbox.refundPayment({
        paymentId,
        amountMinor: 40_000,
        idempotencyKey: 'refund:o1:1',
      });
      expect(again).toEqual(refund);
      const refunds = (await jobsFor(order.id)).filter((j) => j.event === 'refund.processed');
      expect(refunds).toHaveLength(1);
      const body = JSON.parse(refunds[0]!.body);
      expect(body.contains).toEqual(['refund', 'payment']);
      expect(body.payload.refund.entity).toMatchObject({
        id: refund.id,
        entity: 'refund',
        amount: 40_000,
        payment_id: paymentId,
        receipt: 'refund:o1:1',
        status: 'processed',
      });
      expect(body.payload.payment.entity).toMatchObject({
        status: 'captured',
        amount_refunded: 40_000,
        refund_status: 'partial',
      });
      const event = sandbox.parseWebhook({
        rawBody: Buffer.from(refunds[0]!.body),
        signature: refunds[0]!.signature,
        eventId: refunds[0]!.eventId,
      });
      expect(event).toMatchObject({
        type: 'refund.processed',
        refund: { id: refund.id, status: 'processed' },
      });
    });

    it('when refunds would exceed what was captured, or a key is reused for another amount, then they are refused', async () => {
      const { paymentId } = await captured(100_000);
      await expect(
        sandbox.refundPayment({ paymentId, amountMinor: 100_001, idempotencyKey: 'over' }),
      ).rejects.toMatchObject({ status: 400, retryable: false });
      await sandbox.refundPayment({ paymentId, amountMinor: 60_000, idempotencyKey: 'part-1' });
      await expect(
        sandbox.refundPayment({ paymentId, amountMinor: 50_000, idempotencyKey: 'part-2' }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        sandbox.refundPayment({ paymentId, amountMinor: 10_000, idempotencyKey: 'part-1' }),
      ).rejects.toMatchObject({ status: 400 });
      await sandbox.refundPayment({ paymentId, amountMinor: 40_000, idempotencyKey: 'part-2' });
      const [payment] = await t.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.providerPaymentId, paymentId));
      expect(payment).toMatchObject({ status: 'refunded', amountRefundedMinor: 100_000 });
      await expect(
        sandbox.refundPayment({ paymentId, amountMinor: 1, idempotencyKey: 'part-3' }),
      ).rejects.toMatchObject({ status: 400 });
    });

    it('when the same refund is asked eight times at once, then one refund is made', async () => {
      const { order, paymentId } = await captured(100_000);
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          sandbox.refundPayment({ paymentId, amountMinor: 100_000, idempotencyKey: `all:${paymentId}` }),
        ),
      );
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect((await jobsFor(order.id)).filter((j) => j.event === 'refund.processed')).toHaveLength(1);
    });

    it('when a payment that was never captured is refunded, then it is refused', async () => {
      const order = await newOrder();
      const failed = await sandbox.pay({ providerOrderId: order.id, outcome: 'failure' });
      await expect(
        sandbox.refundPayment({
          paymentId: failed.providerPaymentId,
          amountMinor: 100,
          idempotencyKey: 'x1',
        }),
      ).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('webhook verification', () => {
    let job: WebhookJob;
    beforeAll(async () => {
      const order = await newOrder();
      await sandbox.pay({ providerOrderId: order.id, outcome: 'success' });
      job = (await jobsFor(order.id))[1]!;
    });
    const parse = (rawBody: Buffer | string, signature: string | undefined, eventId?: string) =>
      sandbox.parseWebhook({ rawBody: Buffer.from(rawBody), signature, eventId });

    it('when the body and signature are as sent, then the event parses', () => {
      expect(parse(job.body, job.signature, job.eventId)).toMatchObject({ type: 'payment.captured' });
    });

    it('when the JSON is re-serialised (same data, other bytes), then it is refused', () => {
      const reserialised = JSON.stringify(JSON.parse(job.body), null, 2);
      expect(reserialised).not.toBe(job.body);
      expect(parse(reserialised, job.signature, job.eventId)).toBeNull();
    });

    it('when a signature character is flipped, the header is missing or empty, or it is not hex, then it is refused', () => {
      expect(parse(job.body, flip(job.signature), job.eventId)).toBeNull();
      expect(parse(job.body, undefined, job.eventId)).toBeNull();
      expect(parse(job.body, '', job.eventId)).toBeNull();
      expect(parse(job.body, `${job.signature.slice(0, 62)}zz`, job.eventId)).toBeNull();
      expect(parse(job.body, job.signature.slice(0, 32), job.eventId)).toBeNull();
    });

    it('when the body was signed with another secret (the key secret), then it is refused', () => {
      expect(parse(job.body, hmacHex(keySecret, Buffer.from(job.body)), job.eventId)).toBeNull();
    });
  });

  it('when the queue runs a sandbox webhook, then its exact bytes and Razorpay headers are posted through the app to /api/payment/webhook/razorpay', async () => {
    const database: Database = await createTestDatabase();
    const config = testConfig({ JOBS_WORKER: 'off' });
    const app = await buildApp({ config, database, logger: false });
    const seen: { url: string; headers: Record<string, unknown>; body: Buffer }[] = [];
    app.addHook('preParsing', async (request, _reply, payload) => {
      const chunks: Buffer[] = [];
      for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
      const body = Buffer.concat(chunks);
      seen.push({ url: request.url, headers: request.headers, body });
      const { Readable } = await import('node:stream');
      return Readable.from([body]);
    });
    await app.ready();
    try {
      const provider: PaymentProviderAdapter = createPaymentProvider(config, { db: database.db });
      if (!isSandboxProvider(provider)) throw new Error('sandbox expected');
      const order = await provider.createOrder({
        amountMinor: 5000,
        currency: 'INR',
        receipt: 'r',
        notes: {},
      });
      await provider.pay({ providerOrderId: order.id, outcome: 'failure' });
      await app.jobs.runner.runOnce();
      expect(seen).toHaveLength(1);
      const [request] = seen;
      expect(request!.url).toBe('/api/payment/webhook/razorpay');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['x-razorpay-event-id']).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(request!.headers['x-razorpay-signature']).toBe(
        hmacHex(sandboxSecrets(config.appSecret).webhookSecret, request!.body),
      );
      expect(
        provider.parseWebhook({
          rawBody: request!.body,
          signature: request!.headers['x-razorpay-signature'] as string,
          eventId: request!.headers['x-razorpay-event-id'] as string,
        }),
      ).toMatchObject({ type: 'payment.failed', payment: { status: 'failed' } });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('when the webhook route answers an error, then the delivery fails so the queue retries it; a malformed job goes dead at once', async () => {
    const statuses = [500, 200];
    const handler = sandboxWebhookHandler(async () => ({ statusCode: statuses.shift()! }));
    const job = {
      id: 1,
      topic: SANDBOX_WEBHOOK_TOPIC,
      payload: { eventId: 'E1', event: 'payment.failed', body: '{}', signature: 'a'.repeat(64) },
      attempt: 1,
      maxAttempts: 8,
      signal: new AbortController().signal,
    };
    await expect(handler(job)).rejects.toThrow(/answered HTTP 500/);
    await expect(handler(job)).resolves.toBeUndefined();
    await expect(handler({ ...job, payload: { body: '{}' } })).rejects.toMatchObject({
      name: 'PermanentJobError',
    });
  });

  it('keeps its books in its own tables', async () => {
    const order = await newOrder();
    const [row] = await t.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.providerOrderId, order.id));
    expect(row).toMatchObject({ amountMinor: 499_900, currency: 'INR', status: 'created', attempts: 0 });
  });
});
