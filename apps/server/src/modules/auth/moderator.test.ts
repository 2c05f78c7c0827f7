import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moderatorAccessAudit, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { changeRole } from './session.service.js';
import { bearer, captureSecurityEvents, insertSession, insertUser } from './testing.js';

const START = new Date('2026-08-20T05:00:00.000Z');

/** Checklist A9 and §0.6: moderator access is a server-side role and a read-only session. */
describe('auth: moderator access', () => {
  let t: TestContext;
  const access = (token: string | null, userId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/moderator/access',
      payload: { userId },
      headers: token ? bearer(token) : {},
      remoteAddress: '10.6.0.1',
    });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  const staff = async (role: 'moderator' | 'admin' = 'moderator') => {
    const user = await insertUser(t.database.db, { role });
    return { user, token: (await insertSession(t.database.db, user.id, t.now.value)).token };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: START });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  it('when a learner asks for moderator access (whatever their browser claims), then 403 and nothing is created', async () => {
    const learner = await insertUser(t.database.db);
    const target = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, learner.id, START);
    const capture = captureSecurityEvents();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/moderator/access',
      payload: { userId: target.id },
      headers: { ...bearer(token), 'x-moderator': 'true', cookie: 'moderator=true' },
    });
    capture.stop();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('FORBIDDEN');
    expect(
      await t.database.db
        .select()
        .from(moderatorAccessAudit)
        .where(eq(moderatorAccessAudit.learnerId, target.id)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.viewedUserId, target.id)),
    ).toHaveLength(0);
    expect(
      capture.ofRequest(res.headers['x-request-id']).filter((e) => e.type === 'authz_denied'),
    ).toHaveLength(1);
  });

  it('when nobody is signed in, then 401', async () => {
    const target = await insertUser(t.database.db);
    expect((await access(null, target.id)).statusCode).toBe(401);
  });

  it('when a moderator opens a learner, then a read-only session on the learner is returned and the access is audited', async () => {
    const moderator = await staff();
    const learner = await insertUser(t.database.db, { name: 'Lerner' });
    const res = await access(moderator.token, learner.id);
    expect(res.statusCode).toBe(200);
    const { token, user, expiresAt } = res.json().data;
    expect(user).toMatchObject({ id: learner.id, name: 'Lerner' });
    expect(user).not.toHaveProperty('secretKey');
    expect(new Date(expiresAt).getTime() - START.getTime()).toBe(2 * 3600 * 1000);

    const [audit] = await t.database.db
      .select()
      .from(moderatorAccessAudit)
      .where(eq(moderatorAccessAudit.learnerId, learner.id));
    expect(audit).toMatchObject({ moderatorId: moderator.user.id, learnerId: learner.id, ip: '10.6.0.1' });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, audit!.sessionId!));
    expect(session).toMatchObject({
      userId: moderator.user.id,
      isModeratorView: true,
      viewedUserId: learner.id,
    });

    const details = await get('/api/user/v2/details', token);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.id).toBe(learner.id);
    expect(details.json().data).not.toHaveProperty('secretKey');
    const info = await get(`/api/user/${learner.id}/info`, token);
    expect(info.json().data.id).toBe(learner.id);
    expect(info.json().data).not.toHaveProperty('secretKey');
    const profile = await post('/api/user/profile', token, { id: learner.id });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.id).toBe(learner.id);
  });

  it('when the read-only session tries to write, then 403 and nothing changes; logout still works', async () => {
    const moderator = await staff('admin');
    const learner = await insertUser(t.database.db, { name: 'Unchanged' });
    const { token } = (await access(moderator.token, learner.id)).json().data;
    const writes: [string, Record<string, unknown>][] = [
      ['/api/user/profile/update', { name: 'Changed' }],
      ['/api/user/onboarding/profile/update', { city: 'Pune' }],
      ['/api/user/upi/update', { upiId: 'moderator@bank' }],
      ['/api/user/calendar/rotate', {}],
      ['/api/auth/password/add', { password: 'a brand new password' }],
      ['/api/auth/moderator/access', { userId: learner.id }],
    ];
    for (const [url, payload] of writes) {
      const res = await post(url, token, payload);
      expect(res.statusCode, url).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row).toMatchObject({
      name: 'Unchanged',
      city: null,
      upiId: null,
      passwordHash: null,
      secretKey: learner.secretKey,
    });

    expect((await post('/api/auth/logout', token)).statusCode).toBe(200);
    expect((await get('/api/user/v2/details', token)).statusCode).toBe(401);
  });

  it('when the target is staff, the moderator themself, disabled or missing, then 404', async () => {
    const moderator = await staff();
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const disabled = await insertUser(t.database.db, { disabledAt: START });
    for (const userId of [admin.id, moderator.user.id, disabled.id, 999_999]) {
      const res = await access(moderator.token, userId);
      expect(res.statusCode, `target ${userId}`).toBe(404);
    }
  });

  it('when the moderator loses the role, or two hours pass, then the view answers 401', async () => {
    const moderator = await staff();
    const learner = await insertUser(t.database.db);
    const first = (await access(moderator.token, learner.id)).json().data.token;
    t.now.value = new Date(START.getTime() + 2 * 3600 * 1000 + 1000);
    expect((await get('/api/user/v2/details', first)).statusCode).toBe(401);

    t.now.value = START;
    const second = (await access(moderator.token, learner.id)).json().data.token;
    expect((await get('/api/user/v2/details', second)).statusCode).toBe(200);
    // Through the auth module (as the staff console will), which tells the session cache (0027).
    await changeRole(
      { db: t.database.db, clock: () => t.now.value, sessionCache: t.app.sessionCache },
      moderator.user.id,
      'learner',
    );
    expect((await get('/api/user/v2/details', second)).statusCode).toBe(401);
  });
});
