/*
 * The checkout module's face (issue 14; decision 0017): prices, coupons, seats, instalment plans
 * and late joining. The payments module calls these inside its transactions; the learner
 * dashboard calls `instalmentLock`. Plugin: the payment page, coupon, instalment and
 * pending-payment calls.
 */
export {
  fixInstalmentPlan,
  instalmentLock,
  instalmentStatus,
  markInstalmentPaid,
  payableInstalment,
  quoteCheckout,
  reserveCoupon,
  settleCoupon,
  type CheckoutCurrency,
  type CheckoutQuote,
  type CheckoutSettings,
  type InstalmentLockState,
  type PayableInstalment,
  type QuoteInput,
} from './checkout.service.js';
export { checkoutSettings, visitorCurrency } from './checkout.settings.js';
export { checkoutRoutes } from './checkout.routes.js';
