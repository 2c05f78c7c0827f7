import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server.js';

/*
 * Graceful restarts (issue 13, point 6) on the built server (`node apps/server/dist/main.js`): on
 * SIGTERM readiness fails first, the server keeps serving for SHUTDOWN_DRAIN_MS with
 * `Connection: close` on every answer, then stops accepting, finishes what is in flight and exits 0
 * within SHUTDOWN_TIMEOUT_MS.
 */

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * One GET through `agent` (keep-alive clients reuse its sockets; it honours `Connection: close`);
 * an answer slower than 5 s counts as a failure.
 */
function get(url: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.setTimeout(5000, () =>
      req.destroy(Object.assign(new Error('no answer within 5 s'), { code: 'TIMEOUT' })),
    );
    req.on('error', reject).end();
  });
}

/** The exit code, or `null` if the process is still running after `ms`. */
const exitWithin = (child: ChildProcess, ms: number) =>
  Promise.race([exitOf(child), sleep(ms).then(() => 'still running' as const)]);

/** A POST whose body is sent in two parts: the first now, the rest when `finish()` is called. */
function slowPost(url: string) {
  const body = JSON.stringify({ name: 'LCP', value: 1000, path: '/' });
  let finish!: () => void;
  const answered = new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answered, finish: () => finish() };
}

describe('graceful restart of the built server', () => {
  // Migrated but not seeded: these tests need the server, not the demo (and seeding is slow).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-drain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));

  it('when SIGTERM arrives under steady keep-alive load, then readiness fails first, every request is answered 200 with Connection: close during the drain, and the process exits 0 in time', async () => {
    const drainMs = 1000;
    const timeoutMs = 10_000;
    const server = await startTestServer(
      { SEED_ON_START: 'false', SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: String(timeoutMs) },
      { dataDir },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // Cached answers (answered before Fastify) and a Fastify route.
    const paths = ['/api/geolocation/locus', '/healthz', '/api/categories/all'];

    // A load balancer: checks readiness every 100 ms on a fresh connection and stops routing to the
    // instance 300 ms after the first failed check (propagation), as a real one does.
    // Whatever happens, the clients and the balancer stop 8 s from now.
    const hardStop = Date.now() + 8000;
    let routable = true;
    let readinessFailedWith: number | string | undefined;
    let readinessFailedAt = 0;
    const balancer = (async () => {
      while (routable) {
        if (Date.now() > hardStop) return void (routable = false);
        try {
          const ready = await get(`${server.url}/readyz`, false);
          if (ready.status !== 200) readinessFailedWith = ready.status;
        } catch (error) {
          readinessFailedWith = (error as NodeJS.ErrnoException).code ?? String(error);
        }
        if (readinessFailedWith !== undefined) {
          readinessFailedAt = Date.now();
          await sleep(300);
          routable = false;
          return;
        }
        await sleep(100);
      }
    })();

    let signalledAt = 0;
    const answers: { sentAt: number; status: number; connection: string | undefined }[] = [];
    const failures: string[] = [];
    const client = async (n: number) => {
      for (let i = n; routable && Date.now() < hardStop; i++) {
        const address = paths[i % paths.length]!;
        const sentAt = Date.now();
        try {
          const answer = await get(`${server.url}${address}`, agent);
          answers.push({ sentAt, status: answer.status, connection: answer.headers.connection });
          if (answer.status !== 200) failures.push(`${address}: ${answer.status}`);
        } catch (error) {
          failures.push(`${address}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        }
      }
    };
    const clients = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));

    await sleep(1500);
    const beforeSignal = answers.length;
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exited = exitWithin(server.child, timeoutMs + 2000);
    await Promise.all([clients, balancer]);
    const exitCode = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    agent.destroy();
    if (exitCode === 'still running') server.child.kill('SIGKILL');
    await server.close();

    expect(failures).toEqual([]);
    expect(beforeSignal).toBeGreaterThan(20);
    // Readiness failed with a 503 answer (not a refused connection), well before the drain ended.
    expect(readinessFailedWith).toBe(503);
    expect(readinessFailedAt - signalledAt).toBeLessThan(drainMs - 300);
    // Requests kept being served while the balancer had not yet reacted, each telling the client to
    // close its connection; before the signal, connections were kept alive.
    const afterReadinessFailed = answers.filter((a) => a.sentAt >= readinessFailedAt);
    expect(afterReadinessFailed.length).toBeGreaterThan(5);
    expect(afterReadinessFailed.filter((a) => a.status !== 200 || a.connection !== 'close')).toEqual([]);
    expect(
      answers.slice(0, beforeSignal).filter((a) => a.connection === 'keep-alive').length,
    ).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(drainMs);
    expect(exitedAfterMs).toBeLessThan(timeoutMs);
  }, 120_000);

  it('when a request started before SIGTERM is still being sent after the drain, then it completes (201) and the process then exits 0', async () => {
    const drainMs = 800;
    const server = await startTestServer(
      { SEED_ON_START: 'false', SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: '10000' },
      { dataDir },
    );
    const upload = slowPost(`${server.url}/api/performance`);
    await sleep(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exited = exitWithin(server.child, 15_000);
    // The rest of the body arrives after the drain, once the listener has closed.
    await sleep(drainMs + 700);
    expect(server.child.exitCode).toBeNull();
    upload.finish();
    const answer = await upload.answered;
    const exitCode = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    if (exitCode === 'still running') server.child.kill('SIGKILL');
    await server.close();

    expect(answer.status).toBe(201);
    expect(exitCode).toBe(0);
    // It exited once that request was answered, not at the timeout nor after keep-alive expiry.
    expect(exitedAfterMs).toBeLessThan(drainMs + 700 + 3000);
  }, 120_000);

  it('when an in-flight request never completes, then the process gives up at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const server = await startTestServer(
      { SEED_ON_START: 'false', SHUTDOWN_DRAIN_MS: '300', SHUTDOWN_TIMEOUT_MS: '2500' },
      { dataDir },
    );
    const upload = slowPost(`${server.url}/api/performance`);
    upload.answered.catch(() => undefined); // cut by the server at the deadline
    await sleep(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = await exitWithin(server.child, 15_000);
    const exitedAfterMs = Date.now() - signalledAt;
    if (exitCode === 'still running') server.child.kill('SIGKILL');
    await server.close();

    expect(exitCode).toBe(1);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(2400);
    expect(exitedAfterMs).toBeLessThan(5000);
    expect(server.output()).toContain('shutdown timeout reached');
  }, 120_000);
});
