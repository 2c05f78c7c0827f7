import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { coinsLedger, coinsWallets, COIN_LEDGER_REASONS } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

/*
 * The coins ledger (issue 14 rule 5; checklist F14–F16). Every movement is one `coins_ledger` row
 * with a unique `ref` and, in the same transaction, the same delta on `coins_wallets.wallet_coins`,
 * so the balance is always Σ delta; the CHECK (`wallet_coins >= 0`) is the last line of defence
 * against a negative balance. How a movement stays right under concurrency (decision 0018):
 *
 * 1. The wallet row is created on demand (`INSERT … ON CONFLICT DO NOTHING`: a racing creator
 *    waits for the other's commit and then finds its row).
 * 2. The wallet row is locked (`SELECT … FOR UPDATE`): every movement of one wallet runs one after
 *    the other from here to the caller's commit, so the balance read is the balance written.
 * 3. A known `ref` answers `applied: false` and writes nothing; a debit past the balance throws
 *    INSUFFICIENT_COINS and writes nothing (not even a wallet row).
 * 4. The ledger row goes in with `ON CONFLICT (ref) DO NOTHING`: a racing movement with the same
 *    ref on another wallet waits for that one's commit; if it committed, this one is not applied.
 * 5. Only then the balance moves, by the same delta.
 *
 * On PGlite (one connection) transactions already run one at a time; the same statements hold on
 * PostgreSQL with many connections (`coins.postgres.test.ts`).
 */

export type CoinReason = (typeof COIN_LEDGER_REASONS)[number];

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

/** The largest single movement (a bound far beyond any price, so sums stay exact integers). */
export const MAX_COIN_MOVEMENT = 100_000_000;

function checkMovement(movement: CoinMovement): void {
  const { delta, ref, reason, userId } = movement;
  if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > MAX_COIN_MOVEMENT)
    throw new Error(`moveCoins: delta must be a non-zero whole number of coins (got ${String(delta)})`);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('moveCoins: userId must be a user id');
  if (typeof ref !== 'string' || ref.trim() === '' || ref.length > 200)
    throw new Error('moveCoins: ref must be 1–200 characters');
  if (!(COIN_LEDGER_REASONS as readonly string[]).includes(reason))
    throw new Error(`moveCoins: unknown reason ${String(reason)}`);
}

/** Locks the user's wallet row until the transaction ends (undefined: no wallet yet). */
export async function lockWallet(
  tx: Executor,
  userId: number,
): Promise<{ id: number; walletCoins: number } | undefined> {
  const [wallet] = await tx
    .select({ id: coinsWallets.id, walletCoins: coinsWallets.walletCoins })
    .from(coinsWallets)
    .where(eq(coinsWallets.userId, userId))
    .for('update');
  return wallet;
}

/** Creates the user's wallet when it does not exist yet (safe when two requests race). */
export async function ensureWallet(tx: Executor, userId: number): Promise<void> {
  await tx.insert(coinsWallets).values({ userId }).onConflictDoNothing({ target: coinsWallets.userId });
}

async function refIsKnown(tx: Executor, ref: string): Promise<boolean> {
  const rows = await tx.select({ id: coinsLedger.id }).from(coinsLedger).where(eq(coinsLedger.ref, ref));
  return rows.length > 0;
}

/** The error of a debit past the balance. */
export function insufficient(balance: number, delta: number): AppError {
  return new AppError(
    'INSUFFICIENT_COINS',
    `Not enough coins: this needs ${-delta} and the wallet holds ${balance}.`,
  );
}

/**
 * Applies one movement in the caller's transaction: the ledger row and the balance together.
 * A debit past the balance throws AppError('INSUFFICIENT_COINS') and writes nothing; a known
 * `ref` → `applied: false` and nothing changes. `balance` is the balance afterwards.
 */
export async function moveCoins(
  tx: Executor,
  movement: CoinMovement,
): Promise<{ applied: boolean; balance: number }> {
  checkMovement(movement);
  const { userId, delta, reason, ref } = movement;
  // A credit may create the wallet; a debit needs one (a missing wallet holds nothing).
  if (delta > 0) await ensureWallet(tx, userId);
  const wallet = await lockWallet(tx, userId);
  const balance = wallet?.walletCoins ?? 0;
  if (await refIsKnown(tx, ref)) return { applied: false, balance };
  if (!wallet || balance + delta < 0) throw insufficient(balance, delta);

  const inserted = await tx
    .insert(coinsLedger)
    .values({
      walletId: wallet.id,
      delta,
      reason,
      ref,
      orderId: movement.orderId ?? null,
      note: movement.note ?? null,
    })
    .onConflictDoNothing({ target: coinsLedger.ref })
    .returning({ id: coinsLedger.id });
  if (inserted.length === 0) return { applied: false, balance };

  const [moved] = await tx
    .update(coinsWallets)
    .set({ walletCoins: sql`${coinsWallets.walletCoins} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(coinsWallets.id, wallet.id), sql`${coinsWallets.walletCoins} + ${delta} >= 0`))
    .returning({ walletCoins: coinsWallets.walletCoins });
  // Unreachable while the row is locked; kept so a broken invariant fails loudly, never silently.
  if (!moved) throw new Error(`moveCoins: the wallet of user ${userId} changed under its lock`);
  return { applied: true, balance: moved.walletCoins };
}

/** The user's balance (0 without a wallet). */
export async function coinBalance(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ walletCoins: coinsWallets.walletCoins })
    .from(coinsWallets)
    .where(eq(coinsWallets.userId, userId));
  return row?.walletCoins ?? 0;
}
