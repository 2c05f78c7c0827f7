import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logLines } from '../test/log-lines.js';
import { testConfig } from '../test/test-app.js';
import { AccessLogController, logDestination, loggerOptions } from './logging.js';

/**
 * The lines a Fastify app with the server's logger options writes for one request and one other
 * record, in the environment `env` (issue 18: readable in development, JSON in production).
 */
async function linesFor(env: 'development' | 'production'): Promise<string[]> {
  const config = testConfig({ NODE_ENV: env, LOG_LEVEL: 'info', PUBLIC_URL: 'https://atelier.example' });
  const capture = logLines();
  const app = Fastify({
    logger: loggerOptions(config, await logDestination(config, capture.stream)),
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
  });
  app.get('/hello', () => ({ hello: 'world' }));
  await app.inject({ url: '/hello?token=s3cret&page=2' });
  app.log.info({ database: 'pglite', ms: 42 }, 'database open and migrated');
  // The cached answers write their access line themselves (platform/cache/cached-answers.ts).
  app.log.info(
    { requestId: 'r1', req: { method: 'GET', url: '/api/home' }, res: { statusCode: 200 }, cached: true },
    'request completed',
  );
  // pino-pretty formats in a stream pipeline: its lines arrive after the log calls return.
  await expect.poll(() => capture.lines.length).toBe(3);
  await app.close();
  return capture.lines.map((line) => stripVTControlCharacters(line));
}

describe('the process log in development and production', () => {
  it('in development, a request is one short readable line (method, URL with secrets redacted, status, time)', async () => {
    const [request, other, cached] = await linesFor('development');
    expect(request).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/hello\?token=\[redacted\]&page=2 200 \d+ ms$/);
    expect(other).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: database open and migrated \{"database":"pglite","ms":42\}$/,
    );
    expect(cached).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/home 200 \(cached\)$/);
    for (const line of [request, other, cached]) expect(() => JSON.parse(line!) as unknown).toThrow();
  });

  it('in production, every line stays one JSON record with the request and the answer', async () => {
    const [request, other, cached] = await linesFor('production');
    expect(JSON.parse(request!)).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/hello?token=[redacted]&page=2' },
      res: { statusCode: 200 },
    });
    expect(JSON.parse(other!)).toMatchObject({
      msg: 'database open and migrated',
      database: 'pglite',
      ms: 42,
    });
    expect(JSON.parse(cached!)).toMatchObject({
      msg: 'request completed',
      cached: true,
      res: { statusCode: 200 },
    });
  });

  it('in tests (NODE_ENV=test) the given stream is used as it is, so assertions read JSON', async () => {
    const capture = logLines();
    expect(await logDestination(testConfig(), capture.stream)).toBe(capture.stream);
  });
});
