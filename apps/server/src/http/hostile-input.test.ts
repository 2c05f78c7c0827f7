import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';
import { logLines } from '../test/log-lines.js';
import { createTestDatabase, testConfig } from '../test/test-app.js';

/**
 * Issue 13, points 4 and 5: text PostgreSQL cannot store is refused for every route before it
 * reaches the database, a failing statement's parameters never reach the log, and a hostile body
 * earns neither a huge answer nor a huge log.
 */
describe('hostile input', () => {
  let app: FastifyInstance;
  let database: Database;
  let token: string;
  const { lines, stream: logStream } = logLines();
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logStream });
    await app.ready();
    const user = await insertUser(database.db);
    token = (await insertSession(database.db, user.id, new Date())).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const NUL = 'a\u0000b';
  const LONE = 'x\uD800y';

  it.each([
    [
      'a NUL in an unauthenticated body',
      'POST',
      '/api/performance',
      { name: NUL, value: 1, path: '/' },
      'name',
    ],
    [
      'a lone surrogate in an unauthenticated body',
      'POST',
      '/api/performance',
      { name: 'lcp', value: 1, path: `/${LONE}` },
      'path',
    ],
    [
      'a NUL in a nested body value',
      'POST',
      '/api/performance',
      { name: 'lcp', value: 1, path: '/', payload: { k: NUL } },
      'payload.k',
    ],
    [
      'a NUL in a body key',
      'POST',
      '/api/performance',
      { name: 'lcp', value: 1, path: '/', payload: { [NUL]: 1 } },
      'payload.[key]',
    ],
    [
      'a lone low surrogate in a sign-in body',
      'POST',
      '/api/auth/check',
      { email: `a\uDC00@example.test` },
      'email',
    ],
    ['a NUL in a query string', 'GET', '/api/dev/outbox?to=%00', undefined, 'to'],
    ['a NUL in a redirect target', 'GET', '/api/ws/redirect?to=/a%00b', undefined, 'to'],
    ['a NUL in a path parameter', 'GET', '/media/avatars/a%00b.webp', undefined, 'name'],
    ['a NUL in a partner path parameter', 'POST', '/api/stu%00dio/redirect', undefined, 'partner'],
  ] as const)(
    'when %s, then 400 VALIDATION_FAILED naming the field',
    async (_what, method, url, payload, field) => {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        requestId: res.headers['x-request-id'],
      });
      expect(body.errors).toContainEqual({
        path: field,
        message: 'must not contain NUL characters or unpaired surrogates',
      });
      expect(res.body).not.toContain('\\u0000');
    },
  );

  it('when a browser asks for a page whose address carries a NUL, then a 400 HTML page', async () => {
    const res = await app.inject({ url: '/robots.txt?q=a%00b', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('That address is not valid');
  });

  it('when a signed-in person updates the profile with a NUL or a lone surrogate, then 400 naming each field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/profile/update',
      headers: bearer(token),
      payload: { name: NUL, city: LONE },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['city', 'name']);
  });

  it('when text is well formed (an emoji is a surrogate pair), then it is accepted', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/performance',
      payload: { name: 'lcp 🎨', value: 1, path: '/é' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('when a statement fails, then the 500 log line carries neither its parameters nor row values', async () => {
    await database.pool.query('alter table performance_events rename to performance_events_gone');
    try {
      lines.length = 0;
      const marker = `marker-${Date.now()}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/performance',
        payload: { name: marker, value: 1, path: `/${marker}` },
      });
      expect(res.statusCode).toBe(500);
      const failed = logged().find((l) => l.msg === 'request failed');
      expect(failed).toBeDefined();
      expect(JSON.stringify(failed)).toContain('performance_events');
      expect(lines.join('\n')).not.toContain(marker);
    } finally {
      await database.pool.query('alter table performance_events_gone rename to performance_events');
    }
  });

  it('when a 769 KB body of 60,000 unknown keys arrives, then a small 400 and a small log', async () => {
    const payload: Record<string, number> = {};
    for (let i = 0; i < 60_000; i++) payload[`k${i}`] = i;
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/course/case-studies', payload });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(8 * 1024);
    const body = res.json();
    expect(body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(body.errors.length).toBeLessThanOrEqual(20);
    expect(lines.join('\n').length).toBeLessThan(16 * 1024);
    for (const line of lines) expect(line.length).toBeLessThan(8 * 1024);
  });

  it('when a body has more than 20 invalid fields, then the first 20 are listed and the rest counted', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/course/case-studies',
      payload: {
        workshopIds: [1],
        ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, NUL])),
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toHaveLength(20);
    expect(body.errorsOmitted).toBe(10);
    expect(body.message.length).toBeLessThan(1000);
  });
});
