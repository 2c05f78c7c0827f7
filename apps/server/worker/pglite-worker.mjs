// Runs the embedded PGlite database on its own thread and speaks the PostgreSQL wire protocol on
// a local Unix socket, so the server talks to it through node-postgres exactly as to a real
// PostgreSQL server, and a slow query never stalls the HTTP event loop (DESIGN.md: PGlite runs
// queries on the calling thread). Plain JavaScript so it runs unbuilt, from tests and from dist.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, template } = workerData;

const options = template ? { loadDataDir: new Blob([template]) } : {};
const db = await PGlite.create(dataDir ?? undefined, options);
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
    } else if (message.type === 'close') {
      await server.stop();
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
  }
});
