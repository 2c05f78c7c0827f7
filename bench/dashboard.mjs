// The course-dashboard section of `npm run bench` (issue 15, "Speed"): the learners of the large
// seed's dashboard cohort (a live course of 12 modules and 60 sessions with an assignment in every
// session and a quiz in every module, see `seedDashboardCohort` in apps/server/src/db/seed/large.ts)
// open their course dashboard (`POST /api/user/course/batch/module/session`) at 50 connections,
// each connection a different signed-in learner. Measured in interleaved bursts against the same
// server's `/healthz`. Budgets: throughput ≥ 0.5× `/healthz`, p99 ≤ 50 ms, no errors.
// Runs on a copy of the large data set (sessions are written for the learners; bench/.data/bench
// stays as it was). Writes bench/results/dashboard.{json,md}.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.mjs';

const port = 3904;
const base = `http://127.0.0.1:${port}`;
const COHORT_BATCH = 'Large: dashboard cohort';
const MIN_HEALTHZ_RATIO = 0.5;
const MAX_P99_MS = 50;

/** The cohort's batch and a fresh session token for up to `count` of its learners. */
async function prepare(root, dataDir, count) {
  const { openEmbedded, migrateDatabase } = await import(path.join(root, 'apps/server/dist/db/database.js'));
  const database = await openEmbedded(dataDir);
  try {
    await migrateDatabase(database);
    const { rows: batches } = await database.pool.query('SELECT id FROM batches WHERE name = $1', [
      COHORT_BATCH,
    ]);
    if (batches.length === 0)
      throw new Error(`no "${COHORT_BATCH}" batch: re-seed the large data set (rm -r .data/bench)`);
    const batchId = batches[0].id;
    const { rows: learners } = await database.pool.query(
      'SELECT user_id FROM enrolments WHERE batch_id = $1 ORDER BY user_id LIMIT $2',
      [batchId, count],
    );
    const tokens = [];
    const userIds = learners.map((l) => l.user_id);
    for (const { user_id: userId } of learners) {
      const token = randomBytes(32).toString('base64url');
      const hash = createHash('sha256').update(token, 'utf8').digest('hex');
      await database.pool.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
        [hash, userId],
      );
      tokens.push(token);
    }
    return { batchId, tokens, userIds };
  } finally {
    await database.close();
  }
}

