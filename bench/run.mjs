// `npm run bench`: load benchmarks of the hot endpoints on the large data set.
// Starts the built server (embedded PGlite, large seed under .data/bench), drives each endpoint
// with autocannon, and measures in the same run:
//  - `/healthz` of the same server, the baseline every endpoint's throughput is reported against;
//  - a bare Fastify serving the very same response bytes from a constant buffer (the ceiling);
//  - the server's event-loop delay (p99) during each load.
// Writes bench/results/latest.json and bench/results/latest.md. Budgets are checked here.
// Then the authenticated section (bench/authenticated.mjs): per-user reads and a profile update on
// PGlite and, with BENCH_POSTGRES_URL, on PostgreSQL; bench/results/authenticated.{json,md}.
// Then the checkout section (bench/checkout.mjs): 20 concurrent buyers through the whole purchase,
// then the money invariants; bench/results/checkout.{json,md}.
// Then the course-dashboard section (bench/dashboard.mjs): the large seed's dashboard cohort opening
// a 12-module, 60-session course at 50 connections against /healthz; bench/results/dashboard.{json,md}.
// Then the lead-forms section (bench/leads.mjs): `POST /api/callback` at 100 submissions/s from
// distinct client addresses, p99 and zero lost leads; bench/results/leads.{json,md}.
// Then the start-up section (bench/startup.mjs). BENCH_SECTIONS=public,authenticated,checkout,
// dashboard,leads,startup (the default) picks the sections to run.
import { fork, spawn, spawnSync } from 'node:child_process';
import { request as httpGet } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchAuthenticated } from './authenticated.mjs';
import { benchCheckout } from './checkout.mjs';
import { benchDashboard } from './dashboard.mjs';
import { benchLeads } from './leads.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = path.join(root, 'bench/results');
const dataDir = path.join(root, '.data/bench');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// An endpoint and its ceiling are measured in alternating bursts (this many of each, splitting
// the duration), so that a machine whose speed drifts by the minute (shared VMs do, 2× within
// minutes here) slows both alike instead of skewing their ratio.
const bursts = Math.max(1, Number(process.env.BENCH_BURSTS ?? 4));
const port = 3900;
const ceilingPort = 3901;
const elFile = path.join(os.tmpdir(), `atelier-bench-el-${process.pid}.json`);

/** Endpoints under test, with the budgets of their issues (ratio to the ceiling, p99 in ms). */
const endpoints = [
  {
    name: 'masterclasses-and-courses',
    path: '/api/masterclasses-and-courses',
    minCeilingRatio: 0.8,
    maxP99: 15,
  },
  { name: 'homepage-sections', path: '/api/homepage/sections/all/v2', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'v3-categories', path: '/api/v3/categories', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'categories-all', path: '/api/categories/all', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'top-banner', path: '/api/top-banner', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'campaign-banners', path: '/api/campaign/banners', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'event-objects', path: '/api/event/objects', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'locus', path: '/api/geolocation/locus', minCeilingRatio: 0.8, maxP99: 15 },
  { name: 'trip-homepage', path: '/api/trip/homepage', minCeilingRatio: 0.8, maxP99: 15 },
  {
    name: 'consultation-packages',
    path: '/api/consultation/1/service/package',
    minCeilingRatio: 0.8,
    maxP99: 15,
  },
  { name: 'blogs-trending', path: '/api/blogs/trending-and-featured', minCeilingRatio: 0.8, maxP99: 15 },
];

