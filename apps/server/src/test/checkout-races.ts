/*
 * The checkout's races (checklist F11, F13; issue 14 rule 2), shared by the PGlite suite
 * (`modules/checkout/checkout.face.test.ts`, where the pool of one serialises transactions) and
 * the PostgreSQL suite (`checkout.postgres.test.ts`, where they truly interleave).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { couponClaims, coupons, orders } from '../db/schema/index.js';
import { insertUser } from '../modules/auth/testing.js';
import { quoteCheckout, reserveCoupon, settleCoupon } from '../modules/checkout/index.js';
import { createCoupon, createSaleBatch, insertOrder } from '../modules/checkout/testing.js';
import { AppError } from '../http/app-error.js';
import { createTestDatabase } from './test-app.js';

const NOW = new Date('2026-03-10T06:30:00Z');

/** The error code an attempt failed with (`ok` when it did not). */
const outcome = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.code : String(r.reason);

export function describeCheckoutRaces(label: string): void {
  describe(`checkout races (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    }, 120_000);
    afterAll(async () => {
      await database.close();
    });

    /** A buyer's whole initiate: quote with the batch locked, the order, the coupon reservation. */
    const buy = (userId: number, batchId: number, couponCode?: string, lockBatch = true) =>
      database.db.transaction(async (tx) => {
        const quote = await quoteCheckout(tx, {
          batchId,
          plan: 'full',
          couponCode,
          currency: 'INR',
          userId,
          now: NOW,
          forUpdate: lockBatch,
        });
        const order = await insertOrder(tx, {
          userId,
          batchId,
          now: NOW,
          amountMinor: quote.totalMinor,
          discountMinor: quote.discountMinor,
          couponId: quote.coupon?.id ?? null,
        });
        if (quote.coupon) await reserveCoupon(tx, { couponId: quote.coupon.id, userId, orderId: order.id });
        return order.id;
      });

    const users = async (n: number) =>
      Promise.all(Array.from({ length: n }, () => insertUser(database.db, { name: 'Racer' })));

    it('when 50 buyers race for a 10-use coupon, then exactly 10 get it and claimed never passes the limit', async () => {
      const { batch } = await createSaleBatch(database.db);
      const coupon = await createCoupon(database.db, { maxClaims: 10 });
      const buyers = await users(50);
      // Without the batch lock (unlimited seats need none), so the coupon's own guard is what holds.
      const results = await Promise.allSettled(buyers.map((u) => buy(u.id, batch.id, coupon.code, false)));
      const outcomes = results.map(outcome);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'COUPON_EXHAUSTED')).toBe(true);
      const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row!.claimedCount).toBe(10);
      const claims = await database.db
        .select()
        .from(couponClaims)
        .where(eq(couponClaims.couponId, coupon.id));
      expect(claims).toHaveLength(10);
      expect(new Set(claims.map((c) => c.userId)).size).toBe(10);
      const discounted = await database.db.execute(
        sql`select count(*)::int as n from orders where coupon_id = ${coupon.id}`,
      );
      expect(discounted.rows[0]).toEqual({ n: 10 });
    });

    it('when one buyer claims a coupon 20 times at once, then exactly one claim is reserved', async () => {
      const { batch } = await createSaleBatch(database.db);
      const coupon = await createCoupon(database.db, { maxClaims: 100 });
      const [buyer] = await users(1);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => buy(buyer!.id, batch.id, coupon.code, false)),
      );
      const outcomes = results.map(outcome);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'COUPON_INVALID')).toBe(true);
      const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row!.claimedCount).toBe(1);
    });

    it('when a reservation is released by 10 concurrent settlements, then the count goes down exactly once', async () => {
      const { batch } = await createSaleBatch(database.db);
      const coupon = await createCoupon(database.db, { maxClaims: 10 });
      const buyers = await users(2);
      const orderIds = await Promise.all(buyers.map((u) => buy(u.id, batch.id, coupon.code)));
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          database.db.transaction((tx) => settleCoupon(tx, { orderId: orderIds[0]!, outcome: 'released' })),
        ),
      );
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row!.claimedCount).toBe(1);
    });

    it('when 30 buyers race for a batch with 5 seats, then exactly 5 orders hold a seat and the rest are sold out', async () => {
      const { batch } = await createSaleBatch(database.db, { capacity: 5 });
      const buyers = await users(30);
      const results = await Promise.allSettled(buyers.map((u) => buy(u.id, batch.id)));
      const outcomes = results.map(outcome);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'SOLD_OUT')).toBe(true);
      const held = await database.db.select().from(orders).where(eq(orders.batchId, batch.id));
      expect(held).toHaveLength(5);
    });
  });
}
