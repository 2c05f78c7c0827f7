import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  /** Everything the server printed (its demo account list, logs). */
  output: () => string;
  close(): Promise<void>;
}

/**
 * Starts the real built server (`apps/server/dist/main.js`, as `npm start` does) on a free port
 * with a throw-away data folder and the demo seed, and waits until it is ready.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<RunningServer & { child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atelier-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
      // The journeys pay through the offline sandbox (decision 0014).
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_ON_START: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No drain window on SIGTERM unless a test asks for one (production's default is 5 s).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    dataDir,
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
