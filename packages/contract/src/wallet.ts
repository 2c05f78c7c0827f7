import { z } from 'zod';
import { CoinPageUserSchema, CommerceWorkshopSchema } from './commerce.js';
import { UpiIdSchema } from './users.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * Coins wallet and referrals (issue 14). The balance is the ledger's sum and never negative;
 * every movement has a reason and a unique reference (checklist F14–F16).
 */

export const COIN_REASON_VALUES = [
  'signup_bonus',
  'referral_reward',
  'purchase',
  'spend',
  'refund',
  'reversal',
  'admin_adjustment',
  'payout_hold',
  'payout_release',
] as const;
export const CoinReasonSchema = z.enum(COIN_REASON_VALUES);

/** One ledger movement, newest first: `coins` is the signed delta. */
export const CoinTransactionSchema = z.object({
  id: IdSchema,
  coins: z.number().int(),
  reason: CoinReasonSchema,
  /** A readable line, e.g. "Spent on Parametric Design" or the note staff wrote. */
  note: z.string().nullable(),
  orderId: IdSchema.nullable(),
  createdAt: z.string(),
});
export type CoinTransaction = z.infer<typeof CoinTransactionSchema>;

/** `GET /api/user/{id}/wallet/courses` (own id). */
export const WalletCoursesSchema = z.object({
  user: CoinPageUserSchema,
  courses: z.array(
    z.object({
      batchId: IdSchema,
      startDate: WireDateSchema,
      endDate: WireDateSchema,
      Workshop: CommerceWorkshopSchema,
    }),
  ),
  transactions: z.array(CoinTransactionSchema),
});
export type WalletCourses = z.infer<typeof WalletCoursesSchema>;

/** `POST /api/user/wallet/update`: the only field a learner may change (checklist F15). */
export const WalletUpdateBodySchema = z.object({ isCoinPopupSeen: z.boolean() }).strict();

/** `POST /api/user/wallet/coins/add` (staff): a signed adjustment with its reason. */
export const CoinsAddBodySchema = z
  .object({
    userId: IdSchema,
    coins: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(-1_000_000, 'is too small')
      .max(1_000_000, 'is too large')
      .refine((c) => c !== 0, 'must not be zero'),
    reason: z
      .string()
      .trim()
      .min(3, 'must say why (at least 3 characters)')
      .max(200, 'must be at most 200 characters'),
  })
  .strict();
export const CoinsAddedSchema = z.object({
  userId: IdSchema,
  walletCoins: z.number().int().nonnegative(),
  transaction: CoinTransactionSchema,
});

// ---------------------------------------------------------------------------------------------
// Referrals
// ---------------------------------------------------------------------------------------------

/** A refer code as shared: letters and digits, bounded. */
export const ReferCodeSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(4, 'is not a valid referral code')
  .max(32, 'is not a valid referral code')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid referral code');

export const ReferCodeParamsSchema = z.object({ referCode: ReferCodeSchema }).strict();

/** What the offer is, in coins (configuration; documented in the README). */
export const ReferralOfferSchema = z.object({
  /** Coins the referrer earns when the friend's first payment is captured. */
  referrerCoins: z.number().int().nonnegative(),
  /** Coins the friend gets when they sign up with the code (0 = none). */
  refereeCoins: z.number().int().nonnegative(),
  description: z.string(),
});

/** `GET /api/referrer/{referCode}` (public): the referrer's first name and the offer, nothing else. */
export const ReferrerSchema = z.object({
  firstName: z.string(),
  referCode: z.string(),
  offer: ReferralOfferSchema,
});

/** `POST /api/user/referred`: once per learner, never oneself, only before their first paid order. */
export const ReferredBodySchema = z.object({ referCode: ReferCodeSchema }).strict();
export const ReferredSchema = z.object({
  referred: z.literal(true),
  referrer: z.object({ firstName: z.string() }),
});

export const REFERRAL_STATUS_VALUES = ['pending', 'qualified', 'rewarded', 'rejected'] as const;
export const PAYOUT_STATUS_VALUES = ['submitted', 'approved', 'paid', 'rejected'] as const;

export const PayoutClaimSchema = z.object({
  id: IdSchema,
  coins: z.number().int().positive(),
  upiId: z.string().nullable(),
  status: z.enum(PAYOUT_STATUS_VALUES),
  createdAt: z.string(),
});

/** `GET /api/user/referral/{id}/courses` (own id). */
export const ReferralOverviewSchema = z.object({
  referCode: z.string(),
  shareLink: z.string(),
  offer: ReferralOfferSchema,
  friends: z.array(
    z.object({
      firstName: z.string(),
      status: z.enum(REFERRAL_STATUS_VALUES),
      joinedAt: z.string(),
      coinsEarned: z.number().int().nonnegative(),
    }),
  ),
  coinsEarned: z.number().int().nonnegative(),
  walletCoins: z.number().int().nonnegative(),
  /** Coins held by payout requests not yet settled. */
  pendingPayoutCoins: z.number().int().nonnegative(),
  claims: z.array(PayoutClaimSchema),
  /** Whether this learner may still enter a friend's code (no referrer yet, no paid order). */
  canBeReferred: z.boolean(),
});
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>;

/** `POST /api/referral/claim/form`: a payout request holding those coins until staff settle it. */
export const PayoutClaimBodySchema = z
  .object({
    coins: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .positive('must be at least 1')
      .max(10_000_000),
    upiId: UpiIdSchema,
  })
  .strict();
