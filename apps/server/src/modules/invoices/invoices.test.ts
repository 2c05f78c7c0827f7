import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, invoices, jobs } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser, outboxFor } from '../auth/testing.js';
import { enqueueReceipt, issueInvoice, RECEIPT_TOPIC } from './index.js';
import { receiptHandler } from './receipt.js';
import { insertPaidOrder, pdfText } from './testing.js';

describe('invoices', () => {
  let t: TestContext;
  let batchId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' }, now: new Date('2026-11-25T10:00:00Z') });
    const workshop = await createWorkshop(t.database.db, { title: 'Parametric Design with Grasshopper' });
    batchId = (await createBatch(t.database.db, workshop.id, { startDate: '2026-12-01' })).id;
  }, 120_000);
  afterAll(async () => t?.close());

  const issue = (orderId: number, now = new Date('2026-11-25T10:00:00Z')) =>
    t.database.db.transaction((tx) => issueInvoice(tx, { orderId, now }));

  describe('issueInvoice', () => {
    it('when orders are paid one after another, then they get consecutive numbers of the financial year, and a second call for the same order returns its number', async () => {
      const user = await insertUser(t.database.db);
      const a = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      const b = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      const first = await issue(a.orderId);
      const second = await issue(b.orderId);
      expect(first.number).toMatch(/^ATL\/26-27\/\d{6}$/);
      expect(Number(second.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
      expect(await issue(a.orderId)).toEqual(first);
      const rows = await t.database.db.select().from(invoices).where(eq(invoices.orderId, a.orderId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.snapshot).toMatchObject({
        buyer: { name: user.name, email: user.email },
        item: { kind: 'course', batchId },
        amountMinor: 499_900,
        currency: 'INR',
      });
      expect(rows[0]!.snapshot.item.description).toContain('Parametric Design with Grasshopper');
    }, 60_000);

    it('when the paying transaction rolls back, then its number is given to the next payment (no gap)', async () => {
      const user = await insertUser(t.database.db);
      const a = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      const b = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      const before = await issue(a.orderId);
      await expect(
        t.database.db.transaction(async (tx) => {
          await issueInvoice(tx, { orderId: b.orderId, now: new Date('2026-11-25T10:00:00Z') });
          throw new Error('payment failed later in the transaction');
        }),
      ).rejects.toThrow('payment failed later');
      const after = await issue(b.orderId);
      expect(Number(after.number.slice(-6))).toBe(Number(before.number.slice(-6)) + 1);
    }, 60_000);

    it('when a new financial year starts (1 April IST), then its series starts again at 1', async () => {
      const user = await insertUser(t.database.db);
      const order = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      expect(await issue(order.orderId, new Date('2027-03-31T18:30:00Z'))).toEqual({
        number: 'ATL/27-28/000001',
      });
    }, 60_000);

    it('when 12 payments and repeats of them race, then every order has one invoice and the numbers are 1…n without a gap or repeat', async () => {
      const user = await insertUser(t.database.db);
      const now = new Date('2030-05-01T00:00:00Z'); // a series of its own: ATL/30-31
      const orderIds: number[] = [];
      for (let i = 0; i < 12; i++)
        orderIds.push((await insertPaidOrder(t.database.db, { userId: user.id, batchId })).orderId);
      const calls = [...orderIds, ...orderIds.slice(0, 6)].map((orderId) =>
        t.database.db.transaction((tx) => issueInvoice(tx, { orderId, now })),
      );
      const results = await Promise.all(calls);
      const numbers = new Set(results.map((r) => r.number));
      expect(numbers.size).toBe(12);
      const rows = await t.database.db.select().from(invoices).where(eq(invoices.series, 'ATL/30-31'));
      expect(rows.map((r) => r.sequence).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      const [counter] = await t.database.db
        .select()
        .from(invoiceCounters)
        .where(eq(invoiceCounters.series, 'ATL/30-31'));
      expect(counter!.lastNumber).toBe(12);
    }, 120_000);
  });

  describe('GET /api/order/{id}/invoice', () => {
    it('when the owner downloads the invoice of a paid order, then the PDF shows seller, buyer, number, the GST split that sums to the amount paid, and the payment', async () => {
      const user = await insertUser(t.database.db, { name: 'Asha Rao' });
      const { orderId, providerPaymentId } = await insertPaidOrder(t.database.db, {
        userId: user.id,
        batchId,
        amountMinor: 499_900,
        details: { gstin: '29AAACB1234C1Z5' },
      });
      const { number } = await issue(orderId);
      const { token } = await insertSession(t.database.db, user.id, t.now.value);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/invoice`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      for (const expected of [
        'TAX INVOICE',
        t.config.seller.name,
        `GSTIN: ${t.config.seller.gstin}`,
        t.config.seller.email,
        number,
        '25 Nov 2026',
        'Asha Rao',
        user.email!,
        'GSTIN: 29AAACB1234C1Z5',
        'Parametric Design with Grasshopper',
        '999293',
        'INR 4,236.44',
        'CGST @ 9%',
        'SGST @ 9%',
        'INR 381.28',
        'INR 4,999.00',
        'Method: UPI',
        `Payment id: ${providerPaymentId}`,
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('IGST');
    }, 60_000);

    it('when the buyer’s GSTIN is of another state, then the invoice shows IGST 18 %; without an invoice yet, downloading issues one', async () => {
      const user = await insertUser(t.database.db);
      const { orderId } = await insertPaidOrder(t.database.db, {
        userId: user.id,
        batchId,
        amountMinor: 11_800,
        details: { gstin: '27AAACB1234C1Z5' },
      });
      const { token } = await insertSession(t.database.db, user.id, t.now.value);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/invoice`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain('IGST @ 18%');
      expect(text).toContain('INR 100.00');
      expect(text).toContain('INR 18.00');
      expect(text).not.toContain('CGST');
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(text).toContain(row!.number);
      expect(row!.seller).toEqual(t.config.seller);
    }, 60_000);

    it('when someone else, a visitor, or the owner of an unpaid order asks, then the answer is 404 (401 for the visitor) and no invoice is issued', async () => {
      const owner = await insertUser(t.database.db);
      const other = await insertUser(t.database.db);
      const paid = await insertPaidOrder(t.database.db, { userId: owner.id, batchId });
      const unpaid = await insertPaidOrder(t.database.db, { userId: owner.id, batchId, status: 'created' });
      const ownerToken = (await insertSession(t.database.db, owner.id, t.now.value)).token;
      const otherToken = (await insertSession(t.database.db, other.id, t.now.value)).token;

      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/order/${paid.orderId}/invoice`,
        headers: bearer(otherToken),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: 'NOT_FOUND' });
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/order/99999999/invoice`,
        headers: bearer(ownerToken),
      });
      expect(missing.statusCode).toBe(404);
      expect(foreign.json().message).toBe(missing.json().message);
      const notPaid = await t.app.inject({
        method: 'GET',
        url: `/api/order/${unpaid.orderId}/invoice`,
        headers: bearer(ownerToken),
      });
      expect(notPaid.statusCode).toBe(404);
      const visitor = await t.app.inject({ method: 'GET', url: `/api/order/${paid.orderId}/invoice` });
      expect(visitor.statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/order/abc/invoice`,
        headers: bearer(ownerToken),
      });
      expect(bad.statusCode).toBe(400);
      const issued = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(sql`${invoices.orderId} IN (${paid.orderId}, ${unpaid.orderId})`);
      expect(issued[0]!.n).toBe(0);
    }, 60_000);
  });

  describe('GET /api/site/seller', () => {
    it('when a visitor asks, then the configured seller is answered, cacheable, without the state code', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/site/seller' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const { name, address, gstin, email, phone } = t.config.seller;
      expect(res.json().data).toEqual({ name, address, gstin, email, phone });
    }, 60_000);
  });

  describe('enqueueReceipt', () => {
    it('when a paid order’s receipt is enqueued twice, then one receipt job exists and running it twice puts one e-mail in the outbox, with the item, amount, invoice number and dashboard link', async () => {
      const user = await insertUser(t.database.db, { name: 'Ravi Menon' });
      const { orderId } = await insertPaidOrder(t.database.db, {
        userId: user.id,
        batchId,
        amountMinor: 299_900,
      });
      const { number } = await issue(orderId);
      await t.database.db.transaction((tx) => enqueueReceipt(tx, { orderId }));
      await t.database.db.transaction((tx) => enqueueReceipt(tx, { orderId }));
      const receiptJobs = await t.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.topic} = ${RECEIPT_TOPIC} AND ${jobs.payload}->>'orderId' = ${String(orderId)}`);
      expect(receiptJobs).toHaveLength(1);

      // The worker runs it (and delivers the mail); a retry of the same job after a crash adds nothing.
      await t.app.jobs.runner.drain();
      const retry = receiptHandler({
        db: t.database.db,
        seller: t.config.seller,
        publicUrl: t.config.publicUrl,
        clock: () => t.now.value,
      });
      await retry({
        id: receiptJobs[0]!.id,
        topic: RECEIPT_TOPIC,
        payload: { orderId },
        attempt: 2,
        maxAttempts: 5,
        signal: new AbortController().signal,
      });
      await t.database.db.transaction((tx) => enqueueReceipt(tx, { orderId }));
      await t.app.jobs.runner.drain();

      const mails = await outboxFor(t.database.db, user.email!);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ channel: 'email', status: 'sent' });
      expect(mails[0]!.subject).toContain(number);
      for (const expected of [
        'Hello Ravi Menon',
        'Parametric Design with Grasshopper',
        'Amount paid: INR 2,999.00 (GST included)',
        `Invoice number: ${number}`,
        `${t.config.publicUrl}/dashboard`,
        'Payment: UPI',
      ])
        expect(mails[0]!.body).toContain(expected);
    }, 60_000);

    it('when a paid order never got an invoice, then the receipt job issues it; an unpaid order’s receipt goes dead without a mail', async () => {
      const user = await insertUser(t.database.db);
      const paid = await insertPaidOrder(t.database.db, { userId: user.id, batchId });
      const unpaid = await insertPaidOrder(t.database.db, { userId: user.id, batchId, status: 'created' });
      await t.database.db.transaction(async (tx) => {
        await enqueueReceipt(tx, { orderId: paid.orderId });
        await enqueueReceipt(tx, { orderId: unpaid.orderId });
      });
      await t.app.jobs.runner.drain();
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
      expect(row!.receiptQueuedAt).not.toBeNull();
      const mails = await outboxFor(t.database.db, user.email!);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(row!.number);
      const [dead] = await t.database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(
          sql`${jobs.topic} = ${RECEIPT_TOPIC} AND ${jobs.payload}->>'orderId' = ${String(unpaid.orderId)}`,
        );
      expect(dead!.status).toBe('dead');
    }, 60_000);
  });
});
