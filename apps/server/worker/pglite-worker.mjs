// Runs the embedded PGlite database on its own thread and speaks the PostgreSQL wire protocol on
// a local Unix socket, so the server talks to it through node-postgres exactly as to a real
// PostgreSQL server, and a slow query never stalls the HTTP event loop (DESIGN.md: PGlite runs
// queries on the calling thread). Plain JavaScript so it runs unbuilt, from tests and from dist.
import { fsyncSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, template, durable } = workerData;

/** How many fsync(2) calls reached the kernel (read by tests and the start-up bench). */
let fsyncs = 0;

/**
 * PGlite's Node file system (Emscripten's NODEFS) has no fsync: PostgreSQL's fsync() calls end in
 * the page cache, and fdatasync() is a no-op in the syscall layer. This one passes fsync() through
 * to the kernel, so with `fsync=on` and `wal_sync_method=fsync` a commit is on disk when it is
 * acknowledged, and a checkpoint's data files are on disk before the WAL that covers them is
 * recycled (docs/decisions/0010-embedded-durability-and-locking.md).
 */
class DurableNodeFS extends NodeFS {
  async init(pg, opts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const patch = (mod) => {
      const streamOps = mod.FS.filesystems.NODEFS.stream_ops;
      streamOps.fsync = (stream) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          fsyncs++;
        }
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch] } };
  }
}

/**
 * Start parameters. PGlite's defaults start PostgreSQL with `-F` (fsync off); a database on disk
 * drops it. `shared_buffers` is 32 MB instead of 128 MB: PGlite zero-fills the whole shared memory
 * segment at every start in slow WebAssembly, ~1 s per 40 MB on a quiet machine, and the page cache
 * beneath NODEFS serves what does not fit.
 */
const common = ['-c', 'shared_buffers=32MB', '-c', 'max_connections=10'];
const startParams = durable
  ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync', ...common]
  : [...PGlite.defaultStartParams, ...common];

const options = {
  startParams,
  ...(template ? { loadDataDir: new Blob([template]) } : {}),
  ...(dataDir && durable ? { fs: new DurableNodeFS(dataDir) } : {}),
};
const db = await PGlite.create(dataDir && !durable ? dataDir : undefined, options);
// The server's pool holds one connection, but node-postgres replaces a connection after any
// failed query: a spare slot lets the replacement attach while the old one is torn down (with a
// single slot it was refused, failing the next query).
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
await server.start();
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  try {
    if (message.type === 'dump') {
      const blob = await db.dumpDataDir('none');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      parentPort.postMessage({ type: 'dumped', bytes }, [bytes.buffer]);
    } else if (message.type === 'stats') {
      parentPort.postMessage({ type: 'stats', fsyncs });
    } else if (message.type === 'close') {
      await server.stop();
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
  }
});
