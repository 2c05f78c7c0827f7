import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  collectionOf,
  RazorpayErrorSchema,
  RazorpayOrderSchema,
  RazorpayPaymentSchema,
  RazorpayRefundSchema,
  toProviderOrder,
  toProviderPayment,
  toProviderRefund,
} from './razorpay-wire.js';
import { parseRazorpayWebhook } from './razorpay-webhook.js';
import { verifyCheckoutSignature } from './signatures.js';
import {
  ProviderError,
  type PaymentProviderAdapter,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './types.js';

/*
 * The Razorpay adapter (decision 0014): Razorpay's documented REST API, nothing else.
 *
 *   POST /v1/orders                       { amount, currency, receipt, notes }   → order
 *   GET  /v1/orders/{id}/payments                                                → collection of payments
 *   GET  /v1/payments/{id}                                                       → payment
 *   POST /v1/payments/{id}/capture        { amount, currency }                   → payment
 *   GET  /v1/payments/{id}/refunds                                               → collection of refunds
 *   POST /v1/payments/{id}/refund         { amount, notes, receipt }             → refund
 *
 * Every call: HTTP basic auth (key id : key secret), JSON, amounts in minor units, a deadline
 * (`timeoutMs`, through an AbortSignal that also bounds reading the body), no redirect followed
 * (`redirect: 'manual'`; a 3xx is an error), a cap on the answer's size, and the answer validated
 * with zod. Failures are `ProviderError`s: retryable for timeouts, network errors, 429, 5xx and
 * unreadable answers; not for other 4xx or a redirect. Nothing here runs inside a database
 * transaction, and nothing here logs: the key secret only ever leaves in the Authorization header.
 *
 * Refund idempotency: Razorpay documents no idempotency header for refunds. The caller's
 * idempotency key is sent as the refund's `receipt` (hashed to fit Razorpay's 40 characters when
 * longer) and as an `X-Refund-Idempotency` header (which Razorpay ignores and the local fake
 * honours). Before creating a refund the adapter lists the payment's refunds and returns the one
 * whose receipt is that key, so a retried refund — after a timeout whose refund did go through —
 * is a no-op. Two concurrent calls with the same key are the caller's to prevent (the payments
 * module holds the key in its `refunds` table, unique).
 *
 * Capture idempotency: capturing a payment that is already captured is an error at Razorpay; the
 * adapter then reads the payment and answers it when it is captured for the same amount and
 * currency, so a retried capture is a no-op too.
 */

/** Largest answer read from Razorpay (1 MiB); a larger one is an error. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Razorpay's limits on `receipt` and `notes`. */
export const RECEIPT_MAX_LENGTH = 40;
export const NOTES_MAX_ENTRIES = 15;
export const NOTE_MAX_LENGTH = 256;

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** Unset: every webhook is refused (refused at start in production). */
  webhookSecret: string | undefined;
  /** e.g. `https://api.razorpay.com` (no trailing slash needed). */
  apiUrl: string;
  timeoutMs: number;
  maxResponseBytes?: number;
  /** The fetch implementation (tests). */
  fetch?: typeof fetch;
}

/** The refund `receipt` that carries an idempotency key: the key itself, or `idem_` + its SHA-256 when too long. */
export function refundReceiptFor(idempotencyKey: string): string {
  if (idempotencyKey.length <= RECEIPT_MAX_LENGTH) return idempotencyKey;
  return `idem_${createHash('sha256').update(idempotencyKey, 'utf8').digest('base64url').slice(0, 35)}`;
}

const invalid = (message: string) => new ProviderError(message, false);

/** Input checks shared with the sandbox: what Razorpay would refuse is refused before any call. */
export function checkAmount(amountMinor: number, what = 'amountMinor'): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw invalid(`${what} must be a positive integer in minor units`);
}

export function checkCurrency(currency: string): void {
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency must be an ISO 4217 code in upper case');
}

