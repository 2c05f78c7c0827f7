// `npm run chaos`: kill -9 during write bursts, restart, and check that nothing acknowledged was
// lost and the database is consistent. Not part of CI; loopback only; bounded in time.
//
// Repeats, until CHAOS_SECONDS (default 60) are spent after the first start: start the built server (its own DATA_DIR in
// a temp folder, its own PORT on 127.0.0.1), send concurrent write bursts (`POST /api/performance`,
// each with a unique trackerId), and kill -9 the server at a random moment of the burst. Then:
//  - every write answered 201 must be in the database, once (writes cut off by the kill may or may
//    not be there: their outcome was never acknowledged);
//  - amcheck passes: bt_index_check(heapallindexed) on every btree index and verify_heapam on every
//    table, on PGlite (opened directly, with its amcheck extension) or on PostgreSQL.
// With DATABASE_URL set the server runs on that PostgreSQL database instead of PGlite.
// Results go to bench/results/chaos.md (chaos-postgres.md with DATABASE_URL); the exit code is 1 when a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.CHAOS_SECONDS ?? 60);
const concurrency = Number(process.env.CHAOS_CONCURRENCY ?? 8);
const databaseUrl = process.env.DATABASE_URL;
const run = randomBytes(4).toString('hex');
// The budget starts once the first server is up (creating the database is not a restart).
let deadline = Infinity;

// The server serves the web app too, so both are built (only what is missing or stale).
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-chaos-'));
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'development',
  APP_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: base,
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  SEED_ON_START: 'false',
  LOG_LEVEL: 'warn',
  // Each write claims its own client address, so the per-IP limit of the route does not refuse
  // the burst (the server is ours, on loopback).
  TRUST_PROXY_HOPS: '1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const acknowledged = new Set();
const unknown = new Set();
let refused = 0;
const cycles = [];
let seq = 0;

async function waitReady(child, output) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited during start (${child.exitCode}):\n${output.text}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000)
      throw new Error(`server not ready after 180 s:\n${output.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function writer(stop) {
  while (!stop.done) {
    const trackerId = `chaos-${run}-${++seq}`;
    const n = seq;
    try {
      const res = await fetch(`${base}/api/performance`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ name: 'chaos', value: n, path: '/chaos', trackerId }),
      });
      await res.arrayBuffer();
      if (res.status === 201) acknowledged.add(trackerId);
      else refused++;
    } catch {
      unknown.add(trackerId); // cut off by the kill: never acknowledged
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

console.log(`chaos: ${seconds} s on ${base}, ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}`);
while (Date.now() < deadline) {
  const output = { text: '' };
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output.text = (output.text + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output.text = (output.text + d).slice(-20_000)));
  const startMs = await waitReady(child, output);
  if (deadline === Infinity) deadline = Date.now() + seconds * 1000;
  const stop = { done: false };
  const before = acknowledged.size;
  const writers = Array.from({ length: concurrency }, () => writer(stop));
  const burstMs = 300 + Math.random() * 2700;
  await new Promise((r) => setTimeout(r, burstMs));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  stop.done = true;
  await Promise.all(writers);
  cycles.push({ startMs, burstMs, acknowledged: acknowledged.size - before });
  console.log(
    `cycle ${cycles.length}: ready in ${Math.round(startMs)} ms, killed after ${Math.round(burstMs)} ms, ${acknowledged.size - before} writes acknowledged`,
  );
}

// Check: a direct connection to the database the server used.
let query;
let closeCheck;
let engine;
if (databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  query = async (sql, params) => (await client.query(sql, params)).rows;
  closeCheck = () => client.end();
  engine = 'PostgreSQL';
} else {
  const { lockDataFolder } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/db/folder-lock.js')).href
  );
  const { PGlite } = await import('@electric-sql/pglite');
  const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
  const lock = lockDataFolder(dataDir); // the last server is dead: the kernel released its lock
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { amcheck } });
  query = async (sql, params) => (await db.query(sql, params)).rows;
  closeCheck = async () => {
    await db.close();
    lock.release();
  };
  engine = 'PGlite';
}

const rows = await query(`select tracker_id from performance_events where tracker_id like $1`, [
  `chaos-${run}-%`,
]);
const stored = new Map();
for (const r of rows) stored.set(r.tracker_id, (stored.get(r.tracker_id) ?? 0) + 1);
const missing = [...acknowledged].filter((id) => !stored.has(id));
const duplicated = [...stored].filter(([, n]) => n > 1).map(([id]) => id);
const unknownStored = [...unknown].filter((id) => stored.has(id)).length;

await query('create extension if not exists amcheck');
const indexes = await query(`
  select c.oid::regclass::text as name from pg_index i
  join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
  join pg_namespace n on n.oid = c.relnamespace
  where a.amname = 'btree' and n.nspname not in ('pg_catalog', 'information_schema') and c.relpersistence <> 't'`);
const indexErrors = [];
for (const { name } of indexes) {
  try {
    await query(`select bt_index_check($1::regclass, true)`, [name]);
  } catch (error) {
    indexErrors.push(`${name}: ${error.message}`);
  }
}
const tables = await query(`
  select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')`);
