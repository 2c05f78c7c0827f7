import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { logLines } from '../test/log-lines.js';
import { createTestDatabase, testConfig } from '../test/test-app.js';

/**
 * Issue 13, point 5: unauthenticated writes and searches are limited per client IP, and a flood
 * of rejected requests writes a bounded, sampled log (at most one line per rejected request).
 */
describe('rate limits', () => {
  let app: FastifyInstance;
  let database: Database;
  const { lines, stream: logStream } = logLines();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('when one IP records more than 120 measurements a minute, then 429 in the envelope, with a bounded log', async () => {
    const measurement = { name: 'lcp', value: 1200, path: '/' };
    for (let i = 0; i < 120; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/performance', payload: measurement });
      expect(res.statusCode).toBe(201);
    }
    lines.length = 0;
    const first = await app.inject({ method: 'POST', url: '/api/performance', payload: measurement });
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({
      code: 429,
      error: 'RATE_LIMITED',
      requestId: first.headers['x-request-id'],
    });
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    // One line for the rejected request: the security event (no access line, no error line).
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'security event rate_limited',
      securityEvent: { route: '/api/performance' },
    });

    for (let i = 0; i < 50; i++) {
      expect(
        (await app.inject({ method: 'POST', url: '/api/performance', payload: measurement })).statusCode,
      ).toBe(429);
    }
    // Sampled: the first 10 a minute per route, then one summary when the minute ends.
    expect(lines.length).toBe(10);
  });

  it('when one IP searches the catalogue more than 60 times a minute, then 429; the cached list is not counted', async () => {
    for (let i = 0; i < 70; i++) {
      expect((await app.inject({ url: '/api/masterclasses-and-courses' })).statusCode).toBe(200);
    }
    for (let i = 0; i < 60; i++) {
      expect((await app.inject({ url: `/api/masterclasses-and-courses?query=q${i}` })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/masterclasses-and-courses?query=more' })).statusCode).toBe(429);
    expect((await app.inject({ url: '/api/masterclasses-and-courses' })).statusCode).toBe(200);
  });
});
