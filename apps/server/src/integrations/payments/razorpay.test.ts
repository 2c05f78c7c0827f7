import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.js';
import { createPaymentProvider } from './create-payment-provider.js';
import { RazorpayProvider, refundReceiptFor } from './razorpay.js';
import { startFakeRazorpay, type FakeRazorpay } from './testing/fake-razorpay.js';
import { ProviderError } from './types.js';

/*
 * The Razorpay adapter against a local HTTP fake of Razorpay's API (testing/fake-razorpay.ts):
 * real HTTP on 127.0.0.1, nothing leaves the machine. What goes on the wire (auth header, JSON
 * bodies in minor units, idempotency) is read from the fake's request log.
 */

const hmacHex = (key: string, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex');
const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);

describe('Razorpay adapter against the local fake', () => {
  let fake: FakeRazorpay;
  let razorpay: RazorpayProvider;
  const adapter = (changes: Partial<ConstructorParameters<typeof RazorpayProvider>[0]> = {}) =>
    new RazorpayProvider({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      timeoutMs: 2000,
      ...changes,
    });
  const order = (amountMinor = 499_900, currency = 'INR') =>
    razorpay.createOrder({
      amountMinor,
      currency,
      receipt: 'atelier-42',
      notes: { orderId: '42', kind: 'course' },
    });
  const lastRequest = () => fake.requests.at(-1)!;
  const failureOf = async (call: Promise<unknown>): Promise<ProviderError> => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  };

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    razorpay = adapter();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
  });

  describe('orders', () => {
    it('when an order is created, then POST /v1/orders carries basic auth (key id : key secret) and { amount, currency, receipt, notes } in minor units', async () => {
      const created = await order(499_900);
      expect(created).toEqual({
        id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        amountMinor: 499_900,
        currency: 'INR',
        receipt: 'atelier-42',
        status: 'created',
      });
      expect(fake.requests).toHaveLength(1);
      const request = lastRequest();
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/orders');
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
      );
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.body).toEqual({
        amount: 499_900,
        currency: 'INR',
        receipt: 'atelier-42',
        notes: { orderId: '42', kind: 'course' },
      });
      expect(fake.order(created.id)).toMatchObject({ amount: 499_900, currency: 'INR', status: 'created' });
    });

    it('when the amount is a cent-level USD price, then it travels as the same integer', async () => {
      const created = await order(1, 'USD').catch((e: unknown) => e);
      // Razorpay's minimum is 1.00: the fake refuses 1 cent as Razorpay does, naming the field.
      expect(created).toMatchObject({ status: 400, retryable: false, code: 'BAD_REQUEST_ERROR' });
      expect((created as Error).message).toMatch(/at least USD 1\.00/);
      expect(lastRequest().body).toMatchObject({ amount: 1, currency: 'USD' });
      expect((await order(99_999, 'USD')).amountMinor).toBe(99_999);
    });

    it.each([
      [{ amountMinor: 4999.5 }],
      [{ amountMinor: 0 }],
      [{ amountMinor: -100 }],
      [{ amountMinor: Number.NaN }],
      [{ currency: 'rupees' }],
      [{ receipt: 'r'.repeat(41) }],
      [{ notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }],
      [{ notes: { long: 'x'.repeat(257) } }],
    ])('when asked for an order with %o, then it is refused before anything is sent', async (change) => {
      const input = { amountMinor: 10_000, currency: 'INR', receipt: 'r', notes: {}, ...change };
      const error = await failureOf(razorpay.createOrder(input));
      expect(error.retryable).toBe(false);
      expect(fake.requests).toHaveLength(0);
    });

    it('when Razorpay answers an order for another amount, then it is an error (the provider amount must equal ours)', async () => {
      const lying = adapter({
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          const body = (await response.json()) as Record<string, unknown>;
          return new Response(JSON.stringify({ ...body, amount: 100 }), { status: response.status });
        },
      });
      const error = await failureOf(
        lying.createOrder({ amountMinor: 499_900, currency: 'INR', receipt: 'r', notes: {} }),
      );
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/100 INR, not 499900 INR/);
    });

    it('when the key secret is wrong, then 401 is a non-retryable error that does not contain the secret', async () => {
      const wrong = adapter({ keySecret: 'not-the-secret-0000' });
      const error = await failureOf(
        wrong.createOrder({ amountMinor: 10_000, currency: 'INR', receipt: 'r', notes: {} }),
      );
      expect(error).toMatchObject({ status: 401, retryable: false, code: 'BAD_REQUEST_ERROR' });
      expect(error.message).toMatch(/Authentication failed/);
      expect(`${error.message}${error.stack}`).not.toContain('not-the-secret-0000');
    });
  });

  describe('payments of an order (reconciliation)', () => {
    it('when an order has a failed then a captured payment, then both come back normalised from GET /v1/orders/{id}/payments', async () => {
      const created = await order(250_000);
      const failed = fake.simulatePayment(created.id, { outcome: 'failure' });
      const paid = fake.simulatePayment(created.id, { outcome: 'success', method: 'upi' });
      fake.requests.length = 0;
      const payments = await razorpay.fetchOrderPayments(created.id);
      expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/orders/${created.id}/payments` });
      expect(payments).toEqual([
        {
          id: failed.paymentId,
          orderId: created.id,
          amountMinor: 250_000,
          currency: 'INR',
          status: 'failed',
          method: 'card',
          errorDescription: expect.stringMatching(/cancelled/),
          createdAt: expect.any(Date),
        },
        {
          id: paid.paymentId,
          orderId: created.id,
          amountMinor: 250_000,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          errorDescription: null,
          createdAt: expect.any(Date),
        },
      ]);
    });

    it('when a payment was made for another amount or currency, then it is reported as paid, so the caller can flag it', async () => {
      const created = await order(250_000);
      fake.simulatePayment(created.id, { outcome: 'success', amountMinor: 100, currency: 'USD' });
      const [payment] = await razorpay.fetchOrderPayments(created.id);
      expect(payment).toMatchObject({ amountMinor: 100, currency: 'USD', status: 'captured' });
    });

    it('when the order does not exist, then a non-retryable 400', async () => {
      const error = await failureOf(razorpay.fetchOrderPayments('order_DoesNotExist00'));
      expect(error).toMatchObject({ status: 400, retryable: false });
      await expect(razorpay.fetchOrderPayments('../v1/orders')).rejects.toMatchObject({ retryable: false });
    });
  });

  describe('capture', () => {
    it('when an authorized payment is captured, then POST /v1/payments/{id}/capture { amount, currency }; a retry answers the captured payment', async () => {
      const created = await order(300_000);
      const { paymentId } = fake.simulatePayment(created.id, { outcome: 'success', capture: false });
      fake.requests.length = 0;
      const captured = await razorpay.capturePayment({ paymentId, amountMinor: 300_000, currency: 'INR' });
      expect(captured).toMatchObject({
        id: paymentId,
        orderId: created.id,
        status: 'captured',
        amountMinor: 300_000,
      });
      expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', `/v1/payments/${paymentId}/capture`, { amount: 300_000, currency: 'INR' }],
      ]);
      expect(fake.order(created.id)).toMatchObject({ status: 'paid' });

      const again = await razorpay.capturePayment({ paymentId, amountMinor: 300_000, currency: 'INR' });
      expect(again).toEqual(captured);
      expect(fake.requests.slice(1).map((r) => [r.method, r.path])).toEqual([
        ['POST', `/v1/payments/${paymentId}/capture`],
        ['GET', `/v1/payments/${paymentId}`],
      ]);
    });

    it('when the capture amount differs from the authorized amount, then a non-retryable 400 and nothing is captured', async () => {
      const created = await order(300_000);
      const { paymentId } = fake.simulatePayment(created.id, { outcome: 'success', capture: false });
      const error = await failureOf(
        razorpay.capturePayment({ paymentId, amountMinor: 299_999, currency: 'INR' }),
      );
      expect(error).toMatchObject({ status: 400, retryable: false });
      expect(fake.payment(paymentId)).toMatchObject({ status: 'authorized' });
    });
  });

  describe('refunds', () => {
    const capturedPayment = async (amountMinor = 100_000) => {
      const created = await order(amountMinor);
      return fake.simulatePayment(created.id, { outcome: 'success' }).paymentId;
    };

    it('when a refund is made, then POST /v1/payments/{id}/refund { amount, notes, receipt = key } with X-Refund-Idempotency', async () => {
      const paymentId = await capturedPayment();
      fake.requests.length = 0;
      const refund = await razorpay.refundPayment({
        paymentId,
        amountMinor: 40_000,
        idempotencyKey: 'refund:42:1',
        notes: { reason: 'expired order' },
      });
      expect(refund).toEqual({
        id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
        paymentId,
        amountMinor: 40_000,
        currency: 'INR',
        status: 'processed',
      });
      const post = fake.requests.find((r) => r.path.endsWith('/refund'))!;
      expect(post.path).toBe(`/v1/payments/${paymentId}/refund`);
      expect(post.body).toEqual({
        amount: 40_000,
        notes: { reason: 'expired order' },
        receipt: 'refund:42:1',
      });
      expect(post.headers['x-refund-idempotency']).toBe('refund:42:1');
    });

    it('when a refund is repeated with the same key, then the first refund is answered and no second is made', async () => {
      const paymentId = await capturedPayment();
      const first = await razorpay.refundPayment({
        paymentId,
        amountMinor: 100_000,
        idempotencyKey: 'k-repeat',
      });
      fake.requests.length = 0;
      const second = await razorpay.refundPayment({
        paymentId,
        amountMinor: 100_000,
        idempotencyKey: 'k-repeat',
      });
      expect(second).toEqual(first);
      expect(fake.requests.map((r) => r.method)).toEqual(['GET']);
      expect(fake.refunds(paymentId)).toHaveLength(1);
    });

    it('when the refund went through but its answer was lost (timeout), then the retry finds it: one refund in all', async () => {
      const paymentId = await capturedPayment();
      const quick = adapter({ timeoutMs: 300 });
      // The listing answers; the POST is carried out and its answer never comes.
      fake.failNext('timeout', { afterEffect: true, method: 'POST', path: /\/refund$/ });
      const list = fake.requests.length;
      const attempt = quick.refundPayment({ paymentId, amountMinor: 100_000, idempotencyKey: 'k-lost' });
      const error = await failureOf(attempt);
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/no answer within 300 ms/);
      expect(fake.requests.slice(list).map((r) => r.method)).toEqual(['GET', 'POST']);
      expect(fake.refunds(paymentId)).toHaveLength(1);

      const before = fake.requests.length;
      const retried = await quick.refundPayment({
        paymentId,
        amountMinor: 100_000,
        idempotencyKey: 'k-lost',
      });
      expect(retried.id).toBe(fake.refunds(paymentId)[0]!.id);
      // Found by its receipt in the listing: no second POST (Razorpay has no idempotency header to rely on).
      expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
      expect(fake.refunds(paymentId)).toHaveLength(1);
    });

    it('when the key is longer than Razorpay’s 40-character receipt, then its hash is the receipt, and a repeat still finds it', async () => {
      const paymentId = await capturedPayment();
      const key = `refund:${'x'.repeat(60)}`;
      const receipt = refundReceiptFor(key);
      expect(receipt).toMatch(/^idem_[A-Za-z0-9_-]{35}$/);
      const first = await razorpay.refundPayment({ paymentId, amountMinor: 100, idempotencyKey: key });
      expect(fake.requests.find((r) => r.path.endsWith('/refund'))!.body).toMatchObject({ receipt });
      expect((await razorpay.refundPayment({ paymentId, amountMinor: 100, idempotencyKey: key })).id).toBe(
        first.id,
      );
    });

    it('when a key is reused for another amount, or more than captured is asked, then it is refused', async () => {
      const paymentId = await capturedPayment(100_000);
      await razorpay.refundPayment({ paymentId, amountMinor: 500, idempotencyKey: 'k-amount' });
      expect(
        await failureOf(razorpay.refundPayment({ paymentId, amountMinor: 600, idempotencyKey: 'k-amount' })),
      ).toMatchObject({ retryable: false });
      expect(
        await failureOf(
          razorpay.refundPayment({ paymentId, amountMinor: 100_000, idempotencyKey: 'k-over' }),
        ),
      ).toMatchObject({ status: 400, retryable: false });
      expect(fake.refunds(paymentId)).toHaveLength(1);
    });
  });

  describe('failures', () => {
    const create = (provider = razorpay) =>
      provider.createOrder({ amountMinor: 10_000, currency: 'INR', receipt: 'r', notes: {} });

    it.each([
      [500, true],
      [502, true],
      [503, true],
      [429, true],
      [400, false],
      [403, false],
      [404, false],
      [409, false],
    ])('when Razorpay answers HTTP %i, then the error says so, retryable = %s', async (status, retryable) => {
      fake.failNext(status);
      const error = await failureOf(create());
      expect(error).toMatchObject({ status, retryable });
      expect(error.message).toContain(`HTTP ${status}`);
    });

    it('when Razorpay does not answer within PAYMENT_PROVIDER_TIMEOUT_MS, then a retryable timeout, on time', async () => {
      fake.failNext('timeout');
      const started = Date.now();
      const error = await failureOf(create(adapter({ timeoutMs: 250 })));
      const took = Date.now() - started;
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/no answer within 250 ms/);
      expect(took).toBeGreaterThanOrEqual(200);
      expect(took).toBeLessThan(5000);
    });

    it('when the answer is not JSON, then a retryable error', async () => {
      fake.failNext('malformed');
      const error = await failureOf(create());
      expect(error).toMatchObject({ retryable: true, status: 200 });
      expect(error.message).toMatch(/not JSON/);
    });

    it('when the answer is JSON of another shape, then a retryable error naming where', async () => {
      const odd = adapter({
        fetch: async () => new Response(JSON.stringify({ id: 'order_x', entity: 'order' })),
      });
      const error = await failureOf(create(odd));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/expected shape \(amount/);
    });

    it('when the answer is larger than the cap, then reading stops and a retryable error', async () => {
      fake.failNext('oversize');
      const error = await failureOf(create());
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/larger than 1048576 bytes/);
      // A declared length over the cap is refused before reading.
      const declared = adapter({
        maxResponseBytes: 10,
        fetch: async () => new Response('{"a":"0123456789"}', { headers: { 'content-length': '18' } }),
      });
      expect((await failureOf(create(declared))).message).toMatch(/larger than 10 bytes/);
    });

    it('when Razorpay answers a redirect, then it is not followed and the error is not retryable', async () => {
      fake.failNext('redirect');
      const before = fake.requests.length;
      const error = await failureOf(create());
      expect(error).toMatchObject({ retryable: false, status: 302 });
      expect(error.message).toMatch(/redirect .* not followed; check RAZORPAY_API_URL/);
      expect(fake.requests.length - before).toBe(1);
    });

    it('when nothing listens at the API URL, then a retryable network error', async () => {
      const gone = await startFakeRazorpay();
      const url = gone.url;
      await gone.close();
      const error = await failureOf(create(adapter({ apiUrl: url })));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/network error \(ECONNREFUSED\)/);
    });

    it('when an error is thrown or the adapter is printed, then the key secret never appears', async () => {
      fake.failNext(500);
      const error = await failureOf(create());
      for (const text of [error.message, String(error.stack), JSON.stringify(razorpay), inspect(razorpay)])
        expect(text).not.toContain(fake.keySecret);
      expect(inspect(razorpay)).toContain(fake.keyId);
    });
  });

  describe('checkout signature', () => {
    it('when the payer pays on Checkout, then its signature verifies; flipped, foreign or for another order it does not', async () => {
      const created = await order();
      const other = await order(100_000);
      const { paymentId, signature } = fake.simulatePayment(created.id, { outcome: 'success' });
      expect(signature).toBe(hmacHex(fake.keySecret, `${created.id}|${paymentId}`));
      const input = { providerOrderId: created.id, providerPaymentId: paymentId, signature };
      expect(razorpay.verifyCheckoutSignature(input)).toBe(true);
      expect(razorpay.verifyCheckoutSignature({ ...input, signature: flip(signature) })).toBe(false);
      expect(razorpay.verifyCheckoutSignature({ ...input, providerOrderId: other.id })).toBe(false);
      expect(razorpay.verifyCheckoutSignature({ ...input, signature: '' })).toBe(false);
      expect(adapter({ keySecret: 'another-secret-0000' }).verifyCheckoutSignature(input)).toBe(false);
    });
  });

  describe('webhooks', () => {
    let orderId: string;
    let paymentId: string;
    beforeAll(async () => {
      orderId = (await order(499_900)).id;
      paymentId = fake.simulatePayment(orderId, { outcome: 'success' }).paymentId;
    });
    const parse = (request: { rawBody: Buffer; headers: Record<string, string> }, provider = razorpay) =>
      provider.parseWebhook({
        rawBody: request.rawBody,
        signature: request.headers['x-razorpay-signature'],
        eventId: request.headers['x-razorpay-event-id'],
      });

    it('when payment.captured arrives signed over its raw body, then it parses with the header event id and a normalised payment', () => {
      const request = fake.webhookRequest('payment.captured', { paymentId });
      expect(request.headers['x-razorpay-signature']).toBe(hmacHex(fake.webhookSecret, request.rawBody));
      const event = parse(request);
      expect(event).toEqual({
        eventId: request.eventId,
        type: 'payment.captured',
        payment: {
          id: paymentId,
          orderId,
          amountMinor: 499_900,
          currency: 'INR',
          status: 'captured',
          method: 'card',
          errorDescription: null,
          createdAt: expect.any(Date),
        },
        order: null,
        refund: null,
        payload: JSON.parse(request.rawBody.toString('utf8')),
      });
    });

    it('when order.paid and refund.processed arrive, then their order and refund are normalised too', async () => {
      const paid = parse(fake.webhookRequest('order.paid', { paymentId, orderId }));
      expect(paid).toMatchObject({
        type: 'order.paid',
        order: { id: orderId, amountMinor: 499_900, currency: 'INR', status: 'paid', receipt: 'atelier-42' },
        payment: { id: paymentId, status: 'captured' },
      });
      const refund = await razorpay.refundPayment({
        paymentId,
        amountMinor: 1000,
        idempotencyKey: 'wh-refund',
      });
      const refunded = parse(fake.webhookRequest('refund.processed', { refundId: refund.id, paymentId }));
      expect(refunded).toMatchObject({
        type: 'refund.processed',
        refund: { id: refund.id, paymentId, amountMinor: 1000, currency: 'INR', status: 'processed' },
        payment: { id: paymentId },
      });
    });

    it('when payment.failed arrives, then its error description comes through (and "" becomes null elsewhere)', async () => {
      const failedOrder = await order(10_000);
      const failed = fake.simulatePayment(failedOrder.id, { outcome: 'failure' });
      const event = parse(fake.webhookRequest('payment.failed', { paymentId: failed.paymentId }));
      expect(event?.payment).toMatchObject({
        status: 'failed',
        errorDescription: expect.stringMatching(/cancelled/),
      });

      const body = Buffer.from(
        JSON.stringify({
          entity: 'event',
          event: 'payment.authorized',
          payload: {
            payment: {
              entity: {
                id: 'pay_X',
                entity: 'payment',
                amount: 100,
                currency: 'inr',
                status: 'authorized',
                order_id: 'order_X',
                method: '',
                error_description: '',
                notes: [],
                created_at: 1_700_000_000,
              },
            },
          },
        }),
      );
      const parsed = razorpay.parseWebhook({
        rawBody: body,
        signature: hmacHex(fake.webhookSecret, body),
        eventId: 'EvtX',
      });
      expect(parsed?.payment).toMatchObject({ currency: 'INR', method: null, errorDescription: null });
      expect(parsed?.payment?.createdAt.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    });

    it('when the x-razorpay-event-id header is missing, then a stable id is derived from the body HMAC', () => {
      const request = fake.webhookRequest('payment.captured', { paymentId });
      const withoutId = (r: typeof request) =>
        razorpay.parseWebhook({
          rawBody: r.rawBody,
          signature: r.headers['x-razorpay-signature'],
          eventId: undefined,
        });
      const first = withoutId(request);
      expect(first?.eventId).toBe(`body:${hmacHex(fake.webhookSecret, request.rawBody).slice(0, 40)}`);
      expect(withoutId(request)?.eventId).toBe(first?.eventId);
      expect(
        razorpay.parseWebhook({
          rawBody: request.rawBody,
          signature: request.headers['x-razorpay-signature'],
          eventId: 'not an id\n',
        })?.eventId,
      ).toBe(first?.eventId);
    });

    it('when the signature is flipped, missing, made with another secret, or the JSON is re-serialised, then null', () => {
      const request = fake.webhookRequest('payment.captured', { paymentId });
      const sig = request.headers['x-razorpay-signature']!;
      const tryWith = (rawBody: Buffer, signature: string | undefined) =>
        razorpay.parseWebhook({ rawBody, signature, eventId: request.eventId });
      expect(tryWith(request.rawBody, flip(sig))).toBeNull();
      expect(tryWith(request.rawBody, undefined)).toBeNull();
      expect(tryWith(request.rawBody, '')).toBeNull();
      expect(
        parse(fake.webhookRequest('payment.captured', { paymentId }, { secret: fake.keySecret })),
      ).toBeNull();
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(request.rawBody.toString('utf8'))), 'utf8');
      const pretty = Buffer.from(
        JSON.stringify(JSON.parse(request.rawBody.toString('utf8')), null, 2),
        'utf8',
      );
      expect(reserialised.equals(request.rawBody)).toBe(true); // compact JSON round-trips…
      expect(tryWith(pretty, sig)).toBeNull(); // …any other serialisation does not verify
    });

    it('when there is no webhook secret, then every webhook is refused', () => {
      const request = fake.webhookRequest('payment.captured', { paymentId });
      expect(parse(request, adapter({ webhookSecret: undefined }))).toBeNull();
    });

    it('when a correctly signed body is not JSON or not an event, then null', () => {
      for (const text of [
        'not json',
        '[]',
        '{"entity":"payment","id":"pay_X"}',
        '{"entity":"event","payload":{}}',
      ]) {
        const rawBody = Buffer.from(text);
        expect(
          razorpay.parseWebhook({ rawBody, signature: hmacHex(fake.webhookSecret, rawBody), eventId: 'E' }),
        ).toBeNull();
      }
    });

    it('when a signed event of another kind has entities we cannot read, then it is still an event, with them null', () => {
      const rawBody = Buffer.from(
        JSON.stringify({
          entity: 'event',
          event: 'payment.dispute.created',
          contains: ['payment', 'dispute'],
          payload: {
            payment: { entity: { id: 'pay_X', entity: 'payment', amount: 'lots' } },
            dispute: { entity: {} },
          },
          created_at: 1_700_000_000,
        }),
      );
      const event = razorpay.parseWebhook({
        rawBody,
        signature: hmacHex(fake.webhookSecret, rawBody),
        eventId: 'EvtD',
      });
      expect(event).toMatchObject({
        eventId: 'EvtD',
        type: 'payment.dispute.created',
        payment: null,
        order: null,
      });
    });

    it('when the fake sends a webhook to a URL, then it posts the signed raw body with Razorpay headers', async () => {
      const { createServer } = await import('node:http');
      const received: { headers: Record<string, unknown>; body: Buffer }[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks) });
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as { port: number }).port;
        const sent = await fake.sendWebhook(`http://127.0.0.1:${port}/hook`, 'order.paid', {
          paymentId,
          orderId,
        });
        expect(sent.status).toBe(200);
        const [request] = received;
        expect(request!.headers['x-razorpay-event-id']).toBe(sent.eventId);
        expect(
          razorpay.parseWebhook({
            rawBody: request!.body,
            signature: request!.headers['x-razorpay-signature'] as string,
            eventId: sent.eventId,
          })?.type,
        ).toBe('order.paid');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('composition', () => {
    it('when the Razorpay variables are set, then createPaymentProvider builds the adapter from them (API URL and timeout included)', async () => {
      const config = testConfig({ ...fake.env(), PAYMENT_PROVIDER_TIMEOUT_MS: '200' });
      const provider = createPaymentProvider(config, { db: undefined as never });
      expect(provider).toBeInstanceOf(RazorpayProvider);
      expect(provider.keyId).toBe(fake.keyId);
      const created = await provider.createOrder({
        amountMinor: 10_000,
        currency: 'INR',
        receipt: 'c',
        notes: {},
      });
      expect(fake.order(created.id)).toBeDefined();
      fake.failNext('timeout');
      expect(
        (
          await failureOf(
            provider.createOrder({ amountMinor: 10_000, currency: 'INR', receipt: 'c', notes: {} }),
          )
        ).message,
      ).toMatch(/no answer within 200 ms/);
      const request = fake.webhookRequest('order.paid', { orderId: created.id });
      expect(
        provider.parseWebhook({
          rawBody: request.rawBody,
          signature: request.headers['x-razorpay-signature'],
          eventId: request.eventId,
        })?.order?.id,
      ).toBe(created.id);
    });
  });
});