export function checkNotes(notes: Record<string, string>): void {
  const entries = Object.entries(notes);
  if (entries.length > NOTES_MAX_ENTRIES)
    throw invalid(`notes may have at most ${NOTES_MAX_ENTRIES} entries`);
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || value.length > NOTE_MAX_LENGTH || key.length > NOTE_MAX_LENGTH)
      throw invalid(`note ${key.slice(0, 40)} must be a string of at most ${NOTE_MAX_LENGTH} characters`);
  }
}

/** An id in a path: Razorpay ids are letters, digits and underscores. */
function pathId(id: string): string {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(id)) throw invalid('not a Razorpay id');
  return id;
}

/** The body of `response`, at most `max` bytes; `truncated` when there was more. */
async function readCapped(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return { text: '', truncated: true };
  }
  if (!response.body) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream: nothing more is read.
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > max) return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A short, log-safe account of a network failure (the cause's code, never a header). */
function networkCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown';
}

/** The Razorpay adapter of the payment provider seam. */
export class RazorpayProvider implements PaymentProviderAdapter {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  readonly #keySecret: string;
  readonly #webhookSecret: string | undefined;
  readonly #apiUrl: string;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #fetch: typeof fetch;
  readonly #authorization: string;

  constructor(options: RazorpayOptions) {
    if (!options.keyId || !options.keySecret) throw new Error('Razorpay needs a key id and a key secret');
    this.keyId = options.keyId;
    this.#keySecret = options.keySecret;
    this.#webhookSecret = options.webhookSecret || undefined;
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.#fetch = options.fetch ?? fetch;
    this.#authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`, 'utf8').toString('base64')}`;
  }

  /** Keeps the secrets out of `console.log`, `util.inspect` and JSON. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, keyId: this.keyId, apiUrl: this.#apiUrl };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `RazorpayProvider { keyId: '${this.keyId}', apiUrl: '${this.#apiUrl}' }`;
  }

  /**
   * One call to Razorpay: `operation` names it in errors (`POST /v1/orders`); the answer is
   * validated with `schema`.
   */
  async #call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    operation: string,
    schema: S,
    body?: Record<string, unknown>,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.output<S>> {
    const what = `Razorpay ${operation}`;
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    let answer: { text: string; truncated: boolean };
    try {
      response = await this.#fetch(`${this.#apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.#authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...extraHeaders,
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal,
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError(
          `${what}: answered a redirect (HTTP ${response.status}), which is not followed; check RAZORPAY_API_URL`,
          false,
          response.status || undefined,
        );
      }
      answer = await readCapped(response, this.#maxBytes);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (isTimeout(error) || signal.aborted)
        throw new ProviderError(`${what}: no answer within ${this.#timeoutMs} ms`, true);
      throw new ProviderError(`${what}: network error (${networkCause(error)})`, true);
    }

    const { status } = response;
    if (status < 200 || status >= 300) {
      let code: string | undefined;
      let description = '';
      try {
        const parsed = RazorpayErrorSchema.safeParse(JSON.parse(answer.text));
        if (parsed.success) {
          code = parsed.data.error.code;
          description = (parsed.data.error.description ?? '').slice(0, 300);
        }
      } catch {
        // not JSON: the status says enough
      }
      const retryable = status === 429 || status >= 500;
      throw new ProviderError(
        `${what}: HTTP ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
        retryable,
        status,
        code,
      );
    }
    if (answer.truncated)
      throw new ProviderError(`${what}: answer larger than ${this.#maxBytes} bytes`, true, status);
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      throw new ProviderError(`${what}: answer is not JSON`, true, status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => issue.path.join('.') || '(root)')
        .join(', ');
      throw new ProviderError(`${what}: answer does not have the expected shape (${where})`, true, status);
    }
    return parsed.data;
  }

  async createOrder(input: {
    amountMinor: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    checkAmount(input.amountMinor);
    checkCurrency(input.currency);
    if (input.receipt.length > RECEIPT_MAX_LENGTH)
      throw invalid(`receipt must be at most ${RECEIPT_MAX_LENGTH} characters`);
    checkNotes(input.notes);
    const order = await this.#call('POST', '/v1/orders', 'POST /v1/orders', RazorpayOrderSchema, {
      amount: input.amountMinor,
      currency: input.currency,
      receipt: input.receipt,
      notes: input.notes,
    });
    // Rule 1: the provider's order amount equals the stored amount.
    if (order.amount !== input.amountMinor || order.currency !== input.currency)
      throw new ProviderError(
        `Razorpay POST /v1/orders: the order was created for ${order.amount} ${order.currency}, not ${input.amountMinor} ${input.currency}`,
        false,
      );
    return toProviderOrder(order);
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const id = pathId(providerOrderId);
    const collection = await this.#call(
      'GET',
      `/v1/orders/${id}/payments`,
      'GET /v1/orders/{id}/payments',
      collectionOf(RazorpayPaymentSchema),
    );
    return collection.items
      .map(toProviderPayment)
      .filter((p): p is ProviderPayment => p !== null && p.orderId === providerOrderId);
  }

