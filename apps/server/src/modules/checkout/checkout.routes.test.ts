import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinsWallets } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { fixInstalmentPlan, reserveCoupon } from './index.js';
import { createCoupon, createSaleBatch, insertOrder } from './testing.js';

// 2026-03-10, 12:00 in Kolkata.
const NOW = new Date('2026-03-10T06:30:00Z');
const COUNTRY = 'x-test-country';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { COUNTRY_HEADER: COUNTRY } });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function learner(coins = 0) {
  const user = await insertUser(t.database.db, { name: 'Checkout Learner' });
  if (coins > 0) await t.database.db.insert(coinsWallets).values({ userId: user.id, walletCoins: coins });
  const { token } = await insertSession(t.database.db, user.id, NOW);
  return { user, auth: bearer(token) };
}

const template = [
  { inr: 200_000, usd: 2_500, dueAfterDays: 0 },
  { inr: 150_000, usd: 2_000, dueDate: '2026-04-10' },
  { inr: 150_000, usd: 2_000, dueAfterDays: 60 },
];

describe('POST /api/course/ws/details (the payment page)', () => {
  it("when a visitor opens a course's payment page, then prices are in paise, plans dated, and only batches on sale are offered", async () => {
    const { batch, workshopId } = await createSaleBatch(t.database.db, { startDate: '2026-04-01', template });
    const { batch: started } = await createSaleBatch(t.database.db, { workshopId, startDate: '2026-03-05' });
    await createSaleBatch(t.database.db, { workshopId, startDate: '2026-03-01' });
    const res = await post('/api/course/ws/details', { batchId: batch.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      currency: 'INR',
      amountMinor: 499_900,
      slashMinor: 799_900,
      Workshop: { id: workshopId },
      coupon: null,
      coins: null,
      notice: null,
      plans: {
        full: { amountMinor: 499_900 },
        instalments: {
          totalMinor: 500_000,
          instalments: [
            { sequence: 1, dueDate: '2026-03-10', amountMinor: 200_000 },
            { sequence: 2, dueDate: '2026-04-10', amountMinor: 150_000 },
            { sequence: 3, dueDate: '2026-05-09', amountMinor: 150_000 },
          ],
        },
      },
    });
    expect(data.batches.map((b: { id: number }) => b.id)).toEqual([started.id, batch.id]);
    expect(data.batches[0]).toMatchObject({ hasStarted: true, onSaleUntil: '2026-03-12', seatsLeft: null });
  });

  it('when the visitor picks a batch that started, then the page says so', async () => {
    const { batch } = await createSaleBatch(t.database.db, { startDate: '2026-03-05' });
    const res = await post('/api/course/ws/details', { batchId: batch.id });
    expect(res.json().data.notice).toBe(
      'Started on 5 Mar: recordings of the sessions you missed are included. On sale until 12 Mar.',
    );
  });

  it('when a batch is past its late-join days, then its payment page is not found', async () => {
    const { batch } = await createSaleBatch(t.database.db, { startDate: '2026-03-01' });
    const res = await post('/api/course/ws/details', { batchId: batch.id });
    expect(res.statusCode).toBe(404);
  });

  it('when the visitor is outside India, then the server prices in USD', async () => {
    const { batch } = await createSaleBatch(t.database.db, { template });
    const res = await post('/api/course/ws/details', { batchId: batch.id }, { [COUNTRY]: 'US' });
    expect(res.json().data).toMatchObject({
      currency: 'USD',
      amountMinor: 5_900,
      plans: { full: { amountMinor: 5_900 }, instalments: { totalMinor: 6_500 } },
    });
  });

  it('when a coupon is given, then the preview and the plans show it; an invalid one says why and changes nothing', async () => {
    const { batch } = await createSaleBatch(t.database.db, { template });
    const coupon = await createCoupon(t.database.db, { kind: 'percent', value: 10 });
    const res = await post('/api/course/ws/details', { batchId: batch.id, couponCode: coupon.code });
    expect(res.json().data).toMatchObject({
      coupon: {
        code: coupon.code,
        applied: true,
        discountMinor: 49_990,
        finalAmountMinor: 449_910,
        currency: 'INR',
      },
      plans: { full: { amountMinor: 449_910 }, instalments: { totalMinor: 450_000 } },
    });
    const bad = await post('/api/course/ws/details', { batchId: batch.id, couponCode: 'NOSUCHCODE' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data).toMatchObject({
      coupon: {
        code: 'NOSUCHCODE',
        applied: false,
        discountMinor: 0,
        finalAmountMinor: 499_900,
        message: 'This coupon code does not exist.',
      },
      plans: { full: { amountMinor: 499_900 } },
    });
  });

  it('when a learner with coins opens the page, then the coins block shows the balance and what this purchase accepts', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const { auth } = await learner(5_000);
    const res = await post('/api/course/ws/details', { batchId: batch.id }, auth);
    expect(res.json().data.coins).toEqual({ balance: 5_000, maxUsable: 2_499, valueMinor: 100 });
    const poor = await learner(100);
    const small = await post('/api/course/ws/details', { batchId: batch.id }, poor.auth);
    expect(small.json().data.coins).toEqual({ balance: 100, maxUsable: 100, valueMinor: 100 });
  });

  it("when a moderator views a learner's account, then the payment page opens read-only with the learner's coins", async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const { user } = await learner(700);
    const moderator = await insertUser(t.database.db, { role: 'moderator' });
    const { token } = await insertSession(t.database.db, moderator.id, NOW, { viewedUserId: user.id });
    const res = await post('/api/course/ws/details', { batchId: batch.id }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coins).toMatchObject({ balance: 700 });
  });

  it.each([
    ['an amount', { amountMinor: 1 }],
    ['a currency', { currency: 'USD' }],
    ['a price', { price: 1 }],
    ['a discount id', { discountId: 3 }],
    ['two coupons', { couponCodes: ['A1', 'B2'] }],
  ])('when the body carries %s, then it is refused (400) naming the field', async (_, extra) => {
    const { batch } = await createSaleBatch(t.database.db);
    const res = await post('/api/course/ws/details', { batchId: batch.id, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
  });

  it('when a coupon code is a list (stacking), then it is refused (400)', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const res = await post('/api/course/ws/details', { batchId: batch.id, couponCode: ['A1', 'B2'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/coupon/claim and GET /api/coupon/claim/count', () => {
  it('when a valid coupon is claimed, then the preview shows the discount and nothing is reserved', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const coupon = await createCoupon(t.database.db, {
      kind: 'flat',
      value: 50_000,
      currency: 'INR',
      flatInrMinor: 50_000,
      flatUsdMinor: 600,
      maxClaims: 10,
    });
    const res = await post('/api/coupon/claim', { code: coupon.code.toLowerCase(), batchId: batch.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      code: coupon.code,
      applied: true,
      discountMinor: 50_000,
      finalAmountMinor: 449_900,
      currency: 'INR',
    });
    const usd = await post(
      '/api/coupon/claim',
      { code: coupon.code, batchId: batch.id },
      { [COUNTRY]: 'DE' },
    );
    expect(usd.json().data).toMatchObject({ discountMinor: 600, finalAmountMinor: 5_300, currency: 'USD' });
    const count = await get(`/api/coupon/claim/count?code=${coupon.code}`);
    expect(count.json().data).toEqual({ code: coupon.code, claimed: 0, maxClaims: 10, remaining: 10 });
  });

  it('when coupons are reserved, then claim/count agrees with the reservations', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const coupon = await createCoupon(t.database.db, { maxClaims: 3 });
    for (let i = 0; i < 3; i += 1) {
      const user = await insertUser(t.database.db);
      const order = await insertOrder(t.database.db, { userId: user.id, batchId: batch.id, now: NOW });
      await reserveCoupon(t.database.db, { couponId: coupon.id, userId: user.id, orderId: order.id });
    }
    const count = await get(`/api/coupon/claim/count?code=${coupon.code}`);
    expect(count.json().data).toEqual({ code: coupon.code, claimed: 3, maxClaims: 3, remaining: 0 });
    const res = await post('/api/coupon/claim', { code: coupon.code, batchId: batch.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'COUPON_EXHAUSTED', message: 'This coupon has been used up.' });
  });

  it('when a signed-in learner claims a coupon they already used, then it says so', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const coupon = await createCoupon(t.database.db);
    const { user, auth } = await learner();
    const order = await insertOrder(t.database.db, { userId: user.id, batchId: batch.id, now: NOW });
    await reserveCoupon(t.database.db, { couponId: coupon.id, userId: user.id, orderId: order.id });
    const res = await post('/api/coupon/claim', { code: coupon.code, batchId: batch.id }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'COUPON_INVALID',
      message: 'This coupon has already been used by you.',
    });
  });

  it.each([
    ['unknown', () => Promise.resolve('NOSUCHCODE'), /does not exist/],
    [
      'expired',
      async () => (await createCoupon(t.database.db, { expiresAt: new Date(NOW.getTime() - 1000) })).code,
      /expired/,
    ],
    [
      'for another course',
      async () => {
        const { workshopId } = await createSaleBatch(t.database.db);
        return (await createCoupon(t.database.db, { workshopId })).code;
      },
      /not valid for this course/,
    ],
  ])('when the coupon is %s, then the claim answers 400 saying why', async (_, code, message) => {
    const { batch } = await createSaleBatch(t.database.db);
    const res = await post('/api/coupon/claim', { code: await code(), batchId: batch.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('COUPON_INVALID');
    expect(res.json().message).toMatch(message);
  });

  it('when the claim body carries a discount or an amount, then it is refused (400)', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const res = await post('/api/coupon/claim', {
      code: 'WELCOME10',
      batchId: batch.id,
      discountMinor: 499_900,
    });
    expect(res.statusCode).toBe(400);
  });

  it('when an unknown code is counted, then it is 404', async () => {
    expect((await get('/api/coupon/claim/count?code=NOSUCHCODE')).statusCode).toBe(404);
  });

  it('when one address guesses codes quickly, then it is rate limited (429)', async () => {
    const { batch } = await createSaleBatch(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/coupon/claim',
        payload: { code: `GUESS${i}`, batchId: batch.id },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});

describe('instalments and pending payments (own only)', () => {
  async function planFor(userId: number) {
    const { batch } = await createSaleBatch(t.database.db);
    const order = await insertOrder(t.database.db, { userId, batchId: batch.id, now: NOW, status: 'paid' });
    const { planId } = await fixInstalmentPlan(t.database.db, {
      userId,
      batchId: batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: [
        { sequence: 1, dueDate: '2026-03-10', amountMinor: 200_000 },
        { sequence: 2, dueDate: '2026-03-13', amountMinor: 150_000 },
        { sequence: 3, dueDate: '2026-05-10', amountMinor: 150_000 },
      ],
      now: NOW,
    });
    const rows = await t.database.db.query.instalments.findMany({
      where: (i, { eq }) => eq(i.planId, planId),
      orderBy: (i, { asc }) => asc(i.sequence),
    });
    return { batch, planId, rows };
  }

  it("when a learner reads their instalment, then it comes with its plan; another learner's is 404", async () => {
    const owner = await learner();
    const other = await learner();
    const { batch, planId, rows } = await planFor(owner.user.id);
    const second = rows[1]!;
    const res = await get(`/api/payment/instalment/${second.id}`, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: second.id,
      sequence: 2,
      dueDate: '2026-03-13',
      amountMinor: 150_000,
      paid: false,
      paidAt: null,
      currency: 'INR',
      batchId: batch.id,
      plan: { id: planId, totalMinor: 500_000, paidMinor: 200_000 },
    });
    expect(res.json().data.plan.instalments).toHaveLength(3);
    const foreign = await get(`/api/payment/instalment/${second.id}`, other.auth);
    const missing = await get('/api/payment/instalment/99999999', other.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(missing.json().message);
    expect((await get(`/api/payment/instalment/${second.id}`)).statusCode).toBe(401);
  });

  it('when a learner has instalments left, then the pending-payment calls list them with the wallet; another id is 404', async () => {
    const owner = await learner(300);
    const other = await learner();
    const { batch } = await planFor(owner.user.id);
    const res = await get('/api/user/pending/payment/notification', owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        batchId: batch.id,
        pendingAmount: 300_000,
        currency: 'INR',
        instalmentDetails: [
          expect.objectContaining({ sequence: 2, dueDate: '2026-03-13', paid: false }),
          expect.objectContaining({ sequence: 3, dueDate: '2026-05-10', paid: false }),
        ],
      }),
    ]);
    const byId = await get(`/api/user/${owner.user.id}/pending/payment/notification`, owner.auth);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.user).toMatchObject({
      id: owner.user.id,
      name: 'Checkout Learner',
      CoinsWallet: { walletCoins: 300, isCoinPopupSeen: false },
    });
    expect(byId.json().data.courses).toHaveLength(1);
    const foreign = await get(`/api/user/${owner.user.id}/pending/payment/notification`, other.auth);
    expect(foreign.statusCode).toBe(404);
    const none = await get('/api/user/pending/payment/notification', other.auth);
    expect(none.json().data).toEqual([]);
  });
});
