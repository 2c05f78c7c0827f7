import { randomUUID } from 'node:crypto';
import type { CoinTransaction, WalletCourses } from '@atelier/contract';
import { wireDateOrNone } from '@atelier/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import {
  batches,
  coinsLedger,
  coinsWallets,
  enrolments,
  orders,
  users,
  workshops,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isSelf, type SessionIdentity } from '../../platform/identity.js';
import type { SecurityLog } from '../../platform/security-events.js';
import { ensureWallet, moveCoins, type CoinReason } from './coins.js';

/** What the wallet use cases need. */
export interface WalletDeps {
  db: Db;
}

/** Who is asking, for security events. */
export interface WalletCaller {
  security: SecurityLog;
}

/** Most ledger rows the coin page lists (newest first). */
export const WALLET_TRANSACTIONS_LIMIT = 500;

/** 404 for a wallet that is not the caller's, logged as an authorization denial (checklist A1). */
function denied(caller: WalletCaller, reason: string): AppError {
  caller.security('authz_denied', { reason });
  return notFound('The user');
}

/** The caller's wallet, created on first use. */
async function walletOf(db: Executor, userId: number) {
  await ensureWallet(db, userId);
  const [wallet] = await db
    .select({
      id: coinsWallets.id,
      walletCoins: coinsWallets.walletCoins,
      isCoinPopupSeen: coinsWallets.isCoinPopupSeen,
    })
    .from(coinsWallets)
    .where(eq(coinsWallets.userId, userId));
  if (!wallet) throw new Error(`the wallet of user ${userId} was not created`);
  return wallet;
}

/** A line a person can read for a ledger row without a note of its own. */
export function transactionNote(reason: CoinReason, workshopTitle: string | null): string {
  const on = workshopTitle ? ` ${workshopTitle}` : ' an order';
  switch (reason) {
    case 'signup_bonus':
      return 'Welcome coins';
    case 'referral_reward':
      return 'Referral reward';
    case 'purchase':
      return `Earned with${on}`;
    case 'spend':
      return `Spent on${on}`;
    case 'refund':
      return `Returned from${on}`;
    case 'reversal':
      return `Reversed on${on}`;
    case 'admin_adjustment':
      return 'Adjusted by the Atelier team';
    case 'payout_hold':
      return 'Held for a payout request';
    case 'payout_release':
      return 'Payout request declined: the coins are back';
  }
}

