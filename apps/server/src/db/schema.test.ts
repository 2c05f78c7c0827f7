/**
 * The schema, the migrations and the demo seed on a real database (PGlite, and PostgreSQL in
 * CI): constraints refuse bad data, every drizzle relation resolves, and the demo's invariants
 * hold (wallet = ledger, coupon counts, one correct option per question, an instalment due in
 * three days, every batch state present).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password.js';
import { createTestDatabase } from '../test/test-app.js';
import type { Db } from './client.js';
import type { Database } from './database.js';
import { seedDemo, type DemoSeedResult } from './seed/index.js';

const NOW = new Date('2026-03-10T06:30:00Z');
const TZ = 'Asia/Kolkata';
const TODAY = '2026-03-10';

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** Runs `statement` in a rolled-back transaction and expects it to fail with `state`. */
async function expectRejected(db: Db, state: string, statement: SQL): Promise<void> {
  const rollback = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    });
  } catch (error) {
    if (error === rollback) throw new Error(`accepted; expected SQLSTATE ${state}`);
    assert(sqlState(error) === state, `failed with ${sqlState(error) ?? String(error)}, expected ${state}`);
    return;
  }
}

async function one<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T> {
  const result = await db.execute<T>(query);
  const row: T | undefined = result.rows[0] as T | undefined;
  if (!row) throw new Error('no row');
  return row;
}

let database: Database;
let db: Db;
let seeded: DemoSeedResult;
let learner: DemoSeedResult['accounts'][number];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  seeded = await seedDemo(db, { now: NOW, tz: TZ });
  learner = seeded.accounts.find((a) => a.role === 'learner')!;
});
afterAll(async () => {
  await database.close();
});

it('demo accounts sign in with their passwords', async () => {
  for (const account of seeded.accounts) {
    const row = await one<{ hash: string }>(
      db,
      sql`SELECT password_hash AS hash FROM users WHERE id = ${account.id}`,
    );
    assert(await verifyPassword(row.hash, account.password), `${account.email} does not verify`);
  }
});

it('email is unique case-insensitively', () =>
  expectRejected(db, '23505', sql`INSERT INTO users (email) VALUES ('LEARNER@Atelier.test')`));
it('mobile is unique', () =>
  expectRejected(db, '23505', sql`INSERT INTO users (mobile) VALUES (${learner.mobile})`));
it('a user needs an email or a mobile', () =>
  expectRejected(db, '23514', sql`INSERT INTO users (name) VALUES ('Nobody')`));
it('role is one of the four', () =>
  expectRejected(db, '23514', sql`INSERT INTO users (email, role) VALUES ('root@example.com', 'root')`));
it('wallet balance cannot go negative', () =>
  expectRejected(
    db,
    '23514',
    sql`UPDATE coins_wallets SET wallet_coins = wallet_coins - 100000 WHERE user_id = ${learner.id}`,
  ));
it('a ledger ref applies once', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO coins_ledger (wallet_id, delta, reason, ref) SELECT wallet_id, 5, 'refund', ref FROM coins_ledger LIMIT 1`,
  ));
it('coupon claims cannot pass max_claims', () =>
  expectRejected(
    db,
    '23514',
    sql`UPDATE coupons SET claimed_count = claimed_count + 1 WHERE code = 'EARLYBIRD25'`,
  ));
it('coupon codes are unique case-insensitively', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO coupons (code, kind, value) VALUES ('welcome10', 'percent', 5)`,
  ));
it('one active claim per user and coupon', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO coupon_claims (coupon_id, user_id) SELECT coupon_id, user_id FROM coupon_claims WHERE status <> 'released' LIMIT 1`,
  ));
it('one enrolment per user and batch', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO enrolments (user_id, batch_id) SELECT user_id, batch_id FROM enrolments LIMIT 1`,
  ));
it('one enrolment per paying order', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO enrolments (user_id, batch_id, source_order_id) SELECT e.user_id, b.id, e.source_order_id FROM enrolments e, batches b WHERE e.source_order_id IS NOT NULL AND b.id NOT IN (SELECT batch_id FROM enrolments WHERE user_id = e.user_id) LIMIT 1`,
  ));
it('a quiz answer must be an option of its own question', () =>
  expectRejected(
    db,
    '23503',
    sql`INSERT INTO course_quiz_responses (question_id, user_id, option_id) SELECT q.id, ${learner.id}, o.id FROM course_quiz_questions q JOIN course_quiz_options o ON o.question_id <> q.id LIMIT 1`,
  ));
it('at most one correct option per question', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO course_quiz_options (question_id, text, is_correct) SELECT question_id, 'Also right', true FROM course_quiz_options WHERE is_correct LIMIT 1`,
  ));
it('workshop type is 1 or 2', () =>
  expectRejected(db, '23514', sql`UPDATE workshops SET type = 3 WHERE id = (SELECT min(id) FROM workshops)`));
it('order amounts are whole minor units, not negative', () =>
  expectRejected(
    db,
    '23514',
    sql`UPDATE orders SET amount_minor = -1 WHERE id = (SELECT min(id) FROM orders)`,
  ));
it('provider payment ids are unique', () =>
  expectRejected(
    db,
    '23505',
    sql`INSERT INTO payments (order_id, provider_payment_id, amount_minor, currency, status) SELECT order_id, provider_payment_id, 1, 'INR', 'captured' FROM payments LIMIT 1`,
  ));