const heapErrors = [];
for (const { name } of tables) {
  try {
    const problems = await query(`select blkno, offnum, msg from verify_heapam($1::regclass)`, [name]);
    for (const p of problems) heapErrors.push(`${name} block ${p.blkno} item ${p.offnum}: ${p.msg}`);
  } catch (error) {
    heapErrors.push(`${name}: ${error.message}`);
  }
}
await closeCheck();
rmSync(dataDir, { recursive: true, force: true });

const passed =
  missing.length === 0 && duplicated.length === 0 && indexErrors.length === 0 && heapErrors.length === 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const load = os.loadavg()[0].toFixed(1);
const lines = [
  '# Chaos: kill -9 during write bursts',
  '',
  `Run ${new Date().toISOString()} by \`npm run chaos\` (CHAOS_SECONDS=${seconds}, ${concurrency} concurrent writers) on ${engine}, ${os.cpus().length} cores, Node ${process.version}, load average (1 min) ${load}${Number(load) > os.cpus().length ? ' (a loaded machine)' : ''}.`,
  '',
  `**${passed ? 'PASS' : 'FAIL'}**: ${cycles.length} kill -9 cycles; ${acknowledged.size} writes acknowledged (201), ${missing.length} of them missing, ${duplicated.length} stored twice; ${unknown.size} writes cut off by a kill (outcome unknown to the client; ${unknownStored} of them stored); ${refused} refused with another status.`,
  '',
  `amcheck: ${indexes.length} btree indexes checked with \`bt_index_check(index, heapallindexed => true)\`, ${indexErrors.length} errors; ${tables.length} tables checked with \`verify_heapam\`, ${heapErrors.length} problems.`,
  '',
  `Restart after kill -9 (process start to \`/readyz\` 200): median ${Math.round(median(cycles.map((c) => c.startMs)))} ms, slowest ${Math.round(Math.max(...cycles.map((c) => c.startMs)))} ms (the first start creates the database).`,
  '',
  '| cycle | ready after start | killed after | writes acknowledged |',
  '|---:|---:|---:|---:|',
  ...cycles.map(
    (c, i) => `| ${i + 1} | ${Math.round(c.startMs)} ms | ${Math.round(c.burstMs)} ms | ${c.acknowledged} |`,
  ),
  '',
  ...(missing.length
    ? ['Missing acknowledged writes (first 20):', '', ...missing.slice(0, 20).map((m) => `- ${m}`), '']
    : []),
  ...(indexErrors.length || heapErrors.length
    ? [
        'Consistency errors (first 20):',
        '',
        ...[...indexErrors, ...heapErrors].slice(0, 20).map((m) => `- ${m}`),
        '',
      ]
    : []),
];
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, `bench/results/${databaseUrl ? 'chaos-postgres' : 'chaos'}.md`),
  lines.join('\n'),
);
console.log(lines.join('\n'));
process.exit(passed ? 0 : 1);
