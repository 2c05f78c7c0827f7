// The lead-forms section of `npm run bench` (issue 16, "Proof"): `POST /api/callback` at a steady
// 100 submissions per second for the duration (an open-loop sender: see `load`), each from its own
// client address behind one proxy hop (X-Forwarded-For; the per-IP limit is 10 a minute) and with
// its own e-mail. Reported: p50/p99 (budget p99 ≤ 50 ms), the answers by status, and — read from
// the stopped server's database — the submission rows, which must equal the accepted (2xx)
// answers: zero lost leads, and none stored twice; and the outbox a few seconds after the load. The
// job worker runs as deployed (the local CRM records each lead while the load goes on). On a fresh
// embedded database of its own (no seed needed), and with BENCH_POSTGRES_URL on a throw-away
// PostgreSQL database too. Writes bench/results/leads.{json,md}.
// Alone: `node scripts/build.mjs --server && node bench/leads.mjs`.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from './built-server.mjs';

const port = 3904;
const base = `http://127.0.0.1:${port}`;
const RATE = 100;
const MAX_P99_MS = 50;
const SETTLE_MS = 5000;

/** The submission rows and leads the bench's e-mails left behind, read from the stopped server's database. */
async function countRows(root, target, marker, acceptedIds) {
  let database;
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    database = { pool: client, close: () => client.end() };
  } else {
    const { openEmbedded } = await import(
      pathToFileURL(path.join(root, 'apps/server/dist/db/database.js')).href
    );
    database = await openEmbedded(target.dataDir);
  }
  try {
    const q = async (text, params) => (await database.pool.query(text, params)).rows[0];
    const submissions = await q(
      `SELECT count(*)::int AS n, count(DISTINCT payload->>'email')::int AS contacts
         FROM marketing_form_submissions WHERE kind = 'callback' AND payload->>'email' LIKE $1`,
      [`%${marker}%`],
    );
    const leads = await q(`SELECT count(*)::int AS n FROM leads WHERE email LIKE $1`, [`%${marker}%`]);
    const notes = await q(
      `SELECT count(*)::int AS n FROM lead_notes n JOIN leads l ON l.id = n.lead_id WHERE l.email LIKE $1`,
      [`%${marker}%`],
    );
    // Every submission a 2xx answer named must be stored (a row without an answer is a request cut
    // off at the end of the run: stored, its answer not read — not a lost lead).
    const stored = await q(
      `SELECT count(*)::int AS n FROM marketing_form_submissions WHERE id = ANY($1::int[])`,
      [acceptedIds],
    );
    // The outbox after the run and a short settle: what the worker had sent and what still waited.
    const jobRows = (
      await database.pool.query(
        `SELECT topic, status, count(*)::int AS n FROM jobs WHERE topic IN ('crm.lead', 'crm.note', 'ad.conversion') GROUP BY 1, 2 ORDER BY 1, 2`,
      )
    ).rows;
    return {
      jobs: jobRows.map((r) => `${r.topic} ${r.status} ${r.n}`).join(', ') || 'none',
      submissions: submissions.n,
      contacts: submissions.contacts,
      leads: leads.n,
      notes: notes.n,
      acceptedStored: stored.n,
    };
  } finally {
    await database.close();
  }
}

/** The p-th percentile (0–100) of sorted `values`. */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * An open-loop load at a constant rate: request i is sent at start + i / RATE whatever the
 * earlier ones are doing (as visitors arrive), over keep-alive connections, and its latency counts
 * from that scheduled instant (so a server that falls behind is charged for the wait: no
 * coordinated omission). autocannon's `overallRate` is not used here: it sends each second's
 * requests back to back at the start of the second and then pauses, a burst of 100 rather than a
 * rate of 100 a second. Every request is awaited before the result is read.
 */
