import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A PGlite database running on a worker thread, reachable as a PostgreSQL server on a socket. */
export interface EmbeddedServer {
  /** Directory holding the socket `.s.PGSQL.5432`; node-postgres takes it as `host`. */
  socketDir: string;
  /** A tar of the whole data directory (used to build test templates). */
  dump(): Promise<Uint8Array>;
  /** How many fsync(2) calls the database has made so far (0 in memory or when not durable). */
  fsyncCount(): Promise<number>;
  close(): Promise<void>;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'closed' }
  | { type: 'dumped'; bytes: Uint8Array }
  | { type: 'stats'; fsyncs: number }
  | { type: 'error'; message: string };

const workerUrl = new URL('../../worker/pglite-worker.mjs', import.meta.url);

/**
 * Starts PGlite on a worker thread. `dataDir` persists the database on disk (undefined = in
 * memory); `template` loads a dumped data directory instead of creating one from scratch.
 * On disk, commits are durable (fsync on, passed through to the kernel) unless `durable: false`,
 * which only the start-up bench uses to measure what durability costs.
 * Two processes must never open the same directory: the caller holds a lock on it.
 */
export async function startEmbeddedServer(opts: {
  dataDir?: string;
  template?: Uint8Array;
  durable?: boolean;
}): Promise<EmbeddedServer> {
  // Unix socket paths are limited to ~107 bytes, so the socket lives in a short temp folder.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'atl-'));
  const worker = new Worker(workerUrl, {
    workerData: {
      dataDir: opts.dataDir,
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
      template: opts.template,
      durable: opts.dataDir !== undefined && opts.durable !== false,
    },
  });

  const next = (expected: WorkerMessage['type']): Promise<WorkerMessage> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: WorkerMessage) => {
        if (m.type === expected) {
          cleanup();
          resolve(m);
        } else if (m.type === 'error') {
          cleanup();
          reject(new Error(m.message));
        }
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`PGlite worker exited with code ${code}`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });

  await next('ready');
  let closed = false;
  return {
    socketDir,
    async dump() {
      const answer = next('dumped');
      worker.postMessage({ type: 'dump' });
      const m = await answer;
      return (m as { bytes: Uint8Array }).bytes;
    },
    async fsyncCount() {
      const answer = next('stats');
      worker.postMessage({ type: 'stats' });
      const m = await answer;
      return (m as { fsyncs: number }).fsyncs;
    },
    async close() {
      if (closed) return;
      closed = true;
      const answer = next('closed');
      worker.postMessage({ type: 'close' });
      await answer.catch(() => undefined);
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
