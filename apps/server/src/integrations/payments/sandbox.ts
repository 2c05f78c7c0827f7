import { createHmac } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sandboxOrders, sandboxPayments, sandboxRefunds } from '../../db/schema/index.js';
import { enqueue, PermanentJobError, type JobHandler, type JobWriter } from '../../platform/jobs/index.js';
import { checkAmount, checkCurrency, checkNotes, RECEIPT_MAX_LENGTH, refundReceiptFor } from './razorpay.js';
import {
  eventBody,
  orderEntity,
  paymentEntity,
  razorpayId,
  refundEntity,
  type OrderSnapshot,
  type PaymentSnapshot,
  type RefundSnapshot,
} from './razorpay-wire.js';
import { parseRazorpayWebhook } from './razorpay-webhook.js';
import { checkoutSignature, verifyCheckoutSignature, webhookSignature } from './signatures.js';
import {
  ProviderError,
  type PaymentProviderAdapter,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderWebhookEvent,
} from './types.js';

/*
 * The sandbox payment provider (decision 0014): the default when no Razorpay keys are set, so that
 * `npm start` sells offline. It behaves as Razorpay does, with its books in the database
 * (`sandbox_orders`, `sandbox_payments`, `sandbox_refunds`) so that several instances agree:
 *
 * - `createOrder` makes an `order_…` for the amount and currency asked (Razorpay's limits: at
 *   least 100 minor units, receipt ≤ 40 characters, ≤ 15 notes);
 * - `pay({ providerOrderId, outcome })` is the payer choosing success or failure on the sandbox
 *   checkout page: it records a `pay_…` (captured, or failed), marks the order paid (or attempted),
 *   and answers what Razorpay Checkout hands the browser — the checkout signature
 *   hex(HMAC-SHA256(order_id|payment_id, key secret)), empty for a failure;
 * - in the same transaction it enqueues the webhooks Razorpay would send — success:
 *   `payment.authorized`, `payment.captured`, `order.paid`; failure: `payment.failed`; a refund:
 *   `refund.processed` — each a Razorpay-shaped body with its own event id, signed with the
 *   webhook secret. The `sandbox.webhook` job delivers each through `deliver` (the composition root
 *   posts it through the application's own HTTP stack to `/api/payment/webhook/razorpay`), so the
 *   same verification and processing code runs as for Razorpay. Jobs run concurrently and are
 *   retried on failure, so events arrive in any order and possibly more than once — as Razorpay's do;
 * - `fetchOrderPayments`, `capturePayment` and `refundPayment` work on its tables.
 *
 * Secrets: the key secret and the webhook secret are HMAC-SHA256(APP_SECRET, label) with distinct
 * labels, unless SANDBOX_KEY_SECRET / SANDBOX_WEBHOOK_SECRET are set. `keyId` is `sandbox`.
 */

export const SANDBOX_KEY_ID = 'sandbox';
export const SANDBOX_WEBHOOK_TOPIC = 'sandbox.webhook';
/** Razorpay's smallest order: 100 minor units (₹1.00, $1.00). */
export const SANDBOX_MIN_AMOUNT_MINOR = 100;
/** Deliveries of one sandbox webhook before its job goes dead. */
const WEBHOOK_MAX_ATTEMPTS = 8;

const KEY_SECRET_LABEL = 'atelier/payments/sandbox/key-secret/v1';
const WEBHOOK_SECRET_LABEL = 'atelier/payments/sandbox/webhook-secret/v1';

/** The sandbox's secrets: given ones, or derived from APP_SECRET with distinct labels. */
export function sandboxSecrets(
  appSecret: string,
  given: { keySecret?: string; webhookSecret?: string } = {},
): { keySecret: string; webhookSecret: string } {
  const derive = (label: string) => createHmac('sha256', appSecret).update(label, 'utf8').digest('hex');
  return {
    keySecret: given.keySecret || derive(KEY_SECRET_LABEL),
    webhookSecret: given.webhookSecret || derive(WEBHOOK_SECRET_LABEL),
  };
}

export interface SandboxOptions {
  db: Db;
  keySecret: string;
  webhookSecret: string;
  clock?: () => Date;
}

/** What `pay` answers: Razorpay Checkout's handler fields, and the outcome. */
export interface SandboxPayResult {
  providerOrderId: string;
  providerPaymentId: string;
  /** The checkout signature; empty for a failed payment. */
  signature: string;
  outcome: 'success' | 'failure';
}

