import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ProviderOrder, ProviderPayment, ProviderRefund } from './types.js';

/*
 * Razorpay's wire format (decision 0014): the `order`, `payment`, `refund`, `collection`, `error`
 * and webhook `event` entities as its REST API and webhooks send them, validated with zod and
 * normalised into the provider seam's types. The sandbox and the local fake of Razorpay build
 * their entities and events with the builders below, so all three speak the same shapes.
 *
 * Reading is lenient where Razorpay is: unknown fields are dropped, `notes` may be an object or an
 * empty list, optional fields may be missing or null. What the seam relies on (ids, amounts in
 * minor units, currency, status) is required and checked.
 */

const Id = z.string().min(1).max(64);
/** Minor units: a non-negative safe integer. */
const Amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase());
/** Unix seconds. */
const Timestamp = z.number().int().nonnegative();
/** Razorpay sends `notes` as an object, or as `[]` when there are none. */
const Notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);
const OptionalText = z.string().nullable().optional();

export const RazorpayOrderSchema = z.object({
  id: Id,
  entity: z.literal('order'),
  amount: Amount,
  amount_paid: Amount.optional(),
  amount_due: Amount.optional(),
  currency: Currency,
  receipt: OptionalText,
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int().nonnegative().optional(),
  notes: Notes.optional(),
  created_at: Timestamp.optional(),
});
export type RazorpayOrder = z.infer<typeof RazorpayOrderSchema>;

export const RazorpayPaymentSchema = z.object({
  id: Id,
  entity: z.literal('payment'),
  amount: Amount,
  currency: Currency,
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  /** Our payments always belong to an order; one without is not ours (normalised to null). */
  order_id: Id.nullable().optional(),
  method: OptionalText,
  captured: z.boolean().optional(),
  amount_refunded: Amount.optional(),
  refund_status: OptionalText,
  error_code: OptionalText,
  error_description: OptionalText,
  notes: Notes.optional(),
  created_at: Timestamp,
});
export type RazorpayPayment = z.infer<typeof RazorpayPaymentSchema>;

export const RazorpayRefundSchema = z.object({
  id: Id,
  entity: z.literal('refund'),
  amount: Amount,
  currency: Currency,
  payment_id: Id,
  receipt: OptionalText,
  status: z.enum(['pending', 'processed', 'failed']),
  notes: Notes.optional(),
  created_at: Timestamp.optional(),
});
export type RazorpayRefund = z.infer<typeof RazorpayRefundSchema>;

/** `{ entity: 'collection', count, items }`. */
export function collectionOf<T extends z.ZodType>(item: T) {
  return z.object({
    entity: z.literal('collection'),
    count: z.number().int().nonnegative(),
    items: z.array(item),
  });
}

/** Razorpay's error body: `{ error: { code, description, source, step, reason, field } }`. */
export const RazorpayErrorSchema = z.object({
  error: z.object({
    code: z.string().optional(),
    description: z.string().optional(),
    reason: z.string().nullable().optional(),
    field: z.string().nullable().optional(),
  }),
});

/** A webhook's envelope: `{ entity: 'event', event, contains, payload: { payment: { entity }, … }, created_at }`. */
export const RazorpayEventSchema = z.object({
  entity: z.literal('event'),
  account_id: z.string().optional(),
  event: z.string().min(1).max(200),
  contains: z.array(z.string()).optional(),
  payload: z.record(z.string(), z.unknown()),
  created_at: Timestamp.optional(),
});

/** The five events the payments module acts on (others are stored and ignored). */
export const HANDLED_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
] as const;

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

const emptyToNull = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

export function toProviderOrder(o: RazorpayOrder): ProviderOrder {
  return {
    id: o.id,
    amountMinor: o.amount,
    currency: o.currency,
    receipt: o.receipt ?? '',
    status: o.status,
  };
}

/** The normalised payment, or null for a payment that belongs to no order (not ours). */
export function toProviderPayment(p: RazorpayPayment): ProviderPayment | null {
  if (!p.order_id) return null;
  return {
    id: p.id,
    orderId: p.order_id,
    amountMinor: p.amount,
    currency: p.currency,
    status: p.status,
    method: emptyToNull(p.method),
    // Razorpay sends "" (or null) when there is no error; only a failed payment has a description.
    errorDescription: emptyToNull(p.error_description),
    createdAt: new Date(p.created_at * 1000),
  };
}

