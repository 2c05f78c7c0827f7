import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EDITABLE_PROFILE_FIELDS, endpoints } from '@atelier/contract';
import { assessmentProgresses, coinsWallets, tripApplications, trips, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, captureSecurityEvents, insertSession, insertUser } from '../auth/testing.js';

// 20:00 UTC is already the next day in Asia/Kolkata (01:30 on 2 March).
const START = new Date('2026-03-01T20:00:00.000Z');

/** Every field a profile response may carry (spec §3); nothing else, ever. */
const PROFILE_KEYS = [
  'id',
  'email',
  'name',
  'mobile',
  'gender',
  'city',
  'dob',
  'iam',
  'iamLabel',
  'upiId',
  'college',
  'instagram',
  'linkedin',
  'behance',
  'dribbble',
  'imagePath',
  'referCode',
  'coins',
  'isVerified',
  'profileCompleted',
  'onboardingStep',
  'cpId',
  'role',
];

describe('users: profile', () => {
  let t: TestContext;
  let alice: typeof users.$inferSelect;
  let aliceToken: string;
  let bob: typeof users.$inferSelect;
  let bobToken: string;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? bearer(token) : {},
    });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ now: START });
    alice = await insertUser(t.database.db, {
      name: 'Alice Menon',
      email: 'alice.menon@example.test',
      mobile: '+91 9000000001',
      gender: 'female',
      city: 'Kochi',
      dob: '2000-04-12',
      iam: 'student',
      college: 'CEPT',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      googleSub: 'google-sub-alice',
    });
    bob = await insertUser(t.database.db, {
      name: 'Bob',
      email: 'bob@example.test',
      mobile: '+91 9000000002',
    });
    aliceToken = (await insertSession(t.database.db, alice.id, START)).token;
    bobToken = (await insertSession(t.database.db, bob.id, START)).token;
    await t.database.db.insert(coinsWallets).values({ userId: alice.id, walletCoins: 120 });
    await t.database.db.insert(assessmentProgresses).values({ userId: alice.id, cpId: 7 });
    const [trip] = await t.database.db
      .insert(trips)
      .values({
        title: 'Hampi study tour',
        slug: 'hampi-study-tour',
        location: 'Hampi',
        startDate: '2026-11-02',
        endDate: '2026-11-06',
        details: {} as never,
      })
      .returning();
    await t.database.db.insert(tripApplications).values({ userId: alice.id, tripId: trip!.id });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  describe('reading', () => {
    it('when the owner asks for their profile, then user and trips come back with every spec field, the private key, and no secrets', async () => {
      const res = await post(
        '/api/user/profile',
        { id: alice.id, email: 'Alice.Menon@example.test' },
        aliceToken,
      );
      expect(res.statusCode).toBe(200);
      const { user, trips: applied } = res.json().data;
      expect(Object.keys(user).sort()).toEqual([...PROFILE_KEYS, 'secretKey'].sort());
      expect(user).toMatchObject({
        id: alice.id,
        name: 'Alice Menon',
        iam: 'student',
        iamLabel: 'Student',
        coins: 120,
        cpId: 7,
        profileCompleted: true,
        onboardingStep: 3,
        role: 'learner',
        secretKey: alice.secretKey,
        referCode: alice.referCode,
      });
      expect(applied).toEqual([
        expect.objectContaining({ title: 'Hampi study tour', startDate: '2026-11-02', status: 'submitted' }),
      ]);
      expect(JSON.stringify(res.json())).not.toMatch(/argon2|passwordHash|google-sub-alice|tokenHash/);
    });

    it('when the profile is asked without a body, then it is the caller’s own', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/profile', headers: bearer(bobToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ user: { id: bob.id, coins: 0, cpId: null }, trips: [] });
    });

    it('when Bob names Alice by id or email, then 404 with the same body as a missing user, and an authz_denied event', async () => {
      const capture = captureSecurityEvents();
      const byId = await post('/api/user/profile', { id: alice.id }, bobToken);
      const byEmail = await post('/api/user/profile', { email: alice.email }, bobToken);
      capture.stop();
      const missing = await get('/api/user/999999/info', bobToken);
      for (const res of [byId, byEmail]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(missing.json().message);
        expect(res.json().error).toBe('NOT_FOUND');
        expect(res.body).not.toContain('Alice');
      }
      const denied = capture.ofRequest(byId.headers['x-request-id']).filter((e) => e.type === 'authz_denied');
      expect(denied).toEqual([expect.objectContaining({ userId: bob.id, ip: expect.any(String) })]);
    });

    it('when Bob reads /user/{Alice}/info, then 404 like a missing id, logged once; Alice reads her own, without her private key', async () => {
      const capture = captureSecurityEvents();
      const other = await get(`/api/user/${alice.id}/info`, bobToken);
      capture.stop();
      const missing = await get('/api/user/999999/info', bobToken);
      expect(other.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect({ ...other.json(), requestId: '' }).toEqual({ ...missing.json(), requestId: '' });
      expect(other.body).not.toMatch(/Alice|alice/);
      expect(
        capture.ofRequest(other.headers['x-request-id']).filter((e) => e.type === 'authz_denied'),
      ).toHaveLength(1);

      const own = await get(`/api/user/${alice.id}/info`, aliceToken);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.id).toBe(alice.id);
      // The info call answers the profile as others see it; the owner's key comes from v2/details.
      expect(Object.keys(own.json().data).sort()).toEqual([...PROFILE_KEYS].sort());
      expect(own.body).not.toContain(alice.secretKey);
    });

    it('when staff of any role read a learner’s info on their own session, then the profile never carries the private key', async () => {
      for (const role of ['moderator', 'admin'] as const) {
        const staff = await insertUser(t.database.db, { role });
        const { token } = await insertSession(t.database.db, staff.id, START);
        const res = await get(`/api/user/${alice.id}/info`, token);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.id).toBe(alice.id);
        expect(Object.keys(res.json().data).sort()).toEqual([...PROFILE_KEYS].sort());
        expect(res.body).not.toContain(alice.secretKey);
      }
    });

    it('when the info route is handed an owner’s profile, then its response schema still leaves the key out', async () => {
      // The route's schema is the whitelist: another user's profile has no `secretKey` field, so
      // even a profile built for its owner is serialised without it.
      const own = (await get('/api/user/v2/details', aliceToken)).json().data;
      expect(own.secretKey).toBe(alice.secretKey);
      expect(endpoints.userInfo.response.parse(own)).not.toHaveProperty('secretKey');
      expect(endpoints.userDetailsV2.response.parse(own)).toHaveProperty('secretKey', alice.secretKey);
    });

    it('when the v2 details are asked, then the caller’s own profile comes back', async () => {
      const res = await get('/api/user/v2/details', aliceToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: alice.id, secretKey: alice.secretKey });
    });

    it('when no session is presented, then every profile call answers 401', async () => {
      const calls = [
        get(`/api/user/${alice.id}/info`),
        get('/api/user/v2/details'),
        post('/api/user/profile', { id: alice.id }),
        post('/api/user/profile/update', { name: 'X' }),
        post('/api/user/onboarding/profile/update', { name: 'X' }),
        post('/api/user/upi/update', { upiId: 'x@bank' }),
        post('/api/user/calendar/rotate', {}),
        post('/api/user/profile/image/upload', {}),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    });
  });

  describe('mass assignment', () => {
    /** Every users column not on the allowlist, and the profile's derived fields. */
    const forbidden = [
      ...Object.keys(getTableColumns(users)).filter(
        (c) => !(EDITABLE_PROFILE_FIELDS as string[]).includes(c),
      ),
      'coins',
      'walletCoins',
      'profileCompleted',
      'onboardingStep',
      'cpId',
      'iamLabel',
      'password',
      'is_verified',
      'secret_key',
    ];
    const sample: Record<string, unknown> = {
      id: 1,
      role: 'admin',
      isVerified: true,
      coins: 999_999,
      email: 'x@example.test',
    };

    it('has the columns to test', () => {
      for (const column of [
        'id',
        'email',
        'referCode',
        'secretKey',
        'isVerified',
        'role',
        'passwordHash',
        'googleSub',
        'imagePath',
        'disabledAt',
      ]) {
        expect(forbidden).toContain(column);
      }
    });

    for (const url of [
      '/api/user/profile/update',
      '/api/user/onboarding/profile/update',
      '/api/user/upi/update',
    ]) {
      it(`when ${url} carries any non-editable field, then 400 names it and the row is unchanged`, async () => {
        const before = await row(bob.id);
        const base = url.endsWith('upi/update') ? { upiId: 'bob@okaxis' } : { name: 'Bobby' };
        for (const field of forbidden) {
          const capture = captureSecurityEvents();
          const res = await post(url, { ...base, [field]: sample[field] ?? 'x' }, bobToken);
          capture.stop();
          expect(res.statusCode, field).toBe(400);
          expect(res.json().message, field).toContain(field);
          expect(
            capture.ofRequest(res.headers['x-request-id']).filter((e) => e.type === 'mass_assignment'),
          ).toEqual([expect.objectContaining({ fields: [field], userId: bob.id })]);
        }
        expect(await row(bob.id)).toEqual(before);
      });
    }

    it('when the classic escalation body is sent, then 400 and coins, verification, codes, keys and role are unchanged', async () => {
      const before = await row(bob.id);
      const res = await post(
        '/api/user/profile/update',
        {
          coins: 999_999,
          isVerified: true,
          referCode: 'HACK',
          secretKey: 'mine',
          profileCompleted: true,
          cpId: 1,
          id: alice.id,
          role: 'admin',
        },
        bobToken,
      );
      expect(res.statusCode).toBe(400);
      for (const field of [
        'coins',
        'isVerified',
        'referCode',
        'secretKey',
        'profileCompleted',
        'cpId',
        'id',
        'role',
      ]) {
        expect(res.json().message).toContain(field);
      }
      expect(await row(bob.id)).toEqual(before);
      expect(
        await t.database.db.select().from(coinsWallets).where(eq(coinsWallets.userId, bob.id)),
      ).toHaveLength(0);
    });
  });

  describe('editing', () => {
    it('when the editable fields are sent, then they are stored normalised and the profile answers', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const res = await post(
        '/api/user/profile/update',
        {
          name: '  Ravi Kumar ',
          mobile: '+91 98450 12345',
          gender: 'male',
          city: 'Bengaluru',
          dob: '1999-01-31',
          iam: 'professional',
          college: '',
          upiId: 'ravi.k@okaxis',
          instagram: 'https://www.instagram.com/ravi.draws',
          linkedin: 'https://linkedin.com/in/ravik',
          behance: 'https://www.behance.net/ravik',
          dribbble: 'https://dribbble.com/ravik',
        },
        token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Ravi Kumar',
        mobile: '+91 9845012345',
        iamLabel: 'Early Professional (1-3 Years)',
        college: null,
        profileCompleted: true,
        onboardingStep: 3,
      });
      const stored = await row(user.id);
      expect(stored).toMatchObject({
        mobile: '+91 9845012345',
        dob: '1999-01-31',
        instagram: 'https://www.instagram.com/ravi.draws',
      });
    });

    it('when an international mobile is sent, then it is stored with its country code', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const res = await post('/api/user/profile/update', { mobile: '+44 7911 123456' }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.mobile).toBe('+44 7911123456');
    });

    it('when the mobile belongs to another account, then 409 and nothing changes', async () => {
      const before = await row(bob.id);
      const res = await post('/api/user/profile/update', { mobile: alice.mobile, name: 'Bobby' }, bobToken);
      expect(res.statusCode).toBe(409);
      expect(await row(bob.id)).toEqual(before);
    });

    const invalid: [string, unknown][] = [
      ['mobile', '12345'],
      ['mobile', '+91 5123456789'],
      ['mobile', '+91 98765'],
      ['name', ''],
      ['name', 'Line\nbreak'],
      ['name', 'x'.repeat(101)],
      ['gender', 'robot'],
      ['iam', 'teacher'],
      ['dob', '2001-02-30'],
      ['dob', '01/02/2001'],
      ['dob', '2027-01-01'],
      ['dob', '2013-03-03'],
      ['dob', '1890-01-01'],
      ['instagram', 'http://instagram.com/ravi'],
      ['instagram', 'https://instagram.com.evil.test/ravi'],
      ['instagram', 'https://evil.test/instagram.com'],
      ['instagram', 'javascript:alert(1)'],
      ['instagram', 'https://instagram.com'],
      ['linkedin', 'https://user:pass@linkedin.com/in/x'],
      ['behance', 'https://behance.com/x'],
      ['dribbble', 'https://dribble.com/x'],
      ['upiId', 'no-handle'],
      ['upiId', 'a@1bank'],
      ['city', 'x'.repeat(101)],
    ];
    for (const [field, value] of invalid) {
      it(`when ${field} is ${JSON.stringify(value).slice(0, 40)}, then 400 names the field and nothing changes`, async () => {
        const before = await row(bob.id);
        const res = await post('/api/user/profile/update', { [field]: value }, bobToken);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
        expect(typeof res.json().errors[0].message).toBe('string');
        expect(await row(bob.id)).toEqual(before);
      });
    }

    it('when the date of birth makes the person 13 today in the platform’s zone, then it is accepted (a day less is not)', async () => {
      // Today in Asia/Kolkata is 2026-03-02, while it is still 2026-03-01 in UTC.
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      expect((await post('/api/user/profile/update', { dob: '2013-03-03' }, token)).statusCode).toBe(400);
      const ok = await post('/api/user/profile/update', { dob: '2013-03-02' }, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.dob).toBe('2013-03-02');
    });

    it('when onboarding answers arrive step by step, then the step advances as the spec scores it', async () => {
      const user = await insertUser(t.database.db, {
        name: null,
        mobile: null,
        email: `onboard${Date.now()}@example.test`,
      });
      const { token } = await insertSession(t.database.db, user.id, START);
      const step = async (payload: Record<string, unknown>) => {
        const res = await post('/api/user/onboarding/profile/update', payload, token);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.onboardingStep).toBe(res.json().data.user.onboardingStep);
        return res.json().data;
      };
      expect((await step({ name: 'Nila' })).onboardingStep).toBe(0);
      expect(
        (await step({ mobile: '9811122233', dob: '2004-06-01', gender: 'prefer_not_to_say' })).onboardingStep,
      ).toBe(1);
      expect((await step({ iam: 'graduate' })).onboardingStep).toBe(1);
      expect((await step({ college: 'SPA Delhi' })).onboardingStep).toBe(2);
      const done = await step({ city: 'Delhi' });
      expect(done.onboardingStep).toBe(3);
      expect(done.user.profileCompleted).toBe(true);
    });

    it('when an onboarding update carries a field outside the onboarding steps, then 400', async () => {
      const res = await post(
        '/api/user/onboarding/profile/update',
        { name: 'X', instagram: 'https://instagram.com/x' },
        bobToken,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('instagram');
    });

    it('when a UPI id is set, then it is stored; a malformed one is 400 on upiId', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const ok = await post('/api/user/upi/update', { upiId: 'studio.payments@ybl' }, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.upiId).toBe('studio.payments@ybl');
      const bad = await post('/api/user/upi/update', { upiId: 'studio payments' }, token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('upiId');
      expect((await row(user.id)).upiId).toBe('studio.payments@ybl');
    });

    it('when the calendar key is rotated, then a new private key replaces the old one', async () => {
      const user = await insertUser(t.database.db);
      const { token } = await insertSession(t.database.db, user.id, START);
      const res = await post('/api/user/calendar/rotate', {}, token);
      expect(res.statusCode).toBe(200);
      const fresh = res.json().data.secretKey;
      expect(fresh).toMatch(/^[0-9a-f]{64}$/);
      expect(fresh).not.toBe(user.secretKey);
      expect((await row(user.id)).secretKey).toBe(fresh);
    });
  });
});