/** The job of one webhook: the exact bytes to send and their headers' values. */
const WebhookJobPayload = z.object({
  eventId: z.string().min(1),
  event: z.string().min(1),
  body: z.string().min(1),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * Sends one webhook (raw body and headers) to the application's webhook route; answers the HTTP
 * status. Given by the composition root (`app.inject`).
 */
export type SandboxWebhookDelivery = (
  rawBody: Buffer,
  headers: Record<string, string>,
) => Promise<{ statusCode: number }>;

const badRequest = (description: string) =>
  new ProviderError(`Sandbox: BAD_REQUEST_ERROR: ${description}`, false, 400, 'BAD_REQUEST_ERROR');

type OrderRow = typeof sandboxOrders.$inferSelect;
type PaymentRow = typeof sandboxPayments.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

const PAYER = { email: 'payer@sandbox.invalid', contact: '+919999999999' };

function orderSnapshot(row: OrderRow, changes: Partial<OrderSnapshot> = {}): OrderSnapshot {
  return {
    id: row.providerOrderId,
    amountMinor: row.amountMinor,
    amountPaidMinor: row.amountPaidMinor,
    currency: row.currency,
    receipt: row.receipt,
    status: row.status,
    attempts: row.attempts,
    notes: row.notes,
    createdAt: row.createdAt,
    ...changes,
  };
}

function paymentSnapshot(row: PaymentRow, changes: Partial<PaymentSnapshot> = {}): PaymentSnapshot {
  return {
    id: row.providerPaymentId,
    orderId: row.providerOrderId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    method: row.method,
    amountRefundedMinor: row.amountRefundedMinor,
    errorCode: row.errorCode,
    errorDescription: row.errorDescription,
    vpa: row.status === 'failed' ? 'failure@sandbox' : 'success@sandbox',
    ...PAYER,
    createdAt: row.createdAt,
    ...changes,
  };
}

function refundSnapshot(row: RefundRow): RefundSnapshot {
  return {
    id: row.providerRefundId,
    paymentId: row.providerPaymentId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    receipt: row.receipt,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt,
  };
}

function toPayment(row: PaymentRow): ProviderPayment {
  return {
    id: row.providerPaymentId,
    orderId: row.providerOrderId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    method: row.method,
    errorDescription: row.errorDescription,
    createdAt: row.createdAt,
  };
}

function toOrder(row: OrderRow): ProviderOrder {
  return {
    id: row.providerOrderId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    receipt: row.receipt ?? '',
    status: row.status,
  };
}

function toRefund(row: RefundRow): ProviderRefund {
  return {
    id: row.providerRefundId,
    paymentId: row.providerPaymentId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
  };
}

/** The sandbox adapter of the payment provider seam, plus `pay` (the sandbox checkout page's choice). */
export class SandboxProvider implements PaymentProviderAdapter {
  readonly name = 'sandbox' as const;
  readonly keyId = SANDBOX_KEY_ID;
  readonly #db: Db;
  readonly #keySecret: string;
  readonly #webhookSecret: string;
  readonly #clock: () => Date;

  constructor(options: SandboxOptions) {
    if (!options.keySecret || !options.webhookSecret) throw new Error('The sandbox needs its two secrets');
    this.#db = options.db;
    this.#keySecret = options.keySecret;
    this.#webhookSecret = options.webhookSecret;
    this.#clock = options.clock ?? (() => new Date());
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, keyId: this.keyId };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `SandboxProvider { keyId: '${this.keyId}' }`;
  }

  /** Enqueues one Razorpay-shaped webhook, signed, with its own event id, in `tx`. */
  async #enqueueWebhook(
    tx: JobWriter,
    event: string,
    entities: { payment?: object; order?: object; refund?: object },
  ): Promise<void> {
    const eventId = razorpayId();
    const body = eventBody(event, entities, this.#clock());
    await enqueue(tx, {
      topic: SANDBOX_WEBHOOK_TOPIC,
      payload: { eventId, event, body, signature: webhookSignature(body, this.#webhookSecret) },
      dedupeKey: `${SANDBOX_WEBHOOK_TOPIC}:${eventId}`,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  }

  async createOrder(input: {
    amountMinor: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    checkAmount(input.amountMinor);
    checkCurrency(input.currency);
    checkNotes(input.notes);
    if (input.receipt.length > RECEIPT_MAX_LENGTH)
      throw badRequest(`receipt: the receipt may not be greater than ${RECEIPT_MAX_LENGTH} characters`);
    if (input.amountMinor < SANDBOX_MIN_AMOUNT_MINOR)
      throw badRequest(`amount: The amount must be at least ${input.currency} 1.00`);
    const [row] = await this.#db
      .insert(sandboxOrders)
      .values({
        providerOrderId: razorpayId('order'),
        amountMinor: input.amountMinor,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes,
        createdAt: this.#clock(),
      })
      .returning();
    return toOrder(row!);
  }

  /** The sandbox order (the sandbox checkout page shows its amount), or null. */
  async getOrder(providerOrderId: string): Promise<ProviderOrder | null> {
    const [row] = await this.#db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.providerOrderId, providerOrderId));
    return row ? toOrder(row) : null;
  }

  /**
   * The payer's choice on the sandbox checkout page. Success: a captured payment (or only
   * authorized with `capture: false`, which then needs `capturePayment`), the order paid, and the
   * checkout signature. Failure: a failed payment, the order `attempted` (open for another try, as
   * at Razorpay), and an empty signature. A paid order takes no further payment (400).
   */
  async pay(input: {
    providerOrderId: string;
    outcome: 'success' | 'failure';
    capture?: boolean;
  }): Promise<SandboxPayResult> {
    const success = input.outcome === 'success';
    const capture = input.capture ?? true;
    return this.#db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.providerOrderId, input.providerOrderId))
        .for('update');
      if (!order) throw badRequest('The id provided does not exist');
      if (order.status === 'paid') throw badRequest('Order has already been paid');
      const now = this.#clock();
      const status = !success ? 'failed' : capture ? 'captured' : 'authorized';
      const [payment] = await tx
        .insert(sandboxPayments)
        .values({
          providerPaymentId: razorpayId('pay'),
          providerOrderId: order.providerOrderId,
          amountMinor: order.amountMinor,
          currency: order.currency,
          status,
          method: 'upi',
          errorCode: success ? null : 'BAD_REQUEST_ERROR',
          errorDescription: success
            ? null
            : 'Payment failed: the payer chose "failure" on the sandbox checkout page.',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const paid = success && capture;
      const [updated] = await tx
        .update(sandboxOrders)
        .set({
          status: paid ? 'paid' : 'attempted',
          attempts: sql`${sandboxOrders.attempts} + 1`,
          amountPaidMinor: paid ? order.amountMinor : order.amountPaidMinor,
          updatedAt: now,
        })
        .where(eq(sandboxOrders.id, order.id))
        .returning();

      if (success) {
        await this.#enqueueWebhook(tx, 'payment.authorized', {
          payment: paymentEntity(paymentSnapshot(payment!, { status: 'authorized' })),
        });
        if (capture) await this.#enqueueCaptured(tx, payment!, updated!);
      } else {
        await this.#enqueueWebhook(tx, 'payment.failed', {
          payment: paymentEntity(paymentSnapshot(payment!)),
        });
      }
      return {
        providerOrderId: order.providerOrderId,
        providerPaymentId: payment!.providerPaymentId,
        signature: success
          ? checkoutSignature(order.providerOrderId, payment!.providerPaymentId, this.#keySecret)
          : '',
        outcome: input.outcome,
      };
    });
  }

  /** `payment.captured` and `order.paid` for a payment just captured. */
  async #enqueueCaptured(tx: JobWriter, payment: PaymentRow, order: OrderRow): Promise<void> {
    const captured = paymentEntity(paymentSnapshot(payment, { status: 'captured' }));
    await this.#enqueueWebhook(tx, 'payment.captured', { payment: captured });
    await this.#enqueueWebhook(tx, 'order.paid', {
      payment: captured,
      order: orderEntity(orderSnapshot(order)),
    });
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const [order] = await this.#db
      .select({ id: sandboxOrders.id })
      .from(sandboxOrders)
      .where(eq(sandboxOrders.providerOrderId, providerOrderId));
    if (!order) throw badRequest('The id provided does not exist');
    const rows = await this.#db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerOrderId, providerOrderId))
      .orderBy(asc(sandboxPayments.createdAt), asc(sandboxPayments.id));
    return rows.map(toPayment);
  }

  async capturePayment(input: {
    paymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<ProviderPayment> {
    checkAmount(input.amountMinor);
    checkCurrency(input.currency);
    return this.#db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.providerPaymentId, input.paymentId))
        .for('update');
      if (!payment) throw badRequest('The id provided does not exist');
      const sameAmount = payment.amountMinor === input.amountMinor && payment.currency === input.currency;
      if (payment.status === 'captured' || payment.status === 'refunded') {
        // A retried capture: answered as it is (the Razorpay adapter does the same).
        if (sameAmount) return toPayment(payment);
        throw badRequest('This payment has already been captured');
      }
      if (payment.status !== 'authorized')
        throw badRequest('Only payments which have been authorized and not yet captured can be captured');
      if (!sameAmount) throw badRequest('Capture amount must be equal to the amount authorized');
      const now = this.#clock();
      const [captured] = await tx
        .update(sandboxPayments)
        .set({ status: 'captured', updatedAt: now })
        .where(eq(sandboxPayments.id, payment.id))
        .returning();
      const [order] = await tx
        .update(sandboxOrders)
        .set({ status: 'paid', amountPaidMinor: payment.amountMinor, updatedAt: now })
        .where(eq(sandboxOrders.providerOrderId, payment.providerOrderId))
        .returning();
      await this.#enqueueCaptured(tx, captured!, order!);
      return toPayment(captured!);
    });
  }

  async refundPayment(input: {
    paymentId: string;
    amountMinor: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund> {
    checkAmount(input.amountMinor);
    const notes = input.notes ?? {};
    checkNotes(notes);
    if (!input.idempotencyKey) throw badRequest('an idempotency key is required');
    const receipt = refundReceiptFor(input.idempotencyKey);
    return this.#db.transaction(async (tx) => {
      // The payment's lock first, so two refunds with one key cannot both miss each other.
      const [payment] = await tx
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.providerPaymentId, input.paymentId))
        .for('update');
      if (!payment) throw badRequest('The id provided does not exist');
      const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.receipt, receipt));
      if (earlier) {
        if (earlier.providerPaymentId !== input.paymentId || earlier.amountMinor !== input.amountMinor)
          throw badRequest('the idempotency key was used for another refund');
        return toRefund(earlier);
      }
      if (payment.status !== 'captured')
        throw badRequest('The payment has not been captured or is fully refunded');
      if (input.amountMinor > payment.amountMinor - payment.amountRefundedMinor)
        throw badRequest('The refund amount provided is greater than amount captured');
      const now = this.#clock();
      const [refund] = await tx
        .insert(sandboxRefunds)
        .values({
          providerRefundId: razorpayId('rfnd'),
          providerPaymentId: payment.providerPaymentId,
          amountMinor: input.amountMinor,
          currency: payment.currency,
          status: 'processed',
          receipt,
          notes,
          createdAt: now,
        })
        .returning();
      const refunded = payment.amountRefundedMinor + input.amountMinor;
      const [updated] = await tx
        .update(sandboxPayments)
        .set({
          amountRefundedMinor: refunded,
          status: refunded >= payment.amountMinor ? 'refunded' : 'captured',
          updatedAt: now,
        })
        .where(eq(sandboxPayments.id, payment.id))
        .returning();
      await this.#enqueueWebhook(tx, 'refund.processed', {
        refund: refundEntity(refundSnapshot(refund!)),
        payment: paymentEntity(paymentSnapshot(updated!)),
      });
      return toRefund(refund!);
    });
  }

  verifyCheckoutSignature(input: {
    providerOrderId: string;
    providerPaymentId: string;
    signature: string;
  }): boolean {
    return verifyCheckoutSignature(input, this.#keySecret);
  }

  parseWebhook(input: {
    rawBody: Buffer;
    signature: string | undefined;
    eventId: string | undefined;
  }): ProviderWebhookEvent | null {
    return parseRazorpayWebhook(input, this.#webhookSecret);
  }
}

/** Whether `provider` is the sandbox (and so has `pay` and `getOrder`). */
export function isSandboxProvider(provider: PaymentProviderAdapter): provider is SandboxProvider {
  return provider instanceof SandboxProvider;
}

/**
 * The `sandbox.webhook` job: sends the stored body, byte for byte, with Razorpay's headers. A
 * non-2xx answer fails the attempt (the queue retries with backoff, as Razorpay retries).
 */
export function sandboxWebhookHandler(deliver: SandboxWebhookDelivery): JobHandler {
  return async (job) => {
    const parsed = WebhookJobPayload.safeParse(job.payload);
    if (!parsed.success)
      throw new PermanentJobError('A sandbox.webhook job without its body, event id or signature');
    const { eventId, event, body, signature } = parsed.data;
    const { statusCode } = await deliver(Buffer.from(body, 'utf8'), {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1 (Atelier sandbox)',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': signature,
    });
    if (statusCode < 200 || statusCode >= 300)
      throw new Error(`Sandbox webhook ${event} (${eventId}) was answered HTTP ${statusCode}`);
  };
}
