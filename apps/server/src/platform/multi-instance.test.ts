import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { connectPostgres, type Database } from '../db/database.js';
import { seedIfEmpty } from '../db/seed-on-start.js';
import { hashPassword } from '../modules/auth/password.js';
import { hashToken } from '../modules/auth/secrets.js';
import { setAccountDisabled } from '../modules/auth/session.service.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';
import { createCurriculum, enrol } from '../modules/learning/testing.js';
import { createBatch, createWorkshop } from '../test/factories.js';
import { createTestDatabase, testConfig } from '../test/test-app.js';

/*
 * Several instances of the server on one database: with REDIS_URL they share rate limits, cache
 * invalidations and (through the database) session revocations; without it each keeps its own.
 * The Redis part needs a real Redis (TEST_REDIS_URL, default 127.0.0.1:6379); each run uses its
 * own key prefix. Under CI a missing Redis fails the run instead of skipping it.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp && process.env.CI)
  throw new Error(`CI needs Redis at ${REDIS_URL} (TEST_REDIS_URL) for the multi-instance tests`);

interface Instance {
  app: FastifyInstance;
  base: string;
}

/** One running server (real HTTP on a free port) on `database`. */
async function startInstance(database: Database, env: Record<string, string>, now: Date): Promise<Instance> {
  const app = await buildApp({ config: testConfig(env), database, logger: false, clock: () => now });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base };
}

/** A second connection to the same database, as another process would have (PGlite has one session: shared). */
function secondConnection(database: Database): { database: Database; close(): Promise<void> } {
  if (database.kind !== 'postgres' || !database.pool.options.connectionString)
    return { database, close: async () => undefined };
  const other = connectPostgres(database.pool.options.connectionString, 5);
  return { database: other, close: () => other.pool.end() };
}

