// The checkout section of `npm run bench` (issue 14, "Proof"): 20 concurrent buyers on the large
// seed, each repeating a whole guest purchase — `add-user` → `initiate` → the sandbox checkout's
// pay → `PUT /api/payment/order/{id}` (verify) — for the duration, some of them with a 10-use
// coupon. Reported: complete checkouts per second and the requests per second they made, each as
// a ratio of the same run's `/healthz`, the p50/p99 of each step and of a whole checkout, and the
// errors (must be zero). Afterwards the server is stopped and the database itself is checked: every
// paid order enrolled exactly once (orders = enrolments), the coupon's count equals its live
// claims and never passed its limit, and every wallet's balance equals the sum of its ledger.
// Runs on a copy of the large data set (bench/.data/bench stays as it was). Writes
// bench/results/checkout.{json,md}.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.mjs';

const port = 3903;
const base = `http://127.0.0.1:${port}`;
const BUYERS = 20;
const COUPON = { code: 'BENCH10', maxClaims: 10 };

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

async function openDatabase(root, dataDir) {
  const { openEmbedded, migrateDatabase } = await import(path.join(root, 'apps/server/dist/db/database.js'));
  const database = await openEmbedded(dataDir);
  await migrateDatabase(database);
  return database;
}

/** Live or recorded batches on sale with seats to spare, and the bench coupon (10 uses). */
async function prepare(root, dataDir) {
  const database = await openDatabase(root, dataDir);
  try {
    const { rows } = await database.pool.query(
      `SELECT b.id FROM batches b JOIN workshops w ON w.id = b.workshop_id
        WHERE b.is_active AND coalesce(b.amount, 0) > 0 AND coalesce(b.dollar, 0) > 0
          AND (b.session_type = 2 OR b.start_date >= current_date)
          AND (b.capacity IS NULL
               OR b.capacity - (SELECT count(*) FROM enrolments e WHERE e.batch_id = b.id) >= 20)
        ORDER BY b.id LIMIT 400`,
    );
    await database.pool.query(`DELETE FROM coupons WHERE lower(code) = lower($1) AND claimed_count = 0`, [
      COUPON.code,
    ]);
    await database.pool.query(
      `INSERT INTO coupons (code, kind, value, max_claims) VALUES ($1, 'percent', 10, $2)
       ON CONFLICT DO NOTHING`,
      [COUPON.code, COUPON.maxClaims],
    );
    return rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}

/** The invariants, read from the stopped server's database. */
async function invariants(root, dataDir) {
  const database = await openDatabase(root, dataDir);
  try {
    const q = async (text, params) => (await database.pool.query(text, params)).rows;
    const [orders] = await q(
      `SELECT count(*) FILTER (WHERE o.status = 'paid')::int AS paid,
              count(*) FILTER (WHERE o.status = 'paid' AND e.id IS NOT NULL)::int AS paid_enrolled,
              count(*) FILTER (WHERE o.status <> 'paid' AND e.id IS NOT NULL)::int AS unpaid_enrolled
         FROM orders o LEFT JOIN enrolments e ON e.source_order_id = o.id
        WHERE o.kind = 'course' AND o.guest_email LIKE 'bench-buyer-%'`,
    );
    const [duplicates] = await q(
      `SELECT count(*)::int AS n FROM (SELECT user_id, batch_id FROM enrolments GROUP BY 1, 2 HAVING count(*) > 1) d`,
    );
    const [coupon] = await q(
      `SELECT c.claimed_count AS claimed, c.max_claims AS max,
              (SELECT count(*)::int FROM coupon_claims k WHERE k.coupon_id = c.id AND k.status <> 'released') AS live,
              (SELECT count(*)::int FROM coupon_claims k WHERE k.coupon_id = c.id AND k.status = 'used') AS used,
              (SELECT count(*)::int FROM orders o WHERE o.coupon_id = c.id AND o.status = 'paid') AS paid_orders
         FROM coupons c WHERE lower(c.code) = lower($1)`,
      [COUPON.code],
    );
    const [wallets] = await q(
      `SELECT count(*)::int AS wallets,
              count(*) FILTER (WHERE w.wallet_coins <> coalesce(l.total, 0) OR w.wallet_coins < 0)::int AS mismatched
         FROM coins_wallets w
         LEFT JOIN (SELECT wallet_id, sum(delta)::int AS total FROM coins_ledger GROUP BY 1) l ON l.wallet_id = w.id`,
    );
    const checks = {
      paidOrders: orders.paid,
      ordersEqualEnrolments: orders.paid === orders.paid_enrolled && orders.unpaid_enrolled === 0,
      noDuplicateEnrolments: duplicates.n === 0,
      coupon,
      couponCountsAgree:
        coupon !== undefined &&
        coupon.claimed === coupon.live &&
        coupon.claimed <= coupon.max &&
        coupon.used === coupon.paid_orders,
      wallets,
      ledgerEqualsBalances: wallets.mismatched === 0,
    };
    checks.ok =
      checks.ordersEqualEnrolments &&
      checks.noDuplicateEnrolments &&
      checks.couponCountsAgree &&
      checks.ledgerEqualsBalances;
    return checks;
  } finally {
    await database.close();
  }
}

function startServer(root, env) {
  return startBuiltServer({ root, env, base, label: 'checkout' });
}

/** One JSON call as a browser makes it; `ip` stands for the buyer's own address behind the proxy. */
async function call(method, url, body, ip, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'idempotency-key': `bench-${ip}-${url}-${started}`,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, data: json?.data, message: json?.message ?? text.slice(0, 200), ms };
}

