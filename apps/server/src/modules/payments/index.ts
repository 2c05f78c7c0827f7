/*
 * The payments module's face (docs/decisions/0013, 0015). Plugin: orders, guest checkout,
 * verification, cancellation, the success page, provider webhooks and the sandbox. Service API
 * (for `purchases` and the reconciliation job): the order machinery — `createOrder`,
 * `fulfilOrder`, `releaseOrderHolds` — the buyer of a guest checkout, the common initiate answer,
 * and the hooks through which other modules add per-kind effects, late captures and refunds.
 */
export { paymentsRoutes } from './payments.routes.js';
export {
  coinsReturnRef,
  coinsSpendRef,
  createOrder,
  fulfilOrder,
  markAttempted,
  recordOfflineCourseOrder,
  registerOrderKindEffect,
  releaseOrderHolds,
  setLateCaptureHandler,
  type CreatedOrder,
  type FulfilOutcome,
  type FulfilResult,
  type GuestOrigin,
  type LateCaptureHandler,
  type OrderKindEffect,
  type OrderSpec,
} from './orders.service.js';
export {
  initiateAnswer,
  resolveBuyer,
  setRefundProcessedHandler,
  type Buyer,
  type RefundProcessedHandler,
} from './payments.service.js';
export {
  findOrder,
  findOrderByProviderOrderId,
  isOpen,
  lockOrder,
  type OrderRow,
} from './payments.repository.js';
// The staff console's money (issue 17 point 5): refunds asked for by staff, payment links.
export { requestRefund, requestRefundOutcome, type RefundRow } from './refunds.js';
export { createPaymentLink, linkStatus, type PaymentLinkRow } from './payment-links.js';
