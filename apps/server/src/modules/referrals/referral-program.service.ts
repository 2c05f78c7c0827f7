import type { ReferralOverview } from '@atelier/contract';
import { and, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { coinsLedger, coinsWallets, referralClaimForms, referrals, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isSelf, type SessionIdentity } from '../../platform/identity.js';
import type { SecurityLog } from '../../platform/security-events.js';
import {
  coinBalance,
  createPayoutClaim,
  firstNameOf,
  hasPaidOrder,
  moveCoins,
  OPEN_PAYOUT_STATUSES,
  referralWelcomeRef,
  type PayoutClaimRow,
} from '../wallet/index.js';

/*
 * The referral programme (issue 14 "Referrals"; decision 0018): a learner shares their code; a
 * friend enters it once, before their first paid order, never their own; the referrer earns
 * REFERRAL_REWARD_COINS when the friend's first payment is captured (the wallet module's
 * `rewardReferrerOnPaidOrder`), and may ask for a payout of coins, which holds them until staff
 * settle it.
 */

export interface ReferralDeps {
  db: Db;
  config: AppConfig;
}

export interface ReferralCaller {
  security: SecurityLog;
}

/** The offer as the configuration makes it today. */
export function offerOf(config: AppConfig) {
  const referrerCoins = config.referralRewardCoins;
  const refereeCoins = config.referralRefereeCoins;
  const welcome =
    refereeCoins > 0 ? `Friends who join with this code get ${refereeCoins} welcome coins; the` : 'The';
  return {
    referrerCoins,
    refereeCoins,
    description: `${welcome} person who shared it earns ${referrerCoins} coins when a friend makes their first purchase.`,
  };
}

/** The share link of a code: the referral landing page of the public site. */
export function shareLinkOf(config: AppConfig, referCode: string): string {
  return `${config.publicUrl}/referral/${encodeURIComponent(referCode)}`;
}

/** An active user by refer code (codes are matched without regard to case). */
async function referrerByCode(db: Executor, referCode: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, referCode: users.referCode })
    .from(users)
    .where(and(eq(sql`upper(${users.referCode})`, referCode.toUpperCase()), isNull(users.disabledAt)));
  return row;
}

const unknownCode = () => new AppError('NOT_FOUND', 'This referral code was not found.');

/** `GET /api/referrer/{referCode}` (public): the referrer's first name and the offer, nothing else. */
export async function getReferrer(deps: ReferralDeps, referCode: string) {
  const referrer = await referrerByCode(deps.db, referCode);
  if (!referrer) throw unknownCode();
  return {
    firstName: firstNameOf(referrer.name),
    referCode: referrer.referCode,
    offer: offerOf(deps.config),
  };
}

/**
 * `POST /api/user/referred { referCode }`: records who referred the caller — once per learner
 * (409), never themselves (400), only before their first paid order (409); an unknown code → 404.
 * With REFERRAL_REFEREE_COINS > 0 the friend gets that many welcome coins, once.
 */
export async function recordReferral(deps: ReferralDeps, session: SessionIdentity, referCode: string) {
  const refereeId = session.userId;
  return deps.db.transaction(async (tx) => {
    const referrer = await referrerByCode(tx, referCode);
    if (!referrer) throw unknownCode();
    if (referrer.id === refereeId)
      throw new AppError('VALIDATION_FAILED', 'You cannot use your own referral code.', [
        { path: 'referCode', message: 'is your own code' },
      ]);
    // A ring (each the other's referrer) would pay both for nothing, and lock two wallets in
    // opposite orders when both pay at once.
    const ring = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.referrerId, refereeId), eq(referrals.refereeId, referrer.id)));
    if (ring.length > 0)
      throw new AppError('VALIDATION_FAILED', 'You cannot use the code of a friend you referred.', [
        { path: 'referCode', message: 'belongs to a friend you referred' },
      ]);
    const already = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.refereeId, refereeId));
    if (already.length > 0) throw new AppError('CONFLICT', 'You have already used a referral code.');
    if (await hasPaidOrder(tx, refereeId))
      throw new AppError('CONFLICT', 'A referral code can only be used before your first purchase.');
    const [referral] = await tx
      .insert(referrals)
      .values({
        referrerId: referrer.id,
        refereeId,
        status: 'pending',
        referrerCoins: deps.config.referralRewardCoins,
      })
      .onConflictDoNothing({ target: referrals.refereeId })
      .returning({ id: referrals.id });
    // A second request of the same learner that raced past the check above.
    if (!referral) throw new AppError('CONFLICT', 'You have already used a referral code.');
    const firstName = firstNameOf(referrer.name);
    const welcome = deps.config.referralRefereeCoins;
    if (welcome > 0)
      await moveCoins(tx, {
        userId: refereeId,
        delta: welcome,
        reason: 'signup_bonus',
        ref: referralWelcomeRef(referral.id),
        note: `Welcome coins: you joined with ${firstName}'s referral code`,
      });
    return { referred: true as const, referrer: { firstName } };
  });
}