async function load({ seconds, marker, firstIndex }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(RATE * seconds);
  const latencies = [];
  const acceptedIds = [];
  const answers = { '2xx': 0, '4xx': 0, '5xx': 0, errors: 0, timeouts: 0 };
  const send = (n, scheduled) =>
    new Promise((resolve) => {
      const body = JSON.stringify({
        name: 'Bench Visitor',
        email: `bench-lead-${n}-${marker}@atelier.test`,
        mobile: '9876543210',
        consent: true,
        source: 'counselling',
        page: '/course/revit-pro',
        utmSource: 'bench',
        message: 'Which batch starts next?',
      });
      const request = http.request(
        `${base}/api/callback`,
        {
          method: 'POST',
          agent,
          timeout: 10_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (c) => chunks.push(c));
          response.on('end', () => {
            latencies.push(performance.now() - scheduled);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              answers['2xx'] += 1;
              acceptedIds.push(JSON.parse(Buffer.concat(chunks).toString()).data.submissionId);
            } else if (status >= 500) answers['5xx'] += 1;
            else answers['4xx'] += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => {
        answers.timeouts += 1;
        request.destroy();
      });
      request.on('error', () => {
        answers.errors += 1;
        resolve();
      });
      request.end(body);
    });

  const start = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / RATE;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(firstIndex + i, scheduled));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const round = (x) => Math.round(x * 10) / 10;
  const res = {
    ...answers,
    non2xx: answers['4xx'] + answers['5xx'],
    requests: { average: total / elapsed },
    latency: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
  };
  return { res, sent: total, acceptedIds };
}

/** The server's ceiling in the same run: `/healthz` as fast as autocannon can ask (3 s). */
function healthzCeiling() {
  return new Promise((resolve, reject) =>
    autocannon({ url: `${base}/healthz`, connections: 10, duration: 3 }, (err, res) =>
      err ? reject(err) : resolve(Math.round(res.requests.average)),
    ),
  );
}

/** One backend's run: the server on `env`, the load, the rows read back from `target`. */
async function measureBackend({ root, label, env, target, duration }) {
  const marker = `${process.pid}x${Date.now().toString(36)}`;
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const stop = await startBuiltServer({ root, env, base, label: `leads ${label}` });
  let run;
  let ceiling = 0;
  try {
    // Warm up: 2 s at the same rate, then the measured run.
    await load({ seconds: 2, marker: `warm-${process.pid}`, firstIndex: 1_000_000 });
    run = await load({ seconds: duration, marker, firstIndex: 1 });
    ceiling = await healthzCeiling();
    // Let the job worker catch up a little before stopping (the jobs never touch the counts).
    await new Promise((r) => setTimeout(r, SETTLE_MS));
  } finally {
    await stop();
  }
  const { res, sent, acceptedIds } = run;
  const rows = await countRows(root, target, marker, acceptedIds);
  const accepted = acceptedIds.length;
  const report = {
    backend: label,
    date: new Date().toISOString(),
    rate: RATE,
    seconds: duration,
    sent,
    answers: {
      '2xx': res['2xx'],
      '4xx': res['4xx'],
      '5xx': res['5xx'],
      non2xx: res.non2xx,
      errors: res.errors,
      timeouts: res.timeouts,
    },
    requestsPerSec: Math.round(res.requests.average * 10) / 10,
    healthzCeilingPerSec: ceiling,
    latencyMs: { p50: res.latency.p50, p90: res.latency.p90, p99: res.latency.p99, max: res.latency.max },
    rows,
    accepted,
    lostLeads: accepted - rows.acceptedStored,
    storedWithoutAnswer: rows.submissions - accepted,
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
  };
  const quiet = Math.max(loadBefore[0], report.machine.loadAverageAfter[0]) < report.machine.cpus * 0.5;
  report.machine.state = quiet ? 'quiet' : 'loaded (load average above half the CPUs)';
  report.withinBudget =
    report.latencyMs.p99 <= MAX_P99_MS &&
    report.lostLeads === 0 &&
    rows.submissions === rows.contacts &&
    report.storedWithoutAnswer >= 0 &&
    res.non2xx === 0 &&
    res.errors === 0 &&
    accepted > 0;
  return report;
}

