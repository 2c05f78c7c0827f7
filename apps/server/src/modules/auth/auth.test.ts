import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { hashPassword } from './password.js';
import { bearer, captureSecurityEvents, insertSession, insertUser, uniqueContact } from './testing.js';

const START = new Date('2026-03-02T06:30:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('auth: check, register, password login, sessions', () => {
  let t: TestContext;
  let ipCounter = 0;
  /** A fresh client IP per call site, so the per-IP limits of one test never touch another. */
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: opts.token ? bearer(opts.token) : {},
      remoteAddress: opts.ip ?? freshIp(),
    });
  const details = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp({ now: START });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  describe('POST /api/auth/check', () => {
    it('when an account with a password exists, then exists and hasPassword are true; for an unknown one both are false with the same status', async () => {
      const withPassword = await insertUser(t.database.db, {
        passwordHash: await hashPassword('a-long-passphrase-1'),
      });
      const withoutPassword = await insertUser(t.database.db);
      const known = await post('/api/auth/check', { email: withPassword.email!.toUpperCase() });
      const byMobile = await post('/api/auth/check', { mobile: withoutPassword.mobile!.replace('+91 ', '') });
      const unknown = await post('/api/auth/check', { email: 'nobody-here@example.test' });
      expect(known.statusCode).toBe(200);
      expect(known.json().data).toEqual({ exists: true, hasPassword: true });
      expect(byMobile.json().data).toEqual({ exists: true, hasPassword: false });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().data).toEqual({ exists: false, hasPassword: false });
    });

    it('when checking an existing and an unknown account, then the same database work is done', async () => {
      // Its own app without the job worker: a worker's poll landing in one of the two windows
      // would count as the request's work.
      const quiet = await createTestApp({ now: START, env: { JOBS_WORKER: 'off' } });
      try {
        const check = (email: string) =>
          quiet.app.inject({ method: 'POST', url: '/api/auth/check', payload: { email } });
        const existing = await insertUser(quiet.database.db);
        const spy = vi.spyOn(quiet.database.pool, 'query');
        await check(existing.email!);
        const forExisting = spy.mock.calls.length;
        spy.mockClear();
        await check('unknown-person@example.test');
        const forUnknown = spy.mock.calls.length;
        spy.mockRestore();
        expect(forExisting).toBeGreaterThan(0);
        expect(forExisting).toBe(forUnknown);
      } finally {
        await quiet.close();
      }
    });

    it('when neither or both identifiers are sent, then 400', async () => {
      expect((await post('/api/auth/check', {})).statusCode).toBe(400);
      expect(
        (await post('/api/auth/check', { email: 'a@example.test', mobile: '9876543210' })).statusCode,
      ).toBe(400);
      expect((await post('/api/auth/check', { mobile: '12345' })).json().errors[0].path).toBe('mobile');
    });

    it('when one IP checks more than 30 times a minute, then 429 with Retry-After and one rate_limited event', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++)
        expect((await post('/api/auth/check', { email: `p${i}@example.test` }, { ip })).statusCode).toBe(200);
      const capture = captureSecurityEvents();
      const res = await post('/api/auth/check', { email: 'p31@example.test' }, { ip });
      capture.stop();
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        capture.ofRequest(res.headers['x-request-id']).filter((e) => e.type === 'rate_limited'),
      ).toHaveLength(1);
      expect((await post('/api/auth/check', { email: 'p31@example.test' })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/register', () => {
    it('when a person registers, then 200 with a token and their own profile, and the password is stored as argon2id', async () => {
      const contact = uniqueContact();
      const res = await post('/api/auth/register', {
        name: 'Asha Rao',
        email: contact.email.toUpperCase(),
        mobile: contact.mobile,
        password: 'drafting table 42',
      });
      expect(res.statusCode).toBe(200);
      const { token, user } = res.json().data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(user).toMatchObject({
        name: 'Asha Rao',
        email: contact.email,
        mobile: contact.mobile,
        role: 'learner',
        coins: 0,
        isVerified: false,
      });
      expect(user.secretKey).toEqual(expect.any(String));
      expect(JSON.stringify(res.json())).not.toMatch(/argon2|passwordHash|drafting table/);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(session!.tokenHash).not.toContain(token);
      expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect((await details(token)).json().data.id).toBe(user.id);
    });

    it('when the email (in another case) or the mobile is already taken, then 409 and no second account', async () => {
      const existing = await insertUser(t.database.db);
      const other = uniqueContact();
      const sameEmail = await post('/api/auth/register', {
        name: 'X',
        email: existing.email!.toUpperCase(),
        mobile: other.mobile,
      });
      const sameMobile = await post('/api/auth/register', {
        name: 'X',
        email: other.email,
        mobile: existing.mobile!.replace('+91 ', '0'),
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().error).toBe('CONFLICT');
      expect(sameMobile.statusCode).toBe(409);
      expect(await t.database.db.select().from(users).where(eq(users.email, other.email))).toHaveLength(0);
    });

    it('when ten registrations with the same email and mobile race, then exactly one account is created and the others get 409', async () => {
      const contact = uniqueContact();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/api/auth/register', { name: 'Racer', email: contact.email, mobile: contact.mobile }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      expect(await t.database.db.select().from(users).where(eq(users.email, contact.email))).toHaveLength(1);
    });

    it('when the body names a field that is not allowed (role), then 400 naming it and no account', async () => {
      const contact = uniqueContact();
      const capture = captureSecurityEvents();
      const res = await post('/api/auth/register', { name: 'Eve', ...contact, role: 'admin' });
      capture.stop();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('role');
      expect(await t.database.db.select().from(users).where(eq(users.email, contact.email))).toHaveLength(0);
      const events = capture
        .ofRequest(res.headers['x-request-id'])
        .filter((e) => e.type === 'mass_assignment');
      expect(events).toHaveLength(1);
      expect(events[0]!.fields).toEqual(['role']);
    });

    it('when the password is too short or common, then 400 with the reason on the password field', async () => {
      const short = await post('/api/auth/register', { name: 'A', ...uniqueContact(), password: 'seven77' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ path: 'password', message: 'must be at least 8 characters' }]);
      const common = await post('/api/auth/register', {
        name: 'A',
        ...uniqueContact(),
        password: 'Password@123',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().errors[0]).toMatchObject({
        path: 'password',
        message: expect.stringContaining('too common'),
      });
    });
  });

  describe('POST /api/auth/login', () => {
    const password = 'light and shadow 1962';
    const account = async (values: Parameters<typeof insertUser>[1] = {}) =>
      insertUser(t.database.db, { passwordHash: await hashPassword(password), ...values });

    it('when the password is right, then 200 with a session; wrong password and unknown account answer the same 401', async () => {
      const user = await account();
      const capture = captureSecurityEvents();
      const good = await post('/api/auth/login', { email: user.email, password });
      const wrong = await post('/api/auth/login', { mobile: user.mobile, password: 'not the password' });
      const unknown = await post('/api/auth/login', { email: 'ghost@example.test', password });
      capture.stop();
      expect(good.statusCode).toBe(200);
      expect(good.json().data.user.id).toBe(user.id);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toBe(wrong.json().message);
      expect(unknown.json().error).toBe(wrong.json().error);

      const ok = capture.ofRequest(good.headers['x-request-id']);
      expect(ok.filter((e) => e.type === 'login_succeeded')).toEqual([
        expect.objectContaining({
          type: 'login_succeeded',
          userId: user.id,
          ip: expect.any(String),
          requestId: good.headers['x-request-id'],
        }),
      ]);
      expect(
        capture.ofRequest(wrong.headers['x-request-id']).filter((e) => e.type === 'login_failed'),
      ).toEqual([expect.objectContaining({ userId: user.id })]);
      expect(JSON.stringify(capture.events)).not.toContain(password);
      expect(JSON.stringify(capture.events)).not.toContain(good.json().data.token);
    });

    it('when an account without a password or a disabled account is tried, then the same 401', async () => {
      const otpOnly = await insertUser(t.database.db);
      const disabled = await account({ disabledAt: START });
      const a = await post('/api/auth/login', { email: otpOnly.email, password });
      const b = await post('/api/auth/login', { email: disabled.email, password });
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.json().message).toBe(b.json().message);
    });

    it('when 10 wrong passwords come from rotating IPs, then the account locks for 15 minutes (429 Retry-After) even for the right password', async () => {
      const user = await account();
      for (let i = 0; i < 9; i++)
        expect(
          (await post('/api/auth/login', { email: user.email, password: `wrong-${i}` })).statusCode,
        ).toBe(401);
      const tenth = await post('/api/auth/login', { email: user.email, password: 'wrong-10' });
      expect(tenth.statusCode).toBe(429);
      expect(Number(tenth.headers['retry-after'])).toBe(15 * 60);
      const during = await post('/api/auth/login', { email: user.email, password });
      expect(during.statusCode).toBe(429);
      expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
      t.now.value = new Date(START.getTime() + 15 * MINUTE + 1000);
      expect((await post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
    });

    it('when the account is locked a second time, then the lock lasts twice as long', async () => {
      const user = await account();
      for (let i = 0; i < 10; i++)
        await post('/api/auth/login', { email: user.email, password: `wrong-${i}` });
      t.now.value = new Date(START.getTime() + 16 * MINUTE);
      for (let i = 0; i < 9; i++)
        expect(
          (await post('/api/auth/login', { email: user.email, password: `again-${i}` })).statusCode,
        ).toBe(401);
      const second = await post('/api/auth/login', { email: user.email, password: 'again-10' });
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBe(30 * 60);
    });

    it('when a success comes between failures, then the counter starts again', async () => {
      const user = await account();
      for (let i = 0; i < 9; i++)
        await post('/api/auth/login', { email: user.email, password: `wrong-${i}` });
      expect((await post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
      for (let i = 0; i < 9; i++)
        expect(
          (await post('/api/auth/login', { email: user.email, password: `wrong-${i}` })).statusCode,
        ).toBe(401);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.failedLoginCount).toBe(9);
      expect(row!.lockedUntil).toBeNull();
    });

    it('when a 128-character password with Unicode and spaces is set, then exactly it signs in, NFKC-equivalent forms too, and a prefix does not', async () => {
      const long = `${'é ☂ 設計 '.repeat(20)}`.slice(0, 128);
      expect([...long]).toHaveLength(128);
      const contact = uniqueContact();
      expect(
        (await post('/api/auth/register', { name: 'Uni Code', ...contact, password: long })).statusCode,
      ).toBe(200);
      expect((await post('/api/auth/login', { email: contact.email, password: long })).statusCode).toBe(200);
      expect(
        (await post('/api/auth/login', { email: contact.email, password: long.normalize('NFD') })).statusCode,
      ).toBe(200);
      expect(
        (await post('/api/auth/login', { email: contact.email, password: long.slice(0, 127) })).statusCode,
      ).toBe(401);

      const hundred = 'a'.repeat(50) + ' quiet courtyard '.repeat(3).slice(0, 50);
      const other = uniqueContact();
      expect(
        (await post('/api/auth/register', { name: 'Long Pass', ...other, password: hundred })).statusCode,
      ).toBe(200);
      expect(
        (await post('/api/auth/login', { email: other.email, password: hundred.slice(0, 99) })).statusCode,
      ).toBe(401);
      expect(
        (
          await post('/api/auth/register', {
            name: 'Too Long',
            ...uniqueContact(),
            password: 'x'.repeat(129),
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('sessions', () => {
    it('when no token, a malformed token or an unknown token is sent, then 401', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/user/v2/details' })).statusCode).toBe(401);
      expect((await details('not-a-token')).statusCode).toBe(401);
      expect((await details('A'.repeat(43))).statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/v2/details',
        headers: { authorization: 'Basic abc' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('UNAUTHORIZED');
    });

    it('when the user logs out, then the old token answers 401 and the session is revoked server-side', async () => {
      const user = await insertUser(t.database.db);
      const { token, sessionId } = await insertSession(t.database.db, user.id, START);
      expect((await details(token)).statusCode).toBe(200);
      const out = await post('/api/auth/logout', {}, { token });
      expect(out.statusCode).toBe(200);
      expect(out.json().data).toEqual({ loggedOut: true });
      expect((await details(token)).statusCode).toBe(401);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
      expect(row!.revokedAt).not.toBeNull();
    });

    it('when the user is disabled or deleted, then their tokens answer 401', async () => {
      const disabled = await insertUser(t.database.db);
      const deleted = await insertUser(t.database.db);
      const a = await insertSession(t.database.db, disabled.id, START);
      const b = await insertSession(t.database.db, deleted.id, START);
      await t.database.db.update(users).set({ disabledAt: START }).where(eq(users.id, disabled.id));
      await t.database.db.delete(users).where(eq(users.id, deleted.id));
      expect((await details(a.token)).statusCode).toBe(401);
      expect((await details(b.token)).statusCode).toBe(401);
    });

    it('when a session is unused for more than 7 days, then it answers 401; used within 7 days, it lives on', async () => {
      const user = await insertUser(t.database.db);
      const idle = await insertSession(t.database.db, user.id, START);
      const active = await insertSession(t.database.db, user.id, START);
      t.now.value = new Date(START.getTime() + 6 * DAY);
      expect((await details(active.token)).statusCode).toBe(200);
      t.now.value = new Date(START.getTime() + 7 * DAY + 1000);
      expect((await details(idle.token)).statusCode).toBe(401);
      expect((await details(active.token)).statusCode).toBe(200);
    });

    it('when a session is 30 days old, then it answers 401 even if used every day', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      for (let day = 5; day < 30; day += 5) {
        t.now.value = new Date(START.getTime() + day * DAY);
        expect((await details(token)).statusCode).toBe(200);
      }
      t.now.value = new Date(START.getTime() + 30 * DAY + 1000);
      expect((await details(token)).statusCode).toBe(401);
    });

    it('when requests come within a minute, then last_seen_at is written at most once a minute', async () => {
      const user = await insertUser(t.database.db);
      const { token, sessionId } = await insertSession(t.database.db, user.id, START);
      const lastSeen = async () =>
        (
          await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId))
        )[0]!.lastSeenAt.getTime();
      t.now.value = new Date(START.getTime() + 30_000);
      await details(token);
      expect(await lastSeen()).toBe(START.getTime());
      t.now.value = new Date(START.getTime() + 61_000);
      await details(token);
      expect(await lastSeen()).toBe(START.getTime() + 61_000);
      t.now.value = new Date(START.getTime() + 90_000);
      await details(token);
      expect(await lastSeen()).toBe(START.getTime() + 61_000);
    });
  });
});
