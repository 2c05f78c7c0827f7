import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/database.js';
import { coinsLedger, coinsWallets, orders, referrals } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { createTestDatabase } from '../../test/test-app.js';
import { insertUser } from '../auth/testing.js';
import { coinBalance, moveCoins, rewardReferrerOnPaidOrder, type CoinMovement } from './index.js';

/** Σ ledger of a user's wallet, their cached balance, and how many rows. */
async function ledgerOf(db: Db, userId: number) {
  const rows = await db.execute(sql`
    SELECT w.wallet_coins AS balance, coalesce(sum(l.delta), 0)::int AS total, count(l.id)::int AS n
      FROM coins_wallets w LEFT JOIN coins_ledger l ON l.wallet_id = w.id
     WHERE w.user_id = ${userId} GROUP BY w.wallet_coins`);
  const row = rows.rows[0] as { balance: number; total: number; n: number } | undefined;
  return row ?? { balance: 0, total: 0, n: 0 };
}

async function duplicateRefs(db: Db): Promise<number> {
  const rows = await db.execute(sql`SELECT count(*)::int - count(DISTINCT ref)::int AS d FROM coins_ledger`);
  return (rows.rows[0] as { d: number }).d;
}

const move = (db: Db, movement: CoinMovement) => db.transaction((tx) => moveCoins(tx, movement));

async function paidOrder(db: Db, userId: number, amountMinor = 10_000) {
  const [order] = await db
    .insert(orders)
    .values({ userId, kind: 'custom', amountMinor, provider: 'sandbox', status: 'paid', paidAt: new Date() })
    .returning({ id: orders.id });
  return order!.id;
}

describe('coins ledger: moveCoins', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('when a user without a wallet is credited, then the wallet is created and balance = Σ ledger', async () => {
    const user = await insertUser(db);
    expect(await coinBalance(db, user.id)).toBe(0);
    const result = await move(db, {
      userId: user.id,
      delta: 120,
      reason: 'signup_bonus',
      ref: `t1:${user.id}:a`,
    });
    expect(result).toEqual({ applied: true, balance: 120 });
    await move(db, { userId: user.id, delta: -20, reason: 'spend', ref: `t1:${user.id}:b` });
    expect(await coinBalance(db, user.id)).toBe(100);
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 100, total: 100, n: 2 });
  });

  it('when a ref is applied twice, then the second is not applied and nothing changes', async () => {
    const user = await insertUser(db);
    const ref = `t2:${user.id}`;
    await move(db, { userId: user.id, delta: 50, reason: 'refund', ref });
    const again = await move(db, { userId: user.id, delta: 50, reason: 'refund', ref });
    expect(again).toEqual({ applied: false, balance: 50 });
    // A known ref is not applied even when it would overdraw: a replayed debit is a no-op, not an error.
    const replayedDebit = await move(db, { userId: user.id, delta: -500, reason: 'spend', ref });
    expect(replayedDebit).toEqual({ applied: false, balance: 50 });
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 50, total: 50, n: 1 });
  });

  it('when a debit exceeds the balance, then INSUFFICIENT_COINS with a clear message and nothing is written', async () => {
    const user = await insertUser(db);
    await move(db, { userId: user.id, delta: 30, reason: 'signup_bonus', ref: `t3:${user.id}:a` });
    const error = await move(db, {
      userId: user.id,
      delta: -31,
      reason: 'spend',
      ref: `t3:${user.id}:b`,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INSUFFICIENT_COINS');
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).message).toBe('Not enough coins: this needs 31 and the wallet holds 30.');
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 30, total: 30, n: 1 });
    // Caught inside a transaction that goes on and commits: still nothing of the failed debit.
    await db.transaction(async (tx) => {
      await moveCoins(tx, { userId: user.id, delta: -31, reason: 'spend', ref: `t3:${user.id}:c` }).catch(
        () => null,
      );
    });
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 30, total: 30, n: 1 });
    const refs = await db
      .select({ ref: coinsLedger.ref })
      .from(coinsLedger)
      .where(eq(coinsLedger.ref, `t3:${user.id}:c`));
    expect(refs).toEqual([]);
  });

  it('when a user without a wallet is debited, then INSUFFICIENT_COINS and no wallet row is created', async () => {
    const user = await insertUser(db);
    await expect(
      move(db, { userId: user.id, delta: -1, reason: 'spend', ref: `t4:${user.id}` }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_COINS',
    });
    expect(await db.select().from(coinsWallets).where(eq(coinsWallets.userId, user.id))).toEqual([]);
  });

  it('when the caller rolls back, then neither the ledger row nor the balance change stays', async () => {
    const user = await insertUser(db);
    await db
      .transaction(async (tx) => {
        await moveCoins(tx, { userId: user.id, delta: 70, reason: 'purchase', ref: `t5:${user.id}` });
        throw new Error('the payment failed after the coins moved');
      })
      .catch(() => null);
    expect(await coinBalance(db, user.id)).toBe(0);
    expect((await ledgerOf(db, user.id)).n).toBe(0);
    // The ref was never used, so it can be applied now.
    expect(
      (await move(db, { userId: user.id, delta: 70, reason: 'purchase', ref: `t5:${user.id}` })).applied,
    ).toBe(true);
  });

  it('when a movement is malformed (zero, fractional, empty ref), then it throws before writing', async () => {
    const user = await insertUser(db);
    for (const bad of [
      { delta: 0, ref: 'x0' },
      { delta: 1.5, ref: 'x1' },
      { delta: 5, ref: '' },
    ]) {
      await expect(move(db, { userId: user.id, reason: 'purchase', ...bad })).rejects.toThrow(/moveCoins/);
    }
    expect(await coinBalance(db, user.id)).toBe(0);
  });

  it('when the database is asked to go negative directly, then the CHECK refuses it', async () => {
    const user = await insertUser(db);
    await move(db, { userId: user.id, delta: 5, reason: 'purchase', ref: `t7:${user.id}` });
    await expect(
      db.update(coinsWallets).set({ walletCoins: -1 }).where(eq(coinsWallets.userId, user.id)),
    ).rejects.toThrow();
  });

  it('F14: 20 concurrent 100-coin spends on a 100-coin wallet → exactly one succeeds, balance 0 = Σ ledger', async () => {
    const user = await insertUser(db);
    await move(db, { userId: user.id, delta: 100, reason: 'signup_bonus', ref: `f14:${user.id}:credit` });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        move(db, { userId: user.id, delta: -100, reason: 'spend', ref: `f14:${user.id}:spend:${i}` }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed) expect(f.reason).toMatchObject({ code: 'INSUFFICIENT_COINS' });
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 0, total: 0, n: 2 });
  });

  it('when 10 concurrent movements share one ref, then exactly one applies', async () => {
    const user = await insertUser(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        move(db, { userId: user.id, delta: 25, reason: 'refund', ref: `dup:${user.id}` }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await ledgerOf(db, user.id)).toEqual({ balance: 25, total: 25, n: 1 });
  });
});

