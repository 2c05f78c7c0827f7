import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server.js';

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('the built server: first start, restart, graceful shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when started on an empty data folder, then it migrates, seeds the demo and prints the demo accounts', async () => {
    const server = await startTestServer({}, { dataDir });
    try {
      expect(server.output()).toContain('Demo accounts');
      expect(server.output()).toContain('learner@atelier.test');
      const body = await (await fetch(`${server.url}/api/masterclasses-and-courses`)).json();
      const count = body.data.categories.reduce(
        (n: number, c: { Workshops: unknown[] }) => n + c.Workshops.length,
        0,
      );
      expect(count).toBeGreaterThanOrEqual(40);
    } finally {
      await server.close();
    }
  });

  it('when restarted on the same data folder, then the data is kept and nothing is reseeded', async () => {
    const server = await startTestServer({}, { dataDir });
    try {
      expect(server.output()).not.toContain('Demo accounts');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('when SIGTERM arrives during a request, then that request completes, and the process exits 0 within 10 s', async () => {
    const server = await startTestServer({ SEED_ON_START: 'false' }, { dataDir });
    const { port } = new URL(server.url);
    const body = JSON.stringify({ name: 'LCP', value: 1000, path: '/' });
    // Send the headers and half the body, then signal, then finish the body.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/performance',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const started = Date.now();
    const answered = await response;
    expect(answered.status).toBe(201);
    expect(await exitOf(server.child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await server.close();
  });
});
