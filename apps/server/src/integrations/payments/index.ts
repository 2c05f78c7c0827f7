/*
 * The payment provider integration (decision 0014): the seam's types, the two adapters, the
 * factory the composition root calls, and the signature helpers. Modules receive the built
 * provider as `ctx.payments` and never construct one.
 */
export * from './types.js';
export { createPaymentProvider } from './create-payment-provider.js';
export { RazorpayProvider, MAX_RESPONSE_BYTES, refundReceiptFor } from './razorpay.js';
export {
  SandboxProvider,
  SANDBOX_KEY_ID,
  SANDBOX_MIN_AMOUNT_MINOR,
  SANDBOX_WEBHOOK_TOPIC,
  isSandboxProvider,
  sandboxSecrets,
  sandboxWebhookHandler,
  type SandboxPayResult,
  type SandboxWebhookDelivery,
} from './sandbox.js';
export { isHandledEvent } from './razorpay-webhook.js';
export { HANDLED_EVENTS } from './razorpay-wire.js';
export {
  checkoutSignature,
  hexDigestEquals,
  verifyCheckoutSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './signatures.js';
