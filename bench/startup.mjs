// Start-up and durability figures of the embedded database (PGlite), each measured in a fresh
// Node process as a real start is:
//  - cold start: open a new, empty data folder (initdb) and apply every migration;
//  - warm start: reopen that folder and check the migrations (what every later `npm start` does);
//  - the cost of durable commits: N sequential single-row inserts, each its own transaction, with
//    fsync on (the product) and off (the former setting), alternating to share the machine's drift.
// Writes bench/results/startup.md. `npm run bench` calls it; alone: `node bench/startup.mjs`
// (builds the server first if needed). STARTUP_WARM_RUNS (3), STARTUP_INSERTS (500) tune it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const database = pathToFileURL(path.join(root, 'apps/server/dist/db/database.js')).href;

if (process.argv[2] === '--child') {
  // One measurement in this fresh process: `--child open|inserts DIR durable N`.
  const [, , , mode, dir, durable, n] = process.argv;
  const t0 = performance.now();
  const { openEmbedded, migrateDatabase } = await import(database);
  const tImport = performance.now();
  const db = await openEmbedded(dir, { durable: durable === 'true' });
  const tOpen = performance.now();
  await migrateDatabase(db);
  const tMigrate = performance.now();
  const result = { importMs: tImport - t0, openMs: tOpen - tImport, migrateMs: tMigrate - tOpen };
  if (mode === 'inserts') {
    await db.pool.query(
      'create table if not exists bench_inserts (id bigserial primary key, note text not null)',
    );
    const before = await db.embedded.fsyncCount();
    const t = performance.now();
    for (let i = 0; i < Number(n); i++)
      await db.pool.query('insert into bench_inserts (note) values ($1)', [`row ${i}`]);
    result.insertsMs = performance.now() - t;
    result.fsyncs = (await db.embedded.fsyncCount()) - before;
  }
  const tClose = performance.now();
  await db.close();
  result.closeMs = performance.now() - tClose;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const warmRuns = Number(process.env.STARTUP_WARM_RUNS ?? 3);
const inserts = Number(process.env.STARTUP_INSERTS ?? 500);

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function measure(mode, dir, durable) {
  const res = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', mode, dir, String(durable), String(inserts)],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 },
  );
  if (res.status !== 0) throw new Error(`measurement ${mode} failed (${res.status}): ${res.stdout}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

const load = () => os.loadavg()[0].toFixed(1);
const loadBefore = load();
const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-startup-'));
try {
  console.log('cold start (new data folder)…');
  const cold = measure('open', dir, true);
  const warm = [];
  for (let i = 0; i < warmRuns; i++) {
    console.log(`warm start ${i + 1}/${warmRuns}…`);
    warm.push(measure('open', dir, true));
  }
  const durable = [];
  const relaxed = [];
  for (let i = 0; i < 2; i++) {
    console.log(`${inserts} inserts, fsync on / off (${i + 1}/2)…`);
    durable.push(measure('inserts', dir, true));
    relaxed.push(measure('inserts', dir, false));
  }
  const loadAfter = load();

  const ms = (v) => `${Math.round(v)} ms`;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const total = (r) => r.importMs + r.openMs + r.migrateMs;
  const row = (name, r) =>
    `| ${name} | ${ms(r.importMs)} | ${ms(r.openMs)} | ${ms(r.migrateMs)} | **${ms(total(r))}** | ${ms(r.closeMs)} |`;
  const perInsert = (rs) => median(rs.map((r) => r.insertsMs / inserts));
  const fs = statfsSync(os.tmpdir());
  const lines = [
    '# Embedded database: start-up and durable commits',
    '',
    `Measured ${new Date().toISOString()} by \`node bench/startup.mjs\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}, data folder in ${os.tmpdir()} (fs type 0x${fs.type.toString(16)}). Load average (1 min) ${loadBefore} before, ${loadAfter} after: ${Number(loadBefore) > os.cpus().length ? '**a loaded machine**, figures are upper bounds' : 'a quiet machine'}.`,
    '',
    'Each row is a fresh Node process: import of the server’s database module, `openEmbedded` (the folder lock, the PGlite worker: WebAssembly compile, file-system bundle, PostgreSQL start), `migrateDatabase`.',
    '',
    '| start | import | open | migrate | total | close |',
    '|---|---:|---:|---:|---:|---:|',
    row('cold (new folder, initdb + all migrations)', cold),
    ...warm.map((r, i) => row(`warm ${i + 1} (reopen)`, r)),
    '',
    `Warm start, median of ${warmRuns}: **${ms(median(warm.map(total)))}**.`,
    '',
    `## ${inserts} sequential single-row inserts (each its own commit)`,
    '',
    '| fsync | run | total | per insert | fsync(2) calls |',
    '|---|---:|---:|---:|---:|',
    ...durable.map(
      (r, i) =>
        `| on (product) | ${i + 1} | ${ms(r.insertsMs)} | ${(r.insertsMs / inserts).toFixed(2)} ms | ${r.fsyncs} |`,
    ),
    ...relaxed.map(
      (r, i) =>
        `| off (before) | ${i + 1} | ${ms(r.insertsMs)} | ${(r.insertsMs / inserts).toFixed(2)} ms | ${r.fsyncs} |`,
    ),
    '',
    `Median per commit: ${perInsert(durable).toFixed(2)} ms with fsync, ${perInsert(relaxed).toFixed(2)} ms without (${(perInsert(durable) / perInsert(relaxed)).toFixed(2)}×).`,
    '',
  ];
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/startup.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
