// Job queue throughput (docs/decisions/0011): enqueue N no-op jobs in one transaction, then claim
// and complete them with one runner and with two (a second pool, as a second process would have
// on PostgreSQL). Run from the repository root:
//   node --conditions=source --import tsx bench/jobs.ts                  (embedded PGlite, in memory)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --conditions=source --import tsx bench/jobs.ts
import pg from 'pg';
import {
  connectEmbedded,
  connectPostgres,
  migrateDatabase,
  type Database,
} from '../apps/server/src/db/database.js';
import { startEmbeddedServer } from '../apps/server/src/db/embedded.js';
import { enqueue, JobHandlers, JobRunner } from '../apps/server/src/platform/jobs/index.js';

const N = Number(process.env.BENCH_JOBS ?? 1000);
const adminUrl = process.env.BENCH_DATABASE_URL;

async function open(): Promise<{ database: Database; second?: () => Database; drop(): Promise<void> }> {
  if (!adminUrl) {
    const database = connectEmbedded(await startEmbeddedServer({}));
    await migrateDatabase(database);
    return { database, drop: async () => undefined };
  }
  const name = `atelier_jobs_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 10);
  await migrateDatabase(database);
  return {
    database,
    second: () => connectPostgres(url.toString(), 10),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function round(
  label: string,
  database: Database,
  runners: Database[],
  batchSize: number,
): Promise<void> {
  const topic = `bench.${label}`;
  let t = performance.now();
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < N; i++) await enqueue(tx, { topic, payload: { i } });
  });
  const enqueueMs = performance.now() - t;
  let done = 0;
  const all = runners.map((db) => {
    const handlers = new JobHandlers();
    handlers.register(topic, async () => {
      done += 1;
    });
    return new JobRunner({ db: db.db, handlers, batchSize, pollIntervalMs: 5 });
  });
  t = performance.now();
  await Promise.all(all.map((r) => r.drain()));
  const runMs = performance.now() - t;
  if (done !== N) throw new Error(`${label}: ${done} of ${N} jobs ran`);
  console.log(
    `| ${database.kind} | ${label} | ${runners.length} | ${batchSize} | ${Math.round((N / enqueueMs) * 1000)} | ${Math.round((N / runMs) * 1000)} |`,
  );
}

const opened = await open();
const { database } = opened;
try {
  console.log(`${N} no-op jobs per round`);
  console.log('| engine | round | runners | batch | enqueued/s (one tx) | claimed+done/s |');
  console.log('|---|---|---|---|---|---|');
  await round('warmup', database, [database], 10);
  await round('one-runner-b10', database, [database], 10);
  await round('one-runner-b50', database, [database], 50);
  const other = opened.second?.();
  await round('two-runners-b10', database, [database, other ?? database], 10);
  await other?.close();
} finally {
  await database.close();
  await opened.drop();
}
