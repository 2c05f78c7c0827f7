// The authenticated section of `npm run bench` (issue 13, point 9): per-user reads and a profile
// update with bearer tokens, on the embedded PGlite default and, when BENCH_POSTGRES_URL names a
// PostgreSQL server, on a throw-away database there. Each route is reported as a ratio of the same
// server's `/healthz` and of a bare primary-key read through the same driver and pool
// (`GET /__bench/pk/:id`, served only with BENCH_ROUTES=true), all measured in interleaved bursts.
// Then a mixed load (public reads, profile reads, details, updates at once) whose per-user p99 on
// PGlite is checked against the 100 ms budget. Writes bench/results/authenticated.{json,md}.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const port = 3902;
const base = `http://127.0.0.1:${port}`;
/** p99 budget (ms) of the per-user routes under the mixed load, on the embedded default. */
const MIXED_P99_BUDGET_MS = 100;

/** Starts the built server on `env` (seeding the demo), returns it with its demo accounts. */
async function startServer(root, env, label) {
  const elFile = path.join(os.tmpdir(), `atelier-bench-auth-el-${process.pid}-${label}.json`);
  const child = spawn(process.execPath, ['--import', './bench/el-monitor.mjs', 'apps/server/dist/main.js'], {
    cwd: root,
    env: { ...env, BENCH_EL_FILE: elFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d.toString()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server (${label}) exited:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    if (i > 1500) throw new Error(`server (${label}) did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // "  learner    learner@atelier.test         <password>" lines, printed when the demo is seeded.
  const accounts = [...output.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+(\S+)\s*$/gm)].map((m) => ({
    role: m[1],
    email: m[2],
    password: m[3],
  }));
  const eventLoopDelay = async () => {
    child.kill('SIGUSR2');
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (existsSync(elFile)) {
        const value = JSON.parse(readFileSync(elFile, 'utf8'));
        rmSync(elFile);
        return value;
      }
    }
    return null;
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { accounts, eventLoopDelay, stop };
}

async function login(account) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`login of ${account.email} answered ${res.status}: ${await res.text()}`);
  const { data } = await res.json();
  return { token: data.token, userId: data.user.id };
}

function load(target, connections, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${target.path}`,
        method: target.method ?? 'GET',
        body: target.body,
        connections,
        duration: seconds,
        headers: target.body ? { 'content-type': 'application/json' } : {},
        // Each connection is one signed-in user (round robin over the tokens), as a browser tab is.
        setupClient: target.tokens
          ? (client) => {
              const token = target.tokens[next++ % target.tokens.length];
              client.setHeaders({
                authorization: `Bearer ${token}`,
                ...(target.body ? { 'content-type': 'application/json' } : {}),
              });
            }
          : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** Every target in turn, `bursts` times, so the machine's drift slows them alike. */
async function interleaved(targets, { connections, duration, bursts }) {
  const runs = targets.map(() => []);
  for (let b = 0; b < bursts; b++) {
    for (const [i, target] of targets.entries())
      runs[i].push(await load(target, connections, duration / bursts));
  }
  return targets.map((target, i) => ({
    name: target.name,
    path: target.path,
    method: target.method ?? 'GET',
    requestsPerSec: Math.round(runs[i].reduce((n, r) => n + r.requests.total, 0) / duration),
    p50: median(runs[i].map((r) => r.latency.p50)),
    p99: Math.max(...runs[i].map((r) => r.latency.p99)),
    errors: runs[i].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  }));
}

/** All `mix` targets at once for `duration` seconds, each with its share of the connections. */
async function mixed(mix, duration) {
  const results = await Promise.all(mix.map((m) => load(m.target, m.connections, duration)));
  return mix.map((m, i) => ({
    name: m.target.name,
    path: m.target.path,
    method: m.target.method ?? 'GET',
    connections: m.connections,
    authenticated: Boolean(m.target.tokens),
    requestsPerSec: Math.round(results[i].requests.average),
    p50: results[i].latency.p50,
    p99: results[i].latency.p99,
    errors: results[i].errors + results[i].timeouts + results[i].non2xx,
  }));
}

async function measureBackend(root, label, env, settings) {
  const server = await startServer(root, env, label);
  try {
    if (server.accounts.length === 0)
      throw new Error('no demo accounts were printed (is the database fresh?)');
    const sessions = [];
    for (const account of server.accounts) sessions.push(await login(account));
    const tokens = sessions.map((s) => s.token);
    const learner = sessions[server.accounts.findIndex((a) => a.role === 'learner')] ?? sessions[0];
    const targets = {
      healthz: { name: 'healthz (baseline)', path: '/healthz' },
      pk: { name: 'bare pk read (baseline)', path: `/__bench/pk/${learner.userId}` },
      profile: { name: 'profile', path: '/api/user/profile', method: 'POST', body: '{}', tokens },
      details: { name: 'user details v2', path: '/api/user/v2/details', tokens },
      update: {
        name: 'profile update',
        path: '/api/user/profile/update',
        method: 'POST',
        body: JSON.stringify({ city: 'Pune' }),
        tokens,
      },
      banner: { name: 'top banner (public, cached)', path: '/api/top-banner' },
      list: { name: 'workshop list (public, cached)', path: '/api/masterclasses-and-courses' },
    };
    // Warm up: every route once, and the public caches.
    for (const t of Object.values(targets)) {
      await fetch(`${base}${t.path}`, {
        method: t.method ?? 'GET',
        body: t.body,
        headers: {
          ...(t.body ? { 'content-type': 'application/json' } : {}),
          ...(t.tokens ? { authorization: `Bearer ${learner.token}` } : {}),
        },
      });
    }

    await server.eventLoopDelay();
    const rows = await interleaved(
      [targets.healthz, targets.pk, targets.profile, targets.details, targets.update],
      settings,
    );
    const routesEl = await server.eventLoopDelay();
    const [healthz, pk] = rows;
    for (const row of rows) {
      row.ratioToHealthz = row.requestsPerSec / healthz.requestsPerSec;
      row.ratioToPk = row.requestsPerSec / pk.requestsPerSec;
    }

    const share = (n) => Math.max(1, Math.round((settings.connections * n) / 50));
    const mix = await mixed(
      [
        { target: targets.banner, connections: share(10) },
        { target: targets.list, connections: share(10) },
        { target: targets.profile, connections: share(12) },
        { target: targets.details, connections: share(12) },
        { target: targets.update, connections: share(6) },
      ],
      settings.duration,
    );
    const mixedEl = await server.eventLoopDelay();
    const perUserP99 = Math.max(...mix.filter((m) => m.authenticated).map((m) => m.p99));
    return {
      backend: label,
      users: server.accounts.map((a) => a.role),
      rows,
      routesEventLoopP99: routesEl?.p99,
      mixed: mix,
      mixedEventLoopP99: mixedEl?.p99,
      mixedPerUserP99: perUserP99,
      mixedErrors: mix.reduce((n, m) => n + m.errors, 0),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Runs the section and writes its results; resolves whether the budget was met. `settings`:
 * { root, results, connections, duration, bursts }.
 */
export async function benchAuthenticated(settings) {
  const { root, results } = settings;
  const startLoad = os.loadavg();
  const common = {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    PUBLIC_URL: base,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'true',
    BENCH_ROUTES: 'true',
    SHUTDOWN_DRAIN_MS: '0',
  };
  delete common.DATABASE_URL;
  const backends = [];

  // The embedded default, on a fresh demo data folder.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-auth-'));
  try {
    console.log('Authenticated section: PGlite (embedded default)…');
    backends.push(await measureBackend(root, 'PGlite', { ...common, DATA_DIR: dataDir }, settings));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // PostgreSQL, on a throw-away database created on BENCH_POSTGRES_URL's server.
  const adminUrl = process.env.BENCH_POSTGRES_URL;
  if (adminUrl) {
    const name = `atelier_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-auth-pg-'));
    try {
      console.log(`Authenticated section: PostgreSQL (${url.host}, throw-away database ${name})…`);
      backends.push(
        await measureBackend(
          root,
          'PostgreSQL',
          { ...common, DATA_DIR: pgDir, DATABASE_URL: url.toString() },
          settings,
        ),
      );
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  const embedded = backends.find((b) => b.backend === 'PGlite');
  const withinBudget =
    embedded.mixedPerUserP99 <= MIXED_P99_BUDGET_MS &&
    backends.every((b) => b.mixedErrors === 0 && b.rows.every((r) => r.errors === 0));
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageAtStart: startLoad.map((n) => Math.round(n * 100) / 100),
      loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
      note: process.env.BENCH_NOTE ?? null,
    },
    settings: {
      connections: settings.connections,
      durationSeconds: settings.duration,
      bursts: settings.bursts,
      data: 'demo seed (fresh database per backend)',
    },
    budget: { mixedPerUserP99Ms: MIXED_P99_BUDGET_MS, on: 'PGlite' },
    withinBudget,
    backends,
  };
  writeFileSync(path.join(results, 'authenticated.json'), JSON.stringify(report, null, 2));

  const fmt = (n, d = 2) => (typeof n === 'number' ? n.toFixed(d) : '–');
  const md = [
    `# Authenticated reads and a profile update ${report.date}`,
    '',
    `${settings.connections} connections, ${settings.duration} s per route in ${settings.bursts} interleaved bursts, ${report.machine.cpus} cores, Node ${report.machine.node}; demo seed on a fresh database per backend.`,
    `Machine: load average ${report.machine.loadAverageAtStart.join(' / ')} at start, ${report.machine.loadAverageAtEnd.join(' / ')} at end (1/5/15 min)${report.machine.note ? `; ${report.machine.note}` : ''}.`,
    '',
    'Every connection is one signed-in demo user (bearer token, round robin over the demo accounts).',
    '`× healthz` and `× pk` are throughput ratios to the same server, same run: `/healthz` (no database)',
    'and `GET /__bench/pk/:id` (`BENCH_ROUTES=true` only), one `select … where id = $1` through the',
    "application's own node-postgres pool, without session lookup or ORM: the floor a per-user read",
    'can reach on that driver. Throughput counts every request of the bursts; p50 is the median burst p50, p99 the worst burst p99.',
    '',
    ...backends.flatMap((b) => [
      `## ${b.backend}`,
      '',
      '| route | req/s | × healthz | × pk | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...b.rows.map(
        (r) =>
          `| ${r.method} ${r.path.replace(/\d+$/, ':id')} (${r.name}) | ${r.requestsPerSec} | ${fmt(r.ratioToHealthz)} | ${fmt(r.ratioToPk)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
      ),
      '',
      `Event-loop p99 during these: ${fmt(b.routesEventLoopP99)} ms.`,
      '',
      `Mixed load (${settings.duration} s, all at once): per-user p99 ${b.mixedPerUserP99} ms${b.backend === 'PGlite' ? ` (budget ≤ ${MIXED_P99_BUDGET_MS} ms: ${b.mixedPerUserP99 <= MIXED_P99_BUDGET_MS ? 'met' : 'MISSED'})` : ''}, event-loop p99 ${fmt(b.mixedEventLoopP99)} ms.`,
      '',
      '| route | connections | req/s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|',
      ...b.mixed.map(
        (m) =>
          `| ${m.method} ${m.path} (${m.name}) | ${m.connections} | ${m.requestsPerSec} | ${m.p50} | ${m.p99} | ${m.errors} |`,
      ),
      '',
    ]),
    adminUrl
      ? ''
      : 'PostgreSQL not measured: set BENCH_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) for a throw-away database there.',
    '',
  ].join('\n');
  writeFileSync(path.join(results, 'authenticated.md'), md);
  console.log(`\n${md}`);
  return withinBudget;
}