  async capturePayment(input: {
    paymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<ProviderPayment> {
    const id = pathId(input.paymentId);
    checkAmount(input.amountMinor);
    checkCurrency(input.currency);
    let payment;
    try {
      payment = await this.#call(
        'POST',
        `/v1/payments/${id}/capture`,
        'POST /v1/payments/{id}/capture',
        RazorpayPaymentSchema,
        { amount: input.amountMinor, currency: input.currency },
      );
    } catch (error) {
      // Already captured (a retry, or captured automatically): answer the payment as it is.
      if (!(error instanceof ProviderError) || error.status !== 400) throw error;
      const current = await this.#call(
        'GET',
        `/v1/payments/${id}`,
        'GET /v1/payments/{id}',
        RazorpayPaymentSchema,
      );
      const captured = current.status === 'captured' || current.status === 'refunded';
      if (!captured || current.amount !== input.amountMinor || current.currency !== input.currency)
        throw error;
      payment = current;
    }
    const normalised = toProviderPayment(payment);
    if (!normalised)
      throw new ProviderError('Razorpay POST /v1/payments/{id}/capture: the payment has no order', false);
    return normalised;
  }

  async refundPayment(input: {
    paymentId: string;
    amountMinor: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund> {
    const id = pathId(input.paymentId);
    checkAmount(input.amountMinor);
    if (!/^[\x21-\x7e]{1,255}$/.test(input.idempotencyKey))
      throw invalid('idempotencyKey must be 1–255 printable ASCII characters');
    const notes = input.notes ?? {};
    checkNotes(notes);
    const receipt = refundReceiptFor(input.idempotencyKey);

    const existing = await this.#call(
      'GET',
      `/v1/payments/${id}/refunds`,
      'GET /v1/payments/{id}/refunds',
      collectionOf(RazorpayRefundSchema),
    );
    const earlier = existing.items.find((r) => r.receipt === receipt);
    const refund =
      earlier ??
      (await this.#call(
        'POST',
        `/v1/payments/${id}/refund`,
        'POST /v1/payments/{id}/refund',
        RazorpayRefundSchema,
        { amount: input.amountMinor, notes, receipt },
        { 'x-refund-idempotency': input.idempotencyKey },
      ));
    if (refund.amount !== input.amountMinor || refund.payment_id !== input.paymentId)
      throw new ProviderError(
        `Razorpay refund ${refund.id}: idempotency key already used for ${refund.amount} on ${refund.payment_id}`,
        false,
      );
    return toProviderRefund(refund);
  }

  verifyCheckoutSignature(input: {
    providerOrderId: string;
    providerPaymentId: string;
    signature: string;
  }): boolean {
    return verifyCheckoutSignature(input, this.#keySecret);
  }

  parseWebhook(input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined }) {
    return parseRazorpayWebhook(input, this.#webhookSecret);
  }
}
