import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { otps, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { hashPassword } from './password.js';
import { hashOtp, newOtpCode, otpKey } from './secrets.js';
import {
  bearer,
  captureSecurityEvents,
  countMessages,
  insertSession,
  insertUser,
  latestCode,
  outboxFor,
  uniqueContact,
} from './testing.js';

const START = new Date('2026-05-04T04:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('auth: one-time codes', () => {
  let t: TestContext;
  let ipCounter = 0;
  const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: opts.token ? bearer(opts.token) : {},
      remoteAddress: opts.ip ?? freshIp(),
    });
  const send = (identifier: Record<string, string>, purpose = 'login', ip?: string) =>
    post('/api/auth/send/otp', { ...identifier, purpose }, { ip });
  const verify = (identifier: Record<string, string>, otp: string, purpose = 'login') =>
    post('/api/auth/verify-otp', { ...identifier, otp, purpose });
  const later = (ms: number) => {
    t.now.value = new Date(t.now.value.getTime() + ms);
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    t = await createTestApp({ now: START });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  describe('POST /api/auth/send/otp', () => {
    it('when a code is sent to an email, then one message carries 6 digits and the database keeps only an HMAC of it, valid 10 minutes', async () => {
      const { email } = uniqueContact();
      const res = await send({ email: email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        sent: true,
        channel: 'email',
        expiresInSeconds: 600,
        resendAfterSeconds: 30,
      });
      const messages = await outboxFor(t.database.db, email);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.channel).toBe('email');
      const code = (await latestCode(t.database.db, email))!;
      expect(code).toMatch(/^\d{6}$/);
      const [row] = await t.database.db.select().from(otps).where(eq(otps.identifier, email));
      expect(row!.codeHash).toBe(hashOtp(otpKey(t.config.appSecret), email, 'login', code));
      expect(row!.codeHash).not.toContain(code);
      expect(row!.expiresAt.getTime() - START.getTime()).toBe(10 * MINUTE);
    });

    it('when a code is sent to a mobile typed without +91, then it goes by SMS to the normalised number', async () => {
      const res = await send({ mobile: '98765-43210' });
      expect(res.json().data.channel).toBe('sms');
      const [message] = await outboxFor(t.database.db, '+91 9876543210');
      expect(message!.channel).toBe('sms');
      expect(message!.body).toMatch(/\b\d{6}\b/);
    });

    it('when the identifier has an account or not, then the answer is the same', async () => {
      const existing = await insertUser(t.database.db);
      const a = await send({ email: existing.email! });
      const b = await send({ email: uniqueContact().email });
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json()).toEqual(b.json());
      const resetA = await send({ mobile: existing.mobile! }, 'reset');
      const resetB = await send({ mobile: uniqueContact().mobile }, 'reset');
      expect(resetA.json()).toEqual(resetB.json());
    });

    it('when a reset code is asked for an unknown identifier, then nothing is delivered; for an existing one it is', async () => {
      const existing = await insertUser(t.database.db);
      const unknown = uniqueContact().email;
      await send({ email: existing.email! }, 'reset');
      await send({ email: unknown }, 'reset');
      expect(await outboxFor(t.database.db, existing.email!)).toHaveLength(1);
      expect(await outboxFor(t.database.db, unknown)).toHaveLength(0);
    });

    it('when 50 codes are asked for one number over 25 minutes, then exactly 5 are sent (1 per 30 s, 5 per hour) and the rest answer 429 with Retry-After', async () => {
      const { mobile } = uniqueContact();
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await send({ mobile });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        later(31 * SECOND);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(await outboxFor(t.database.db, mobile)).toHaveLength(5);
    });

    it('when a second code is asked within 30 s, then 429 with the seconds left; after 30 s it is sent', async () => {
      const { email } = uniqueContact();
      expect((await send({ email })).statusCode).toBe(200);
      later(10 * SECOND);
      const early = await send({ email });
      expect(early.statusCode).toBe(429);
      expect(early.json().error).toBe('RATE_LIMITED');
      expect(Number(early.headers['retry-after'])).toBe(20);
      later(21 * SECOND);
      expect((await send({ email })).statusCode).toBe(200);
    });

    it('when the hourly cap of one address is reached, then Retry-After says when the oldest code leaves the hour', async () => {
      const { email } = uniqueContact();
      for (let i = 0; i < 5; i++) {
        expect((await send({ email })).statusCode).toBe(200);
        later(MINUTE);
      }
      const capped = await send({ email });
      expect(capped.statusCode).toBe(429);
      expect(Number(capped.headers['retry-after'])).toBe(55 * 60);
      later(55 * MINUTE + SECOND);
      expect((await send({ email })).statusCode).toBe(200);
    });

    it('when one IP asks for codes to many addresses, then exactly 30 per hour are sent', async () => {
      const ip = freshIp();
      const recipients: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 36; i++) {
        const { email } = uniqueContact();
        recipients.push(email);
        statuses.push((await send({ email }, 'login', ip)).statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429, 429]);
      expect(await countMessages(t.database.db, { recipients })).toBe(30);
    });

    it('when 20 requests for one address race, then exactly one code is sent', async () => {
      const { email } = uniqueContact();
      const results = await Promise.all(Array.from({ length: 20 }, () => send({ email })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await outboxFor(t.database.db, email)).toHaveLength(1);
    });

    it('when a code is sent, then codes older than two days are pruned and younger ones kept', async () => {
      const old = uniqueContact().email;
      const recent = uniqueContact().email;
      const row = (identifier: string, createdAt: Date) => ({
        identifier,
        purpose: 'login' as const,
        channel: 'email' as const,
        codeHash: 'x'.repeat(64),
        expiresAt: new Date(createdAt.getTime() + 10 * MINUTE),
        createdAt,
      });
      await t.database.db
        .insert(otps)
        .values([
          row(old, new Date(START.getTime() - 3 * 86_400_000)),
          row(old, new Date(START.getTime() - 2 * 86_400_000 - MINUTE)),
          row(recent, new Date(START.getTime() - 86_400_000)),
        ]);
      await send({ email: uniqueContact().email });
      expect(await t.database.db.select().from(otps).where(eq(otps.identifier, old))).toHaveLength(0);
      expect(await t.database.db.select().from(otps).where(eq(otps.identifier, recent))).toHaveLength(1);
    });

    it('when a cap is hit, then one rate_limited and one otp_send_failed event are logged for the request', async () => {
      const { email } = uniqueContact();
      await send({ email });
      const capture = captureSecurityEvents();
      const res = await send({ email });
      capture.stop();
      const types = capture
        .ofRequest(res.headers['x-request-id'])
        .map((e) => e.type)
        .sort();
      expect(types).toEqual(['otp_send_failed', 'rate_limited']);
    });
  });

  describe('POST /api/auth/verify-otp', () => {
    it('when an unknown email verifies a login code, then the account is created (isNewUser) and signed in; the next time it is not new', async () => {
      const { email } = uniqueContact();
      await send({ email });
      const res = await verify({ email }, (await latestCode(t.database.db, email))!);
      expect(res.statusCode).toBe(200);
      const { token, user, isNewUser } = res.json().data;
      expect(isNewUser).toBe(true);
      expect(user).toMatchObject({ email, isVerified: true, name: null, onboardingStep: 0 });
      expect(user.secretKey).toEqual(expect.any(String));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) })).json()
          .data.id,
      ).toBe(user.id);

      later(MINUTE);
      await send({ email });
      const again = await verify({ email }, (await latestCode(t.database.db, email))!);
      expect(again.json().data).toMatchObject({ isNewUser: false, user: { id: user.id } });
    });

    it('when a mobile verifies a register code, then an account is created with that mobile', async () => {
      const { mobile } = uniqueContact();
      await send({ mobile }, 'register');
      const res = await verify({ mobile }, (await latestCode(t.database.db, mobile))!, 'register');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isNewUser: true, user: { mobile, email: null } });
    });

    it('when the right code is used twice, then the second use answers 401', async () => {
      const { email } = uniqueContact();
      await send({ email });
      const code = (await latestCode(t.database.db, email))!;
      expect((await verify({ email }, code)).statusCode).toBe(200);
      const second = await verify({ email }, code);
      expect(second.statusCode).toBe(401);
      expect(second.json().error).toBe('UNAUTHORIZED');
    });

    it('when the right code comes 1 s after its 10 minutes, then 401; 1 s before, it works', async () => {
      const a = uniqueContact().email;
      const b = uniqueContact().email;
      await send({ email: a });
      await send({ email: b });
      later(10 * MINUTE + SECOND);
      expect((await verify({ email: a }, (await latestCode(t.database.db, a))!)).statusCode).toBe(401);
      t.now.value = new Date(START.getTime() + 10 * MINUTE - SECOND);
      expect((await verify({ email: b }, (await latestCode(t.database.db, b))!)).statusCode).toBe(200);
    });

    it('when a code is submitted for another identifier or another purpose, then 401, and it still works for its own', async () => {
      const own = uniqueContact();
      const other = uniqueContact();
      await send({ mobile: own.mobile });
      await send({ mobile: other.mobile });
      const code = (await latestCode(t.database.db, own.mobile))!;
      expect((await verify({ mobile: other.mobile }, code)).statusCode).toBe(401);
      expect((await verify({ mobile: own.mobile }, code, 'reset')).statusCode).toBe(401);
      expect((await verify({ mobile: own.mobile }, code, 'register')).statusCode).toBe(401);
      expect((await verify({ email: own.email }, code)).statusCode).toBe(401);
      expect((await verify({ mobile: own.mobile }, code)).statusCode).toBe(200);
    });

    it('when 5 wrong codes are tried, then the code dies: 429 with Retry-After, and the right code afterwards is 401', async () => {
      const { email } = uniqueContact();
      await send({ email });
      const code = (await latestCode(t.database.db, email))!;
      const capture = captureSecurityEvents();
      for (let i = 0; i < 4; i++) expect((await verify({ email }, wrongCode(code))).statusCode).toBe(401);
      const fifth = await verify({ email }, wrongCode(code));
      capture.stop();
      expect(fifth.statusCode).toBe(429);
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
      expect((await verify({ email }, code)).statusCode).toBe(401);
      expect(capture.events.filter((e) => e.type === 'otp_verify_failed')).toHaveLength(5);
      expect(JSON.stringify(capture.events)).not.toContain(code);
    });

    it('when a newer code was sent, then only the newest one verifies', async () => {
      const { email } = uniqueContact();
      await send({ email });
      const first = (await latestCode(t.database.db, email))!;
      later(31 * SECOND);
      await send({ email });
      const second = (await latestCode(t.database.db, email))!;
      if (first !== second) expect((await verify({ email }, first)).statusCode).toBe(401);
      expect((await verify({ email }, second)).statusCode).toBe(200);
    });

    it('when a reset code is verified for an identifier without an account, then 401 and no account is created', async () => {
      const { email } = uniqueContact();
      const code = '123456';
      await t.database.db.insert(otps).values({
        identifier: email,
        purpose: 'password_reset',
        channel: 'email',
        codeHash: hashOtp(otpKey(t.config.appSecret), email, 'password_reset', code),
        expiresAt: new Date(START.getTime() + 10 * MINUTE),
        createdAt: START,
      });
      expect((await verify({ email }, code, 'reset')).statusCode).toBe(401);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('when the account is disabled, then its code signs nobody in', async () => {
      const user = await insertUser(t.database.db, { disabledAt: START });
      await send({ email: user.email! });
      expect(
        (await verify({ email: user.email! }, (await latestCode(t.database.db, user.email!))!)).statusCode,
      ).toBe(401);
    });
  });

  describe('password reset and re-authentication', () => {
    const oldPassword = 'first floor plan 2020';
    const newPassword = 'second floor plan 2026';

    it('when a reset code is verified, then that session sets a new password without the current one, other sessions end, and the new password works', async () => {
      const user = await insertUser(t.database.db, { passwordHash: await hashPassword(oldPassword) });
      const other = await insertSession(t.database.db, user.id, START);
      await send({ email: user.email! }, 'reset');
      const verified = await verify(
        { email: user.email! },
        (await latestCode(t.database.db, user.email!))!,
        'reset',
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data.isNewUser).toBe(false);
      const token = verified.json().data.token;
      later(9 * MINUTE);
      const changed = await post('/api/auth/password/add', { password: newPassword }, { token });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.user.id).toBe(user.id);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(other.token) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      expect((await post('/api/auth/login', { email: user.email, password: newPassword })).statusCode).toBe(
        200,
      );
      expect((await post('/api/auth/login', { email: user.email, password: oldPassword })).statusCode).toBe(
        401,
      );
    });

    it('when the code-based session is older than 10 minutes, then the password needs the current one (401 REAUTH_REQUIRED)', async () => {
      const user = await insertUser(t.database.db, { passwordHash: await hashPassword(oldPassword) });
      await send({ email: user.email! }, 'login');
      const token = (
        await verify({ email: user.email! }, (await latestCode(t.database.db, user.email!))!)
      ).json().data.token;
      later(10 * MINUTE + SECOND);
      const res = await post('/api/auth/password/add', { password: newPassword }, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('REAUTH_REQUIRED');
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toBe(user.passwordHash);
    });

    it('when a password session changes the password without the current one, then 401 REAUTH_REQUIRED; a wrong current one too; the right one works and ends other sessions', async () => {
      const user = await insertUser(t.database.db, { passwordHash: await hashPassword(oldPassword) });
      const token = (await post('/api/auth/login', { email: user.email, password: oldPassword })).json().data
        .token;
      const other = await insertSession(t.database.db, user.id, START);
      const bare = await post('/api/auth/password/add', { password: newPassword }, { token });
      expect(bare.statusCode).toBe(401);
      expect(bare.json().error).toBe('REAUTH_REQUIRED');
      const wrong = await post(
        '/api/auth/password/add',
        { password: newPassword, currentPassword: 'guess guess guess' },
        { token },
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('REAUTH_REQUIRED');
      const right = await post(
        '/api/auth/password/add',
        { password: newPassword, currentPassword: oldPassword },
        { token },
      );
      expect(right.statusCode).toBe(200);
      const [otherRow] = await t.database.db.select().from(sessions).where(eq(sessions.id, other.sessionId));
      expect(otherRow!.revokedAt).not.toBeNull();
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(other.token) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
    });

    it('when an account without a password adds one, then no current password is needed and it is stored as argon2id', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const res = await post('/api/auth/password/add', { password: newPassword }, { token });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await post('/api/auth/login', { email: user.email, password: newPassword })).statusCode).toBe(
        200,
      );
    });

    it('when the new password breaks the policy, then 400 with the reason and nothing changes', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const cases: [string, string][] = [
        ['short77', 'must be at least 8 characters'],
        ['iloveyou123', 'too common'],
        ['Welcome@123', 'too common'],
        ['y'.repeat(129), 'must be at most 128 characters'],
      ];
      for (const [password, reason] of cases) {
        const res = await post('/api/auth/password/add', { password }, { token });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          path: 'password',
          message: expect.stringContaining(reason),
        });
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toBeNull();
    });

    it('when password/add is called without a session, then 401', async () => {
      expect((await post('/api/auth/password/add', { password: newPassword })).statusCode).toBe(401);
    });
  });

  describe('GET /api/dev/outbox', () => {
    it('when a code was sent, then the development outbox shows it for that address', async () => {
      const { mobile } = uniqueContact();
      await send({ mobile });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(mobile.replace('+91 ', ''))}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const [message] = res.json().data.messages;
      expect(message).toMatchObject({ channel: 'sms', recipient: mobile });
      expect(message.body).toContain((await latestCode(t.database.db, mobile))!);
    });

    it('when running in production, then the route does not exist', async () => {
      const prod = await createTestApp({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example' },
      });
      try {
        const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox?to=someone@example.test' });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('NOT_FOUND');
      } finally {
        await prod.close();
      }
    });
  });
});

