/*
 * The wallet module's face (issue 14; docs/decisions/0013, 0018): the coins ledger, referral
 * rewards and payout holds, and the wallet routes' plugin. The payments and checkout modules call
 * `moveCoins`, `coinBalance` and `rewardReferrerOnPaidOrder` inside their transactions; the
 * referrals module records payout requests through `createPayoutClaim`; the staff console settles
 * them through `settlePayoutClaim`.
 */
export { coinBalance, moveCoins, type CoinMovement, type CoinReason } from './coins.js';
export {
  firstNameOf,
  hasPaidOrder,
  referralRewardRef,
  referralWelcomeRef,
  rewardReferrerOnPaidOrder,
} from './referral-reward.js';
export {
  createPayoutClaim,
  OPEN_PAYOUT_STATUSES,
  payoutHoldRef,
  payoutReleaseRef,
  settlePayoutClaim,
  type PayoutClaimRow,
} from './payouts.js';
export { walletRoutes } from './wallet.routes.js';
export { idempotencyKeyOf } from './wallet.service.js';
