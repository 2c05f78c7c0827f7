import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  eventBody,
  orderEntity,
  paymentEntity,
  razorpayId,
  refundEntity,
  type OrderSnapshot,
  type PaymentSnapshot,
  type RefundSnapshot,
} from '../razorpay-wire.js';
import { checkoutSignature, webhookSignature } from '../signatures.js';

/*
 * A local HTTP fake of Razorpay's API (decision 0014), for tests and `npm run bench`: node:http on
 * 127.0.0.1, an ephemeral port, state in memory. It speaks the endpoints the adapter uses, with
 * HTTP basic auth (key id : key secret) and Razorpay's entities, ids (`order_…`, `pay_…`,
 * `rfnd_…`), validation messages and error bodies:
 *
 *   POST /v1/orders · GET /v1/orders/{id} · GET /v1/orders/{id}/payments · GET /v1/payments/{id}
 *   POST /v1/payments/{id}/capture · POST /v1/payments/{id}/refund · GET /v1/payments/{id}/refunds
 *
 * Test controls: `simulatePayment` (the payer on Razorpay Checkout; answers the payment id and the
 * checkout signature, amount and currency overridable to fake a tampered payment), `failNext`
 * (an HTTP status, a timeout, a malformed or oversized answer, a redirect — before or after the
 * request takes effect), `webhookRequest` / `sendWebhook` (a webhook signed with the webhook
 * secret, with an `x-razorpay-event-id`), and `requests` (every request received, in order).
 *
 * Refunds honour an `X-Refund-Idempotency` header: the same key answers the same refund. (Real
 * Razorpay documents no such header; the adapter does not depend on it — see razorpay.ts.)
 */

export type FakeFailure = number | 'timeout' | 'malformed' | 'redirect' | 'oversize';

export interface FakeRequest {
  method: string;
  /** Path and query, e.g. `/v1/orders`. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON (undefined when empty or not JSON). */
  body: unknown;
}

export interface FakeRazorpayOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  clock?: () => Date;
}

type FakeOrder = OrderSnapshot;
type FakePayment = PaymentSnapshot;
type FakeRefund = RefundSnapshot & { idempotencyKey: string | null };

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

const badRequest = (description: string, field?: string) => new HttpError(400, description, field);
const MAX_REQUEST_BYTES = 1024 * 1024;
/** Size of the `oversize` answer (2 MiB, over the adapter's 1 MiB cap). */
const OVERSIZE_BYTES = 2 * 1024 * 1024;