describe('coins ledger: referral reward', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  async function referredPair(referrerCoins: number | null = 300) {
    const referrer = await insertUser(db, { name: 'Asha Rao' });
    const friend = await insertUser(db, { name: 'Vikram Shah' });
    const [referral] = await db
      .insert(referrals)
      .values({ referrerId: referrer.id, refereeId: friend.id, referrerCoins })
      .returning();
    return { referrer, friend, referral: referral! };
  }
  const reward = (userId: number, orderId: number) =>
    db.transaction((tx) => rewardReferrerOnPaidOrder(tx, { userId, orderId, now: new Date() }));
  const referralRow = async (id: number) =>
    (await db.select().from(referrals).where(eq(referrals.id, id)))[0]!;

  it("when a referred friend's first paid order is captured, then the referrer earns the promised coins once", async () => {
    const { referrer, friend, referral } = await referredPair(300);
    const orderId = await paidOrder(db, friend.id);
    await reward(friend.id, orderId);
    await reward(friend.id, orderId);
    await Promise.all([reward(friend.id, orderId), reward(friend.id, orderId)]);
    expect(await ledgerOf(db, referrer.id)).toEqual({ balance: 300, total: 300, n: 1 });
    const row = await referralRow(referral.id);
    expect(row).toMatchObject({
      status: 'rewarded',
      qualifyingOrderId: orderId,
      rewardLedgerRef: `referral:${referral.id}:reward`,
    });
    const [entry] = await db
      .select()
      .from(coinsLedger)
      .where(eq(coinsLedger.ref, `referral:${referral.id}:reward`));
    expect(entry).toMatchObject({ reason: 'referral_reward', delta: 300 });
    expect(entry!.note).toContain('Vikram');
    // The friend's second paid order earns nothing more.
    await reward(friend.id, await paidOrder(db, friend.id));
    expect(await coinBalance(db, referrer.id)).toBe(300);
  });

  it('when no reward was recorded with the referral, then the configured default (500) is paid', async () => {
    const { referrer, friend } = await referredPair(null);
    await reward(friend.id, await paidOrder(db, friend.id));
    expect(await coinBalance(db, referrer.id)).toBe(500);
  });

  it('when the buyer was not referred, then nothing moves', async () => {
    const buyer = await insertUser(db);
    await reward(buyer.id, await paidOrder(db, buyer.id));
    expect(await coinBalance(db, buyer.id)).toBe(0);
  });

  it('when the order took no money (paid wholly with coins), then no reward and the referral stays pending', async () => {
    const { referrer, friend, referral } = await referredPair();
    await reward(friend.id, await paidOrder(db, friend.id, 0));
    expect(await coinBalance(db, referrer.id)).toBe(0);
    expect((await referralRow(referral.id)).status).toBe('pending');
  });

  it('when the friend had paid before the referral was recorded, then no reward and the referral is rejected', async () => {
    const { referrer, friend, referral } = await referredPair();
    await paidOrder(db, friend.id);
    await reward(friend.id, await paidOrder(db, friend.id));
    expect(await coinBalance(db, referrer.id)).toBe(0);
    expect((await referralRow(referral.id)).status).toBe('rejected');
  });

  it("when the order is someone else's, then no reward", async () => {
    const { referrer, friend } = await referredPair();
    const stranger = await insertUser(db);
    await reward(friend.id, await paidOrder(db, stranger.id));
    expect(await coinBalance(db, referrer.id)).toBe(0);
  });
});

