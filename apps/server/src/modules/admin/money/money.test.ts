import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  couponClaims,
  coupons,
  couponWorkshops,
  enrolments,
  instalmentPlans,
  instalments,
  payments,
  sandboxRefunds,
} from '../../../db/schema/index.js';
import { createWorkshop } from '../../../test/factories.js';
import {
  courseBatchOnSale,
  createPurchasesTest,
  learner,
  orderRow,
  type PurchasesTest,
} from '../../../test/purchases-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';

/*
 * The console's money (issue 17 point 5) through the real app and the sandbox provider: orders
 * found by what staff know, refunds that reach the provider once whatever the repeats and revoke
 * access when full, coupons under checkout's rules, payment links, instalment plans, invoices.
 */

describe('staff console: money (issue 17 point 5)', { timeout: 120_000 }, () => {
  let t: PurchasesTest;
  let batchId: number;
  let admin: Record<string, string>;
  let adminId: number;

  beforeAll(async () => {
    t = await createPurchasesTest();
    // Recording: ⌈2999 / 2⌉ = ₹1,500 = 150000 paise.
    batchId = await courseBatchOnSale(t, 'Lettering', { amount: 2999, dollar: 49 });
    const user = await insertUser(t.database.db, { role: 'admin', name: 'Meera Admin' });
    adminId = user.id;
    admin = bearer((await insertSession(t.database.db, user.id, t.now.value)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = admin) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

  /** A paid recording order (browser verification; webhooks delivered). */
  async function paidOrder(name = 'Asha Learner') {
    const buyer = await learner(t, { name });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json().data as { orderId: number };
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId, outcome: 'success' },
    });
    const { providerOrderId, providerPaymentId, signature } = pay.json().data as Record<string, string>;
    const verify = await t.app.inject({
      method: 'PUT',
      url: `/api/payment/order/${orderId}`,
      headers: buyer.headers,
      payload: { providerOrderId, providerPaymentId, signature },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    await t.app.jobs.runner.drain();
    expect((await orderRow(t, orderId)).status).toBe('paid');
    return { buyer, orderId, providerPaymentId: providerPaymentId! };
  }

  const providerRefunds = (providerPaymentId: string) =>
    t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.providerPaymentId, providerPaymentId));
  const refundAudits = (orderId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, String(orderId))));

  it('when staff search orders by e-mail, provider payment id or order id, then they find the order, with its page', async () => {
    const { orderId, buyer, providerPaymentId } = await paidOrder('Kiran Finder');
    for (const q of [buyer.email, providerPaymentId, String(orderId), 'kiran find']) {
      const res = await get(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().data.items as { id: number }[]).map((o) => o.id);
      expect(ids, q).toContain(orderId);
    }
    const filtered = await get(`/api/admin/orders?status=refunded&q=${encodeURIComponent(buyer.email)}`);
    expect(filtered.json().data.items).toEqual([]);
    // Days are India's: the order made now is within today, and not within a day long gone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(t.now.value);
    const within = await get(`/api/admin/orders?from=${today}&to=${today}&currency=INR&kind=recording`);
    expect(within.statusCode, within.body).toBe(200);
    expect((within.json().data.items as { id: number }[]).map((o) => o.id)).toContain(orderId);
    const past = await get('/api/admin/orders?from=2020-01-01&to=2020-01-31');
    expect(past.json().data).toMatchObject({ items: [], total: 0 });
    const bad = await get('/api/admin/orders?from=yesterday');
    expect(bad.statusCode).toBe(400);

    const page = await get(`/api/admin/orders/${orderId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      id: orderId,
      status: 'paid',
      amountMinor: 150_000,
      currency: 'INR',
      buyer: { email: buyer.email },
      workshop: { title: expect.any(String) },
      payments: [{ providerPaymentId, status: 'captured', amountMinor: 150_000 }],
      refunds: [],
      refundable: { capturedMinor: 150_000, leftMinor: 150_000 },
    });
    const csv = await get(`/api/admin/orders?format=csv&q=${encodeURIComponent(buyer.email)}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(String(orderId));
  });

  it('when a partial refund is sent twice with one key, then the provider refunds once, one audit row, and what is left shrinks', async () => {
    const { orderId, providerPaymentId } = await paidOrder();
    const body = {
      amountMinor: 50_000,
      reason: 'Missed two sessions',
      idempotencyKey: `k1-${orderId}-abcdefghijkl`,
    };
    const first = await send('POST', `/api/admin/orders/${orderId}/refund`, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('POST', `/api/admin/orders/${orderId}/refund`, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(first.json().data).toMatchObject({ amountMinor: 50_000, status: 'pending', leftMinor: 100_000 });
    await t.app.jobs.runner.drain();
    expect(await providerRefunds(providerPaymentId)).toHaveLength(1);
    expect(await refundAudits(orderId)).toHaveLength(1);

    // More than what is left: refused, naming the field; nothing reaches the provider.
    const over = await send('POST', `/api/admin/orders/${orderId}/refund`, {
      amountMinor: 100_001,
      reason: 'Too much',
      idempotencyKey: `k2-${orderId}-abcdefghijkl`,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0].path).toBe('amountMinor');
    // The same key with another amount is refused, not a second refund.
    const reused = await send('POST', `/api/admin/orders/${orderId}/refund`, {
      ...body,
      amountMinor: 10_000,
    });
    expect(reused.statusCode).toBeGreaterThanOrEqual(400);
    await t.app.jobs.runner.drain();
    expect(await providerRefunds(providerPaymentId)).toHaveLength(1);

    const page = (await get(`/api/admin/orders/${orderId}`)).json().data;
    expect(page.status).toBe('paid');
    expect(page.refundable.leftMinor).toBe(100_000);
    expect(page.refunds).toMatchObject([
      { amountMinor: 50_000, status: 'processed', reason: 'Missed two sessions' },
    ]);
  });

  it('when an order is refunded in full from the console, then the learner loses access and the dashboard no longer opens it', async () => {
    const { orderId, buyer, providerPaymentId } = await paidOrder();
    await t.database.db
      .update(enrolments)
      .set({ isEnrolled: true })
      .where(eq(enrolments.sourceOrderId, orderId));
    const openDashboard = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/course/batch/module/session',
        headers: buyer.headers,
        payload: { batchId },
      });
    expect((await openDashboard()).statusCode).toBe(200);
    const body = { reason: 'Cancelled by the learner', idempotencyKey: `full-${orderId}-abcdefghijkl` };
    const [a, b] = await Promise.all([
      send('POST', `/api/admin/orders/${orderId}/refund`, body),
      send('POST', `/api/admin/orders/${orderId}/refund`, body),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(a.json().data).toMatchObject({ amountMinor: 150_000, leftMinor: 0 });
    await t.app.jobs.runner.drain();
    expect(await providerRefunds(providerPaymentId)).toHaveLength(1);
    expect(await refundAudits(orderId)).toHaveLength(1);
    expect((await orderRow(t, orderId)).status).toBe('refunded');
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(eq(enrolments.sourceOrderId, orderId));
    expect(enrolment).toMatchObject({ isRefund: true, isDashboardAccess: false });
    expect((await openDashboard()).statusCode).toBe(404);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('refunded');

    // Nothing is left: another key is refused.
    const more = await send('POST', `/api/admin/orders/${orderId}/refund`, {
      reason: 'Again',
      idempotencyKey: `full2-${orderId}-abcdefghijkl`,
    });
    expect(more.statusCode).toBe(409);
    // The invoice of the (refunded) order still opens for staff.
    const pdf = await get(`/api/admin/orders/${orderId}/invoice`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const listed = await get('/api/admin/invoices');
    expect((listed.json().data.items as { orderId: number }[]).some((i) => i.orderId === orderId)).toBe(true);
  });

  it('when a refund is asked for an unpaid order or with a bad body, then it is refused without a refund', async () => {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recording/payment',
      headers: buyer.headers,
      payload: { batchId },
    });
    const { orderId } = res.json().data as { orderId: number };
    const unpaid = await send('POST', `/api/admin/orders/${orderId}/refund`, {
      reason: 'Nothing',
      idempotencyKey: `none-${orderId}-abcdefghijkl`,
    });
    expect(unpaid.statusCode).toBe(409);
    const bad = await send('POST', `/api/admin/orders/${orderId}/refund`, {
      amountMinor: 10.5,
      reason: 'x',
      idempotencyKey: 'short',
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['amountMinor', 'idempotencyKey', 'reason']);
    expect((await get(`/api/admin/orders/${orderId}/invoice`)).statusCode).toBe(404);
  });

  it('when staff create, edit and deactivate a coupon, then checkout rules hold and each write is audited', async () => {
    const w1 = await createWorkshop(t.database.db, { shortTitle: 'Coupon One' });
    const w2 = await createWorkshop(t.database.db, { shortTitle: 'Coupon Two' });
    const body = {
      code: 'DIWALI20',
      kind: 'percent',
      percent: 20,
      maxClaims: 2,
      startsAt: '2026-11-01T00:00:00+05:30',
      expiresAt: '2026-12-01T00:00:00+05:30',
      workshopIds: [w1.id, w2.id],
    };
    const created = await send('POST', '/api/admin/coupons', body);
    expect(created.statusCode, created.body).toBe(200);
    const coupon = created.json().data;
    expect(coupon).toMatchObject({
      code: 'DIWALI20',
      kind: 'percent',
      percent: 20,
      isActive: true,
      maxClaims: 2,
    });
    expect(coupon.workshopIds.sort()).toEqual([w1.id, w2.id].sort());
    const links = await t.database.db
      .select()
      .from(couponWorkshops)
      .where(eq(couponWorkshops.couponId, coupon.id));
    expect(links).toHaveLength(2);

    // Same code in other case: taken.
    const dup = await send('POST', '/api/admin/coupons', { ...body, code: 'diwali20' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].path).toBe('code');
    // Checkout's rules: a percentage 1–100, a flat amount in some currency, the window in order.
    for (const [wrong, path] of [
      [{ ...body, code: 'P0', percent: 101 }, 'percent'],
      [{ ...body, code: 'FLAT1', kind: 'flat', percent: null }, 'flatInrMinor'],
      [{ ...body, code: 'WIN1', expiresAt: '2026-10-01T00:00:00Z' }, 'expiresAt'],
      [{ ...body, code: 'WS1', workshopIds: [999_999] }, 'workshopIds'],
    ] as const) {
      const res = await send('POST', '/api/admin/coupons', wrong);
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect((res.json().errors as { path: string }[]).map((e) => e.path)).toContain(path);
    }

    // A flat coupon in both currencies.
    const flat = await send('POST', '/api/admin/coupons', {
      code: 'FLAT500',
      kind: 'flat',
      flatInrMinor: 50_000,
      flatUsdMinor: 600,
      liveOnly: true,
    });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().data).toMatchObject({ flatInrMinor: 50_000, flatUsdMinor: 600, percent: null });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FLAT500'));
    expect(row).toMatchObject({ value: 50_000, currency: 'INR', flatUsdMinor: 600 });

    // Two claims (one used, one released): the cap cannot go below the claims made.
    const a = await learner(t, { name: 'Claimer A' });
    const b = await learner(t, { name: 'Claimer B' });
    await t.database.db.insert(couponClaims).values([
      { couponId: coupon.id, userId: a.id, status: 'used' },
      { couponId: coupon.id, userId: b.id, status: 'released' },
    ]);
    await t.database.db.update(coupons).set({ claimedCount: 1 }).where(eq(coupons.id, coupon.id));
    const listed = await get('/api/admin/coupons?q=diwali');
    expect(listed.json().data.items[0]).toMatchObject({
      code: 'DIWALI20',
      usage: { used: 1, released: 1, reserved: 0 },
    });
    const claims = await get(`/api/admin/coupons/${coupon.id}/claims?status=used`);
    expect(claims.json().data.items).toMatchObject([
      { status: 'used', user: { id: a.id, name: 'Claimer A' } },
    ]);

    const edit = { ...body, workshopIds: [w1.id] };
    const capped = await send('PUT', `/api/admin/coupons/${coupon.id}`, { ...edit, maxClaims: 1 });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json().data.workshopIds).toEqual([w1.id]);
    await t.database.db
      .update(coupons)
      .set({ maxClaims: null, claimedCount: 2 })
      .where(eq(coupons.id, coupon.id));
    const tooLow = await send('PUT', `/api/admin/coupons/${coupon.id}`, { ...edit, maxClaims: 1 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().errors[0].path).toBe('maxClaims');

    const off = await send('PUT', `/api/admin/coupons/${coupon.id}`, { ...edit, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.isActive).toBe(false);
    const inactive = await get('/api/admin/coupons?active=false');
    expect((inactive.json().data.items as { id: number }[]).map((c) => c.id)).toContain(coupon.id);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(coupon.id)));
    expect(audits.map((x) => x.action).filter((x) => x.startsWith('coupon.'))).toEqual([
      'coupon.create',
      'coupon.update',
      'coupon.deactivate',
    ]);
    expect((await send('PUT', '/api/admin/coupons/999999', edit)).statusCode).toBe(404);
  });

  it('when staff create a payment link, then it is listed open with its /pay path, payable by the public page, and audited', async () => {
    const res = await send('POST', '/api/admin/payment-links', {
      purpose: 'Portfolio review',
      amountMinor: 250_000,
      currency: 'INR',
      payeeName: 'Ravi',
      payeeEmail: 'ravi@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data;
    expect(link).toMatchObject({
      purpose: 'Portfolio review',
      status: 'open',
      amountMinor: 250_000,
      createdBy: 'Meera Admin',
    });
    expect(link.path).toMatch(/^\/pay\/[A-Za-z0-9_-]{20,}$/);
    const token = link.path.slice('/pay/'.length);
    const publicView = await get(`/api/custom/payment/${token}`, {});
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().data).toMatchObject({
      purpose: 'Portfolio review',
      amountMinor: 250_000,
      status: 'open',
    });

    const open = await get('/api/admin/payment-links?status=open&q=portfolio');
    expect((open.json().data.items as { id: number }[]).map((l) => l.id)).toContain(link.id);
    const paid = await get('/api/admin/payment-links?status=paid');
    expect((paid.json().data.items as { id: number }[]).map((l) => l.id)).not.toContain(link.id);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_link.create'), eq(auditLog.entityId, String(link.id))));
    expect(audit?.actorId).toBe(adminId);
    expect(JSON.stringify(audit?.after)).not.toContain(token);

    const bad = await send('POST', '/api/admin/payment-links', {
      purpose: 'x',
      amountMinor: 10,
      currency: 'EUR',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'amountMinor',
      'currency',
      'purpose',
    ]);
  });

  it('when a learner has an instalment plan with one paid, one overdue and one due, then the list says so and filters the overdue', async () => {
    const person = await learner(t, { name: 'Plan Person' });
    const [plan] = await t.database.db
      .insert(instalmentPlans)
      .values({ userId: person.id, batchId, totalMinor: 300_000, currency: 'INR' })
      .returning();
    const day = (offset: number) =>
      new Date(t.now.value.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const { orderId } = await paidOrder('Plan Payer');
    await t.database.db.insert(instalments).values([
      {
        planId: plan!.id,
        sequence: 1,
        dueDate: day(-40),
        amountMinor: 100_000,
        paidOrderId: orderId,
        paidAt: t.now.value,
      },
      { planId: plan!.id, sequence: 2, dueDate: day(-5), amountMinor: 100_000 },
      { planId: plan!.id, sequence: 3, dueDate: day(25), amountMinor: 100_000 },
    ]);
    const res = await get('/api/admin/instalment-plans?overdue=true&q=plan%20person');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toMatchObject([
      {
        id: plan!.id,
        instalments: 3,
        paid: 1,
        overdue: 1,
        paidMinor: 100_000,
        nextDue: day(-5),
        status: 'active',
      },
    ]);
    const none = await get('/api/admin/instalment-plans?overdue=false&q=plan%20person');
    expect(none.json().data.items).toEqual([]);
  });

  it('when a learner calls the money console, then it answers 404', async () => {
    const someone = await learner(t);
    for (const url of ['/api/admin/orders', '/api/admin/coupons', '/api/admin/payment-links']) {
      expect((await get(url, someone.headers)).statusCode).toBe(404);
    }
  });
});
