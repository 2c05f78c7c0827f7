import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from '../test/test-app.js';

describe('API plumbing', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const countPerformanceRows = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from performance_events`))
      .rows[0]!.n;

  it('when an unknown /api route is called, then it answers a JSON 404 envelope with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    expect(body.message).toContain('/api/no/such/route');
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('when a body field is invalid, then 400 names the field and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      payload: { name: 'LCP', value: 'fast', path: '/' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'value' })]));
    expect(await countPerformanceRows()).toBe(0);
  });

  it('when a body carries a field the contract does not allow, then 400 names it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      payload: { name: 'LCP', value: 1200, path: '/', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('isAdmin');
    expect(await countPerformanceRows()).toBe(0);
  });

  it('when the body is valid, then it is stored and 201 is answered in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      payload: { name: 'LCP', value: 1234.5, path: '/courses-and-workshops' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ code: 201, message: 'Recorded', data: { accepted: true } });
    expect(await countPerformanceRows()).toBe(1);
  });

  it('when the body is not JSON, then 400 says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });

  it('when the body tries prototype pollution, then 400 and no global is polluted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x","value":1,"path":"/","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('when a body is larger than the limit, then 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/performance',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', value: 1, path: `/${'a'.repeat(2 * 1024 * 1024)}` }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('when the process is up, then /healthz and /readyz answer ok', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('when the OpenAPI document is requested, then it is 3.1 and lists the contract routes', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/masterclasses-and-courses', '/api/v3/categories', '/api/performance']),
    );
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('when /api/docs is opened without the trailing slash, then it moves to /api/docs/, whose page loads every asset', async () => {
    const bare = await t.app.inject({ url: '/api/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const page = await t.app.inject({ url: '/api/docs/' });
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/api/docs/').pathname;
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 200]);
    }
  });

  it('when any answer is sent, then it carries the baseline security headers', async () => {
    const res = await t.app.inject({ url: '/api/masterclasses-and-courses' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('API plumbing: failures and production', () => {
  it('when a handler throws unexpectedly, then 500 with a generic message, the request id and no details', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/explode', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    const res = await app.inject({ url: '/api/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, error: 'INTERNAL' });
    expect(body.requestId).toBeTruthy();
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('app.ts');
    await app.close();
    await database.close();
  });

  it('when the database is gone, then /readyz fails with 503 while /healthz stays up', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await database.close();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('when running in production, then /api/docs does not exist', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example' });
    const app = await buildApp({ config, database, logger: false });
    expect((await app.inject({ url: '/api/docs/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/docs/' })).json().error).toBe('NOT_FOUND');
    await app.close();
    await database.close();
  });
});
