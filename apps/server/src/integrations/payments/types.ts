/*
 * The payment provider seam (issue 14, decision 0014): one interface, two adapters — Razorpay
 * (when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set) and the local sandbox (otherwise) —
 * built once in the composition root (`buildIntegrations` in app.ts) and handed to modules as
 * `ctx.payments`. Amounts are integer minor units. No call here may run inside a database
 * transaction: every outbound call has a timeout and is made between transactions.
 */

export type ProviderName = 'sandbox' | 'razorpay';

/** A provider order (Razorpay `order` entity). */
export interface ProviderOrder {
  id: string;
  amountMinor: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

/** A provider payment (Razorpay `payment` entity), normalised. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** card, upi, netbanking, wallet… when known. */
  method: string | null;
  /** The provider's failure text for a failed payment. */
  errorDescription: string | null;
  createdAt: Date;
}

/** A provider refund (Razorpay `refund` entity), normalised. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
}

/** A verified webhook, normalised from the provider's payload. */
export interface ProviderWebhookEvent {
  /** `x-razorpay-event-id` (de-duplication key). */
  eventId: string;
  /** `payment.authorized`, `payment.captured`, `payment.failed`, `order.paid`, `refund.processed`, or another (stored, ignored). */
  type: string;
  payment: ProviderPayment | null;
  order: ProviderOrder | null;
  refund: ProviderRefund | null;
  /** The payload as received (stored in the inbox). */
  payload: Record<string, unknown>;
}

/**
 * A failed outbound call: `retryable` for timeouts, network errors, 429, 5xx and answers that
 * cannot be read (malformed or oversized); not for other 4xx (the request itself was refused) or a
 * redirect (a misconfigured RAZORPAY_API_URL). `status` is the HTTP status when there was one,
 * `code` the provider's error code (Razorpay `error.code`, e.g. `BAD_REQUEST_ERROR`).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface PaymentProviderAdapter {
  readonly name: ProviderName;
  /** The public key id the browser's checkout needs (`'sandbox'` for the sandbox). */
  readonly keyId: string;
  /** `POST /v1/orders` with `{ amount, currency, receipt, notes }`. */
  createOrder(input: {
    amountMinor: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** `GET /v1/orders/{id}/payments` (reconciliation). */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** `POST /v1/payments/{id}/capture` for a payment left `authorized`. */
  capturePayment(input: {
    paymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<ProviderPayment>;
  /** `POST /v1/payments/{id}/refund`; `idempotencyKey` makes a retried refund a no-op. */
  refundPayment(input: {
    paymentId: string;
    amountMinor: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund>;
  /** `hex(HMAC-SHA256(order_id + "|" + payment_id, key_secret))`, compared in constant time. */
  verifyCheckoutSignature(input: {
    providerOrderId: string;
    providerPaymentId: string;
    signature: string;
  }): boolean;
  /**
   * Checks `X-Razorpay-Signature` (hex HMAC-SHA256 of the raw body with the webhook secret, constant
   * time) and parses the event; null when the signature is missing or wrong or the body is not an event.
   */
  parseWebhook(input: {
    rawBody: Buffer;
    signature: string | undefined;
    eventId: string | undefined;
  }): ProviderWebhookEvent | null;
}