describe('auth: sending caps per dial code and overall', () => {
  let t: TestContext;
  let ipCounter = 0;
  const send = (payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send/otp',
      payload: { ...payload, purpose: 'login' },
      remoteAddress: `10.3.0.${++ipCounter}`,
    });

  beforeAll(async () => {
    t = await createTestApp({
      now: START,
      env: { OTP_DIAL_CODE_DAILY_CAPS: '+91=1000,*=3', OTP_DAILY_CAP: '8' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a dial code reaches its daily cap, then further SMS to it answer 429, other codes still go, and the global cap stops everything', async () => {
    const uk = [
      '+44 7911 123451',
      '+44 7911 123452',
      '+44 7911 123453',
      '+44 7911 123454',
      '+44 7911 123455',
    ];
    const ukStatuses = [];
    for (const mobile of uk) ukStatuses.push((await send({ mobile })).statusCode);
    expect(ukStatuses).toEqual([200, 200, 200, 429, 429]);
    expect(await countMessages(t.database.db, { channel: 'sms', like: '+44 %' })).toBe(3);

    const capped = await send({ mobile: '+44 7911 123456' });
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    const others = [];
    for (let i = 0; i < 7; i++) others.push((await send({ email: `global${i}@example.test` })).statusCode);
    expect(others).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await countMessages(t.database.db)).toBe(8);

    t.now.value = new Date(START.getTime() + 24 * 3600 * 1000 + 1000);
    expect((await send({ email: 'next-day@example.test' })).statusCode).toBe(200);
    expect((await send({ mobile: '+44 7911 123459' })).statusCode).toBe(200);
  });
});

describe('auth: code generation', () => {
  it('when 100 000 codes are generated, then each has 6 digits, leading zeros appear, and every position is uniform (chi-square)', () => {
    const n = 100_000;
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    let leadingZero = 0;
    for (let i = 0; i < n; i++) {
      const code = newOtpCode();
      expect(code).toMatch(/^\d{6}$/);
      if (code.startsWith('0')) leadingZero += 1;
      for (let p = 0; p < 6; p++) counts[p]![Number(code[p])]! += 1;
    }
    expect(leadingZero).toBeGreaterThan(n * 0.08);
    expect(leadingZero).toBeLessThan(n * 0.12);
    for (const position of counts) {
      const expected = n / 10;
      const chiSquare = position.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      // 9 degrees of freedom: the 99.99th percentile is 33.7.
      expect(chiSquare).toBeLessThan(33.7);
    }
  });

  it('when the same code is stored for two identifiers or purposes, then the stored hashes differ', () => {
    const key = otpKey('x'.repeat(32));
    const a = hashOtp(key, 'a@example.test', 'login', '012345');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtp(key, 'b@example.test', 'login', '012345')).not.toBe(a);
    expect(hashOtp(key, 'a@example.test', 'password_reset', '012345')).not.toBe(a);
    expect(hashOtp(otpKey('y'.repeat(32)), 'a@example.test', 'login', '012345')).not.toBe(a);
  });
});
