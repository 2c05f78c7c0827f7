import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinsLedger, orders, referralClaimForms, referrals, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, captureSecurityEvents, insertSession, insertUser } from '../auth/testing.js';
import { coinBalance, moveCoins, rewardReferrerOnPaidOrder, settlePayoutClaim } from '../wallet/index.js';

const START = new Date('2026-03-01T10:00:00.000Z');

describe('referral programme', () => {
  let t: TestContext;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });

  async function person(name: string | null, referCode?: string) {
    const user = await insertUser(t.database.db, { name, ...(referCode ? { referCode } : {}) });
    const { token } = await insertSession(t.database.db, user.id, START);
    return { id: user.id, token, referCode: user.referCode };
  }
  async function paidOrder(userId: number, amountMinor = 20_000) {
    const [order] = await t.database.db
      .insert(orders)
      .values({ userId, kind: 'custom', amountMinor, provider: 'sandbox', status: 'paid', paidAt: START })
      .returning({ id: orders.id });
    return order!.id;
  }
  const credit = (userId: number, delta: number, ref: string) =>
    t.database.db.transaction((tx) => moveCoins(tx, { userId, delta, reason: 'admin_adjustment', ref }));

  beforeAll(async () => {
    t = await createTestApp({
      now: START,
      env: {
        PUBLIC_URL: 'https://atelier.example',
        REFERRAL_REWARD_COINS: '400',
        REFERRAL_REFEREE_COINS: '50',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/referrer/{referCode}', () => {
    it('when a visitor opens a code, then the first name and the offer, nothing else (any letter case)', async () => {
      const asha = await person('Asha Rao Iyer', 'ASHA2026');
      const res = await get('/api/referrer/asha2026');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        firstName: 'Asha',
        referCode: 'ASHA2026',
        offer: {
          referrerCoins: 400,
          refereeCoins: 50,
          description: expect.stringContaining('400 coins'),
        },
      });
      expect(res.body).not.toContain('Iyer');
      expect(res.body).not.toContain(String(asha.id === 0 ? 'x' : '@'));
    });

    it('when the code is unknown or malformed, then 404 / 400', async () => {
      expect((await get('/api/referrer/NOSUCHCODE')).statusCode).toBe(404);
      expect((await get('/api/referrer/a%27%3B--')).statusCode).toBe(400);
    });

    it('when the user behind a code is disabled, then 404', async () => {
      const gone = await person('Gone Person', 'GONE2026');
      await t.database.db.update(users).set({ disabledAt: START }).where(eq(users.id, gone.id));
      expect((await get('/api/referrer/GONE2026')).statusCode).toBe(404);
    });
  });

  describe('POST /api/user/referred', () => {
    it('when a new learner enters a code, then the referral is pending and the welcome coins arrive once', async () => {
      const ravi = await person('Ravi Kumar', 'RAVI2026');
      const meera = await person('Meera Nair');
      const res = await post('/api/user/referred', { referCode: 'ravi2026' }, meera.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ referred: true, referrer: { firstName: 'Ravi' } });
      const [row] = await t.database.db.select().from(referrals).where(eq(referrals.refereeId, meera.id));
      expect(row).toMatchObject({ referrerId: ravi.id, status: 'pending', referrerCoins: 400 });
      expect(await coinBalance(t.database.db, meera.id)).toBe(50);

      // Twice → 409, no second welcome.
      const again = await post('/api/user/referred', { referCode: 'RAVI2026' }, meera.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already used a referral code.');
      expect(await coinBalance(t.database.db, meera.id)).toBe(50);

      // Her first paid order pays Ravi 400 coins (the offer when she joined), once.
      const orderId = await paidOrder(meera.id);
      await t.database.db.transaction((tx) =>
        rewardReferrerOnPaidOrder(tx, { userId: meera.id, orderId, now: START }),
      );
      expect(await coinBalance(t.database.db, ravi.id)).toBe(400);

      const overview = await get(`/api/user/referral/${ravi.id}/courses`, ravi.token);
      expect(overview.statusCode).toBe(200);
      expect(overview.json().data).toMatchObject({
        referCode: 'RAVI2026',
        shareLink: 'https://atelier.example/referral/RAVI2026',
        friends: [{ firstName: 'Meera', status: 'rewarded', coinsEarned: 400 }],
        coinsEarned: 400,
        walletCoins: 400,
        pendingPayoutCoins: 0,
        claims: [],
        canBeReferred: true,
      });
      const meeraView = (await get(`/api/user/referral/${meera.id}/courses`, meera.token)).json().data;
      expect(meeraView).toMatchObject({ friends: [], coinsEarned: 0, walletCoins: 50, canBeReferred: false });
    });

    it('when a learner enters their own code, then 400 and nothing is recorded', async () => {
      const self = await person('Self Ish', 'SELF2026');
      const res = await post('/api/user/referred', { referCode: 'SELF2026' }, self.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'referCode', message: 'is your own code' }]);
      expect(await t.database.db.select().from(referrals).where(eq(referrals.refereeId, self.id))).toEqual(
        [],
      );
    });

    it('when a learner enters the code of the friend they referred, then 400 (no rings)', async () => {
      const first = await person('Ring One', 'RINGONE1');
      const second = await person('Ring Two', 'RINGTWO2');
      expect((await post('/api/user/referred', { referCode: 'RINGONE1' }, second.token)).statusCode).toBe(
        200,
      );
      const res = await post('/api/user/referred', { referCode: 'RINGTWO2' }, first.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'referCode', message: 'belongs to a friend you referred' }]);
      expect(await t.database.db.select().from(referrals).where(eq(referrals.refereeId, first.id))).toEqual(
        [],
      );
    });

    it('when a learner has already paid an order, then 409 and nothing is recorded', async () => {
      await person('Kiran Das', 'KIRAN2026');
      const buyer = await person('Buyer Bose');
      await paidOrder(buyer.id);
      const res = await post('/api/user/referred', { referCode: 'KIRAN2026' }, buyer.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A referral code can only be used before your first purchase.');
      expect(await coinBalance(t.database.db, buyer.id)).toBe(0);
      expect(
        (await get(`/api/user/referral/${buyer.id}/courses`, buyer.token)).json().data.canBeReferred,
      ).toBe(false);
    });

    it('when an unpaid (expired) order exists, then the learner may still be referred', async () => {
      await person('Lata Pillai', 'LATA2026');
      const learner = await person('Nikhil Jain');
      await t.database.db.insert(orders).values({
        userId: learner.id,
        kind: 'custom',
        amountMinor: 100,
        provider: 'sandbox',
        status: 'expired',
      });
      expect((await post('/api/user/referred', { referCode: 'LATA2026' }, learner.token)).statusCode).toBe(
        200,
      );
    });

    it('when the code is unknown, then 404; extra fields, 400; a visitor, 401', async () => {
      const learner = await person('Zoya Khan');
      expect((await post('/api/user/referred', { referCode: 'UNKNOWN999' }, learner.token)).statusCode).toBe(
        404,
      );
      expect(
        (await post('/api/user/referred', { referCode: 'LATA2026', referrerId: 1 }, learner.token))
          .statusCode,
      ).toBe(400);
      expect((await post('/api/user/referred', { referCode: 'LATA2026' })).statusCode).toBe(401);
    });

    it('when the same learner enters codes 5 times at once, then exactly one referral and one welcome', async () => {
      await person('Uma Sen', 'UMA2026A');
      await person('Uday Sen', 'UDAY2026');
      const learner = await person('Race Runner');
      const results = await Promise.all(
        ['UMA2026A', 'UDAY2026', 'UMA2026A', 'UDAY2026', 'UMA2026A'].map((code) =>
          post('/api/user/referred', { referCode: code }, learner.token),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect(
        await t.database.db.select().from(referrals).where(eq(referrals.refereeId, learner.id)),
      ).toHaveLength(1);
      expect(await coinBalance(t.database.db, learner.id)).toBe(50);
    });
  });

  describe('GET /api/user/referral/{id}/courses', () => {
    it("BOLA: when B asks for A's referrals, then 404 and an authz_denied event", async () => {
      const a = await person('Anil Shetty');
      const b = await person('Bina Shetty');
      const events = captureSecurityEvents();
      const res = await get(`/api/user/referral/${a.id}/courses`, b.token);
      events.stop();
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(a.referCode);
      expect(events.ofRequest(res.headers['x-request-id'])).toEqual([
        expect.objectContaining({ type: 'authz_denied', userId: b.id }),
      ]);
      expect((await get(`/api/user/referral/${a.id}/courses`)).statusCode).toBe(401);
    });
  });

  describe('POST /api/referral/claim/form', () => {
    it('when a learner asks for a payout, then 201, the coins are held, and the overview shows the claim', async () => {
      const p = await person('Priya Payout');
      await credit(p.id, 300, `claim:${p.id}:seed`);
      const res = await post('/api/referral/claim/form', { coins: 120, upiId: 'priya.p@okaxis' }, p.token);
      expect(res.statusCode).toBe(201);
      const claim = res.json().data;
      expect(claim).toMatchObject({ coins: 120, upiId: 'priya.p@okaxis', status: 'submitted' });
      expect(await coinBalance(t.database.db, p.id)).toBe(180);
      const [hold] = await t.database.db
        .select()
        .from(coinsLedger)
        .where(eq(coinsLedger.ref, `payout:${claim.id}:hold`));
      expect(hold).toMatchObject({ delta: -120, reason: 'payout_hold' });
      const overview = (await get(`/api/user/referral/${p.id}/courses`, p.token)).json().data;
      expect(overview).toMatchObject({
        walletCoins: 180,
        pendingPayoutCoins: 120,
        claims: [{ id: claim.id, status: 'submitted' }],
      });
    });

    it('when the payout exceeds the balance, then 409 INSUFFICIENT_COINS and no claim is stored', async () => {
      const p = await person('Short Sharma');
      await credit(p.id, 100, `claim:${p.id}:seed`);
      const res = await post('/api/referral/claim/form', { coins: 101, upiId: 'short@ybl' }, p.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('INSUFFICIENT_COINS');
      expect(
        await t.database.db.select().from(referralClaimForms).where(eq(referralClaimForms.userId, p.id)),
      ).toEqual([]);
      expect(await coinBalance(t.database.db, p.id)).toBe(100);
    });

    it('when the UPI id or coins are invalid, then 400', async () => {
      const p = await person('Bad Input');
      for (const payload of [
        { coins: 10, upiId: 'not-a-upi' },
        { coins: 10, upiId: 'x@1bank' },
        { coins: 0, upiId: 'ok.name@okicici' },
        { coins: 2.5, upiId: 'ok.name@okicici' },
        { coins: 10, upiId: 'ok.name@okicici', status: 'paid' },
      ]) {
        expect((await post('/api/referral/claim/form', payload, p.token)).statusCode).toBe(400);
      }
    });

    it('when 10 payouts of 60 race on a 300-coin wallet, then exactly 5 are held and the balance is 0', async () => {
      const p = await person('Racing Claimant');
      await credit(p.id, 300, `claim:${p.id}:seed`);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/api/referral/claim/form', { coins: 60, upiId: 'race@okhdfc' }, p.token),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
      expect(await coinBalance(t.database.db, p.id)).toBe(0);
      expect(
        await t.database.db.select().from(referralClaimForms).where(eq(referralClaimForms.userId, p.id)),
      ).toHaveLength(5);
    });

    it('when the same Idempotency-Key is sent twice, then one claim; another body with it → 422', async () => {
      const p = await person('Key Holder');
      await credit(p.id, 200, `claim:${p.id}:seed`);
      const key = { 'idempotency-key': 'payout-key-0001' };
      const first = await post('/api/referral/claim/form', { coins: 50, upiId: 'key@okaxis' }, p.token, key);
      const second = await post('/api/referral/claim/form', { coins: 50, upiId: 'key@okaxis' }, p.token, key);
      expect(first.statusCode).toBe(201);
      expect(second.json().data.id).toBe(first.json().data.id);
      expect(await coinBalance(t.database.db, p.id)).toBe(150);
      const other = await post('/api/referral/claim/form', { coins: 51, upiId: 'key@okaxis' }, p.token, key);
      expect(other.statusCode).toBe(422);
      expect(await coinBalance(t.database.db, p.id)).toBe(150);
    });

    it('when staff settle claims, then paid keeps the hold, rejected returns the coins once, and a settled claim stays settled', async () => {
      const p = await person('Settle Me');
      await credit(p.id, 500, `claim:${p.id}:seed`);
      const paid = (
        await post('/api/referral/claim/form', { coins: 100, upiId: 'settle@okaxis' }, p.token)
      ).json().data;
      const rejected = (
        await post('/api/referral/claim/form', { coins: 150, upiId: 'settle@okaxis' }, p.token)
      ).json().data;
      expect(await coinBalance(t.database.db, p.id)).toBe(250);
      const settle = (claimId: number, outcome: 'paid' | 'rejected') =>
        t.database.db.transaction((tx) => settlePayoutClaim(tx, { claimId, outcome, now: START }));

      expect(await settle(paid.id, 'paid')).toMatchObject({ status: 'paid', processedAt: START });
      expect(await coinBalance(t.database.db, p.id)).toBe(250);
      await settle(rejected.id, 'rejected');
      await settle(rejected.id, 'rejected');
      expect(await coinBalance(t.database.db, p.id)).toBe(400);
      const [release] = await t.database.db
        .select()
        .from(coinsLedger)
        .where(eq(coinsLedger.ref, `payout:${rejected.id}:release`));
      expect(release).toMatchObject({ delta: 150, reason: 'payout_release' });
      await expect(settle(paid.id, 'rejected')).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(settle(rejected.id, 'paid')).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(settle(999_999, 'paid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await coinBalance(t.database.db, p.id)).toBe(400);
      const overview = (await get(`/api/user/referral/${p.id}/courses`, p.token)).json().data;
      expect(overview.pendingPayoutCoins).toBe(0);
      const history = (await get(`/api/user/${p.id}/wallet/courses`, p.token)).json().data.transactions;
      expect(history.map((x: { coins: number; reason: string }) => [x.reason, x.coins])).toEqual(
        expect.arrayContaining([
          ['payout_release', 150],
          ['payout_hold', -150],
          ['payout_hold', -100],
        ]),
      );
    });
  });
});
