import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Razorpay's two signatures (decision 0014), shared by the Razorpay adapter, the sandbox and the
 * local fake of Razorpay:
 *
 * - the checkout signature the browser hands back after paying:
 *   hex(HMAC-SHA256(order_id + "|" + payment_id, key_secret));
 * - the webhook signature (`X-Razorpay-Signature`): hex(HMAC-SHA256(raw body bytes, webhook_secret)),
 *   over the bytes exactly as received — never over re-serialised JSON.
 *
 * Both are compared in constant time on their decoded bytes; anything that is not exactly 64 hex
 * digits is refused before any comparison.
 */

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** hex(HMAC-SHA256(data, secret)). */
export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** The checkout signature of (order, payment) under `keySecret`. */
export function checkoutSignature(
  providerOrderId: string,
  providerPaymentId: string,
  keySecret: string,
): string {
  return hmacSha256Hex(keySecret, `${providerOrderId}|${providerPaymentId}`);
}

/** The webhook signature of the raw body under `webhookSecret`. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacSha256Hex(webhookSecret, typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
}

/**
 * Whether `given` (hex) equals `expected` (hex), in constant time over the decoded bytes. False
 * for a missing value, a value that is not 64 hex digits, or a different length.
 */
export function hexDigestEquals(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given) || !HEX_SHA256.test(expected)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `signature` is the checkout signature of (order, payment) under `keySecret`. */
export function verifyCheckoutSignature(
  input: { providerOrderId: string; providerPaymentId: string; signature: string | undefined | null },
  keySecret: string,
): boolean {
  if (!keySecret || !input.providerOrderId || !input.providerPaymentId) return false;
  return hexDigestEquals(
    checkoutSignature(input.providerOrderId, input.providerPaymentId, keySecret),
    input.signature,
  );
}

/** Whether `signature` is the webhook signature of `rawBody` under `webhookSecret` (false without a secret). */
export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined | null,
  webhookSecret: string | undefined,
): boolean {
  if (!webhookSecret) return false;
  return hexDigestEquals(webhookSignature(rawBody, webhookSecret), signature);
}
