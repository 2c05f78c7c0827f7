import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createCampaign, createTopBanner } from '../../test/factories.js';
import { PERMISSIONS_POLICY } from '../../http/security-headers.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request (not `inject`, which never reaches the server's request listener). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers two answers of the same content share: all but the date and the request id. */
function comparable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

const HOT = [
  '/api/masterclasses-and-courses',
  '/api/v3/categories',
  '/api/categories/all',
  '/api/top-banner',
  '/api/campaign/banners',
  '/api/event/objects',
  '/api/geolocation/locus',
  '/api/homepage/sections/all/v2',
  '/api/homepage/blogs',
  '/api/blogs/trending-and-featured',
  '/api/dashboard/trips/list',
  '/api/trip/homepage',
  '/api/consultation/1/service/package',
];

describe('cached answers before the framework', () => {
  let t: TestContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { COUNTRY_HEADER: 'cf-ipcountry' } });
    await createTopBanner(t.database.db, {
      content: 'Winter cohort: 20% off',
      link: '/courses-and-workshops',
    });
    await createCampaign(t.database.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(HOT)(
    'when %s is cached, then the next requests are answered from the cache with the very bytes and headers of the route',
    async (path) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const before = t.app.cachedAnswers.answered;
        const fromRoute = await get(base, path, headers);
        const fromCache = await get(base, path, headers);
        expect(fromRoute.status).toBe(200);
        expect(fromCache.status).toBe(200);
        // The first request of the first encoding built the entry through Fastify's route; every
        // later one is answered before it.
        expect(t.app.cachedAnswers.answered).toBe(before + (encoding === 'br' ? 1 : 2));
        expect(fromCache.body.equals(fromRoute.body)).toBe(true);
        expect(comparable(fromCache.headers)).toEqual(comparable(fromRoute.headers));
        expect(fromCache.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
        expect(fromCache.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(fromCache.headers['x-request-id']).not.toBe(fromRoute.headers['x-request-id']);
      }
    },
  );

  it('when the client already has the answer (If-None-Match), then the cache answers 304 without a body, as the route does', async () => {
    const first = await get(base, '/api/top-banner');
    const etag = String(first.headers.etag);
    const before = t.app.cachedAnswers.answered;
    const notModified = await get(base, '/api/top-banner', { 'if-none-match': etag });
    expect(t.app.cachedAnswers.answered).toBe(before + 1);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
    const weak = await get(base, '/api/top-banner', { 'if-none-match': `"older", W/${etag}` });
    expect(weak.status).toBe(304);
    expect(t.app.cachedAnswers.answered).toBe(before + 2);
  });

  it('when the visitor is outside India, then the currency answered from the cache is USD, and INR for India', async () => {
    await get(base, '/api/geolocation/locus', { 'cf-ipcountry': 'US' });
    await get(base, '/api/geolocation/locus', { 'cf-ipcountry': 'IN' });
    const before = t.app.cachedAnswers.answered;
    const us = await get(base, '/api/geolocation/locus', { 'cf-ipcountry': 'US' });
    const india = await get(base, '/api/geolocation/locus', { 'cf-ipcountry': 'IN' });
    expect(t.app.cachedAnswers.answered).toBe(before + 2);
    expect(JSON.parse(us.body.toString()).data.currency.code).toBe('USD');
    expect(JSON.parse(india.body.toString()).data.currency.code).toBe('INR');
    expect(us.headers.vary).toBe('Accept-Encoding, cf-ipcountry');
  });

  it('when the address has a query string, a trailing slash or another method, then the route answers it', async () => {
    await get(base, '/api/event/objects');
    const before = t.app.cachedAnswers.answered;
    const withQuery = await get(base, '/api/event/objects?utm_source=x');
    const head = await get(base, '/api/event/objects', {}, 'HEAD');
    const slash = await get(base, '/api/event/objects/');
    const search = await get(base, '/api/masterclasses-and-courses?query=zzzz-none');
    expect(t.app.cachedAnswers.answered).toBe(before);
    expect(withQuery.status).toBe(200);
    expect(head.status).toBe(200);
    expect(slash.status).toBe(200);
    expect(JSON.parse(search.body.toString()).data.total).toBe(0);
  });

  it('when the entry is stale or dropped, then the route answers (and rebuilds) with the new content', async () => {
    await get(base, '/api/top-banner');
    await createTopBanner(t.database.db, { content: 'Spring cohort open', link: '/courses-and-workshops' });
    await t.app.publicCache.invalidate({ prefixes: ['banners:'] });
    const before = t.app.cachedAnswers.answered;
    const rebuilt = await get(base, '/api/top-banner');
    expect(t.app.cachedAnswers.answered).toBe(before);
    expect(rebuilt.body.toString()).toContain('Spring cohort open');

    // Older than the TTL: the route serves the stale bytes once and rebuilds in the background.
    t.now.value = new Date(t.now.value.getTime() + t.config.publicCacheTtlMs + 1000);
    await get(base, '/api/top-banner');
    expect(t.app.cachedAnswers.answered).toBe(before);
  });

  it('when the server begins to close, then nothing more is answered before the framework (which refuses with 503)', async () => {
    await get(base, '/api/categories/all');
    t.app.cachedAnswers.stop();
    const before = t.app.cachedAnswers.answered;
    expect((await get(base, '/api/categories/all')).status).toBe(200);
    expect(t.app.cachedAnswers.answered).toBe(before);
  });
});
