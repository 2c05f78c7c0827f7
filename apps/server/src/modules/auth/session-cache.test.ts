import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { sessions } from '../../db/schema/index.js';
import { randomUUID } from 'node:crypto';
import { testDatabaseKind } from '../../test/test-database-kind.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { hashPassword } from './password.js';
import { changeRole, setAccountDisabled } from './session.service.js';
import { bearer, insertSession, insertUser } from './testing.js';

const START = new Date('2026-09-01T05:00:00.000Z');
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

/**
 * On PostgreSQL the cache is on only with REDIS_URL (decision 0027: without Redis another instance
 * could revoke unseen), so there these tests use the test Redis (as multi-instance.test.ts does).
 */
const cacheEnv = (): Record<string, string> =>
  testDatabaseKind() === 'postgres'
    ? {
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `atelier-test:${randomUUID()}:`,
      }
    : {};

/**
 * Counts the session lookups (`findSessionByTokenHash`: the only statement reading sessions by
 * token hash) sent through the database's pool while `work` runs.
 */
async function sessionLookups<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<{ result: T; lookups: number }> {
  const pool = database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  let lookups = 0;
  pool.query = function counted(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (text?.includes('"token_hash" = ')) lookups += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), lookups };
  } finally {
    pool.query = original;
  }
}

