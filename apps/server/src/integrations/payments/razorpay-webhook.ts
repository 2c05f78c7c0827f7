import {
  HANDLED_EVENTS,
  RazorpayEventSchema,
  RazorpayOrderSchema,
  RazorpayPaymentSchema,
  RazorpayRefundSchema,
  toProviderOrder,
  toProviderPayment,
  toProviderRefund,
} from './razorpay-wire.js';
import { hexDigestEquals, webhookSignature } from './signatures.js';
import type { ProviderWebhookEvent } from './types.js';

/*
 * Razorpay webhooks, verified and parsed (decision 0014); used by the Razorpay adapter and by the
 * sandbox, whose webhooks are shaped and signed the same way.
 *
 * 1. The signature first: hex HMAC-SHA256 of the raw body bytes with the webhook secret, compared
 *    in constant time. Nothing is parsed before it matches.
 * 2. The envelope `{ entity: 'event', event, payload, created_at }` must parse as JSON and match;
 *    otherwise the body is not an event (null).
 * 3. Each entity present (`payload.payment.entity`, `payload.order.entity`, `payload.refund.entity`)
 *    is normalised; one that does not parse (or a payment without an order, which is not ours)
 *    is reported as null rather than failing the whole event: the event is signed, so it is
 *    Razorpay's, and refusing it would only make Razorpay retry it for 24 hours and then disable
 *    the webhook. The payments module stores it and ignores what it cannot use.
 *
 * The event id is the `x-razorpay-event-id` header. It is NOT covered by the signature, so it is a
 * de-duplication key, not a proof: the effects of an event must be idempotent by payment, order
 * and refund id as well. When the header is missing (or is not a plausible id) the id is derived
 * from the body's HMAC — `body:` and its first 40 hex digits — so a redelivery of the same body
 * gets the same id.
 */

/** What a plausible event id looks like (Razorpay's are 14 base-62 characters). */
const EVENT_ID_SHAPE = /^[A-Za-z0-9_.:-]{1,100}$/;

function entityOf(payload: Record<string, unknown>, name: string): unknown {
  const wrapper = payload[name];
  if (wrapper && typeof wrapper === 'object' && 'entity' in wrapper) return wrapper.entity;
  return undefined;
}

/**
 * Verifies and parses a Razorpay-shaped webhook with `webhookSecret`; null when the secret is
 * unset, the signature is missing or wrong, or the body is not an event.
 */
export function parseRazorpayWebhook(
  input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
  webhookSecret: string | undefined,
): ProviderWebhookEvent | null {
  if (!webhookSecret || !Buffer.isBuffer(input.rawBody)) return null;
  const expected = webhookSignature(input.rawBody, webhookSecret);
  if (!hexDigestEquals(expected, input.signature)) return null;

  let json: unknown;
  try {
    json = JSON.parse(input.rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const envelope = RazorpayEventSchema.safeParse(json);
  if (!envelope.success) return null;
  const { event, payload } = envelope.data;

  const payment = RazorpayPaymentSchema.safeParse(entityOf(payload, 'payment'));
  const order = RazorpayOrderSchema.safeParse(entityOf(payload, 'order'));
  const refund = RazorpayRefundSchema.safeParse(entityOf(payload, 'refund'));

  const headerId = input.eventId?.trim();
  const eventId = headerId && EVENT_ID_SHAPE.test(headerId) ? headerId : `body:${expected.slice(0, 40)}`;
  return {
    eventId,
    type: event,
    payment: payment.success ? toProviderPayment(payment.data) : null,
    order: order.success ? toProviderOrder(order.data) : null,
    refund: refund.success ? toProviderRefund(refund.data) : null,
    payload: json as Record<string, unknown>,
  };
}

/** Whether the payments module acts on events of this type. */
export function isHandledEvent(type: string): type is (typeof HANDLED_EVENTS)[number] {
  return (HANDLED_EVENTS as readonly string[]).includes(type);
}