export function toProviderRefund(r: RazorpayRefund): ProviderRefund {
  return {
    id: r.id,
    paymentId: r.payment_id,
    amountMinor: r.amount,
    currency: r.currency,
    status: r.status,
  };
}

// ---------------------------------------------------------------------------------------------
// Builders (the sandbox and the fake): ids and entity snapshots shaped as Razorpay sends them
// ---------------------------------------------------------------------------------------------

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random Razorpay-style id: `prefix_` and 14 base-62 characters (e.g. `order_DaZlswtdcn9UNV`). */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | '' = ''): string {
  const bytes = randomBytes(14);
  let body = '';
  // 248 = 4 × 62: rejecting bytes ≥ 248 keeps every character equally likely.
  for (let i = 0; body.length < 14; i++) {
    const byte = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (byte < 248) body += BASE62[byte % 62];
  }
  return prefix ? `${prefix}_${body}` : body;
}

/** Unix seconds of `date`. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export interface OrderSnapshot {
  id: string;
  amountMinor: number;
  amountPaidMinor: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  createdAt: Date;
}

export function orderEntity(o: OrderSnapshot): RazorpayOrder & Record<string, unknown> {
  return {
    id: o.id,
    entity: 'order',
    amount: o.amountMinor,
    amount_paid: o.amountPaidMinor,
    amount_due: Math.max(0, o.amountMinor - o.amountPaidMinor),
    currency: o.currency,
    receipt: o.receipt,
    offer_id: null,
    status: o.status,
    attempts: o.attempts,
    notes: Object.keys(o.notes).length > 0 ? o.notes : [],
    created_at: unixSeconds(o.createdAt),
  };
}

export interface PaymentSnapshot {
  id: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
  amountRefundedMinor: number;
  errorCode: string | null;
  errorDescription: string | null;
  /** The UPI address shown on the payment (Razorpay's test mode uses `success@razorpay`). */
  vpa: string | null;
  email: string;
  contact: string;
  createdAt: Date;
}

export function paymentEntity(p: PaymentSnapshot): RazorpayPayment & Record<string, unknown> {
  const refundStatus =
    p.amountRefundedMinor === 0 ? null : p.amountRefundedMinor >= p.amountMinor ? 'full' : 'partial';
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amountMinor,
    currency: p.currency,
    status: p.status,
    order_id: p.orderId,
    invoice_id: null,
    international: p.currency !== 'INR',
    method: p.method,
    amount_refunded: p.amountRefundedMinor,
    refund_status: refundStatus,
    captured: p.status === 'captured' || p.status === 'refunded',
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: p.vpa,
    email: p.email,
    contact: p.contact,
    notes: [],
    fee: null,
    tax: null,
    error_code: p.errorCode,
    error_description: p.errorDescription,
    error_source: p.errorCode ? 'customer' : null,
    error_step: p.errorCode ? 'payment_authentication' : null,
    error_reason: p.errorCode ? 'payment_cancelled' : null,
    acquirer_data: { rrn: null },
    created_at: unixSeconds(p.createdAt),
  };
}

export interface RefundSnapshot {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  createdAt: Date;
}

export function refundEntity(r: RefundSnapshot): RazorpayRefund & Record<string, unknown> {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amountMinor,
    currency: r.currency,
    payment_id: r.paymentId,
    notes: Object.keys(r.notes).length > 0 ? r.notes : [],
    receipt: r.receipt,
    acquirer_data: { arn: null },
    created_at: unixSeconds(r.createdAt),
    batch_id: null,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

/**
 * A webhook body exactly as Razorpay shapes it: `contains` lists the entities present, each under
 * `payload.<name>.entity`. Returns the JSON text (the bytes that are signed and sent).
 */
export function eventBody(
  event: string,
  entities: { payment?: object; order?: object; refund?: object },
  createdAt: Date,
  accountId = 'acc_AtelierSandbox',
): string {
  const contains: string[] = [];
  const payload: Record<string, { entity: object }> = {};
  // Razorpay's order: refund first for refund events, then payment, then order.
  for (const name of ['refund', 'payment', 'order'] as const) {
    const entity = entities[name];
    if (entity) {
      contains.push(name);
      payload[name] = { entity };
    }
  }
  return JSON.stringify({
    entity: 'event',
    account_id: accountId,
    event,
    contains,
    payload,
    created_at: unixSeconds(createdAt),
  });
}
