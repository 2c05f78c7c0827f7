/*
 * The wallet module's face (issue 14; owner: the wallet work): the coins ledger and referral
 * rewards. The payments module calls these inside its transactions.
 * SKELETON: the signatures are fixed; the bodies are replaced by the implementation.
 */
import type { Executor } from '../../db/query.js';

export type CoinReason =
  | 'signup_bonus'
  | 'referral_reward'
  | 'purchase'
  | 'spend'
  | 'refund'
  | 'reversal'
  | 'admin_adjustment'
  | 'payout_hold'
  | 'payout_release';

export interface CoinMovement {
  userId: number;
  /** Signed; never zero. */
  delta: number;
  reason: CoinReason;
  /** Unique cause, e.g. `order:17:spend`; a second movement with the same ref is not applied. */
  ref: string;
  orderId?: number | null;
  note?: string | null;
}

/**
 * Applies one movement in the caller's transaction: the ledger row and the balance together.
 * A debit past the balance throws AppError('INSUFFICIENT_COINS'); a known `ref` → `applied: false`.
 */
export async function moveCoins(
  _tx: Executor,
  _movement: CoinMovement,
): Promise<{ applied: boolean; balance: number }> {
  throw new Error('moveCoins: not implemented yet');
}

/** The user's balance (0 without a wallet). */
export async function coinBalance(_db: Executor, _userId: number): Promise<number> {
  throw new Error('coinBalance: not implemented yet');
}

/**
 * Called in the transaction that marks an order paid (captured): when it is the buyer's first
 * paid order and they were referred, the referrer earns the configured coins, once.
 */
export async function rewardReferrerOnPaidOrder(
  _tx: Executor,
  _input: { userId: number; orderId: number; now: Date },
): Promise<void> {
  throw new Error('rewardReferrerOnPaidOrder: not implemented yet');
}