async function transactionsOf(db: Executor, walletId: number): Promise<CoinTransaction[]> {
  const rows = await db
    .select({
      id: coinsLedger.id,
      delta: coinsLedger.delta,
      reason: coinsLedger.reason,
      note: coinsLedger.note,
      orderId: coinsLedger.orderId,
      createdAt: coinsLedger.createdAt,
      workshopTitle: workshops.title,
    })
    .from(coinsLedger)
    .leftJoin(orders, eq(orders.id, coinsLedger.orderId))
    .leftJoin(batches, eq(batches.id, orders.batchId))
    .leftJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(coinsLedger.walletId, walletId))
    .orderBy(desc(coinsLedger.createdAt), desc(coinsLedger.id))
    .limit(WALLET_TRANSACTIONS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    coins: row.delta,
    reason: row.reason,
    note: row.note ?? transactionNote(row.reason, row.workshopTitle),
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * `GET /api/user/{id}/wallet/courses`: the caller's coin page — the user with their wallet, the
 * courses they are enrolled in, and the ledger newest first. Another user's id → 404.
 */
export async function getWalletCourses(
  deps: WalletDeps,
  session: SessionIdentity,
  userId: number,
  caller: WalletCaller,
): Promise<WalletCourses> {
  if (!isSelf(session, userId)) throw denied(caller, 'wallet of another user');
  const { db } = deps;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('The user');
  const wallet = await walletOf(db, userId);
  const courses = await db
    .select({
      batchId: batches.id,
      startDate: batches.startDate,
      endDate: batches.endDate,
      workshop: {
        id: workshops.id,
        type: workshops.type,
        title: workshops.title,
        shortTitle: workshops.shortTitle,
        slug: workshops.slug,
      },
    })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(
      and(eq(enrolments.userId, userId), eq(enrolments.isEnrolled, true), eq(enrolments.isRefund, false)),
    )
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  return {
    user: { ...user, CoinsWallet: wallet },
    courses: courses.map((c) => ({
      batchId: c.batchId,
      startDate: wireDateOrNone(c.startDate),
      endDate: wireDateOrNone(c.endDate),
      Workshop: c.workshop,
    })),
    transactions: await transactionsOf(db, wallet.id),
  };
}

/** `POST /api/user/wallet/update`: the coin popup was seen (the only field a learner may change). */
export async function updateWallet(
  deps: WalletDeps,
  session: SessionIdentity,
  body: { isCoinPopupSeen: boolean },
): Promise<{ id: number; walletCoins: number; isCoinPopupSeen: boolean }> {
  const [wallet] = await deps.db
    .insert(coinsWallets)
    .values({ userId: session.userId, isCoinPopupSeen: body.isCoinPopupSeen })
    .onConflictDoUpdate({
      target: coinsWallets.userId,
      set: { isCoinPopupSeen: body.isCoinPopupSeen, updatedAt: sql`now()` },
    })
    .returning({
      id: coinsWallets.id,
      walletCoins: coinsWallets.walletCoins,
      isCoinPopupSeen: coinsWallets.isCoinPopupSeen,
    });
  if (!wallet) throw new Error('the wallet was not stored');
  return wallet;
}

/** An `Idempotency-Key` header: 1–100 of letters, digits and `-_.:`, or none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^[A-Za-z0-9_.:-]{1,100}$/.test(value))
    throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header is not valid.', [
      { path: 'Idempotency-Key', message: 'must be 1-100 letters, digits or - _ . :' },
    ]);
  return value;
}

/**
 * `POST /api/user/wallet/coins/add` (admin): a signed adjustment with its reason, recorded in the
 * ledger (`admin_adjustment`, the reason as its note) and as an audit event. The ledger ref is
 * unique per request: `admin:{Idempotency-Key}` when the header is sent (a repeat answers the
 * first adjustment; the same key for another adjustment → 422), else a random one. Never below
 * zero (INSUFFICIENT_COINS); an unknown user → 404.
 */
export async function addCoins(
  deps: WalletDeps,
  session: SessionIdentity,
  body: { userId: number; coins: number; reason: string },
  idempotencyKey: string | undefined,
  caller: WalletCaller,
) {
  const ref = `admin:${idempotencyKey ?? randomUUID()}`;
  const result = await deps.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!target) throw notFound('The user');
    const moved = await moveCoins(tx, {
      userId: body.userId,
      delta: body.coins,
      reason: 'admin_adjustment',
      ref,
      note: body.reason,
    });
    const [row] = await tx
      .select({
        id: coinsLedger.id,
        delta: coinsLedger.delta,
        reason: coinsLedger.reason,
        note: coinsLedger.note,
        orderId: coinsLedger.orderId,
        createdAt: coinsLedger.createdAt,
        userId: coinsWallets.userId,
        walletCoins: coinsWallets.walletCoins,
      })
      .from(coinsLedger)
      .innerJoin(coinsWallets, eq(coinsWallets.id, coinsLedger.walletId))
      .where(eq(coinsLedger.ref, ref));
    if (!row) throw new Error('the adjustment was not recorded');
    if (
      !moved.applied &&
      (row.userId !== body.userId ||
        row.delta !== body.coins ||
        row.note !== body.reason ||
        row.reason !== 'admin_adjustment')
    )
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different adjustment.',
      );
    return { applied: moved.applied, row };
  });
  const { row } = result;
  if (result.applied)
    caller.security('coins_adjusted', {
      targetUserId: body.userId,
      coins: body.coins,
      balance: row.walletCoins,
      ref,
      reason: body.reason,
      byUserId: session.actingUserId,
    });
  return {
    userId: row.userId,
    walletCoins: row.walletCoins,
    transaction: {
      id: row.id,
      coins: row.delta,
      reason: row.reason,
      note: row.note,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
    },
  };
}
