/*
 * Test support for reconciliation, refunds and the other purchases: the real app on a fresh
 * database with the sandbox provider held by the test (to pay, or only authorize, like a payer
 * would), the job queue's worker off so each test runs the jobs it means to, and small helpers.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { orders } from '../db/schema/index.js';
import { createPaymentProvider } from '../integrations/payments/index.js';
import type { SandboxProvider } from '../integrations/payments/sandbox.js';
import type { PaymentProviderAdapter } from '../integrations/payments/types.js';
import { createBatch, createCategory, createSubcategory, createWorkshop } from './factories.js';
import { createTestDatabase, testConfig } from './test-app.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';
import { reconcileSlot, scheduleReconcile } from '../modules/payments/reconcile.js';

export interface PurchasesTest {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  now: { value: Date };
  sandbox: SandboxProvider;
  close(): Promise<void>;
}

export async function createPurchasesTest(
  opts: { env?: Record<string, string>; payments?: PaymentProviderAdapter } = {},
): Promise<PurchasesTest> {
  const database = await createTestDatabase();
  const config = testConfig({ JOBS_WORKER: 'off', ...opts.env });
  const now = { value: new Date() };
  const clock = () => now.value;
  const payments = opts.payments ?? createPaymentProvider(config, { db: database.db, clock });
  const app = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOG === '1',
    clock,
    integrations: { payments },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    now,
    sandbox: payments as SandboxProvider,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A learner with a session: id, bearer headers, e-mail. */
export async function learner(t: PurchasesTest, values: { name?: string } = {}) {
  const user = await insertUser(t.database.db, { name: values.name ?? 'Asha Learner' });
  const { token } = await insertSession(t.database.db, user.id, t.now.value);
  return { id: user.id, email: user.email!, headers: bearer(token) };
}

/** The webhooks the sandbox queued never arrive (an endpoint down, a disabled hook). */
export async function dropSandboxWebhooks(t: PurchasesTest): Promise<number> {
  const result = await t.database.db.execute(
    sql`DELETE FROM jobs WHERE topic = 'sandbox.webhook' AND status = 'pending' RETURNING id`,
  );
  return result.rows.length;
}

let slotOffset = 1000;
/**
 * Enqueues one reconciliation sweep due now (a past period of the real clock: the queue's time is
 * the database's) and runs every due job. `late` makes it a sweep that also re-checks expired orders.
 */
export async function runReconciliation(t: PurchasesTest, opts: { late?: boolean } = {}): Promise<void> {
  const interval = t.config.reconcileIntervalSeconds;
  let slot = reconcileSlot(new Date(), interval) - slotOffset;
  slotOffset += 7;
  if (opts.late) slot -= ((slot % 5) + 5) % 5;
  else if (slot % 5 === 0) slot -= 1;
  await scheduleReconcile(t.database.db, { intervalSeconds: interval, now: new Date(), slot });
  await t.app.jobs.runner.drain();
}

export async function orderRow(t: PurchasesTest, orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/**
 * A course batch on sale for the purchase tests: its own category, subcategory and type-2
 * workshop (`shortTitle`), priced `amount` rupees / `dollar` dollars. Returns the batch id.
 */
export async function courseBatchOnSale(
  t: PurchasesTest,
  shortTitle: string,
  prices: { amount: number; dollar: number },
): Promise<number> {
  const db = t.database.db;
  const category = await createCategory(db, { name: 'Design' });
  const sub = await createSubcategory(db, category.id);
  const workshop = await createWorkshop(db, { type: 2, shortTitle, subcategoryId: sub.id, sequence: 1 });
  return (await createBatch(db, workshop.id, prices)).id;
}
