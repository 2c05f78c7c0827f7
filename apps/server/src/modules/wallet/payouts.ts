import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { referralClaimForms } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { insufficient, lockWallet, moveCoins } from './coins.js';

/*
 * Payout requests (`POST /api/referral/claim/form`): the coins asked for leave the balance at once
 * through a `payout_hold` debit (so they cannot be spent or claimed twice, and never more than the
 * balance), and stay held until staff settle the request: paid → the hold stands (the coins were
 * paid out by UPI); rejected → a `payout_release` credit gives them back. Both refs are derived
 * from the claim id, so each applies once.
 */

export const payoutHoldRef = (claimId: number): string => `payout:${claimId}:hold`;
export const payoutReleaseRef = (claimId: number): string => `payout:${claimId}:release`;

export type PayoutClaimRow = typeof referralClaimForms.$inferSelect;

/** Claims that still hold coins. */
export const OPEN_PAYOUT_STATUSES = ['submitted', 'approved'] as const;

/**
 * Records a payout request and holds its coins, in the caller's transaction. INSUFFICIENT_COINS
 * (and nothing written, once the caller rolls back) when the balance is short. With an
 * idempotency key, a repeat of the same request answers the claim already made; the same key
 * with other coins or UPI id → IDEMPOTENCY_KEY_REUSED.
 */
export async function createPayoutClaim(
  tx: Executor,
  input: { userId: number; coins: number; upiId: string; idempotencyKey?: string | undefined },
): Promise<PayoutClaimRow> {
  const key = input.idempotencyKey;
  // The wallet's lock first: requests of one user (a repeat with the same key included) run one
  // after the other from here, so the look-up below sees any claim made before.
  const wallet = await lockWallet(tx, input.userId);
  if (key !== undefined) {
    const earlier = await findClaimByKey(tx, input.userId, key);
    if (earlier) return replay(earlier, input);
  }
  if (!wallet || wallet.walletCoins < input.coins) throw insufficient(wallet?.walletCoins ?? 0, -input.coins);
  const [claim] = await tx
    .insert(referralClaimForms)
    .values({
      userId: input.userId,
      coins: input.coins,
      upiId: input.upiId,
      status: 'submitted',
      details: key === undefined ? {} : { idempotencyKey: key },
    })
    .returning();
  if (!claim) throw new Error('createPayoutClaim: the claim was not stored');
  await moveCoins(tx, {
    userId: input.userId,
    delta: -input.coins,
    reason: 'payout_hold',
    ref: payoutHoldRef(claim.id),
    note: `Held for payout request #${claim.id} to ${input.upiId}`,
  });
  return claim;
}

async function findClaimByKey(
  tx: Executor,
  userId: number,
  key: string,
): Promise<PayoutClaimRow | undefined> {
  const [row] = await tx
    .select()
    .from(referralClaimForms)
    .where(
      and(
        eq(referralClaimForms.userId, userId),
        sql`${referralClaimForms.details} ->> 'idempotencyKey' = ${key}`,
      ),
    );
  return row;
}

function replay(earlier: PayoutClaimRow, input: { coins: number; upiId: string }): PayoutClaimRow {
  if (earlier.coins !== input.coins || earlier.upiId !== input.upiId)
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different payout request.',
    );
  return earlier;
}

/**
 * Staff settle a payout request (the staff console calls this): `paid` keeps the hold (the coins
 * were paid out), `rejected` returns the coins through a `payout_release` credit. Settling a
 * request again with the same outcome changes nothing; with the other outcome → CONFLICT.
 * Unknown claim → NOT_FOUND.
 */
export async function settlePayoutClaim(
  tx: Executor,
  input: { claimId: number; outcome: 'paid' | 'rejected'; now: Date },
): Promise<PayoutClaimRow> {
  const [claim] = await tx
    .select()
    .from(referralClaimForms)
    .where(eq(referralClaimForms.id, input.claimId))
    .for('update');
  if (!claim) throw notFound('The payout request');
  if (claim.status === input.outcome) return claim;
  if (claim.status === 'paid' || claim.status === 'rejected')
    throw new AppError('CONFLICT', `This payout request was already settled as ${claim.status}.`);
  if (input.outcome === 'rejected') {
    await moveCoins(tx, {
      userId: claim.userId,
      delta: claim.coins,
      reason: 'payout_release',
      ref: payoutReleaseRef(claim.id),
      note: `Payout request #${claim.id} was declined; the coins are back`,
    });
  }
  const [settled] = await tx
    .update(referralClaimForms)
    .set({ status: input.outcome, processedAt: input.now })
    .where(eq(referralClaimForms.id, claim.id))
    .returning();
  if (!settled) throw new Error('settlePayoutClaim: the claim vanished under its lock');
  return settled;
}
