import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { coupons, instalmentPlans, instalments } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { describeCheckoutRaces } from '../../test/checkout-races.js';
import { createTestDatabase } from '../../test/test-app.js';
import { insertUser } from '../auth/testing.js';
import {
  fixInstalmentPlan,
  instalmentLock,
  markInstalmentPaid,
  payableInstalment,
  quoteCheckout,
  reserveCoupon,
  settleCoupon,
  type QuoteInput,
} from './index.js';
import { createCoupon, createSaleBatch, enrol, insertOrder } from './testing.js';

// 2026-03-10, 12:00 in Kolkata.
const NOW = new Date('2026-03-10T06:30:00Z');
const DAY = 86_400_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database.close();
});

const quote = (input: Partial<QuoteInput> & { batchId: number }) =>
  quoteCheckout(database.db, { plan: 'full', currency: 'INR', userId: null, now: NOW, ...input });

/** The AppError code and message a call fails with. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('quoteCheckout: prices in minor units in the buyer currency', () => {
  it('when a ₹4,999 / $59 batch is quoted, then INR is 499900 paise and USD 5900 cents, with the slash price', async () => {
    const { batch } = await createSaleBatch(database.db);
    const inr = await quote({ batchId: batch.id });
    expect(inr).toMatchObject({
      currency: 'INR',
      listMinor: 499_900,
      slashMinor: 799_900,
      discountMinor: 0,
      totalMinor: 499_900,
      dueNowMinor: 499_900,
      instalments: [],
      seatsLeft: null,
    });
    const usd = await quote({ batchId: batch.id, currency: 'USD' });
    expect(usd).toMatchObject({ currency: 'USD', listMinor: 5_900, totalMinor: 5_900, slashMinor: 9_900 });
  });

  it('when a batch is missing, inactive or has no price in the currency, then it is not found', async () => {
    const { batch: inactive } = await createSaleBatch(database.db, { isActive: false });
    const { batch: noDollar } = await createSaleBatch(database.db, { dollar: null });
    expect((await failure(quote({ batchId: 999_999 }))).code).toBe('NOT_FOUND');
    expect((await failure(quote({ batchId: inactive.id }))).code).toBe('NOT_FOUND');
    expect((await failure(quote({ batchId: noDollar.id, currency: 'USD' }))).code).toBe('NOT_FOUND');
  });

  it('when coins are asked for, then at most half the price (after the coupon) is paid with them', async () => {
    const { batch } = await createSaleBatch(database.db);
    const q = await quote({ batchId: batch.id, coins: 1_000_000 });
    expect(q).toMatchObject({ coinsUsed: 2_499, coinsValueMinor: 249_900, totalMinor: 250_000 });
    const few = await quote({ batchId: batch.id, coins: 250 });
    expect(few).toMatchObject({ coinsUsed: 250, coinsValueMinor: 25_000, totalMinor: 474_900 });
    const usd = await quote({ batchId: batch.id, coins: 1_000, currency: 'USD' });
    expect(usd).toMatchObject({ coinsUsed: 1_000, coinsValueMinor: 1_000, totalMinor: 4_900 });
  });
});

describe('quoteCheckout: late joining (rule 10)', () => {
  it('when a live batch started 7 days ago, then it is still sold; 8 days ago, it is not', async () => {
    const { batch: seven } = await createSaleBatch(database.db, { startDate: '2026-03-03' });
    const { batch: eight } = await createSaleBatch(database.db, { startDate: '2026-03-02' });
    await expect(quote({ batchId: seven.id })).resolves.toMatchObject({ totalMinor: 499_900 });
    expect((await failure(quote({ batchId: eight.id }))).code).toBe('NOT_FOUND');
  });

  it('when a batch allows 14 late-join days, then it is sold 8 days after its start', async () => {
    const { batch } = await createSaleBatch(database.db, { startDate: '2026-03-02', lateJoinDays: 14 });
    await expect(quote({ batchId: batch.id })).resolves.toMatchObject({ batchId: batch.id });
  });

  it('when a batch is recorded, then it is sold whenever it started', async () => {
    const { batch } = await createSaleBatch(database.db, {
      startDate: '2025-01-01',
      endDate: null,
      sessionType: 2,
    });
    await expect(quote({ batchId: batch.id })).resolves.toMatchObject({ batchId: batch.id });
  });
});

describe('quoteCheckout: coupons (F12)', () => {
  it('when a 10 % coupon is applied, then 10 % is taken off, rounded down to a whole paisa', async () => {
    const { batch } = await createSaleBatch(database.db, { amount: 999 });
    const coupon = await createCoupon(database.db, { kind: 'percent', value: 15 });
    const q = await quote({ batchId: batch.id, couponCode: coupon.code.toLowerCase() });
    // 15 % of 99,900 paise = 14,985.
    expect(q).toMatchObject({ discountMinor: 14_985, totalMinor: 84_915, coupon: { id: coupon.id } });
  });

  it('when a flat coupon has ₹500 / $6, then each currency gets its own amount', async () => {
    const { batch } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db, {
      kind: 'flat',
      value: 50_000,
      currency: 'INR',
      flatInrMinor: 50_000,
      flatUsdMinor: 600,
    });
    await expect(quote({ batchId: batch.id, couponCode: coupon.code })).resolves.toMatchObject({
      discountMinor: 50_000,
      totalMinor: 449_900,
    });
    await expect(
      quote({ batchId: batch.id, couponCode: coupon.code, currency: 'USD' }),
    ).resolves.toMatchObject({
      discountMinor: 600,
      totalMinor: 5_300,
    });
  });

  it.each([
    ['unknown', async () => 'NOPE-NOT-A-CODE', 'COUPON_INVALID', /does not exist/],
    [
      'expired',
      async () => (await createCoupon(database.db, { expiresAt: new Date(NOW.getTime() - 1) })).code,
      'COUPON_INVALID',
      /expired/,
    ],
    [
      'not started',
      async () => (await createCoupon(database.db, { startsAt: new Date(NOW.getTime() + DAY) })).code,
      'COUPON_INVALID',
      /cannot be used yet/,
    ],
    [
      'for another course',
      async () => {
        const { workshopId } = await createSaleBatch(database.db);
        return (await createCoupon(database.db, { workshopIds: [workshopId] })).code;
      },
      'COUPON_INVALID',
      /not valid for this course/,
    ],
    [
      'used up',
      async () => (await createCoupon(database.db, { maxClaims: 3, claimedCount: 3 })).code,
      'COUPON_EXHAUSTED',
      /used up/,
    ],
    [
      'inactive',
      async () => (await createCoupon(database.db, { isActive: false })).code,
      'COUPON_INVALID',
      /does not exist/,
    ],
    [
      'flat in INR only, bought in USD',
      async () => (await createCoupon(database.db, { kind: 'flat', value: 50_000, currency: 'INR' })).code,
      'COUPON_INVALID',
      /your currency/,
    ],
  ])('when the coupon is %s, then the quote is refused with the reason', async (_, code, error, message) => {
    const { batch } = await createSaleBatch(database.db);
    const result = await failure(quote({ batchId: batch.id, couponCode: await code(), currency: 'USD' }));
    expect(result.code).toBe(error);
    expect(result.message).toMatch(message);
  });

  it('when a live-only coupon is used on a recorded batch, then it is refused; on a live one it applies', async () => {
    const coupon = await createCoupon(database.db, { liveOnly: true });
    const { batch: recorded } = await createSaleBatch(database.db, { sessionType: 2, endDate: null });
    const { batch: live } = await createSaleBatch(database.db);
    expect((await failure(quote({ batchId: recorded.id, couponCode: coupon.code }))).message).toMatch(/live/);
    await expect(quote({ batchId: live.id, couponCode: coupon.code })).resolves.toMatchObject({
      discountMinor: 49_990,
    });
  });

  it('when a coupon lists this course, then it applies here', async () => {
    const { batch, workshopId } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db, { workshopIds: [workshopId] });
    await expect(quote({ batchId: batch.id, couponCode: coupon.code })).resolves.toMatchObject({
      discountMinor: 49_990,
    });
  });

  it('when the buyer already holds a claim of the coupon, then it is "already used by you"', async () => {
    const { batch } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db);
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    await reserveCoupon(database.db, { couponId: coupon.id, userId: buyer.id, orderId: order.id });
    const result = await failure(quote({ batchId: batch.id, couponCode: coupon.code, userId: buyer.id }));
    expect(result).toEqual({ code: 'COUPON_INVALID', message: 'This coupon has already been used by you.' });
  });
});

describe('quoteCheckout: the basket changes after a coupon preview (F12)', () => {
  it('when the buyer previews a coupon on one batch and buys another, then the discount is computed for the one bought', async () => {
    const { batch: cheap, workshopId } = await createSaleBatch(database.db, { amount: 999 });
    const { batch: dear } = await createSaleBatch(database.db, { amount: 4999 });
    const coupon = await createCoupon(database.db, { kind: 'percent', value: 10 });
    await expect(quote({ batchId: cheap.id, couponCode: coupon.code })).resolves.toMatchObject({
      discountMinor: 9_990,
    });
    await expect(quote({ batchId: dear.id, couponCode: coupon.code })).resolves.toMatchObject({
      discountMinor: 49_990,
    });
    const only = await createCoupon(database.db, { workshopIds: [workshopId] });
    await expect(quote({ batchId: cheap.id, couponCode: only.code })).resolves.toMatchObject({
      discountMinor: 9_990,
    });
    expect((await failure(quote({ batchId: dear.id, couponCode: only.code }))).code).toBe('COUPON_INVALID');
  });
});

describe('money round trip (F17): ₹999.99, $0.01 and large totals stay exact integers', () => {
  it('when a plan has ₹999.99 and $0.01 instalments, then they are quoted, fixed and read back to the unit', async () => {
    const { batch } = await createSaleBatch(database.db, {
      template: [
        { inr: 99_999, usd: 1, dueAfterDays: 0 },
        { inr: 99_999, usd: 1, dueAfterDays: 30 },
      ],
    });
    const inr = await quote({ batchId: batch.id, plan: 'instalments' });
    expect(inr.instalments.map((i) => i.amountMinor)).toEqual([99_999, 99_999]);
    const usd = await quote({ batchId: batch.id, plan: 'instalments', currency: 'USD' });
    expect(usd).toMatchObject({ listMinor: 2, totalMinor: 2, dueNowMinor: 1 });
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      now: NOW,
      amountMinor: inr.dueNowMinor,
    });
    const { planId } = await fixInstalmentPlan(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: inr.instalments,
      now: NOW,
    });
    const [plan] = await database.db.select().from(instalmentPlans).where(eq(instalmentPlans.id, planId));
    expect(plan!.totalMinor).toBe(199_998);
    const rows = await database.db.select().from(instalments).where(eq(instalments.planId, planId));
    expect(rows.map((r) => r.amountMinor).sort()).toEqual([99_999, 99_999]);
  });

  it('when a price is ₹9,99,99,999, then it is 9,999,999,900 paise end to end (past 32-bit integers)', async () => {
    const { batch } = await createSaleBatch(database.db, { amount: 99_999_999 });
    const coupon = await createCoupon(database.db, { kind: 'percent', value: 10 });
    const q = await quote({ batchId: batch.id, couponCode: coupon.code });
    expect(q).toMatchObject({
      listMinor: 9_999_999_900,
      discountMinor: 999_999_990,
      totalMinor: 8_999_999_910,
    });
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      now: NOW,
      amountMinor: q.totalMinor,
    });
    expect(order.amountMinor).toBe(8_999_999_910);
    expect(Number.isInteger(order.amountMinor)).toBe(true);
  });
});

describe('quoteCheckout: seats', () => {
  it('when enrolments and open orders fill the capacity, then the batch is sold out; expired orders hold nothing', async () => {
    const { batch } = await createSaleBatch(database.db, { capacity: 3 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => insertUser(database.db)));
    await enrol(database.db, a!.id, batch.id);
    await insertOrder(database.db, { userId: b!.id, batchId: batch.id, now: NOW });
    await insertOrder(database.db, {
      userId: c!.id,
      batchId: batch.id,
      now: NOW,
      expiresAt: new Date(NOW.getTime() - 1),
    });
    await expect(quote({ batchId: batch.id, userId: d!.id })).resolves.toMatchObject({ seatsLeft: 1 });
    await insertOrder(database.db, { userId: c!.id, batchId: batch.id, now: NOW, status: 'attempted' });
    expect((await failure(quote({ batchId: batch.id, userId: d!.id }))).code).toBe('SOLD_OUT');
    // A buyer's own open order does not keep them out (a retry).
    await expect(quote({ batchId: batch.id, userId: c!.id })).resolves.toMatchObject({ seatsLeft: 1 });
  });

  it('when orders are paid, failed or expired, then they hold no seat', async () => {
    const { batch } = await createSaleBatch(database.db, { capacity: 1 });
    const [a, b] = await Promise.all([1, 2].map(() => insertUser(database.db)));
    for (const status of ['paid', 'failed', 'expired'] as const) {
      await insertOrder(database.db, { userId: a!.id, batchId: batch.id, now: NOW, status });
    }
    await expect(quote({ batchId: batch.id, userId: b!.id })).resolves.toMatchObject({ seatsLeft: 1 });
  });
});

describe('quoteCheckout: instalments', () => {
  const template = [
    { inr: 200_000, usd: 2_500, dueAfterDays: 0 },
    { inr: 150_000, usd: 2_000, dueDate: '2026-04-10' },
    { inr: 150_000, usd: 2_000, dueAfterDays: 60 },
  ];

  it('when a batch has a plan, then the schedule is dated from today and sums to the total after coupon and coins', async () => {
    const { batch } = await createSaleBatch(database.db, { template });
    const coupon = await createCoupon(database.db, { kind: 'percent', value: 10 });
    const q = await quote({ batchId: batch.id, plan: 'instalments', couponCode: coupon.code, coins: 333 });
    expect(q.listMinor).toBe(500_000);
    expect(q.discountMinor).toBe(50_000);
    expect(q.coinsValueMinor).toBe(33_300);
    expect(q.totalMinor).toBe(416_700);
    expect(q.instalments.map((i) => i.dueDate)).toEqual(['2026-03-10', '2026-04-10', '2026-05-09']);
    expect(q.instalments.reduce((s, i) => s + i.amountMinor, 0)).toBe(q.totalMinor);
    expect(q.dueNowMinor).toBe(q.instalments[0]!.amountMinor);
    expect(q.instalments.map((i) => i.amountMinor)).toEqual([166_680, 125_010, 125_010]);
  });

  it('when a batch has no plan, then paying by instalments is refused (400)', async () => {
    const { batch } = await createSaleBatch(database.db);
    expect((await failure(quote({ batchId: batch.id, plan: 'instalments' }))).code).toBe('VALIDATION_FAILED');
  });
});

describe('reserveCoupon and settleCoupon (F11, F13)', () => {
  it('when a reservation is released twice, then the count goes back down exactly once', async () => {
    const { batch } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db, { maxClaims: 10 });
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    await reserveCoupon(database.db, { couponId: coupon.id, userId: buyer.id, orderId: order.id });
    const count = async () =>
      (await database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.claimedCount;
    expect(await count()).toBe(1);
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'released' })).toBe('released');
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'released' })).toBe('released');
    expect(await count()).toBe(0);
    // Released: the buyer may use it again on a new order.
    const again = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    await reserveCoupon(database.db, { couponId: coupon.id, userId: buyer.id, orderId: again.id });
    expect(await count()).toBe(1);
  });

  it('when a paid order counts its coupon, then it stays counted and a late release changes nothing', async () => {
    const { batch } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db, { maxClaims: 10 });
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    await reserveCoupon(database.db, { couponId: coupon.id, userId: buyer.id, orderId: order.id });
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'used' })).toBe('used');
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'used' })).toBe('used');
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'released' })).toBe('used');
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.claimedCount).toBe(1);
  });

  it('when an order without a coupon is settled, then nothing happens', async () => {
    const { batch } = await createSaleBatch(database.db);
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    expect(await settleCoupon(database.db, { orderId: order.id, outcome: 'released' })).toBeNull();
  });

  it('when the coupon is used up, then a reservation is COUPON_EXHAUSTED and nothing is claimed', async () => {
    const { batch } = await createSaleBatch(database.db);
    const coupon = await createCoupon(database.db, { maxClaims: 1, claimedCount: 1 });
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    const result = await failure(
      database.db.transaction((tx) =>
        reserveCoupon(tx, { couponId: coupon.id, userId: buyer.id, orderId: order.id }),
      ),
    );
    expect(result.code).toBe('COUPON_EXHAUSTED');
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.claimedCount).toBe(1);
  });
});

describe('instalment plans, payments and the EMI lock', () => {
  const setup = async (dueInDays: number[]) => {
    const { batch } = await createSaleBatch(database.db);
    const buyer = await insertUser(database.db);
    const order = await insertOrder(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
    const day = (n: number) => new Date(NOW.getTime() + n * DAY).toISOString().slice(0, 10);
    const plan = [0, ...dueInDays].map((d, i) => ({
      sequence: i + 1,
      dueDate: day(d),
      amountMinor: 100_000 + i,
    }));
    const fixed = await fixInstalmentPlan(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: plan,
      now: NOW,
    });
    const rows = await database.db
      .select()
      .from(instalments)
      .where(eq(instalments.planId, fixed.planId))
      .orderBy(instalments.sequence);
    return { batch, buyer, order, planId: fixed.planId, rows };
  };

  it('when a plan is fixed, then its first instalment is paid by the order, and fixing again answers the same plan', async () => {
    const { buyer, batch, order, planId, rows } = await setup([30, 60]);
    expect(rows.map((r) => [r.sequence, r.paidOrderId])).toEqual([
      [1, order.id],
      [2, null],
      [3, null],
    ]);
    const [plan] = await database.db.select().from(instalmentPlans).where(eq(instalmentPlans.id, planId));
    expect(plan).toMatchObject({ totalMinor: 300_003, currency: 'INR', status: 'active' });
    const again = await fixInstalmentPlan(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: [{ sequence: 1, dueDate: '2026-03-10', amountMinor: 1 }],
      now: NOW,
    });
    expect(again.planId).toBe(planId);
  });

  it('when an instalment is payable, then only its owner sees it, and once paid it is not payable', async () => {
    const { buyer, batch, planId, rows } = await setup([30, 60]);
    const stranger = await insertUser(database.db);
    const second = rows[1]!;
    expect(await payableInstalment(database.db, { instalmentId: second.id, userId: stranger.id })).toBeNull();
    expect(await payableInstalment(database.db, { instalmentId: rows[0]!.id, userId: buyer.id })).toBeNull();
    await expect(
      payableInstalment(database.db, { instalmentId: second.id, userId: buyer.id }),
    ).resolves.toEqual({
      id: second.id,
      planId,
      batchId: batch.id,
      sequence: 2,
      amountMinor: 100_001,
      currency: 'INR',
      workshopTitle: expect.any(String),
    });
    const payOrder = await insertOrder(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      now: NOW,
      kind: 'instalment',
      instalmentId: second.id,
    });
    expect(
      await markInstalmentPaid(database.db, { instalmentId: second.id, orderId: payOrder.id, now: NOW }),
    ).toBe('paid');
    expect(
      await markInstalmentPaid(database.db, { instalmentId: second.id, orderId: payOrder.id, now: NOW }),
    ).toBe('already');
    expect(await payableInstalment(database.db, { instalmentId: second.id, userId: buyer.id })).toBeNull();
  });

  it('when the last instalment is paid, then the plan is completed', async () => {
    const { buyer, batch, planId, rows } = await setup([30]);
    const payOrder = await insertOrder(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      now: NOW,
      kind: 'instalment',
      instalmentId: rows[1]!.id,
    });
    await markInstalmentPaid(database.db, { instalmentId: rows[1]!.id, orderId: payOrder.id, now: NOW });
    const [plan] = await database.db.select().from(instalmentPlans).where(eq(instalmentPlans.id, planId));
    expect(plan!.status).toBe('completed');
  });

  it.each([
    { dueIn: 6, locked: false },
    { dueIn: 5, locked: true },
    { dueIn: 1, locked: true },
    { dueIn: 0, locked: true },
    { dueIn: -3, locked: true },
  ])(
    'when the next instalment is due in $dueIn days, then the course is locked: $locked',
    async ({ dueIn, locked }) => {
      const { buyer, batch } = await setup([dueIn]);
      const lock = instalmentLock(database.db, { userId: buyer.id, batchId: batch.id, now: NOW });
      if (locked) {
        const result = await failure(lock);
        expect(result.code).toBe('INSTALMENT_DUE');
        expect(result.message).toMatch(/instalment/);
      } else {
        await expect(lock).resolves.toMatchObject({ locked: false, daysLeft: dueIn });
      }
    },
  );

  it('when the overdue instalment is paid, then the lock lifts at once', async () => {
    const { buyer, batch, rows } = await setup([-2, 40]);
    expect(
      (await failure(instalmentLock(database.db, { userId: buyer.id, batchId: batch.id, now: NOW }))).code,
    ).toBe('INSTALMENT_DUE');
    const payOrder = await insertOrder(database.db, {
      userId: buyer.id,
      batchId: batch.id,
      now: NOW,
      kind: 'instalment',
      instalmentId: rows[1]!.id,
    });
    await markInstalmentPaid(database.db, { instalmentId: rows[1]!.id, orderId: payOrder.id, now: NOW });
    await expect(
      instalmentLock(database.db, { userId: buyer.id, batchId: batch.id, now: NOW }),
    ).resolves.toMatchObject({ locked: false, daysLeft: 40 });
  });

  it('when a learner has no plan for the batch, then nothing is locked', async () => {
    const { batch } = await createSaleBatch(database.db);
    const learner = await insertUser(database.db);
    await expect(
      instalmentLock(database.db, { userId: learner.id, batchId: batch.id, now: NOW }),
    ).resolves.toMatchObject({
      locked: false,
      instalment: null,
    });
  });
});

describeCheckoutRaces('PGlite');
