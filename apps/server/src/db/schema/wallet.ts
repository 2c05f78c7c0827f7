/**
 * Coins and referrals. The wallet balance is a cached sum of the ledger (`walletCoins = Σ delta`),
 * both written in one transaction; the balance can never go negative and a ledger `ref` applies
 * at most once (checklist F14–F16).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, sqlList, updatedAt } from './columns.js';
import { orders } from './payments.js';
import { users } from './users.js';

export const COIN_LEDGER_REASONS = [
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
export const REFERRAL_STATUSES = ['pending', 'qualified', 'rewarded', 'rejected'] as const;
export const REFERRAL_CLAIM_STATUSES = ['submitted', 'approved', 'paid', 'rejected'] as const;

/** A user's coins wallet (spec §3: walletCoins, id, isCoinPopupSeen). */
export const coinsWallets = pgTable(
  'coins_wallets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletCoins: integer('wallet_coins').notNull().default(0),
    isCoinPopupSeen: boolean('is_coin_popup_seen').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('coins_wallets_user_uq').on(t.userId),
    check('coins_wallets_balance_ck', sql`${t.walletCoins} >= 0`),
  ],
);

/**
 * One movement of coins. `ref` names the cause (e.g. 'referral:42', 'order:1017:spend') and is
 * unique, so a retried or duplicated event can never apply twice.
 */
export const coinsLedger = pgTable(
  'coins_ledger',
  {
    id: id(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => coinsWallets.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<(typeof COIN_LEDGER_REASONS)[number]>().notNull(),
    ref: text('ref').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('coins_ledger_ref_uq').on(t.ref),
    index('coins_ledger_wallet_created_idx').on(t.walletId, t.createdAt),
    check('coins_ledger_delta_ck', sql`${t.delta} <> 0`),
    check('coins_ledger_reason_ck', sql`${t.reason} IN (${sqlList(COIN_LEDGER_REASONS)})`),
  ],
);

/**
 * Who referred whom. A user can be referred once and never by themselves; the reward is paid
 * after the referee's first captured payment, through the ledger row `rewardLedgerRef`.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refereeId: integer('referee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<(typeof REFERRAL_STATUSES)[number]>().notNull().default('pending'),
    qualifyingOrderId: integer('qualifying_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    rewardLedgerRef: text('reward_ledger_ref'),
    /**
     * The referrer's reward as offered when the friend entered the code (REFERRAL_REWARD_COINS
     * then); the reward paid later is this number, so a change of configuration never changes a
     * promise already made. Null: the configured default at payment time.
     */
    referrerCoins: integer('referrer_coins'),
    createdAt: createdAt(),
    rewardedAt: instant('rewarded_at'),
  },
  (t) => [
    unique('referrals_referee_uq').on(t.refereeId),
    unique('referrals_reward_ledger_ref_uq').on(t.rewardLedgerRef),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    check('referrals_not_self_ck', sql`${t.referrerId} <> ${t.refereeId}`),
    check('referrals_status_ck', sql`${t.status} IN (${sqlList(REFERRAL_STATUSES)})`),
    check('referrals_referrer_coins_ck', sql`${t.referrerCoins} IS NULL OR ${t.referrerCoins} >= 0`),
  ],
);

/** A referrer's request to cash out referral rewards (`POST /api/referral/claim/form`). */
export const referralClaimForms = pgTable(
  'referral_claim_forms',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    upiId: text('upi_id'),
    coins: integer('coins').notNull(),
    status: text('status').$type<(typeof REFERRAL_CLAIM_STATUSES)[number]>().notNull().default('submitted'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    index('referral_claim_forms_user_idx').on(t.userId, t.createdAt),
    check('referral_claim_forms_coins_ck', sql`${t.coins} > 0`),
    check('referral_claim_forms_status_ck', sql`${t.status} IN (${sqlList(REFERRAL_CLAIM_STATUSES)})`),
  ],
);
