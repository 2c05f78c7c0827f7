import { and, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { orders, referrals, users } from '../../db/schema/index.js';
import { DEFAULT_REFERRAL_REWARD_COINS } from '../../config.js';
import { moveCoins } from './coins.js';

/*
 * The referrer's reward (issue 14 rule 5): when a referred learner's first payment is captured,
 * the referrer earns the promised coins, once. "Once" rests on two unique keys: the ledger ref
 * `referral:{id}:reward` (a second call is not applied) and the referral row, locked and moved
 * from pending to rewarded in the same transaction.
 */

/** The ledger ref of a referral's reward to the referrer. */
export const referralRewardRef = (referralId: number): string => `referral:${referralId}:reward`;
/** The ledger ref of a referral's welcome coins to the friend. */
export const referralWelcomeRef = (referralId: number): string => `referral:${referralId}:welcome`;

/** Orders that count as paid: paid now, or paid once and refunded since. */
export function paidOrderCondition() {
  return or(inArray(orders.status, ['paid', 'refunded']), isNotNull(orders.paidAt));
}

/** Whether the user has ever paid an order (other than `exceptOrderId`, when given). */
export async function hasPaidOrder(
  db: Executor,
  userId: number,
  opts: { exceptOrderId?: number; moneyOnly?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        paidOrderCondition(),
        opts.exceptOrderId === undefined ? undefined : ne(orders.id, opts.exceptOrderId),
        opts.moneyOnly ? gt(orders.amountMinor, 0) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A first name to show for a user: the first word of the name, else a neutral word. */
export function firstNameOf(name: string | null | undefined, fallback = 'A friend'): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first === '' ? fallback : first.slice(0, 60);
}

/**
 * Called in the transaction that marks an order paid (captured). When the buyer was referred, the
 * referral is still pending, this order took money (`amountMinor > 0`: an order paid wholly with
 * coins is not a payment) and the buyer has no other order with money paid, the referrer earns
 * the coins promised when the friend entered the code (`referrals.referrer_coins`; the configured
 * REFERRAL_REWARD_COINS when none was recorded, or `rewardCoins` when the caller passes it), once.
 * A referral whose friend had already paid before it was recorded (a race with the first
 * payment) is marked `rejected`: only a first payment earns the reward.
 */
export async function rewardReferrerOnPaidOrder(
  tx: Executor,
  input: { userId: number; orderId: number; now: Date; rewardCoins?: number },
): Promise<void> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.refereeId, input.userId))
    .for('update');
  if (!referral || (referral.status !== 'pending' && referral.status !== 'qualified')) return;

  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, amountMinor: orders.amountMinor })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order || order.userId !== input.userId || order.amountMinor <= 0) return;

  if (await hasPaidOrder(tx, input.userId, { exceptOrderId: input.orderId, moneyOnly: true })) {
    await tx.update(referrals).set({ status: 'rejected' }).where(eq(referrals.id, referral.id));
    return;
  }

  const coins = referral.referrerCoins ?? input.rewardCoins ?? DEFAULT_REFERRAL_REWARD_COINS;
  const ref = referralRewardRef(referral.id);
  if (coins > 0) {
    const [friend] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
    await moveCoins(tx, {
      userId: referral.referrerId,
      delta: coins,
      reason: 'referral_reward',
      ref,
      orderId: null,
      note: `Referral reward: ${firstNameOf(friend?.name)} made their first purchase`,
    });
  }
  await tx
    .update(referrals)
    .set({
      status: 'rewarded',
      qualifyingOrderId: input.orderId,
      rewardLedgerRef: coins > 0 ? ref : null,
      rewardedAt: input.now,
    })
    .where(and(eq(referrals.id, referral.id), sql`${referrals.status} IN ('pending', 'qualified')`));
}
