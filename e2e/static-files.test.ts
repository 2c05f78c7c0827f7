import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server.js';

type Started = Awaited<ReturnType<typeof startTestServer>>;

/** A GET sent as written (no path normalisation, no decompression): status, headers, body length. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    bytes: number;
  }>((resolve, reject) => {
    httpRequest({ host: hostname, port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

const manifest = JSON.parse(
  readFileSync(new URL('../apps/web/dist/client/.vite/manifest.json', import.meta.url), 'utf8'),
) as Record<string, { file: string; isEntry?: boolean }>;
const entry = manifest['src/entry-client.tsx']!.file;

describe('the built server: static files of the web app', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startTestServer({ SEED_ON_START: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('when a hashed bundle is asked for with brotli, then its pre-compressed bytes come, cached for a year', async () => {
    const response = await rawGet(server.url, `/${entry}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await rawGet(server.url, `/${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes).toBeGreaterThan(response.bytes);
  });

  it('when an image or the favicon is asked for, then it comes with a short cache lifetime', async () => {
    const image = await rawGet(server.url, '/images/blogs/what-bim-managers-do-800.webp');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
    const favicon = await rawGet(server.url, '/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('when a source map, a compressed twin or a missing asset is asked for by name, then the answer is 404', async () => {
    for (const path of [
      `/${entry}.map`,
      `/${entry}.br`,
      `/${entry}.gz`,
      '/assets/no-such-bundle.js',
      '/images/none.webp',
    ]) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(String(response.headers['content-type']), path).not.toMatch(/javascript|json-patch/);
    }
  });

  it('when a path climbs out of a static folder, then nothing outside it is served', async () => {
    for (const path of [
      '/assets/../../../package.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/images/..%2f..%2f..%2fpackage.json',
    ]) {
      const response = await rawGet(server.url, path);
      expect([400, 403, 404], path).toContain(response.status);
    }
  });

  it('when an unknown page is asked for, then the web app renders its not-found page', async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});