function startServer(root, env) {
  return startBuiltServer({ root, env, base, label: 'dashboard' });
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
        // Each connection is one signed-in learner, as a browser tab is.
        setupClient: target.tokens
          ? (client) => {
              client.setHeaders({
                authorization: `Bearer ${target.tokens[next++ % target.tokens.length]}`,
                'content-type': 'application/json',
              });
            }
          : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * @param {{ root: string, results: string, largeDataDir: string, baseEnv: Record<string, string>,
 *   connections: number, duration: number, bursts: number, machineState?: string }} opts
 * @returns {Promise<boolean>} whether the section met its budgets
 */
export async function benchDashboard({
  root,
  results,
  largeDataDir,
  baseEnv,
  connections,
  duration,
  bursts,
}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-dashboard-'));
  try {
    console.log('Dashboard: copying the large data set…');
    cpSync(largeDataDir, dataDir, { recursive: true });
    rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
    const { batchId, tokens, userIds } = await prepare(root, dataDir, Math.max(connections, 200));
    const stop = await startServer(root, {
      ...baseEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      JOBS_WORKER: 'off',
      // The bare primary-key read baseline (`GET /__bench/pk/:id`), as in bench/authenticated.mjs.
      BENCH_ROUTES: 'true',
    });
    let report;
    try {
      const body = JSON.stringify({ batchId });
      const dashboard = {
        name: 'course dashboard',
        path: '/api/user/course/batch/module/session',
        method: 'POST',
        body,
        tokens,
      };
      const healthz = { name: 'healthz (baseline)', path: '/healthz' };
      const pk = { name: 'bare pk read (baseline)', path: `/__bench/pk/${userIds[0]}` };
      // Warm up: the first call builds the batch's cached curriculum; then every learner once.
      const first = await fetch(`${base}${dashboard.path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      });
      if (!first.ok) throw new Error(`the course dashboard answered ${first.status}: ${await first.text()}`);
      const sample = (await first.json()).data;
      await load({ ...dashboard }, connections, 2);
      await load(healthz, connections, 1);

      const runs = { healthz: [], pk: [], dashboard: [] };
      for (let b = 0; b < bursts; b++) {
        runs.healthz.push(await load(healthz, connections, duration / bursts));
        runs.pk.push(await load(pk, connections, duration / bursts));
        runs.dashboard.push(await load(dashboard, connections, duration / bursts));
      }
      const summary = (list) => ({
        requestsPerSec: Math.round(list.reduce((n, r) => n + r.requests.total, 0) / duration),
        p50: median(list.map((r) => r.latency.p50)),
        p99: Math.max(...list.map((r) => r.latency.p99)),
        errors: list.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      });
      const h = summary(runs.healthz);
      const d = summary(runs.dashboard);
      const p = summary(runs.pk);
      const ratio = Math.round((d.requestsPerSec / h.requestsPerSec) * 1000) / 1000;
      report = {
        connections,
        seconds: duration,
        bursts,
        learners: Math.min(tokens.length, connections),
        course: {
          batchId,
          modules: sample.courseModules.length,
          sessions: sample.courseModules.reduce((n, m) => n + m.CourseModuleDetails.length, 0),
          responseBytes: Buffer.byteLength(JSON.stringify({ data: sample })),
        },
        healthz: h,
        pk: { ...p, ratioToHealthz: Math.round((p.requestsPerSec / h.requestsPerSec) * 1000) / 1000 },
        dashboard: {
          ...d,
          ratioToHealthz: ratio,
          ratioToPk: Math.round((d.requestsPerSec / p.requestsPerSec) * 1000) / 1000,
        },
        budgets: { minRatioToHealthz: MIN_HEALTHZ_RATIO, maxP99Ms: MAX_P99_MS },
      };
      report.withinBudget = ratio >= MIN_HEALTHZ_RATIO && d.p99 <= MAX_P99_MS && d.errors === 0;
    } finally {
      await stop();
    }
    report.machine = {
      state: process.env.BENCH_MACHINE_STATE ?? 'unstated',
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      cpus: os.cpus().length,
    };
    writeFileSync(path.join(results, 'dashboard.json'), JSON.stringify(report, null, 2) + '\n');
    const yes = (ok) => (ok ? 'yes' : '**no**');
    const md = [
      '# Course dashboard under load (issue 15)',
      '',
      `\`POST /api/user/course/batch/module/session\` for the large seed's dashboard cohort: ${report.course.modules} modules, ${report.course.sessions} sessions (an assignment in each, a quiz in each module), ${report.course.responseBytes} bytes per answer; ${report.learners} different signed-in learners, one per connection, ${connections} connections, ${duration} s in ${bursts} bursts interleaved with \`/healthz\` of the same server (embedded PGlite).`,
      '',
      '| route | req/s | p50 ms | p99 ms | errors | × /healthz |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      `| /healthz (baseline, no database) | ${report.healthz.requestsPerSec} | ${report.healthz.p50} | ${report.healthz.p99} | ${report.healthz.errors} | 1 |`,
      `| bare pk read (baseline: one \`select … where id = $1\`, no session) | ${report.pk.requestsPerSec} | ${report.pk.p50} | ${report.pk.p99} | ${report.pk.errors} | ${report.pk.ratioToHealthz} |`,
      `| course dashboard | ${report.dashboard.requestsPerSec} | ${report.dashboard.p50} | ${report.dashboard.p99} | ${report.dashboard.errors} | ${report.dashboard.ratioToHealthz} (${report.dashboard.ratioToPk} × pk) |`,
      '',
      `Budgets: ratio ≥ ${MIN_HEALTHZ_RATIO} (${yes(report.dashboard.ratioToHealthz >= MIN_HEALTHZ_RATIO)}), p99 ≤ ${MAX_P99_MS} ms (${yes(report.dashboard.p99 <= MAX_P99_MS)}), no errors (${yes(report.dashboard.errors === 0)}). Within budget: ${yes(report.withinBudget)}.`,
      '',
      `Machine: ${report.machine.state}; ${report.machine.cpus} CPUs, load average ${report.machine.loadAverage.join(' / ')} at the end of the run.`,
      '',
    ].join('\n');
    writeFileSync(path.join(results, 'dashboard.md'), md);
    console.log(md);
    return report.withinBudget;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