mkdirSync(results, { recursive: true });
const sections = new Set(
  (process.env.BENCH_SECTIONS ?? 'public,authenticated,checkout,dashboard,leads,startup')
    .split(',')
    .map((x) => x.trim()),
);
const authenticatedSection = () => benchAuthenticated({ root, results, connections, duration, bursts });
// Start-up section (bench/startup.mjs): cold and warm start of the embedded database and the cost of
// a durable commit; bench/results/startup.md.
const startupSection = () => {
  if (!sections.has('startup')) return true;
  const run = spawnSync(process.execPath, [path.join(root, 'bench/startup.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  return run.status === 0;
};
const env = {
  ...process.env,
  NODE_ENV: 'production',
  // The bench measures the embedded default as deployed on one machine (decision 0010).
  ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
  // Offline: purchases go through the payment sandbox (decision 0014).
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_ON_START: 'false',
  BENCH_EL_FILE: elFile,
};

if (!existsSync(path.join(dataDir, 'large-seed.done'))) {
  console.log('Seeding the large data set into .data/bench (once; takes a few minutes)…');
  rmSync(dataDir, { recursive: true, force: true });
  const seed = spawnSync(process.execPath, ['apps/server/dist/cli/seed.js', '--scale', 'large'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  writeFileSync(path.join(dataDir, 'large-seed.done'), new Date().toISOString());
}

// Checkout section (bench/checkout.mjs): 20 concurrent buyers through the whole purchase on a copy
// of the large data set, then the invariants read from the database; bench/results/checkout.md.
const checkoutSection = () =>
  sections.has('checkout')
    ? benchCheckout({
        root,
        results,
        largeDataDir: dataDir,
        baseEnv: env,
        duration: Math.max(10, duration * 2),
      })
    : true;

// Course-dashboard section (bench/dashboard.mjs): the dashboard cohort of the large data set at
// `connections` connections against /healthz, on a copy; bench/results/dashboard.md.
const dashboardSection = () =>
  sections.has('dashboard')
    ? benchDashboard({ root, results, largeDataDir: dataDir, baseEnv: env, connections, duration, bursts })
    : true;

// Lead-forms section (bench/leads.mjs): 100 callback submissions/s on a fresh database of its own,
// then the rows counted against the accepted answers; bench/results/leads.md.
const leadsSection = () =>
  sections.has('leads') ? benchLeads({ root, results, baseEnv: env, duration }) : true;

if (!sections.has('public')) {
  const authenticatedOk = sections.has('authenticated') ? await authenticatedSection() : true;
  const checkoutOk = await checkoutSection();
  const dashboardOk = await dashboardSection();
  const leadsOk = await leadsSection();
  process.exit(authenticatedOk && checkoutOk && dashboardOk && leadsOk && startupSection() ? 0 : 1);
}

// First a short start at LOG_LEVEL=info, only to read how long reopening the existing embedded
// database took (budget < 1 s); then the measured server at LOG_LEVEL=warn, so per-request logs do
// not distort the figures.
async function measureDatabaseOpen() {
  const probe = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ms = await new Promise((resolve) => {
    let buffer = '';
    const timer = setTimeout(() => resolve(undefined), 60_000);
    probe.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.includes('database open and migrated'));
      if (line) {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line).ms);
        } catch {
          resolve(undefined);
        }
      }
    });
  });
  const exited = new Promise((r) => probe.once('exit', r));
  probe.kill('SIGTERM');
  await exited;
  return ms;
}
const databaseOpenMs = await measureDatabaseOpen();

