import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { connectPostgres, type Database } from '../../db/database.js';
import { testDatabaseKind, testDatabaseUrl } from '../../test/test-database-kind.js';
import { insertUser } from '../auth/testing.js';
import { coinBalance, createPayoutClaim, moveCoins, settlePayoutClaim, type CoinMovement } from './index.js';

/*
 * The ledger under real concurrency: PostgreSQL with a pool of 25 connections, so the transactions
 * below truly overlap (on PGlite they run one at a time). Each transaction waits a little after
 * its movement before it commits, so the others pile up on the wallet's lock and the ref's index.
 */
describe.runIf(testDatabaseKind() === 'postgres')('coins ledger on PostgreSQL, 25 connections', () => {
  let database: Database;
  let db: Db;
  let name: string;

  beforeAll(async () => {
    name = `atelier_coins_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('dbTemplate')}"`);
    await admin.end();
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    database = connectPostgres(url.toString(), 25);
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const slowMove = (movement: CoinMovement) =>
    db.transaction(async (tx) => {
      const result = await moveCoins(tx, movement);
      await sleep(20);
      return result;
    });

  async function ledger(userId: number) {
    const rows = await db.execute(sql`
      SELECT w.wallet_coins AS balance, coalesce(sum(l.delta), 0)::int AS total, count(l.id)::int AS n
        FROM coins_wallets w LEFT JOIN coins_ledger l ON l.wallet_id = w.id
       WHERE w.user_id = ${userId} GROUP BY w.wallet_coins`);
    return rows.rows as { balance: number; total: number; n: number }[];
  }

  it('F14: 20 concurrent 100-coin spends on a 100-coin wallet → exactly one succeeds; balance 0 = Σ ledger', async () => {
    const user = await insertUser(db);
    await slowMove({ userId: user.id, delta: 100, reason: 'signup_bonus', ref: `pg14:${user.id}:seed` });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        slowMove({ userId: user.id, delta: -100, reason: 'spend', ref: `pg14:${user.id}:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_COINS' });
    expect(await ledger(user.id)).toEqual([{ balance: 0, total: 0, n: 2 }]);
  });

  it('when 20 credits race for a user without a wallet, then one wallet and every credit counted', async () => {
    const user = await insertUser(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        slowMove({ userId: user.id, delta: i + 1, reason: 'purchase', ref: `pgw:${user.id}:${i}` }),
      ),
    );
    expect(await ledger(user.id)).toEqual([{ balance: 210, total: 210, n: 20 }]);
  });

  it('when 20 movements on different wallets share one ref, then exactly one applies', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => insertUser(db)));
    const results = await Promise.all(
      users.map((u) => slowMove({ userId: u.id, delta: 7, reason: 'refund', ref: `pgref:${users[0]!.id}` })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const balances = await Promise.all(users.map((u) => coinBalance(db, u.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('when mixed credits and debits race, then the balance never goes negative and equals Σ ledger', async () => {
    const user = await insertUser(db);
    await slowMove({ userId: user.id, delta: 50, reason: 'signup_bonus', ref: `pgmix:${user.id}:seed` });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        slowMove({
          userId: user.id,
          delta: i % 3 === 0 ? 20 : -30,
          reason: i % 3 === 0 ? 'refund' : 'spend',
          ref: `pgmix:${user.id}:${i}`,
        }),
      ),
    );
    const [row] = await ledger(user.id);
    expect(row!.balance).toBe(row!.total);
    expect(row!.balance).toBeGreaterThanOrEqual(0);
    expect(row!.n).toBe(1 + outcomes.filter((o) => o.status === 'fulfilled').length);
  });

  it('when 10 payout requests of 60 race on a 300-coin wallet, then exactly 5 hold coins and the balance is 0', async () => {
    const user = await insertUser(db);
    await slowMove({ userId: user.id, delta: 300, reason: 'referral_reward', ref: `pgpay:${user.id}:seed` });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          const claim = await createPayoutClaim(tx, { userId: user.id, coins: 60, upiId: 'race@okaxis' });
          await sleep(20);
          return claim;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await coinBalance(db, user.id)).toBe(0);
    const claims = await db.execute(
      sql`SELECT count(*)::int AS n FROM referral_claim_forms WHERE user_id = ${user.id}`,
    );
    expect((claims.rows[0] as { n: number }).n).toBe(5);
  });

  it('when one Idempotency-Key is sent 8 times at once, then one payout request and one hold', async () => {
    const user = await insertUser(db);
    await slowMove({ userId: user.id, delta: 100, reason: 'referral_reward', ref: `pgkey:${user.id}:seed` });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(async (tx) => {
          const claim = await createPayoutClaim(tx, {
            userId: user.id,
            coins: 40,
            upiId: 'key@okaxis',
            idempotencyKey: 'same-key',
          });
          await sleep(20);
          return claim.id;
        }),
      ),
    );
    expect(new Set(results).size).toBe(1);
    expect(await coinBalance(db, user.id)).toBe(60);
  });
  it('when staff settle one claim 6 times at once (rejected, paid), then one outcome and the coins come back at most once', async () => {
    const user = await insertUser(db);
    await slowMove({ userId: user.id, delta: 100, reason: 'referral_reward', ref: `pgset:${user.id}:seed` });
    const claim = await db.transaction((tx) =>
      createPayoutClaim(tx, { userId: user.id, coins: 80, upiId: 'set@okaxis' }),
    );
    const outcomes = ['rejected', 'paid', 'rejected', 'paid', 'rejected', 'rejected'] as const;
    const results = await Promise.allSettled(
      outcomes.map((outcome) =>
        db.transaction(async (tx) => {
          const settled = await settlePayoutClaim(tx, { claimId: claim.id, outcome, now: new Date() });
          await sleep(20);
          return settled.status;
        }),
      ),
    );
    const statuses = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    expect(statuses.size).toBe(1);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    const [final] = [...statuses];
    expect(await coinBalance(db, user.id)).toBe(final === 'rejected' ? 100 : 20);
    expect(await ledger(user.id)).toEqual([
      {
        balance: final === 'rejected' ? 100 : 20,
        total: final === 'rejected' ? 100 : 20,
        n: final === 'rejected' ? 3 : 2,
      },
    ]);
  });
});