/** Decision 0027: a signed-in request needs no database round trip for its session, and a revocation is immediate. */
describe('auth: the session cache', () => {
  let t: TestContext;
  const details = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) });
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const deps = () => ({ db: t.database.db, clock: () => t.now.value, sessionCache: t.app.sessionCache });

  beforeAll(async () => {
    t = await createTestApp({ now: START, env: cacheEnv() });
    expect(t.app.sessionCache.enabled).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.now.value = START;
  });

  it('when a signed-in user asks again within the TTL, then the second request makes no session query', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, START);
    const first = await sessionLookups(t.database, () => details(token));
    expect(first.result.statusCode).toBe(200);
    expect(first.lookups).toBe(1);
    const second = await sessionLookups(t.database, () => details(token));
    expect(second.result.statusCode).toBe(200);
    expect(second.result.json().data.id).toBe(user.id);
    expect(second.lookups).toBe(0);
  });

  it('when the user logs out, then the very next request with that token is 401', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, START);
    expect((await details(token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
    expect((await details(token)).statusCode).toBe(401);
  });

  it('when the password is changed, then the other (cached) sessions are 401 at once and this one lives on', async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword('an old pass phrase') });
    const mine = await insertSession(t.database.db, user.id, START);
    const other = await insertSession(t.database.db, user.id, START);
    expect((await details(other.token)).statusCode).toBe(200);
    expect((await details(mine.token)).statusCode).toBe(200);
    const changed = await post(
      '/api/auth/password/add',
      { password: 'a brand new pass phrase', currentPassword: 'an old pass phrase' },
      mine.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await details(other.token)).statusCode).toBe(401);
    expect((await details(mine.token)).statusCode).toBe(200);
  });

  it('when the account is disabled, then its cached session is 401 at once; enabled again, it works', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, START);
    expect((await details(token)).statusCode).toBe(200);
    await setAccountDisabled(deps(), user.id, true);
    expect((await details(token)).statusCode).toBe(401);
    await setAccountDisabled(deps(), user.id, false);
    expect((await details(token)).statusCode).toBe(200);
  });

  it('when the role changes, then the next request carries the new role (a learner promoted reaches staff routes)', async () => {
    const user = await insertUser(t.database.db);
    const learner = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, START);
    const access = () => post('/api/auth/moderator/access', { userId: learner.id }, token);
    expect((await access()).statusCode).toBe(403);
    await changeRole(deps(), user.id, 'moderator');
    expect((await access()).statusCode).toBe(200);
  });

  it('when the moderator holding a view is demoted, or the viewed learner disabled, then the cached view is 401 at once', async () => {
    const moderator = await insertUser(t.database.db, { role: 'moderator' });
    const { token } = await insertSession(t.database.db, moderator.id, START);
    const viewOf = async (learnerId: number) => {
      const res = await post('/api/auth/moderator/access', { userId: learnerId }, token);
      expect(res.statusCode).toBe(200);
      return res.json().data.token as string;
    };
    const first = await insertUser(t.database.db);
    const second = await insertUser(t.database.db);
    const demotedView = await viewOf(first.id);
    const disabledView = await viewOf(second.id);
    expect((await details(demotedView)).statusCode).toBe(200);
    expect((await details(disabledView)).statusCode).toBe(200);

    await setAccountDisabled(deps(), second.id, true);
    expect((await details(disabledView)).statusCode).toBe(401);
    expect((await details(demotedView)).statusCode).toBe(200);

    await changeRole(deps(), moderator.id, 'learner');
    expect((await details(demotedView)).statusCode).toBe(401);
  });

  it('when the clock passes the idle or absolute limit while the session is cached, then 401 without a lookup', async () => {
    const user = await insertUser(t.database.db);
    const idle = await insertSession(t.database.db, user.id, START);
    const old = await insertSession(t.database.db, user.id, START, {
      expiresAt: new Date(START.getTime() + 3 * DAY),
    });
    expect((await details(idle.token)).statusCode).toBe(200);
    t.now.value = new Date(START.getTime() + 3 * DAY - SECOND);
    expect((await details(old.token)).statusCode).toBe(200);

    t.now.value = new Date(START.getTime() + 3 * DAY + SECOND);
    const expired = await sessionLookups(t.database, () => details(old.token));
    expect(expired.result.statusCode).toBe(401);
    expect(expired.lookups).toBe(0);

    t.now.value = new Date(START.getTime() + 7 * DAY + SECOND);
    const idled = await sessionLookups(t.database, () => details(idle.token));
    expect(idled.result.statusCode).toBe(401);
    expect(idled.lookups).toBe(0);
  });

  it('when a cached session is used after a minute, then last_seen_at is still written (and the cached copy moves with it)', async () => {
    const user = await insertUser(t.database.db);
    const { token, sessionId } = await insertSession(t.database.db, user.id, START);
    const lastSeen = async () =>
      (
        await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId))
      )[0]!.lastSeenAt.getTime();
    expect((await details(token)).statusCode).toBe(200);
    t.now.value = new Date(START.getTime() + 61 * SECOND);
    expect((await sessionLookups(t.database, () => details(token))).lookups).toBe(0);
    expect(await lastSeen()).toBe(START.getTime() + 61 * SECOND);
    // Just under 7 days after that write (over 7 after sign-in): idle counts from the write.
    const later = START.getTime() + 61 * SECOND + 7 * DAY - SECOND;
    t.now.value = new Date(later);
    const res = await sessionLookups(t.database, () => details(token));
    expect(res.result.statusCode).toBe(200);
    expect(res.lookups).toBe(0);
    expect(await lastSeen()).toBe(later);
  });

  it('when unknown or refused tokens are presented, then the cache does not grow', async () => {
    const before = t.app.sessionCache.size;
    for (let i = 0; i < 20; i += 1) {
      const garbage = `${'x'.repeat(40)}${i.toString().padStart(3, '0')}`;
      expect((await details(garbage)).statusCode).toBe(401);
    }
    const user = await insertUser(t.database.db, { disabledAt: START });
    const refused = await insertSession(t.database.db, user.id, START);
    expect((await details(refused.token)).statusCode).toBe(401);
    expect(t.app.sessionCache.size).toBe(before);
  });
});

describe('auth: the session cache turned off (SESSION_CACHE_SECONDS=0)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: START, env: { ...cacheEnv(), SESSION_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the cache is off, then every request looks its session up and nothing is kept', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, START);
    for (let i = 0; i < 2; i += 1) {
      const { result, lookups } = await sessionLookups(t.database, () =>
        t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) }),
      );
      expect(result.statusCode).toBe(200);
      expect(lookups).toBe(1);
    }
    expect(t.app.sessionCache.size).toBe(0);
  });
});