/** One buyer: whole guest checkouts in a loop until `deadline`. */
async function buyer(index, batchIds, deadline, stats) {
  const ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  let n = 0;
  while (performance.now() < deadline) {
    n++;
    const started = performance.now();
    const batchId = batchIds[(index * 7919 + n * 104729) % batchIds.length];
    const email = `bench-buyer-${index}-${n}-${process.pid}@atelier.test`;
    const mobile = `9${String(100_000_000 + index * 1_000_000 + n).slice(-9)}`;
    const step = (name, r, ok) => {
      stats.steps[name].push(r.ms);
      stats.requests++;
      if (!ok) {
        stats.errors.push(`${name} ${r.status}: ${r.message}`);
        return false;
      }
      return true;
    };
    const guest = await call(
      'POST',
      '/api/payment/add-user',
      { name: `Bench Buyer ${index}`, email, mobile, batchId },
      ip,
    );
    if (!step('add-user', guest, guest.status === 200 || guest.status === 201)) continue;
    const withCoupon = n % 3 === 0;
    const initiate = await call(
      'POST',
      '/api/payment/initiate',
      {
        batchId,
        plan: 'full',
        checkoutId: guest.data.checkoutId,
        ...(withCoupon ? { couponCode: COUPON.code } : {}),
      },
      ip,
    );
    // A coupon used up (409 COUPON_EXHAUSTED) is the expected answer once its 10 uses are taken.
    if (withCoupon && initiate.status === 409) {
      stats.steps.initiate.push(initiate.ms);
      stats.requests++;
      stats.couponRefusals++;
      continue;
    }
    if (!step('initiate', initiate, initiate.status === 200 || initiate.status === 201)) continue;
    if (initiate.data.status === 'paid') {
      stats.checkouts++;
      stats.flows.push(performance.now() - started);
      continue;
    }
    const pay = await call(
      'POST',
      '/api/payment/sandbox/checkout',
      { providerOrderId: initiate.data.providerOrderId, outcome: 'success' },
      ip,
    );
    if (!step('sandbox pay', pay, pay.status === 200)) continue;
    const verify = await call(
      'PUT',
      `/api/payment/order/${initiate.data.orderId}`,
      {
        providerOrderId: pay.data.providerOrderId,
        providerPaymentId: pay.data.providerPaymentId,
        signature: pay.data.signature,
      },
      ip,
    );
    if (!step('verify', verify, verify.status === 200 && verify.data?.status === 'paid')) continue;
    stats.checkouts++;
    stats.flows.push(performance.now() - started);
  }
}