const server = spawn(process.execPath, ['--import', './bench/el-monitor.mjs', 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

/** The response exactly as sent (no decompression): its body bytes and its headers. */
function rawResponse(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

function load(url, headers = {}, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

/**
 * Both targets in alternating bursts of `duration / bursts` seconds. Throughput is all requests
 * over all time; p50 is the median of the bursts' p50s and p99 the worst burst's p99.
 */
async function alternate(urlA, urlB, headers) {
  const runs = [[], []];
  for (let i = 0; i < bursts; i++) {
    runs[0].push(await load(urlA, headers, duration / bursts));
    runs[1].push(await load(urlB, headers, duration / bursts));
  }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return runs.map((list) => ({
    requestsPerSec: Math.round(list.reduce((n, r) => n + r.requests.total, 0) / duration),
    p50: median(list.map((r) => r.latency.p50)),
    p99: Math.max(...list.map((r) => r.latency.p99)),
    errors: list.reduce((n, r) => n + r.errors + r.non2xx, 0),
  }));
}

async function eventLoopDelay() {
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 50));
    if (existsSync(elFile)) {
      const value = JSON.parse(readFileSync(elFile, 'utf8'));
      rmSync(elFile);
      return value;
    }
  }
  return null;
}

const summary = (res) => ({
  requestsPerSec: Math.round(res.requests.average),
  p50: res.latency.p50,
  p99: res.latency.p99,
  errors: res.errors + res.non2xx,
});

const rows = [];
try {
  // Warm every cache first so the numbers describe the steady state.
  for (const e of endpoints) await fetch(`${base}${e.path}`, { headers: { 'accept-encoding': 'br' } });

  await eventLoopDelay();
  const baseline = summary(await load(`${base}/healthz`));
  const baselineEl = await eventLoopDelay();
  rows.push({
    name: 'healthz (baseline)',
    path: '/healthz',
    ...baseline,
    ratioToBaseline: 1,
    eventLoopP99: baselineEl?.p99,
  });

  for (const e of endpoints) {
    const headers = { 'accept-encoding': 'br' };
    // The server's own brotli bytes, read raw (fetch would decompress them).
    const response = await rawResponse(`${base}${e.path}`, headers);
    const brBytes = response.body;
    const raw = await (await fetch(`${base}${e.path}`)).arrayBuffer();
    const bytesFile = path.join(os.tmpdir(), `atelier-bench-${process.pid}.br`);
    const headersFile = path.join(os.tmpdir(), `atelier-bench-${process.pid}.headers.json`);
    writeFileSync(bytesFile, brBytes);
    writeFileSync(headersFile, JSON.stringify(response.headers));
    const ceilingProcess = fork(
      path.join(root, 'bench/ceiling.mjs'),
      [bytesFile, headersFile, String(ceilingPort)],
      {
        stdio: 'inherit',
      },
    );
    await new Promise((r) => ceilingProcess.once('message', r));
    await eventLoopDelay();
    const [measured, ceiling] = await alternate(
      `${base}${e.path}`,
      `http://127.0.0.1:${ceilingPort}/ceiling`,
      headers,
    );
    const el = await eventLoopDelay();
    ceilingProcess.kill('SIGTERM');
    rmSync(bytesFile, { force: true });
    rmSync(headersFile, { force: true });
    const ceilingRatio = measured.requestsPerSec / ceiling.requestsPerSec;
    rows.push({
      name: e.name,
      path: e.path,
      ...measured,
      ratioToBaseline: measured.requestsPerSec / baseline.requestsPerSec,
      ceilingRequestsPerSec: ceiling.requestsPerSec,
      ceilingP99: ceiling.p99,
      ratioToCeiling: ceilingRatio,
      compressedBytes: brBytes.length,
      rawBytes: raw.byteLength,
      eventLoopP99: el?.p99,
      budget: { minCeilingRatio: e.minCeilingRatio, maxP99: e.maxP99 },
      withinBudget: ceilingRatio >= e.minCeilingRatio && measured.p99 <= e.maxP99 && measured.errors === 0,
    });
  }
} finally {
  server.kill('SIGTERM');
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  settings: {
    connections,
    durationSeconds: duration,
    bursts,
    database: 'PGlite (worker thread), large seed',
  },
  startup: {
    databaseOpenMs,
    budgetMs: 1000,
    withinBudget: typeof databaseOpenMs === 'number' && databaseOpenMs < 1000,
  },
  rows,
};
writeFileSync(path.join(results, 'latest.json'), JSON.stringify(report, null, 2));
const fmt = (n, d = 2) => (typeof n === 'number' ? n.toFixed(d) : '–');
const md = [
  `# Benchmark ${report.date}`,
  '',
  `${connections} connections, ${duration} s per endpoint and as much for its ceiling, in ${bursts} alternating bursts each, ${report.machine.cpus} cores, Node ${report.machine.node}, ${report.settings.database}.`,
  '',
  `Opening the existing embedded database and checking migrations at start: ${databaseOpenMs ?? '–'} ms (budget < 1000 ms).`,
  '',
  'The ceiling is a bare Fastify (no hooks, no logger) answering with the very same response: the',
  "endpoint's body bytes and its headers (security headers, ETag, caching, request id), from constants.",
  'Throughput counts every request of the bursts; p50 is the median burst p50, p99 the worst burst p99.',
  '',
  '| endpoint | body (br) | req/s | × healthz | ceiling req/s | × ceiling | p50 ms | p99 ms | ceiling p99 ms | event-loop p99 ms | errors | budget |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.compressedBytes ?? '–'} | ${r.requestsPerSec} | ${fmt(r.ratioToBaseline)} | ${r.ceilingRequestsPerSec ?? '–'} | ${fmt(r.ratioToCeiling)} | ${r.p50} | ${r.p99} | ${r.ceilingP99 ?? '–'} | ${fmt(r.eventLoopP99)} | ${r.errors} | ${r.withinBudget === undefined ? '' : r.withinBudget ? 'met' : 'MISSED'} |`,
  ),
  '',
].join('\n');
writeFileSync(path.join(results, 'latest.md'), md);
console.log(`\n${md}`);
const authenticatedMet = sections.has('authenticated') ? await authenticatedSection() : true;
const checkoutMet = await checkoutSection();
const dashboardMet = await dashboardSection();
const leadsMet = await leadsSection();
const startupOk = startupSection();
process.exit(
  rows.every((r) => r.withinBudget !== false) &&
    authenticatedMet &&
    checkoutMet &&
    dashboardMet &&
    leadsMet &&
    startupOk
    ? 0
    : 1,
);
