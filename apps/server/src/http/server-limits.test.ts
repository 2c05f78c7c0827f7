import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { logLines } from '../test/log-lines.js';
import { createTestDatabase, testConfig } from '../test/test-app.js';
import { PERMISSIONS_POLICY } from './security-headers.js';

/** Opens a TCP connection and resolves once it is established. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `raw` on a new connection and resolves with everything read until the server closes it. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** Issue 13, points 7 and 8: explicit connection limits, logged when hit; hostile headers. */
describe('server limits', () => {
  let app: FastifyInstance;
  let database: Database;
  let port: number;
  const { lines, stream: logStream } = logLines();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', MAX_CONNECTIONS: '2' }),
      database,
      logStream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    port = address.port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('when MAX_CONNECTIONS connections are open, then the next is refused and a warning says so', async () => {
    expect(app.server.maxConnections).toBe(2);
    expect(app.server.headersTimeout).toBe(20_000);
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
    const held = [await open(port), await open(port)];
    try {
      // Let the server count both before the third arrives.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const third = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n').catch(() => '');
      expect(third).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const warning = lines
        .map((l) => JSON.parse(l) as { msg: string; limit?: string })
        .find((l) => l.limit === 'max_connections');
      expect(warning?.msg).toMatch(/connection refused: MAX_CONNECTIONS \(2\)/);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Once they close, connections are accepted again.
    expect(await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1.1 200/,
    );
  });

  it.each(['/api/top-banner', '/api/blogs/all'])(
    'when a request to %s carries two Host headers, then 400 in the JSON envelope (also for a cached address)',
    async (path) => {
      // Build the cache entry first, so the cached answer would otherwise be given.
      await exchange(port, `GET ${path} HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n`);
      await exchange(port, `GET ${path} HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n`);
      const answer = await exchange(
        port,
        `GET ${path} HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1.1 400/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        message: 'The request has more than one Host header.',
      });
      expect(answer.toLowerCase()).toContain(`permissions-policy: ${PERMISSIONS_POLICY}`);
    },
  );

  it('when a page request carries two Host headers, then a 400 page', async () => {
    const answer = await exchange(
      port,
      'GET /robots.txt HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('That request is not valid');
  });

  it('when an answer is sent, then it carries the Permissions-Policy', async () => {
    const res = await app.inject({ url: '/api/blogs/all' });
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});