it('webhook events are stored once', async () => {
  await db.execute(
    sql`INSERT INTO payment_webhook_events (provider, provider_event_id, event_type, payload) VALUES ('sandbox', 'evt_check', 'payment.captured', '{}')`,
  );
  await expectRejected(
    db,
    '23505',
    sql`INSERT INTO payment_webhook_events (provider, provider_event_id, event_type, payload) VALUES ('sandbox', 'evt_check', 'payment.captured', '{}')`,
  );
  await db.execute(sql`DELETE FROM payment_webhook_events WHERE provider_event_id = 'evt_check'`);
});
it('a user cannot refer themselves', () =>
  expectRejected(
    db,
    '23514',
    sql`INSERT INTO referrals (referrer_id, referee_id) VALUES (${learner.id}, ${learner.id})`,
  ));
it('a moderator view names the viewed learner', () =>
  expectRejected(
    db,
    '23514',
    sql`INSERT INTO sessions (token_hash, user_id, expires_at, is_moderator_view) VALUES ('h', ${learner.id}, now(), true)`,
  ));

it('every relation resolves', async () => {
  const relational = db._.schema;
  if (!relational) throw new Error('no relational schema');
  type FindFirst = (args: { with: Record<string, true> }) => Promise<unknown>;
  const query = db.query as unknown as Record<string, { findFirst: FindFirst }>;
  for (const [tableKey, table] of Object.entries(relational)) {
    const relations = Object.fromEntries(Object.keys(table.relations).map((r) => [r, true as const]));
    const finder = query[tableKey];
    if (!finder) throw new Error(`db.query.${tableKey} missing`);
    await finder.findFirst({ with: relations });
  }
});

it('wallet balances equal their ledgers', async () => {
  const row = await one<{ n: number }>(
    db,
    sql`
    SELECT count(*)::int AS n FROM coins_wallets w
    WHERE w.wallet_coins <> coalesce((SELECT sum(delta) FROM coins_ledger l WHERE l.wallet_id = w.id), 0)`,
  );
  assert(row.n === 0, `${row.n} wallets differ from their ledger`);
});
it('coupon counts equal their active claims', async () => {
  const row = await one<{ n: number }>(
    db,
    sql`
    SELECT count(*)::int AS n FROM coupons c
    WHERE c.claimed_count <> (SELECT count(*) FROM coupon_claims k WHERE k.coupon_id = c.id AND k.status <> 'released')`,
  );
  assert(row.n === 0, `${row.n} coupons disagree with their claims`);
});
it('every question has exactly one correct option', async () => {
  const row = await one<{ n: number }>(
    db,
    sql`
    SELECT count(*)::int AS n FROM course_quiz_questions q
    WHERE (SELECT count(*) FROM course_quiz_options o WHERE o.question_id = q.id AND o.is_correct) <> 1`,
  );
  assert(row.n === 0, `${row.n} questions without exactly one correct option`);
});
it('the learner has an instalment due in three days', async () => {
  const row = await one<{ due: string }>(
    db,
    sql`
    SELECT min(i.due_date)::text AS due FROM instalments i JOIN instalment_plans p ON p.id = i.plan_id
    WHERE p.user_id = ${learner.id} AND i.paid_at IS NULL`,
  );
  assert(row.due === '2026-03-13', `next due ${row.due}`);
});
it('the learner has ongoing, upcoming, completed and recorded enrolments', async () => {
  const result = await db.execute<{ state: string }>(sql`
    SELECT CASE WHEN b.session_type = 2 THEN 'recorded'
                WHEN b.end_date < ${TODAY}::date THEN 'completed'
                WHEN b.start_date > ${TODAY}::date THEN 'upcoming'
                ELSE 'ongoing' END AS state
    FROM enrolments e JOIN batches b ON b.id = e.batch_id WHERE e.user_id = ${learner.id}`);
  const states = new Set(result.rows.map((r) => r.state));
  for (const s of ['ongoing', 'upcoming', 'completed', 'recorded'])
    assert(states.has(s), `no ${s} enrolment`);
});
it('the catalogue has past, ongoing, future, undated, coming-soon and recorded batches', async () => {
  const result = await db.execute<{ state: string }>(sql`
    SELECT DISTINCT CASE
      WHEN b.session_type = 2 THEN 'recorded'
      WHEN b.start_date IS NULL THEN 'undated'
      WHEN NOT EXISTS (SELECT 1 FROM batch_schedules s WHERE s.batch_id = b.id) THEN 'coming soon'
      WHEN b.end_date < ${TODAY}::date THEN 'past'
      WHEN b.start_date > ${TODAY}::date THEN 'future'
      ELSE 'ongoing' END AS state
    FROM batches b`);
  const states = new Set(result.rows.map((r) => r.state));
  for (const s of ['past', 'ongoing', 'future', 'undated', 'coming soon', 'recorded'])
    assert(states.has(s), `no ${s} batch`);
});
it('the learner has a session today and an overdue assignment', async () => {
  const row = await one<{ today: number; overdue: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE s.session_date = ${TODAY}::date)::int AS today,
           count(*) FILTER (WHERE s.assignment_last_date < ${TODAY}::date AND NOT EXISTS (
             SELECT 1 FROM assignments a JOIN assignment_responses r ON r.assignment_id = a.id
             WHERE a.session_id = s.id AND r.user_id = ${learner.id}))::int AS overdue
    FROM enrolments e
    JOIN course_modules m ON m.batch_id = e.batch_id
    JOIN course_module_details d ON d.module_id = m.id
    JOIN course_module_sessions s ON s.detail_id = d.id
    WHERE e.user_id = ${learner.id} AND e.batch_id IN (SELECT batch_id FROM instalment_plans)`,
  );
  assert(row.today > 0, 'no session today');
  assert(row.overdue > 0, 'no overdue assignment');
});
