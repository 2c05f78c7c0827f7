import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderLoginTokens, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { issueOrderLoginToken } from './auth.service.js';
import { hashToken } from './secrets.js';
import { bearer, insertUser } from './testing.js';

const START = new Date('2026-07-10T08:00:00.000Z');
const MINUTE = 60_000;

/** Checklist §0.2, B11, B12: order login and guest info need the order's one-time token. */
describe('auth: order login tokens', () => {
  let t: TestContext;
  let ipCounter = 0;
  const ip = () => `10.5.0.${(++ipCounter % 250) + 1}`;

  const createOrder = async (values: Partial<typeof orders.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(orders)
      .values({
        kind: 'custom',
        amountMinor: 99_900,
        provider: 'sandbox',
        // The token signs in only an account the order's guest checkout created (decision 0015).
        accountCreatedByCheckout: true,
        ...values,
      })
      .returning();
    return row!;
  };
  const orderLogin = (orderId: number | string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/auth/order/${orderId}/login`, payload, remoteAddress: ip() });
  const guestInfo = (orderId: number | string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/guest/${orderId}/info${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
      remoteAddress: ip(),
    });

  beforeAll(async () => {
    t = await createTestApp({ now: START });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  it('when a token is issued, then it has at least 128 bits, is stored only as a hash, bound to the order, for 15 minutes', async () => {
    const user = await insertUser(t.database.db);
    const order = await createOrder({ userId: user.id });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.database.db
      .select()
      .from(orderLoginTokens)
      .where(eq(orderLoginTokens.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - START.getTime()).toBe(15 * MINUTE);
  });

  it('when the right token is posted for its order, then the buyer is signed in once; reusing the token answers 401', async () => {
    const user = await insertUser(t.database.db);
    const order = await createOrder({ userId: user.id });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    const res = await orderLogin(order.id, { orderToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(user.id);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/user/v2/details',
      headers: bearer(res.json().data.token),
    });
    expect(details.json().data.id).toBe(user.id);
    expect((await orderLogin(order.id, { orderToken: token })).statusCode).toBe(401);
  });

  it('when the token is missing, wrong, expired or bound to another order, then 401 whatever the id', async () => {
    const user = await insertUser(t.database.db);
    const order = await createOrder({ userId: user.id });
    const other = await createOrder({ userId: (await insertUser(t.database.db)).id });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    const bodies: [number | string, Record<string, unknown> | undefined][] = [
      [order.id, undefined],
      [order.id, {}],
      [order.id, { orderToken: 'A'.repeat(43) }],
      [order.id, { orderToken: 'short' }],
      [other.id, { orderToken: token }],
      [999_999, { orderToken: token }],
      ['not-a-number', { orderToken: token }],
    ];
    for (const [id, body] of bodies) {
      const res = await orderLogin(id, body);
      expect(res.statusCode, `order ${id} with ${JSON.stringify(body)}`).toBe(401);
      expect(res.json().error).toBe('UNAUTHORIZED');
    }
    t.now.value = new Date(START.getTime() + 15 * MINUTE + 1000);
    expect((await orderLogin(order.id, { orderToken: token })).statusCode).toBe(401);
    t.now.value = new Date(START.getTime() + 14 * MINUTE);
    expect((await orderLogin(order.id, { orderToken: token })).statusCode).toBe(200);
  });

  it('when bare sequential order ids are tried without a token, then every one answers 401 with the same body', async () => {
    const user = await insertUser(t.database.db);
    const order = await createOrder({ userId: user.id });
    const messages = new Set<string>();
    for (let id = Math.max(1, order.id - 3); id <= order.id + 3; id++) {
      const res = await orderLogin(id, {});
      expect(res.statusCode).toBe(401);
      messages.add(res.json().message);
      const info = await guestInfo(id);
      expect(info.statusCode).toBe(401);
      messages.add(info.json().message);
    }
    expect(messages.size).toBe(1);
  });

  it('when guest info is asked with the token, then only the name and masked contacts come back, and the token still signs in afterwards', async () => {
    const user = await insertUser(t.database.db, {
      name: 'Meera Iyer',
      email: 'meera.iyer@example.test',
      mobile: '+91 9123456789',
    });
    const order = await createOrder({ userId: user.id });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    const res = await guestInfo(order.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      name: 'Meera Iyer',
      email: 'm***@example.test',
      mobile: '+91 ******6789',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/secretKey|referCode|meera\.iyer|9123456789/);
    expect((await orderLogin(order.id, { orderToken: token })).statusCode).toBe(200);
    expect((await guestInfo(order.id, token)).statusCode).toBe(401);
  });

  it('when guest info is asked with a wrong, missing or other-order token, then 401', async () => {
    const order = await createOrder({ guestName: 'Guest Buyer', guestEmail: 'guest@example.test' });
    const other = await createOrder({ guestEmail: 'other@example.test' });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    expect((await guestInfo(order.id)).statusCode).toBe(401);
    expect((await guestInfo(order.id, 'B'.repeat(43))).statusCode).toBe(401);
    expect((await guestInfo(other.id, token)).statusCode).toBe(401);
    const ok = await guestInfo(order.id, token);
    expect(ok.json().data).toEqual({ name: 'Guest Buyer', email: 'g***@example.test', mobile: null });
  });

  it("when the buyer's account existed before the checkout, then the order token signs nobody in (401)", async () => {
    const user = await insertUser(t.database.db);
    const order = await createOrder({ userId: user.id, accountCreatedByCheckout: false });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    const response = await orderLogin(order.id, { orderToken: token });
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toBeUndefined();
  });

  it('when the order has no account yet (a guest order), then its token signs nobody in', async () => {
    const order = await createOrder({ guestEmail: 'someone-else@example.test' });
    const token = await issueOrderLoginToken(t.database.db, order.id, START);
    expect((await orderLogin(order.id, { orderToken: token })).statusCode).toBe(401);
  });
});