function errorBody(status: number, description: string, field?: string): string {
  const code = status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR';
  return JSON.stringify({
    error: {
      code,
      description,
      source: status >= 500 ? 'internal' : 'business',
      step: 'payment_initiation',
      reason: status >= 500 ? 'server_error' : 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notesOf(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isRecord(value)) throw badRequest('notes should be an object', 'notes');
  const entries = Object.entries(value);
  if (entries.length > 15) throw badRequest('Number of notes should be less than or equal to 15', 'notes');
  const notes: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string' && typeof v !== 'number')
      throw badRequest(`notes.${key} must be a string`, 'notes');
    const text = String(v);
    if (text.length > 256) throw badRequest(`notes.${key} may not be greater than 256 characters`, 'notes');
    notes[key] = text;
  }
  return notes;
}

function amountOf(value: unknown, currency: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw badRequest('The amount must be an integer.', 'amount');
  if (value < 100) throw badRequest(`The amount must be at least ${currency} 1.00`, 'amount');
  return value;
}

/** A running fake of Razorpay. */
export class FakeRazorpay {
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  /** Every request received, oldest first. */
  readonly requests: FakeRequest[] = [];
  readonly #orders = new Map<string, FakeOrder>();
  readonly #payments = new Map<string, FakePayment>();
  readonly #refunds = new Map<string, FakeRefund>();
  readonly #failures: { mode: FakeFailure; afterEffect: boolean; method?: string; path?: RegExp }[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #clock: () => Date;
  #server: Server | undefined;
  #url = '';

  private constructor(options: FakeRazorpayOptions) {
    // Made per fake, so no credential-shaped literal is committed.
    this.keyId = options.keyId ?? `rzp_test_${randomBytes(7).toString('hex')}`;
    this.keySecret = options.keySecret ?? randomBytes(16).toString('hex');
    this.webhookSecret = options.webhookSecret ?? randomBytes(16).toString('hex');
    this.#clock = options.clock ?? (() => new Date());
  }

  /** Starts a fake on 127.0.0.1 and an ephemeral port. */
  static async start(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
    const fake = new FakeRazorpay(options);
    const server = createServer((req, res) => void fake.#handle(req, res));
    server.on('connection', (socket) => {
      fake.#sockets.add(socket);
      socket.once('close', () => fake.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    fake.#server = server;
    fake.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  /** `http://127.0.0.1:{port}`: RAZORPAY_API_URL. */
  get url(): string {
    return this.#url;
  }

  /**
   * The environment that points the app at this fake, e.g.
   * `createTestApp({ env: { ...fake.env(), PAYMENT_PROVIDER_TIMEOUT_MS: '500' } })`.
   */
  env(): Record<string, string> {
    return {
      RAZORPAY_KEY_ID: this.keyId,
      RAZORPAY_KEY_SECRET: this.keySecret,
      RAZORPAY_WEBHOOK_SECRET: this.webhookSecret,
      RAZORPAY_API_URL: this.#url,
    };
  }

  /** Stops listening and cuts every open connection (held `timeout` requests included). */
  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The next request (or the next `times`) fails: an HTTP status with Razorpay's error body,
   * `timeout` (no answer, ever), `malformed` (200 with broken JSON), `redirect` (302 elsewhere) or
   * `oversize` (200 with a 2 MiB body, no length declared). With `afterEffect` the request is first
   * carried out (an order created, a refund made), and only its answer is lost. `method` and `path`
   * restrict it to the next matching request (others pass).
   */
  failNext(
    mode: FakeFailure,
    options: { times?: number; afterEffect?: boolean; method?: string; path?: RegExp } = {},
  ): void {
    const { times = 1, afterEffect = false, method, path } = options;
    for (let i = 0; i < times; i++) this.#failures.push({ mode, afterEffect, method, path });
  }

  /** The fake's order, payment or refund (for assertions), as Razorpay would show it. */
  order(id: string): Record<string, unknown> | undefined {
    const order = this.#orders.get(id);
    return order && orderEntity(order);
  }

  payment(id: string): Record<string, unknown> | undefined {
    const payment = this.#payments.get(id);
    return payment && paymentEntity(payment);
  }

  refunds(paymentId: string): Record<string, unknown>[] {
    return [...this.#refunds.values()].filter((r) => r.paymentId === paymentId).map((r) => refundEntity(r));
  }

  /**
   * The payer on Razorpay Checkout: a payment on `orderId` — captured (default), only authorized
   * (`capture: false`), or failed. Answers its id and the checkout signature (empty for a failure).
   * `amountMinor` and `currency` default to the order's; override them to fake a payment that does
   * not match its order.
   */
  simulatePayment(
    orderId: string,
    input: {
      outcome: 'success' | 'failure';
      amountMinor?: number;
      currency?: string;
      capture?: boolean;
      method?: string;
    },
  ): { paymentId: string; signature: string } {
    const order = this.#orders.get(orderId);
    if (!order) throw new Error(`FakeRazorpay: no order ${orderId}`);
    const success = input.outcome === 'success';
    const capture = input.capture ?? true;
    const payment: FakePayment = {
      id: razorpayId('pay'),
      orderId,
      amountMinor: input.amountMinor ?? order.amountMinor,
      currency: input.currency ?? order.currency,
      status: !success ? 'failed' : capture ? 'captured' : 'authorized',
      method: input.method ?? 'card',
      amountRefundedMinor: 0,
      errorCode: success ? null : 'BAD_REQUEST_ERROR',
      errorDescription: success
        ? null
        : 'Your payment has been cancelled. Try again or complete the payment later.',
      vpa: null,
      email: 'void@razorpay.com',
      contact: '+919999999999',
      createdAt: this.#clock(),
    };
    this.#payments.set(payment.id, payment);
    order.attempts += 1;
    if (payment.status === 'captured') {
      order.status = 'paid';
      order.amountPaidMinor = payment.amountMinor;
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    return {
      paymentId: payment.id,
      signature: success ? checkoutSignature(orderId, payment.id, this.keySecret) : '',
    };
  }

  /**
   * A webhook as Razorpay sends it: the body (entities as they are now, shaped by `event`), signed
   * with the webhook secret (or `opts.secret`), with an event id (`opts.eventId` to repeat one).
   */
  webhookRequest(
    event: string,
    entities: { paymentId?: string; orderId?: string; refundId?: string },
    opts: { eventId?: string; secret?: string } = {},
  ): { rawBody: Buffer; headers: Record<string, string>; eventId: string } {
    const found = <T>(map: Map<string, T>, id: string | undefined, what: string): T | undefined => {
      if (id === undefined) return undefined;
      const value = map.get(id);
      if (!value) throw new Error(`FakeRazorpay: no ${what} ${id}`);
      return value;
    };
    const payment = found(this.#payments, entities.paymentId, 'payment');
    const order = found(this.#orders, entities.orderId, 'order');
    const refund = found(this.#refunds, entities.refundId, 'refund');
    const eventId = opts.eventId ?? razorpayId();
    const body = eventBody(
      event,
      {
        payment: payment && paymentEntity(payment),
        order: order && orderEntity(order),
        refund: refund && refundEntity(refund),
      },
      this.#clock(),
      'acc_FakeRazorpay001',
    );
    const rawBody = Buffer.from(body, 'utf8');
    return {
      rawBody,
      eventId,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Razorpay-Webhook/v1',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': webhookSignature(rawBody, opts.secret ?? this.webhookSecret),
      },
    };
  }

  /** Posts `webhookRequest(event, entities, opts)` to `url`; answers the status and body. */
  async sendWebhook(
    url: string,
    event: string,
    entities: { paymentId?: string; orderId?: string; refundId?: string },
    opts: { eventId?: string; secret?: string } = {},
  ): Promise<{ status: number; body: string; eventId: string }> {
    const { rawBody, headers, eventId } = this.webhookRequest(event, entities, opts);
    const response = await fetch(url, { method: 'POST', headers, body: rawBody, redirect: 'manual' });
    return { status: response.status, body: await response.text(), eventId };
  }

  // -------------------------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_REQUEST_BYTES) throw new HttpError(413, 'Request entity too large');
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof HttpError)
        return this.#send(res, error.status, errorBody(error.status, error.description));
      return;
    }
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    this.requests.push({ method, path, headers: req.headers, rawBody, body });

    const at = this.#failures.findIndex(
      (f) => (!f.method || f.method === method) && (!f.path || f.path.test(path)),
    );
    const failure = at >= 0 ? this.#failures.splice(at, 1)[0] : undefined;
    if (failure && !failure.afterEffect) return this.#fail(res, failure.mode);

    let status = 200;
    let answer: string;
    try {
      this.#authenticate(req.headers.authorization);
      if (rawBody && body === undefined) throw badRequest('The request body is not valid JSON');
      answer = JSON.stringify(this.#route(method, path.split('?')[0] ?? '', body, req.headers));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      answer = errorBody(error.status, error.description, error.field);
    }
    if (failure) return this.#fail(res, failure.mode);
    this.#send(res, status, answer);
  }

  #send(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  #fail(res: ServerResponse, mode: FakeFailure): void {
    if (mode === 'timeout') return; // never answered; close() cuts the connection
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": "order_');
      return;
    }
    if (mode === 'redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1:9/v1/orders', 'content-length': 0 });
      res.end();
      return;
    }
    if (mode === 'oversize') {
      // Valid JSON, sent in pieces without a declared length.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"pad":"');
      const piece = 'a'.repeat(64 * 1024);
      for (let sent = 0; sent < OVERSIZE_BYTES; sent += piece.length) res.write(piece);
      res.end('"}');
      return;
    }
    const description =
      mode === 429
        ? 'Too many requests'
        : mode >= 500
          ? 'The server encountered an error. The incident has been reported to admins'
          : 'The request was refused';
    this.#send(res, mode, errorBody(mode, description));
  }

  #authenticate(header: string | undefined): void {
    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    if (header !== expected) throw new HttpError(401, 'Authentication failed');
  }

  #route(method: string, path: string, body: unknown, headers: IncomingHttpHeaders): unknown {
    const input = isRecord(body) ? body : {};
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/orders') return this.#createOrder(input);
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)$/)))
      return orderEntity(this.#order(m[1]!));
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const order = this.#order(m[1]!);
      const items = [...this.#payments.values()]
        .filter((p) => p.orderId === order.id)
        .map((p) => paymentEntity(p));
      return { entity: 'collection', count: items.length, items };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)$/)))
      return paymentEntity(this.#payment(m[1]!));
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/capture$/)))
      return this.#capture(this.#payment(m[1]!), input);
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/)))
      return this.#refund(this.#payment(m[1]!), input, headers['x-refund-idempotency']);
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      const items = this.refunds(this.#payment(m[1]!).id);
      return { entity: 'collection', count: items.length, items };
    }
    throw new HttpError(404, 'The requested URL was not found on the server.');
  }

  #order(id: string): FakeOrder {
    const order = this.#orders.get(id);
    if (!order) throw badRequest('The id provided does not exist', 'id');
    return order;
  }

  #payment(id: string): FakePayment {
    const payment = this.#payments.get(id);
    if (!payment) throw badRequest('The id provided does not exist', 'id');
    return payment;
  }

  #createOrder(input: Record<string, unknown>): unknown {
    const currency = input.currency;
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw badRequest('The currency field is required.', 'currency');
    const amountMinor = amountOf(input.amount, currency);
    const receipt = input.receipt;
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
      throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
    const order: FakeOrder = {
      id: razorpayId('order'),
      amountMinor,
      amountPaidMinor: 0,
      currency,
      receipt: receipt ?? null,
      status: 'created',
      attempts: 0,
      notes: notesOf(input.notes),
      createdAt: this.#clock(),
    };
    this.#orders.set(order.id, order);
    return orderEntity(order);
  }

  #capture(payment: FakePayment, input: Record<string, unknown>): unknown {
    if (payment.status === 'captured' || payment.status === 'refunded')
      throw badRequest('This payment has already been captured');
    if (payment.status !== 'authorized')
      throw badRequest('Only payments which have been authorized and not yet captured can be captured');
    if (input.amount !== payment.amountMinor)
      throw badRequest('Capture amount must be equal to the amount authorized', 'amount');
    if (input.currency !== payment.currency)
      throw badRequest('Currency should be same as payment currency', 'currency');
    payment.status = 'captured';
    const order = this.#orders.get(payment.orderId);
    if (order) {
      order.status = 'paid';
      order.amountPaidMinor = payment.amountMinor;
    }
    return paymentEntity(payment);
  }

  #refund(payment: FakePayment, input: Record<string, unknown>, key: string | string[] | undefined): unknown {
    const idempotencyKey = typeof key === 'string' ? key : null;
    if (idempotencyKey) {
      const earlier = [...this.#refunds.values()].find((r) => r.idempotencyKey === idempotencyKey);
      if (earlier) return refundEntity(earlier);
    }
    if (payment.status !== 'captured')
      throw badRequest('The payment has not been captured or has been fully refunded');
    const remaining = payment.amountMinor - payment.amountRefundedMinor;
    const amountMinor = input.amount === undefined ? remaining : input.amount;
    if (typeof amountMinor !== 'number' || !Number.isInteger(amountMinor) || amountMinor < 1)
      throw badRequest('The amount must be an integer greater than 0.', 'amount');
    if (amountMinor > remaining)
      throw badRequest('The refund amount provided is greater than amount captured', 'amount');
    const receipt = input.receipt;
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
      throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
    const refund: FakeRefund = {
      id: razorpayId('rfnd'),
      paymentId: payment.id,
      amountMinor,
      currency: payment.currency,
      receipt: receipt ?? null,
      status: 'processed',
      notes: notesOf(input.notes),
      createdAt: this.#clock(),
      idempotencyKey,
    };
    this.#refunds.set(refund.id, refund);
    payment.amountRefundedMinor += amountMinor;
    if (payment.amountRefundedMinor >= payment.amountMinor) payment.status = 'refunded';
    return refundEntity(refund);
  }
}

/** Starts a fake of Razorpay (see `FakeRazorpay`). */
export function startFakeRazorpay(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  return FakeRazorpay.start(options);
}
