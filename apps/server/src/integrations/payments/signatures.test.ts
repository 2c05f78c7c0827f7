import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  hexDigestEquals,
  verifyCheckoutSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './signatures.js';

/*
 * The two Razorpay signatures. The fixed vectors below were computed outside this code base with
 * OpenSSL (`printf '%s' 'order_…|pay_…' | openssl dgst -sha256 -hmac SECRET -hex`); the others with
 * node:crypto in the test itself.
 */

const ORDER = 'order_IEIaMR65cu6nz3';
const PAYMENT = 'pay_IH4NVgf4Dreq1l';
const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
/** OpenSSL: HMAC-SHA256("order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l", "EnLs21M47BllR3X8PSFtjtbd"). */
const CHECKOUT_VECTOR = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
const WEBHOOK_SECRET = 'webhook-secret';
const WEBHOOK_BODY = '{"entity":"event","event":"payment.captured","payload":{}}';
/** OpenSSL: HMAC-SHA256(WEBHOOK_BODY, "webhook-secret"). */
const WEBHOOK_VECTOR = '7f0e51869c077b508c9dbb573743cf0478c5128f66fc96bc9ab305fee0fe664a';

/** Each position's character replaced by another hex digit. */
function flips(hex: string): string[] {
  return [...hex].map((c, i) => hex.slice(0, i) + (c === '0' ? '1' : '0') + hex.slice(i + 1));
}

describe('checkout signature', () => {
  it('when computed, then it is hex(HMAC-SHA256(order_id|payment_id, key secret)) — the OpenSSL vector', () => {
    expect(checkoutSignature(ORDER, PAYMENT, KEY_SECRET)).toBe(CHECKOUT_VECTOR);
    const independent = createHmac('sha256', 'another-secret').update('order_A|pay_B').digest('hex');
    expect(checkoutSignature('order_A', 'pay_B', 'another-secret')).toBe(independent);
  });

  it('when the signature is right, then it verifies (also in upper-case hex)', () => {
    const input = { providerOrderId: ORDER, providerPaymentId: PAYMENT, signature: CHECKOUT_VECTOR };
    expect(verifyCheckoutSignature(input, KEY_SECRET)).toBe(true);
    expect(verifyCheckoutSignature({ ...input, signature: CHECKOUT_VECTOR.toUpperCase() }, KEY_SECRET)).toBe(
      true,
    );
  });

  it('when any one character of the signature is flipped, then it does not verify', () => {
    for (const signature of flips(CHECKOUT_VECTOR))
      expect(
        verifyCheckoutSignature(
          { providerOrderId: ORDER, providerPaymentId: PAYMENT, signature },
          KEY_SECRET,
        ),
      ).toBe(false);
  });

  it.each([
    ['another order', { providerOrderId: 'order_IEIaMR65cu6nz4' }],
    ['another payment', { providerPaymentId: 'pay_IH4NVgf4Dreq1m' }],
    ['order and payment swapped', { providerOrderId: PAYMENT, providerPaymentId: ORDER }],
    ['an empty order id', { providerOrderId: '' }],
  ])('when it was computed for %s, then it does not verify', (_what, change) => {
    const input = {
      providerOrderId: ORDER,
      providerPaymentId: PAYMENT,
      signature: CHECKOUT_VECTOR,
      ...change,
    };
    expect(verifyCheckoutSignature(input, KEY_SECRET)).toBe(false);
  });

  it('when signed with another secret (a test key in production, say), then it does not verify', () => {
    const other = createHmac('sha256', 'rzp_test_secret').update(`${ORDER}|${PAYMENT}`).digest('hex');
    expect(
      verifyCheckoutSignature(
        { providerOrderId: ORDER, providerPaymentId: PAYMENT, signature: other },
        KEY_SECRET,
      ),
    ).toBe(false);
    expect(
      verifyCheckoutSignature(
        { providerOrderId: ORDER, providerPaymentId: PAYMENT, signature: CHECKOUT_VECTOR },
        '',
      ),
    ).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['too short', CHECKOUT_VECTOR.slice(0, 63)],
    ['too long', `${CHECKOUT_VECTOR}0`],
    ['not hex', `${CHECKOUT_VECTOR.slice(0, 62)}zz`],
    ['base64 of the digest', Buffer.from(CHECKOUT_VECTOR, 'hex').toString('base64')],
    ['padded with spaces', ` ${CHECKOUT_VECTOR} `],
  ])('when the signature is %s, then it does not verify (and nothing throws)', (_what, signature) => {
    expect(
      verifyCheckoutSignature({ providerOrderId: ORDER, providerPaymentId: PAYMENT, signature }, KEY_SECRET),
    ).toBe(false);
  });
});

describe('webhook signature', () => {
  const body = Buffer.from(WEBHOOK_BODY, 'utf8');

  it('when computed over the raw body, then it is hex(HMAC-SHA256(body, webhook secret)) — the OpenSSL vector', () => {
    expect(webhookSignature(body, WEBHOOK_SECRET)).toBe(WEBHOOK_VECTOR);
    expect(webhookSignature(WEBHOOK_BODY, WEBHOOK_SECRET)).toBe(WEBHOOK_VECTOR);
    expect(verifyWebhookSignature(body, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(true);
  });

  it('when the same JSON is re-serialised (other whitespace or key order), then the signature no longer matches', () => {
    const spaced = Buffer.from(JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1));
    const reordered = Buffer.from('{"event":"payment.captured","entity":"event","payload":{}}');
    expect(verifyWebhookSignature(spaced, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(reordered, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
  });

  it('when the body is tampered by one byte, then it does not verify', () => {
    const tampered = Buffer.from(WEBHOOK_BODY.replace('captured', 'capturee'));
    expect(verifyWebhookSignature(tampered, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
  });

  it('when the header is flipped, missing or empty, or there is no webhook secret, then it does not verify', () => {
    for (const signature of flips(WEBHOOK_VECTOR))
      expect(verifyWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, '', WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, WEBHOOK_VECTOR, undefined)).toBe(false);
    expect(verifyWebhookSignature(body, WEBHOOK_VECTOR, '')).toBe(false);
  });

  it('when the body contains non-ASCII text, then the signature is over its UTF-8 bytes', () => {
    const text = '{"note":"₹ 4,999/- — कोर्स"}';
    const independent = createHmac('sha256', WEBHOOK_SECRET).update(Buffer.from(text, 'utf8')).digest('hex');
    expect(webhookSignature(Buffer.from(text, 'utf8'), WEBHOOK_SECRET)).toBe(independent);
  });
});

describe('hexDigestEquals', () => {
  it('compares decoded bytes of two 64-digit hex strings and refuses anything else', () => {
    expect(hexDigestEquals(WEBHOOK_VECTOR, WEBHOOK_VECTOR)).toBe(true);
    expect(hexDigestEquals(WEBHOOK_VECTOR, CHECKOUT_VECTOR)).toBe(false);
    expect(hexDigestEquals('abc', 'abc')).toBe(false);
    expect(hexDigestEquals(WEBHOOK_VECTOR, 123 as unknown as string)).toBe(false);
  });
});
