import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { etagOf, PublicCache, sendCachedBody } from './public-cache.js';

const Schema = z.object({ n: z.number() });

describe('PublicCache', () => {
  it('when many requests miss at once, then the body is built once and shared', async () => {
    let loads = 0;
    const cache = new PublicCache(60_000);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        Promise.resolve(
          cache.get('k', Schema, async () => {
            loads += 1;
            await new Promise((r) => setTimeout(r, 10));
            return { n: 1 };
          }),
        ),
      ),
    );
    expect(loads).toBe(1);
    expect(new Set(bodies.map((b) => b.etag)).size).toBe(1);
  });

  it('when a body is still being built and an asynchronous onSend hook delays the answer, then exactly one answer is sent', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    let onSends = 0;
    app.addHook('onSend', async (_request, _reply, payload) => {
      onSends += 1;
      await new Promise((r) => setTimeout(r, 20));
      return payload;
    });
    const cache = new PublicCache(60_000);
    app.get('/cold', (request, reply) =>
      sendCachedBody(
        request,
        reply,
        cache.get('cold', Schema, async () => ({ n: 7 })),
      ),
    );
    const response = await app.inject({ url: '/cold' });
    await new Promise((r) => setTimeout(r, 50));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'OK', data: { n: 7 } });
    expect(onSends).toBe(1);
    expect(lines.filter((line) => line.includes('already sent'))).toEqual([]);
    await app.close();
  });

  it('when the body is cached, then it is answered at once, not in a promise', async () => {
    const cache = new PublicCache(60_000);
    const first = cache.get('k', Schema, async () => ({ n: 3 }));
    expect(first).toBeInstanceOf(Promise);
    const built = await first;
    expect(cache.get('k', Schema, async () => ({ n: 4 }))).toBe(built);
  });

  it('when loaded data has fields outside the schema, then they are stripped from the bytes', async () => {
    const cache = new PublicCache(60_000);
    const body = await cache.get('k', Schema, async () => ({ n: 2, secret: 'x' }) as { n: number });
    expect(JSON.parse(body.identity.toString())).toEqual({ code: 200, message: 'OK', data: { n: 2 } });
  });

  it('when an entry is older than the TTL, then the stale bytes are served once while it rebuilds', async () => {
    let now = 0;
    let value = 1;
    const cache = new PublicCache(1000, () => now);
    const load = async () => ({ n: value });
    expect(JSON.parse((await cache.get('k', Schema, load)).identity.toString()).data.n).toBe(1);
    value = 2;
    now = 2000;
    expect(JSON.parse((await cache.get('k', Schema, load)).identity.toString()).data.n).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(JSON.parse((await cache.get('k', Schema, load)).identity.toString()).data.n).toBe(2);
  });

  it('when invalidated, then the next read rebuilds', async () => {
    let value = 1;
    const cache = new PublicCache(60_000);
    const load = async () => ({ n: value });
    await cache.get('catalogue:list', Schema, load);
    value = 5;
    await cache.invalidate({ prefixes: ['catalogue:'] });
    expect(JSON.parse((await cache.get('catalogue:list', Schema, load)).identity.toString()).data.n).toBe(5);
  });

  it('when invalidated by prefix or tag, then exactly the entries named are rebuilt and the others kept', async () => {
    let value = 1;
    const cache = new PublicCache(60_000);
    const load = async () => ({ n: value });
    const read = async (key: string, tags?: string[]) =>
      JSON.parse((await cache.get(key, Schema, load, tags && { tags })).identity.toString()).data.n as number;
    await read('workshop:1:details');
    await read('workshop:12:details');
    await read('seo:sitemap', ['workshops']);
    await read('blogs:homepage', ['blogs']);
    value = 2;
    await cache.invalidate({ prefixes: ['workshop:1:'], tags: ['workshops'] });
    expect(await read('workshop:1:details')).toBe(2);
    expect(await read('seo:sitemap', ['workshops'])).toBe(2);
    expect(await read('workshop:12:details')).toBe(1);
    expect(await read('blogs:homepage', ['blogs'])).toBe(1);
  });

  it('when content changes while an entry is being built, then a request after the invalidation gets the new content', async () => {
    let value = 1;
    const cache = new PublicCache(60_000);
    const load = async () => {
      const read = value;
      await new Promise((r) => setTimeout(r, 30));
      return { n: read };
    };
    const building = cache.get('k', Schema, load);
    value = 2;
    await cache.invalidate({ prefixes: ['k'] });
    const after = await cache.get('k', Schema, load);
    expect(JSON.parse(after.identity.toString()).data.n).toBe(2);
    expect(JSON.parse((await building).identity.toString()).data.n).toBe(1);
    expect(JSON.parse((await cache.get('k', Schema, load)).identity.toString()).data.n).toBe(2);
  });

  it('when invalidated, then the broadcast is told; an invalidation from another instance is not sent back', async () => {
    const sent: unknown[] = [];
    const cache = new PublicCache(60_000);
    cache.broadcastWith({ publish: async (what) => void sent.push(what) });
    await cache.invalidate({ tags: ['blogs'] });
    cache.invalidateHere({ prefixes: ['trips:'] });
    expect(sent).toEqual([{ tags: ['blogs'] }]);
  });

  it('when a text document is cached, then it is kept as is with the same ETag rule as the JSON bodies', async () => {
    const cache = new PublicCache(60_000);
    const body = await cache.getText('seo:robots', async () => 'User-agent: *\n');
    expect(body.identity.toString()).toBe('User-agent: *\n');
    expect(body.etag).toBe(etagOf(Buffer.from('User-agent: *\n')));
    expect(cache.getText('seo:robots', async () => 'changed')).toBe(body);
  });
});

describe('cached routes under concurrency', () => {
  let app: FastifyInstance;
  let database: Database;
  const errors: unknown[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.addHook('onError', async (_request, _reply, error) => {
      errors.push(error);
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('when 200 real HTTP requests hit cached endpoints at once, then every one gets one clean 200 and nothing errors', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${address}${i % 2 ? '/api/masterclasses-and-courses' : '/api/geolocation/locus'}`, {
          headers: { 'accept-encoding': 'br' },
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    for (const res of responses) expect(res.status).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('cached routes: content negotiation', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const encodingFor = async (acceptEncoding: string | undefined) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/top-banner',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(res.statusCode).toBe(200);
    return res.headers['content-encoding'] ?? 'identity';
  };

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['GZIP, BR', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0.0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ])('when a client sends Accept-Encoding %j, then the body is sent as %s', async (header, expected) => {
    expect(await encodingFor(header)).toBe(expected);
  });

  it('when the client already holds the current ETag, then 304 is answered with no body', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/api/top-banner',
      headers: { 'accept-encoding': 'br' },
    });
    const again = await app.inject({
      method: 'GET',
      url: '/api/top-banner',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('when If-None-Match holds the tag weakly, in a list or as *, then 304; another tag gets the body', async () => {
    const etag = String((await app.inject({ url: '/api/top-banner' })).headers.etag);
    const status = async (ifNoneMatch: string) =>
      (await app.inject({ url: '/api/top-banner', headers: { 'if-none-match': ifNoneMatch } })).statusCode;
    expect(await status(`W/${etag}`)).toBe(304);
    expect(await status(`"older", ${etag}`)).toBe(304);
    expect(await status('*')).toBe(304);
    expect(await status('"older"')).toBe(200);
    expect(await status(`W/"x${etag.slice(1)}`)).toBe(200);
  });
});