/**
 * F16: a model-based run. Random steps of credits, debits, refunds, referral rewards and movements
 * reusing an earlier ref; each step runs 1–3 operations concurrently (each in its own transaction).
 * After every step, for every user: balance = Σ ledger ≥ 0, balance = the model's, and no ref in
 * the ledger twice. A ref the model has seen is never applied again; a fresh credit always is.
 */
describe('coins ledger: model-based (F16)', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  type Op =
    { kind: 'credit' | 'debit' | 'refund'; user: number; coins: number; ref: number } | { kind: 'reward' };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constantFrom('credit' as const, 'debit' as const, 'refund' as const),
      user: fc.integer({ min: 0, max: 1 }),
      coins: fc.integer({ min: 1, max: 150 }),
      // A small pool of refs, so duplicates are frequent.
      ref: fc.integer({ min: 0, max: 7 }),
    }),
    fc.constant({ kind: 'reward' as const }),
  );
  const stepsArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });

  let run = 0;
  it('keeps balance = Σ delta ≥ 0 and applies no ref twice after every step', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        run += 1;
        const a = await insertUser(db, { name: 'Model Alpha' });
        const b = await insertUser(db, { name: 'Model Beta' });
        const users = [a.id, b.id];
        const [referral] = await db
          .insert(referrals)
          .values({ referrerId: a.id, refereeId: b.id, referrerCoins: 40 })
          .returning({ id: referrals.id });
        const orderId = await paidOrder(db, b.id);
        const rewardRef = `referral:${referral!.id}:reward`;

        const model = new Map<number, number>(users.map((u) => [u, 0]));
        const applied = new Map<string, { user: number; delta: number }>();

        for (const step of steps) {
          const outcomes = await Promise.all(
            step.map(async (op) => {
              if (op.kind === 'reward') {
                await db.transaction((tx) =>
                  rewardReferrerOnPaidOrder(tx, { userId: b.id, orderId, now: new Date() }),
                );
                return { op, ref: rewardRef, user: a.id, delta: 40, result: 'done' as const };
              }
              const user = users[op.user]!;
              const delta = op.kind === 'debit' ? -op.coins : op.coins;
              const ref = `model:${run}:${op.ref}`;
              const reason =
                op.kind === 'debit'
                  ? ('spend' as const)
                  : op.kind === 'refund'
                    ? ('refund' as const)
                    : ('purchase' as const);
              try {
                const r = await move(db, { userId: user, delta, reason, ref });
                return {
                  op,
                  ref,
                  user,
                  delta,
                  result: r.applied ? ('applied' as const) : ('skipped' as const),
                };
              } catch (error) {
                expect(error).toMatchObject({ code: 'INSUFFICIENT_COINS' });
                return { op, ref, user, delta, result: 'insufficient' as const };
              }
            }),
          );
          for (const o of outcomes) {
            const known = applied.has(o.ref);
            if (o.result === 'applied') {
              // Never a ref already applied (by this step's siblings or earlier).
              expect(known).toBe(false);
              applied.set(o.ref, { user: o.user, delta: o.delta });
              model.set(o.user, model.get(o.user)! + o.delta);
            } else if (o.result === 'done' && !known) {
              const [row] = await db.select().from(coinsLedger).where(eq(coinsLedger.ref, rewardRef));
              if (row) {
                applied.set(rewardRef, { user: a.id, delta: 40 });
                model.set(a.id, model.get(a.id)! + 40);
              }
            } else if (o.result === 'skipped') {
              // Skipped only for a ref that was applied (before or by a sibling of this step).
              expect(outcomes.some((s) => s.ref === o.ref && s.result === 'applied') || known).toBe(true);
            }
          }
          for (const u of users) {
            const l = await ledgerOf(db, u);
            expect(l.balance).toBe(l.total);
            expect(l.balance).toBeGreaterThanOrEqual(0);
            expect(l.balance).toBe(model.get(u));
          }
          expect(await duplicateRefs(db)).toBe(0);
        }
        // The reward, when it ran at all, was paid once.
        const rewards = await db.select().from(coinsLedger).where(eq(coinsLedger.ref, rewardRef));
        expect(rewards.length).toBe(steps.some((s) => s.some((op) => op.kind === 'reward')) ? 1 : 0);
      }),
      { numRuns: 25 },
    );
    // Hundreds of transactions: generous on a loaded machine.
  }, 180_000);
});