function backendMarkdown(r) {
  return [
    `## ${r.backend}`,
    '',
    `Machine: ${r.machine.cpus} CPUs, Node ${r.machine.node}; load average before ${r.machine.loadAverageBefore.join(' / ')}, after ${r.machine.loadAverageAfter.join(' / ')} — **${r.machine.state}**.`,
    '',
    '| Measure | Value |',
    '|---|---|',
    `| Requests sent | ${r.sent} (${r.requestsPerSec} /s) |`,
    `| Ceiling in the same run: \`/healthz\` (autocannon, 10 connections) | ${r.healthzCeilingPerSec} /s (the lead rate is ${Math.round((RATE / Math.max(1, r.healthzCeilingPerSec)) * 1000) / 1000} × it) |`,
    `| Latency p50 / p90 / p99 / max (ms) | ${r.latencyMs.p50} / ${r.latencyMs.p90} / ${r.latencyMs.p99} / ${r.latencyMs.max} (budget p99 ≤ ${MAX_P99_MS}) |`,
    `| Answers 2xx / 4xx / 5xx | ${r.answers['2xx']} / ${r.answers['4xx']} / ${r.answers['5xx']} |`,
    `| Connection errors / timeouts | ${r.answers.errors} / ${r.answers.timeouts} |`,
    `| Submission rows (distinct contacts) | ${r.rows.submissions} (${r.rows.contacts}) |`,
    `| Leads / notes | ${r.rows.leads} / ${r.rows.notes} |`,
    `| Accepted answers (submission ids read) | ${r.accepted} |`,
    `| Lost leads (accepted ids without a row) | ${r.lostLeads} |`,
    `| Stored, answer cut off by the end of the run | ${r.storedWithoutAnswer} |`,
    `| CRM and conversion jobs ${SETTLE_MS / 1000} s after the load (topic status count) | ${r.rows.jobs} |`,
    '',
    `Within budget (p99 ≤ ${MAX_P99_MS} ms, every accepted submission stored once, no error): **${r.withinBudget}**`,
    '',
  ].join('\n');
}

/**
 * @param {{ root: string, results: string, baseEnv: Record<string, string | undefined>, duration?: number }} opts
 * @returns {Promise<boolean>} whether every measured backend met its budgets (p99 ≤ 50 ms, no lost lead, no error)
 */
export async function benchLeads({ root, results, baseEnv, duration = 10 }) {
  const common = {
    ...baseEnv,
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    APP_SECRET: baseEnv.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-01',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    // Visitors arrive through one proxy hop, each from their own address (the limit is per client IP).
    TRUST_PROXY_HOPS: '1',
    JOBS_WORKER: 'on',
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
  };
  delete common.DATABASE_URL;
  const reports = [];

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-leads-'));
  try {
    console.log('Lead forms: PGlite (embedded default)…');
    reports.push(
      await measureBackend({
        root,
        label: 'PGlite (embedded default)',
        env: { ...common, DATA_DIR: dataDir },
        target: { dataDir },
        duration,
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_POSTGRES_URL;
  if (adminUrl) {
    const name = `atelier_bench_leads_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-leads-pg-'));
    try {
      console.log(`Lead forms: PostgreSQL (${url.host}, throw-away database ${name})…`);
      reports.push(
        await measureBackend({
          root,
          label: `PostgreSQL (${url.host})`,
          env: { ...common, DATA_DIR: pgDir, DATABASE_URL: url.toString() },
          target: { url: url.toString() },
          duration,
        }),
      );
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  const withinBudget = reports.every((r) => r.withinBudget);
  mkdirSync(results, { recursive: true });
  writeFileSync(
    path.join(results, 'leads.json'),
    JSON.stringify({ withinBudget, backends: reports }, null, 2) + '\n',
  );
  const loaded = reports.some((r) => r.machine.state !== 'quiet');
  const md = [
    '# Lead forms under load (issue 16)',
    '',
    `\`POST /api/callback\` at ${RATE} submissions/s for ${duration} s (open loop: one request every ${1000 / RATE} ms whatever the earlier ones are doing, latency counted from its scheduled instant; keep-alive connections), each from its own X-Forwarded-For address and with its own e-mail; built server, NODE_ENV=production, a fresh database, job worker on (local CRM; one job at a time on the embedded database, ten on PostgreSQL).`,
    '',
    ...reports.map(backendMarkdown),
    ...(adminUrl
      ? []
      : [
          'PostgreSQL not measured: set BENCH_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
          '',
        ]),
    ...(loaded
      ? [
          'Note: the load average was above half the CPUs during a run (it lags: a build or a previous bench section a minute earlier counts), so these figures may measure the shared machine as much as the server. The zero-lost-leads check holds regardless of load.',
          '',
        ]
      : []),
  ].join('\n');
  writeFileSync(path.join(results, 'leads.md'), md);
  console.log(md);
  return withinBudget;
}

// Run alone: `node bench/leads.mjs`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const ok = await benchLeads({
    root,
    results: path.join(root, 'bench/results'),
    baseEnv: { ...process.env },
    duration: Number(process.env.BENCH_SECONDS ?? 10),
  });
  process.exit(ok ? 0 : 1);
}