function healthz(connections, seconds) {
  return new Promise((resolve, reject) =>
    autocannon({ url: `${base}/healthz`, connections, duration: seconds }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}

/**
 * @param {{ root: string, results: string, largeDataDir: string, baseEnv: Record<string, string>, duration: number }} opts
 * @returns {Promise<boolean>} whether the section met its budgets (no errors, invariants hold)
 */
export async function benchCheckout({ root, results, largeDataDir, baseEnv, duration }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-checkout-'));
  try {
    console.log('Checkout: copying the large data set…');
    cpSync(largeDataDir, dataDir, { recursive: true });
    rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
    const batchIds = await prepare(root, dataDir);
    if (batchIds.length === 0) throw new Error('no batch on sale in the large seed');
    const env = {
      ...baseEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      // Buyers arrive through one proxy hop, each from their own address (rate limits are per client IP).
      TRUST_PROXY_HOPS: '1',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      JOBS_WORKER: 'on',
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
    };
    const stop = await startServer(root, env);
    let report;
    try {
      // Warm up: one checkout, and /healthz.
      const warm = {
        steps: { 'add-user': [], initiate: [], 'sandbox pay': [], verify: [] },
        flows: [],
        errors: [],
        requests: 0,
        checkouts: 0,
        couponRefusals: 0,
      };
      await buyer(999, batchIds, performance.now() + 1, warm);
      await healthz(BUYERS, 2);

      const baseline = await healthz(BUYERS, Math.max(3, Math.round(duration / 3)));
      const stats = {
        steps: { 'add-user': [], initiate: [], 'sandbox pay': [], verify: [] },
        flows: [],
        errors: [],
        requests: 0,
        checkouts: 0,
        couponRefusals: 0,
      };
      const started = performance.now();
      const deadline = started + duration * 1000;
      await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i, batchIds, deadline, stats)));
      const seconds = (performance.now() - started) / 1000;
      const healthzRps = baseline.requests.average;
      report = {
        buyers: BUYERS,
        seconds: Math.round(seconds * 10) / 10,
        healthzRequestsPerSec: Math.round(healthzRps),
        checkoutsPerSec: Math.round((stats.checkouts / seconds) * 10) / 10,
        requestsPerSec: Math.round(stats.requests / seconds),
        requestRatioToHealthz: Math.round((stats.requests / seconds / healthzRps) * 1000) / 1000,
        checkouts: stats.checkouts,
        couponRefusals: stats.couponRefusals,
        checkoutP50: percentile(stats.flows, 50),
        checkoutP99: percentile(stats.flows, 99),
        steps: Object.fromEntries(
          Object.entries(stats.steps).map(([name, values]) => [
            name,
            { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99) },
          ]),
        ),
        errors: stats.errors.length,
        firstErrors: stats.errors.slice(0, 5),
      };
      // Let the job queue deliver the sandbox's webhooks before stopping (they must not double anything).
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      await stop();
    }
    report.invariants = await invariants(root, dataDir);
    report.withinBudget = report.errors === 0 && report.invariants.ok && report.checkouts > 0;
    report.machine = {
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      cpus: os.cpus().length,
    };

    writeFileSync(path.join(results, 'checkout.json'), JSON.stringify(report, null, 2) + '\n');
    const md = [
      '# Checkout under load (issue 14)',
      '',
      `${BUYERS} concurrent guest buyers on the large seed, PGlite embedded, NODE_ENV=production, sandbox provider.`,
      `Load average at the end: ${report.machine.loadAverage.join(' / ')} on ${report.machine.cpus} CPUs.`,
      '',
      '| Measure | Value |',
      '|---|---|',
      `| Complete checkouts / s | ${report.checkoutsPerSec} (${report.checkouts} in ${report.seconds} s) |`,
      `| Requests / s (4 per checkout) | ${report.requestsPerSec} |`,
      `| /healthz requests / s (same run, ${BUYERS} connections) | ${report.healthzRequestsPerSec} |`,
      `| Requests ratio to /healthz | ${report.requestRatioToHealthz} |`,
      `| Whole checkout p50 / p99 (ms) | ${report.checkoutP50} / ${report.checkoutP99} |`,
      ...Object.entries(report.steps).map(
        ([name, s]) => `| ${name} p50 / p99 (ms), n | ${s.p50} / ${s.p99}, ${s.count} |`,
      ),
      `| Errors | ${report.errors} |`,
      `| Coupon refusals (10-use coupon used up; expected) | ${report.couponRefusals} |`,
      '',
      '## Invariants (read from the database after the run)',
      '',
      `- Paid orders: ${report.invariants.paidOrders}; orders = enrolments: ${report.invariants.ordersEqualEnrolments}; no duplicate enrolment: ${report.invariants.noDuplicateEnrolments}`,
      `- Coupon ${COUPON.code}: ${JSON.stringify(report.invariants.coupon)}; counts agree and ≤ limit: ${report.invariants.couponCountsAgree}`,
      `- Wallets: ${JSON.stringify(report.invariants.wallets)}; Σ ledger = balance everywhere: ${report.invariants.ledgerEqualsBalances}`,
      '',
      `Within budget (no errors, invariants hold): **${report.withinBudget}**`,
      ...(report.firstErrors.length
        ? ['', 'First errors:', '', ...report.firstErrors.map((e) => `- ${e}`)]
        : []),
      '',
    ].join('\n');
    writeFileSync(path.join(results, 'checkout.md'), md);
    console.log(md);
    return report.withinBudget;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