const checkAccount = (base: string) =>
  fetch(`${base}/api/auth/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.test' }),
  }).then((res) => res.status);

const catalogueOf = async (base: string) =>
  (await (await fetch(`${base}/api/masterclasses-and-courses`)).json()) as { data: unknown };
const sitemapOf = async (base: string) => (await fetch(`${base}/sitemap.xml`)).text();
const profileStatus = async (base: string, token: string) =>
  (await fetch(`${base}/api/user/profile`, { method: 'POST', headers: bearer(token) })).status;

/** Polls `read` until `done` holds, for at most `ms` (pub/sub is asynchronous, but quick). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The /auth/check limit (auth.routes.ts): 30 a minute per client IP. */
const CHECK_LIMIT = 30;

describe.skipIf(!redisUp)('two instances on one database and one Redis (REDIS_URL)', () => {
  const prefix = `atelier-test:${randomUUID()}:`;
  // A frozen clock: the cache's TTL never passes, so only an invalidation can refresh an entry.
  const now = new Date();
  let database: Database;
  let second: ReturnType<typeof secondConnection>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = secondConnection(database);
    if (database.kind === 'postgres') expect(second.database).not.toBe(database);
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    a = await startInstance(database, env, now);
    b = await startInstance(second.database, env, now);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await second?.close();
    await database?.close();
    const cleaner = new Redis(REDIS_URL);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  it('when requests from one client are split across both instances, then the shared limit answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CHECK_LIMIT; i += 1) statuses.push(await checkAccount(i % 2 === 0 ? a.base : b.base));
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Each instance has seen only half the limit; together they have seen all of it.
    expect(await checkAccount(a.base)).toBe(429);
    expect(await checkAccount(b.base)).toBe(429);
  });

  it('when one instance seeds the catalogue, then the other answers the new content at once, long before the TTL', async () => {
    const empty = await catalogueOf(b.base);
    const answeredBefore = b.app.cachedAnswers.answered;
    expect(await catalogueOf(b.base)).toEqual(empty);
    expect(b.app.cachedAnswers.answered).toBe(answeredBefore + 1); // B serves its cached bytes

    const accounts = await seedIfEmpty(database, testConfig(), a.app.log, a.app.publicCache);
    expect(accounts).not.toBeNull();

    const fresh = await eventually(
      () => catalogueOf(b.base),
      (body) => JSON.stringify(body) !== JSON.stringify(empty),
    );
    expect(fresh).not.toEqual(empty);
    expect(JSON.stringify(fresh.data).length).toBeGreaterThan(JSON.stringify(empty.data).length);
  });

  it('when one instance invalidates a tag, then the other rebuilds the entries built with it (the sitemap lists workshops)', async () => {
    const before = await sitemapOf(b.base);
    const workshop = await createWorkshop(database.db, { shortTitle: 'Tagged Pavilion Studio' });
    expect(await sitemapOf(b.base)).toBe(before); // cached, not yet told

    await a.app.publicCache.invalidate({ tags: ['workshops'] });

    const after = await eventually(
      () => sitemapOf(b.base),
      (xml) => xml !== before,
    );
    expect(after).not.toBe(before);
    expect(after).toContain(`id=${workshop.id}`);
  });

  it('when a user logs out on one instance, then the other refuses the session at once', async () => {
    const user = await insertUser(database.db);
    const { token } = await insertSession(database.db, user.id, now);
    expect(await profileStatus(b.base, token)).toBe(200);

    const logout = await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) });
    expect(logout.status).toBe(200);

    expect(await profileStatus(b.base, token)).toBe(401);
    expect(await profileStatus(a.base, token)).toBe(401);
  });

  it('when both instances hold a session in their session cache, then a logout on one is refused by the other at once (0027)', async () => {
    const user = await insertUser(database.db);
    const { token } = await insertSession(database.db, user.id, now);
    expect(await profileStatus(a.base, token)).toBe(200);
    expect(await profileStatus(b.base, token)).toBe(200);
    expect(a.app.sessionCache.get(hashToken(token))).toBeDefined();
    expect(b.app.sessionCache.get(hashToken(token))).toBeDefined();

    const logout = await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) });
    expect(logout.status).toBe(200);

    expect(await profileStatus(b.base, token)).toBe(401);
    expect(await profileStatus(a.base, token)).toBe(401);
  });

  it('when a password change on one instance ends the other sessions, or an account is disabled, then the other instance refuses its cached copies at once', async () => {
    const user = await insertUser(database.db, { passwordHash: await hashPassword('an old pass phrase') });
    const mine = await insertSession(database.db, user.id, now);
    const other = await insertSession(database.db, user.id, now);
    expect(await profileStatus(b.base, other.token)).toBe(200);
    expect(b.app.sessionCache.get(hashToken(other.token))).toBeDefined();

    const changed = await fetch(`${a.base}/api/auth/password/add`, {
      method: 'POST',
      headers: { ...bearer(mine.token), 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a brand new pass phrase', currentPassword: 'an old pass phrase' }),
    });
    expect(changed.status).toBe(200);
    expect(await profileStatus(b.base, other.token)).toBe(401);

    expect(await profileStatus(b.base, mine.token)).toBe(200);
    expect(b.app.sessionCache.get(hashToken(mine.token))).toBeDefined();
    await setAccountDisabled(
      { db: database.db, clock: () => now, sessionCache: a.app.sessionCache },
      user.id,
      true,
    );
    // The publish is awaited; the subscriber on the other instance receives it asynchronously.
    await eventually(
      async () => b.app.sessionCache.get(hashToken(mine.token)),
      (cached) => cached === undefined,
    );
    expect(await profileStatus(b.base, mine.token)).toBe(401);
  });

  it('when a learner answers an assignment through one instance, then the other drops its cached course dashboard at once', async () => {
    const { db } = database;
    const workshop = await createWorkshop(db, { shortTitle: 'Shared Dashboard Studio' });
    const today = now.toISOString().slice(0, 10);
    const batch = await createBatch(db, workshop.id, { startDate: today, endDate: today });
    const curriculum = await createCurriculum(db, batch.id, {
      modules: 1,
      sessionsPerModule: 1,
      firstDate: today,
    });
    const user = await insertUser(db);
    await enrol(db, user.id, batch.id);
    const { token } = await insertSession(db, user.id, now);
    const headers = { ...bearer(token), 'content-type': 'application/json' };
    const dashboardOf = async (base: string): Promise<string> =>
      (
        await fetch(`${base}/api/user/course/batch/module/session`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ batchId: batch.id }),
        })
      ).text();
    const before = await dashboardOf(b.base);
    expect(await dashboardOf(b.base)).toBe(before); // kept in B's memory

    const answer = await fetch(`${a.base}/api/user/course/module/session/assignment/response`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        assignmentId: curriculum.sessions[0]!.assignmentIds[0],
        link: 'https://example.com/shared-answer',
      }),
    });
    expect(answer.status).toBe(201);
    const after = await eventually(
      () => dashboardOf(b.base),
      (body) => body !== before,
    );
    expect(after).toContain('https://example.com/shared-answer');
  });
});

describe('without REDIS_URL: everything in-process', () => {
  const now = new Date();
  let database: Database;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startInstance(database, {}, now);
    b = await startInstance(database, {}, now);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.close();
  });

  it('when requests reach the limit on one instance, then it answers 429 and the other keeps its own count', async () => {
    for (let i = 0; i < CHECK_LIMIT; i += 1) expect(await checkAccount(a.base)).toBe(200);
    expect(await checkAccount(a.base)).toBe(429);
    expect(await checkAccount(b.base)).toBe(200);
  });

  it('when one instance seeds the catalogue, then it answers the new content at once and the other only after the TTL', async () => {
    const empty = await catalogueOf(a.base);
    expect(await catalogueOf(b.base)).toEqual(empty);

    await seedIfEmpty(database, testConfig(), a.app.log, a.app.publicCache);

    expect(await catalogueOf(a.base)).not.toEqual(empty);
    await new Promise((r) => setTimeout(r, 200));
    expect(await catalogueOf(b.base)).toEqual(empty);
  });

  it('when REDIS_URL names a Redis that does not answer, then the app refuses to start', async () => {
    await expect(
      buildApp({ config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), database, logger: false }),
    ).rejects.toThrow(/Cannot connect to REDIS_URL/);
  });

  it('when a user logs out on one instance, then it refuses the session at once; on PostgreSQL the other does too (no session cache without Redis)', async () => {
    // Decision 0027: without REDIS_URL nothing tells the other instances of a revocation, so the
    // session cache is on only for the embedded database, which one process owns (these two
    // instances share it only because they run in one test process).
    expect(a.app.sessionCache.enabled).toBe(database.kind === 'pglite');
    const user = await insertUser(database.db);
    const { token } = await insertSession(database.db, user.id, now);
    expect(await profileStatus(a.base, token)).toBe(200);
    expect(await profileStatus(b.base, token)).toBe(200);
    expect(
      (await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) })).status,
    ).toBe(200);
    expect(await profileStatus(a.base, token)).toBe(401);
    if (database.kind === 'postgres') expect(await profileStatus(b.base, token)).toBe(401);
  });
});
