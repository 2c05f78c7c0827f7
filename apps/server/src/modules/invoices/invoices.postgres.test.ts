import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-database-kind.js';
import { insertUser } from '../auth/testing.js';
import { issueInvoice } from './index.js';
import { insertPaidOrder } from './testing.js';

// PostgreSQL only (CI's second run): a pool of five connections runs the payments truly at once,
// each holding its transaction open a moment after taking its number, so they overlap.
describe.runIf(testDatabaseKind() === 'postgres')(
  'invoice numbers under real concurrency (PostgreSQL)',
  () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
    }, 120_000);
    afterAll(async () => t?.close());

    it('when 30 payments and 10 repeats run on five connections at once, with some rolling back, then the committed numbers are exactly 1…n, one per order', async () => {
      const { db } = t.database;
      const workshop = await createWorkshop(db);
      const batch = await createBatch(db, workshop.id);
      const user = await insertUser(db);
      const now = new Date('2031-06-01T00:00:00Z'); // series ATL/31-32, this test's own
      const orderIds: number[] = [];
      for (let i = 0; i < 30; i++)
        orderIds.push((await insertPaidOrder(db, { userId: user.id, batchId: batch.id })).orderId);
      const failing = new Set(orderIds.filter((_, i) => i % 7 === 3));
      const attempts = [...orderIds, ...orderIds.slice(0, 10)].map((orderId) =>
        db
          .transaction(async (tx) => {
            const result = await issueInvoice(tx, { orderId, now });
            await tx.execute(sql`select pg_sleep(0.02)`);
            if (failing.has(orderId)) throw new Error('rolled back');
            return result;
          })
          .catch((error: Error) => error),
      );
      const results = await Promise.all(attempts);
      const unexpected = results.filter((r) => r instanceof Error && r.message !== 'rolled back');
      expect(unexpected).toEqual([]);

      const rows = await db.select().from(invoices).where(eq(invoices.series, 'ATL/31-32'));
      const committed = orderIds.filter((id) => !failing.has(id) || rows.some((r) => r.orderId === id));
      expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
      expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
        Array.from({ length: rows.length }, (_, i) => i + 1),
      );
      expect(rows.length).toBe(committed.length);
      const [counter] = await db
        .select()
        .from(invoiceCounters)
        .where(eq(invoiceCounters.series, 'ATL/31-32'));
      expect(counter!.lastNumber).toBe(rows.length);
    }, 120_000);
  },
);