function toClaim(row: PayoutClaimRow) {
  return {
    id: row.id,
    coins: row.coins,
    upiId: row.upiId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `GET /api/user/referral/{id}/courses` (own id; another's → 404): the caller's share link and
 * code, the friends they referred with each one's status and the coins it earned, totals, payout
 * requests, and whether they may still enter a friend's code.
 */
export async function getReferralOverview(
  deps: ReferralDeps,
  session: SessionIdentity,
  userId: number,
  caller: ReferralCaller,
): Promise<ReferralOverview> {
  if (!isSelf(session, userId)) {
    caller.security('authz_denied', { reason: 'referrals of another user' });
    throw notFound('The user');
  }
  const { db, config } = deps;
  const [me] = await db.select({ referCode: users.referCode }).from(users).where(eq(users.id, userId));
  if (!me) throw notFound('The user');

  const friends = await db
    .select({
      name: users.name,
      status: referrals.status,
      joinedAt: referrals.createdAt,
      coinsEarned: coinsLedger.delta,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .leftJoin(coinsLedger, eq(coinsLedger.ref, referrals.rewardLedgerRef))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));

  const [earned] = await db
    .select({ total: sum(coinsLedger.delta).mapWith(Number) })
    .from(coinsLedger)
    .innerJoin(coinsWallets, eq(coinsWallets.id, coinsLedger.walletId))
    .where(and(eq(coinsWallets.userId, userId), eq(coinsLedger.reason, 'referral_reward')));

  const claims = await db
    .select()
    .from(referralClaimForms)
    .where(eq(referralClaimForms.userId, userId))
    .orderBy(desc(referralClaimForms.createdAt), desc(referralClaimForms.id));
  const pendingPayoutCoins = claims
    .filter((c) => (OPEN_PAYOUT_STATUSES as readonly string[]).includes(c.status))
    .reduce((total, c) => total + c.coins, 0);

  const referredBy = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.refereeId, userId));
  const canBeReferred = referredBy.length === 0 && !(await hasPaidOrder(db, userId));

  return {
    referCode: me.referCode,
    shareLink: shareLinkOf(config, me.referCode),
    offer: offerOf(config),
    friends: friends.map((f) => ({
      firstName: firstNameOf(f.name),
      status: f.status,
      joinedAt: f.joinedAt.toISOString(),
      coinsEarned: f.coinsEarned ?? 0,
    })),
    coinsEarned: Math.max(0, earned?.total ?? 0),
    walletCoins: await coinBalance(db, userId),
    pendingPayoutCoins,
    claims: claims.map(toClaim),
    canBeReferred,
  };
}

/**
 * `POST /api/referral/claim/form { coins, upiId }`: a payout request that holds those coins (a
 * `payout_hold` debit) until staff settle it; never more than the balance (409
 * INSUFFICIENT_COINS, nothing written). Idempotency-Key: a repeat answers the first request.
 */
export async function claimPayout(
  deps: ReferralDeps,
  session: SessionIdentity,
  body: { coins: number; upiId: string },
  idempotencyKey: string | undefined,
) {
  const claim = await deps.db.transaction((tx) =>
    createPayoutClaim(tx, { userId: session.userId, coins: body.coins, upiId: body.upiId, idempotencyKey }),
  );
  return toClaim(claim);
}
