import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinsLedger, coinsWallets, enrolments, orders } from '../../db/schema/index.js';
import { createBatch, createCategory, createSubcategory, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, captureSecurityEvents, insertSession, insertUser } from '../auth/testing.js';
import { coinBalance, moveCoins } from './index.js';

const START = new Date('2026-03-01T10:00:00.000Z');

describe('wallet routes', () => {
  let t: TestContext;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let admin: { id: number; token: string };
  let batchId: number;
  let workshopTitle: string;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });

  async function person(name: string, role: 'learner' | 'admin' = 'learner') {
    const user = await insertUser(t.database.db, { name, role });
    const { token } = await insertSession(t.database.db, user.id, START);
    return { id: user.id, token };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: START });
    const db = t.database.db;
    alice = await person('Alice Menon');
    bob = await person('Bob Dsouza');
    admin = await person('Ada Admin', 'admin');
    const category = await createCategory(db, { name: 'Architecture' });
    const sub = await createSubcategory(db, category.id);
    const workshop = await createWorkshop(db, { type: 2, shortTitle: 'Parametric', subcategoryId: sub.id });
    workshopTitle = workshop.title;
    const batch = await createBatch(db, workshop.id, { startDate: '2026-04-01', endDate: '2026-05-01' });
    batchId = batch.id;
    const [order] = await db
      .insert(orders)
      .values({
        userId: alice.id,
        kind: 'course',
        batchId,
        amountMinor: 50_000,
        coinsUsed: 40,
        provider: 'sandbox',
        status: 'paid',
        paidAt: START,
      })
      .returning({ id: orders.id });
    await db.insert(enrolments).values({ userId: alice.id, batchId, sourceOrderId: order!.id });
    await db.transaction(async (tx) => {
      await moveCoins(tx, { userId: alice.id, delta: 100, reason: 'signup_bonus', ref: 'w:alice:1' });
    });
    await db.transaction(async (tx) => {
      await moveCoins(tx, {
        userId: alice.id,
        delta: -40,
        reason: 'spend',
        ref: 'w:alice:2',
        orderId: order!.id,
      });
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/user/{id}/wallet/courses', () => {
    it('when the owner asks, then the wallet, the enrolled course and the ledger newest first with signed coins', async () => {
      const res = await get(`/api/user/${alice.id}/wallet/courses`, alice.token);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.user).toMatchObject({
        id: alice.id,
        name: 'Alice Menon',
        CoinsWallet: { walletCoins: 60, isCoinPopupSeen: false },
      });
      expect(data.courses).toEqual([
        {
          batchId,
          startDate: '2026-04-01',
          endDate: '2026-05-01',
          Workshop: expect.objectContaining({ title: workshopTitle, type: 2 }),
        },
      ]);
      expect(data.transactions.map((x: { coins: number }) => x.coins)).toEqual([-40, 100]);
      expect(data.transactions[0]).toMatchObject({ reason: 'spend', note: `Spent on ${workshopTitle}` });
      expect(data.transactions[1]).toMatchObject({
        reason: 'signup_bonus',
        note: 'Welcome coins',
        orderId: null,
      });
    });

    it('when a learner without a wallet asks, then an empty wallet (created on demand)', async () => {
      const res = await get(`/api/user/${bob.id}/wallet/courses`, bob.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        user: { id: bob.id, CoinsWallet: { walletCoins: 0 } },
        courses: [],
        transactions: [],
      });
    });

    it("A1/BOLA: when B asks for A's wallet, then 404, no A data and an authz_denied event", async () => {
      const events = captureSecurityEvents();
      const res = await get(`/api/user/${alice.id}/wallet/courses`, bob.token);
      events.stop();
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Alice');
      expect(events.ofRequest(res.headers['x-request-id'])).toEqual([
        expect.objectContaining({ type: 'authz_denied', userId: bob.id }),
      ]);
      // Staff included: the coin page is the owner's only.
      expect((await get(`/api/user/${alice.id}/wallet/courses`, admin.token)).statusCode).toBe(404);
      expect((await get(`/api/user/999999/wallet/courses`, bob.token)).statusCode).toBe(404);
    });

    it("when a moderator opens a learner's dashboard read-only, then the coin page reads but no wallet write goes through", async () => {
      const moderator = await insertUser(t.database.db, { name: 'Mona Moderator', role: 'moderator' });
      const { token } = await insertSession(t.database.db, moderator.id, START, { viewedUserId: alice.id });
      const page = await get(`/api/user/${alice.id}/wallet/courses`, token);
      expect(page.statusCode).toBe(200);
      expect(page.json().data.user.id).toBe(alice.id);
      const write = await post('/api/user/wallet/update', { isCoinPopupSeen: false }, token);
      expect(write.statusCode).toBe(403);
      const claim = await post('/api/referral/claim/form', { coins: 10, upiId: 'alice@okaxis' }, token);
      expect(claim.statusCode).toBe(403);
      expect(await coinBalance(t.database.db, alice.id)).toBe(60);
    });

    it('when a visitor asks, then 401', async () => {
      expect((await get(`/api/user/${alice.id}/wallet/courses`)).statusCode).toBe(401);
    });
  });

  describe('POST /api/user/wallet/update', () => {
    it('when the popup is marked seen, then only that flag changes', async () => {
      const res = await post('/api/user/wallet/update', { isCoinPopupSeen: true }, alice.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ walletCoins: 60, isCoinPopupSeen: true });
    });

    it('F15: when a learner sends walletCoins: 1e6, then 400 naming the field, a mass_assignment event, nothing changed', async () => {
      const before = await t.database.db.select().from(coinsWallets).where(eq(coinsWallets.userId, alice.id));
      const events = captureSecurityEvents();
      for (const payload of [
        { walletCoins: 1e6 },
        { isCoinPopupSeen: false, walletCoins: 1e6 },
        { id: 1, isCoinPopupSeen: true },
      ]) {
        const res = await post('/api/user/wallet/update', payload, alice.token);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('VALIDATION_FAILED');
      }
      events.stop();
      expect(events.events.some((e) => e.type === 'mass_assignment')).toBe(true);
      const after = await t.database.db.select().from(coinsWallets).where(eq(coinsWallets.userId, alice.id));
      expect(after).toEqual(before);
      expect(await coinBalance(t.database.db, alice.id)).toBe(60);
    });
  });

  describe('POST /api/user/wallet/coins/add', () => {
    it('F15: when a learner adds coins, then 403 and nothing moves', async () => {
      const res = await post(
        '/api/user/wallet/coins/add',
        { userId: bob.id, coins: 500, reason: 'free money' },
        bob.token,
      );
      expect(res.statusCode).toBe(403);
      expect(await coinBalance(t.database.db, bob.id)).toBe(0);
      expect(
        (await post('/api/user/wallet/coins/add', { userId: bob.id, coins: 500, reason: 'x y z' }))
          .statusCode,
      ).toBe(401);
    });

    it('when an admin adds coins with a reason, then the ledger has it and an audit event names admin and target', async () => {
      const events = captureSecurityEvents();
      const res = await post(
        '/api/user/wallet/coins/add',
        { userId: bob.id, coins: 250, reason: 'Workshop prize' },
        admin.token,
      );
      events.stop();
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        userId: bob.id,
        walletCoins: 250,
        transaction: { coins: 250, reason: 'admin_adjustment', note: 'Workshop prize' },
      });
      expect(events.ofRequest(res.headers['x-request-id'])).toEqual([
        expect.objectContaining({
          type: 'coins_adjusted',
          userId: admin.id,
          targetUserId: bob.id,
          coins: 250,
        }),
      ]);
      const page = (await get(`/api/user/${bob.id}/wallet/courses`, bob.token)).json().data;
      expect(page.transactions[0]).toMatchObject({ coins: 250, note: 'Workshop prize' });
    });

    it('when an admin takes more coins than the user holds, then 409 INSUFFICIENT_COINS and nothing moves', async () => {
      const res = await post(
        '/api/user/wallet/coins/add',
        { userId: bob.id, coins: -251, reason: 'Correction' },
        admin.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'INSUFFICIENT_COINS',
        message: expect.stringContaining('holds 250'),
      });
      expect(await coinBalance(t.database.db, bob.id)).toBe(250);
      const took = await post(
        '/api/user/wallet/coins/add',
        { userId: bob.id, coins: -50, reason: 'Correction' },
        admin.token,
      );
      expect(took.json().data.walletCoins).toBe(200);
    });

    it('when the same Idempotency-Key is sent twice, then one adjustment; with another body → 422', async () => {
      const body = { userId: bob.id, coins: 30, reason: 'Quiz winner' };
      const key = { 'idempotency-key': 'adj-2026-03-01-quiz' };
      const first = await post('/api/user/wallet/coins/add', body, admin.token, key);
      const second = await post('/api/user/wallet/coins/add', body, admin.token, key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json().data.transaction.id).toBe(first.json().data.transaction.id);
      expect(await coinBalance(t.database.db, bob.id)).toBe(230);
      const other = await post('/api/user/wallet/coins/add', { ...body, coins: 31 }, admin.token, key);
      expect(other.statusCode).toBe(422);
      expect(await coinBalance(t.database.db, bob.id)).toBe(230);
      const bad = await post('/api/user/wallet/coins/add', body, admin.token, {
        'idempotency-key': 'spaces are not ok',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('when the adjustment is zero, fractional, unexplained or for an unknown user, then 400/404', async () => {
      for (const payload of [
        { userId: bob.id, coins: 0, reason: 'none' },
        { userId: bob.id, coins: 1.5, reason: 'half' },
        { userId: bob.id, coins: 5 },
        { userId: bob.id, coins: 5, reason: 'ok reason', walletCoins: 9 },
      ]) {
        expect((await post('/api/user/wallet/coins/add', payload, admin.token)).statusCode).toBe(400);
      }
      const missing = await post(
        '/api/user/wallet/coins/add',
        { userId: 999_999, coins: 5, reason: 'nobody' },
        admin.token,
      );
      expect(missing.statusCode).toBe(404);
      const rows = await t.database.db.select().from(coinsLedger).where(eq(coinsLedger.note, 'nobody'));
      expect(rows).toEqual([]);
    });
  });
});
