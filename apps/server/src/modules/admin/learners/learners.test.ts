import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  coinsWallets,
  enrolments,
  instalmentPlans,
  invoices,
  orders,
  payments,
  referralClaimForms,
  users,
  refunds,
} from '../../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';
import { createCurriculum } from '../../learning/testing.js';
import { createPayoutClaim, moveCoins } from '../../wallet/index.js';

/*
 * The console's learners and staff (issue 17 point 3) through the real app: the list and page,
 * each action with its validation, its audit row and what the learner (or the staff member)
 * notices — the dashboard losing a revoked course at once, an offline payment's order and
 * invoice, coins never below zero, a disabled account's token refused, a new role at once.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

describe('staff console: learners and staff (issue 17 point 3)', () => {
  let t: TestContext;
  let admin: { id: number; headers: Record<string, string> };
  let learner: { id: number; token: string; email: string };
  let workshopId = 0;
  let batchA = 0;
  let batchB = 0;
  let otherBatch = 0;

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers = admin.headers) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const audits = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
  const dashboard = (token: string, batchId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/course/batch/module/session',
      headers: bearer(token),
      payload: { batchId },
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off', DASHBOARD_CACHE_SECONDS: '600' } });
    const db = t.database.db;
    const a = await insertUser(db, { role: 'admin', name: 'Asha Admin' });
    admin = { id: a.id, headers: bearer((await insertSession(db, a.id, NOW)).token) };
    const l = await insertUser(db, { name: 'Kabir Mehta', email: 'kabir.mehta@example.test' });
    learner = { id: l.id, token: (await insertSession(db, l.id, NOW)).token, email: l.email! };
    const workshop = await createWorkshop(db, { shortTitle: 'Parametric Studio' });
    workshopId = workshop.id;
    batchA = (await createBatch(db, workshop.id)).id;
    batchB = (await createBatch(db, workshop.id, { startDate: '2027-01-10', endDate: '2027-02-01' })).id;
    otherBatch = (await createBatch(db, (await createWorkshop(db, { shortTitle: 'Other' })).id)).id;
    for (const batch of [batchA, batchB])
      await createCurriculum(db, batch, { modules: 1, sessionsPerModule: 1, firstDate: '2026-12-02' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when an admin searches by name, e-mail or mobile, then the list pages and finds the learner', async () => {
    for (const q of ['kabir', 'KABIR.MEHTA@', learner.email.slice(0, 6)]) {
      const res = await call('GET', `/api/admin/learners?q=${encodeURIComponent(q)}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items.map((r: { id: number }) => r.id)).toContain(learner.id);
    }
    const sorted = await call('GET', '/api/admin/learners?sort=-nope');
    expect(sorted.statusCode).toBe(400);
    // The row's counts are the learner's own (another account's wallet and enrolment do not count).
    const other = await insertUser(t.database.db, { name: 'Someone Else' });
    await t.database.db.transaction((tx) =>
      moveCoins(tx, { userId: other.id, delta: 70, reason: 'referral_reward', ref: `list:${other.id}` }),
    );
    await t.database.db.insert(enrolments).values({ userId: other.id, batchId: batchA });
    const rows = (await call('GET', '/api/admin/learners?pageSize=100')).json().data.items as {
      id: number;
      enrolments: number;
      walletCoins: number;
    }[];
    expect(rows.find((r) => r.id === learner.id)).toMatchObject({ enrolments: 0, walletCoins: 0 });
    expect(rows.find((r) => r.id === other.id)).toMatchObject({ enrolments: 1, walletCoins: 70 });
    const csv = await call('GET', '/api/admin/learners?q=kabir&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Kabir Mehta');
  });

  it('when the enrolment body is wrong, then 400 naming the field and nothing is written', async () => {
    for (const body of [
      { mode: 'free', batchId: batchA },
      { mode: 'offline', batchId: batchA, amountMinor: 0, currency: 'INR', reference: 'UTR123' },
      { mode: 'offline', batchId: batchA, amountMinor: 1000, currency: 'EUR', reference: 'UTR123' },
      { mode: 'gift', batchId: batchA, reason: 'because' },
      { mode: 'free', batchId: batchA, reason: 'ok then', extra: 1 },
    ]) {
      const res = await call('POST', `/api/admin/learners/${learner.id}/enrol`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
      expect(res.json().errors?.length ?? 0).toBeGreaterThan(0);
    }
    const unknown = await call('POST', `/api/admin/learners/${learner.id}/enrol`, {
      mode: 'free',
      batchId: 999999,
      reason: 'scholarship',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'batchId', message: 'must be the id of an existing batch' },
    ]);
    expect(await t.database.db.select().from(enrolments).where(eq(enrolments.userId, learner.id))).toEqual(
      [],
    );
  });

  it('when an admin enrols a learner free, then the dashboard opens the course, the audit has the row, and a second time is 409', async () => {
    const res = await call('POST', `/api/admin/learners/${learner.id}/enrol`, {
      mode: 'free',
      batchId: batchA,
      reason: 'Scholarship 2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ access: 'active', batch: { id: batchA }, orderId: null });
    expect((await dashboard(learner.token, batchA)).statusCode).toBe(200);
    const [row] = await audits('enrolment.enrol_free');
    expect(row).toMatchObject({
      actorId: admin.id,
      entity: 'enrolment',
      entityId: String(res.json().data.id),
    });
    expect(row!.after).toMatchObject({ userId: learner.id, batchId: batchA, reason: 'Scholarship 2026' });
    const again = await call('POST', `/api/admin/learners/${learner.id}/enrol`, {
      mode: 'free',
      batchId: batchA,
      reason: 'Scholarship 2026',
    });
    expect(again.statusCode).toBe(409);
  });

  it('when an admin revokes access, then the learner’s dashboard loses the course at once (even cached) and the page says revoked', async () => {
    // The dashboard's answer is cached (600 s) from the test before; the revoke must drop it.
    expect((await dashboard(learner.token, batchA)).statusCode).toBe(200);
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, learner.id), eq(enrolments.batchId, batchA)));
    const bad = await call('POST', `/api/admin/enrolments/${enrolment!.id}/revoke`, { reason: 'x' });
    expect(bad.statusCode).toBe(400);
    const res = await call('POST', `/api/admin/enrolments/${enrolment!.id}/revoke`, {
      reason: 'Chargeback filed with the bank',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.access).toBe('revoked');
    expect((await dashboard(learner.token, batchA)).statusCode).toBe(404);
    const courses = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/courses',
      headers: bearer(learner.token),
    });
    const listed = courses
      .json()
      .data.enrolledCourses.find((c: { Batch: { id: number } }) => c.Batch.id === batchA);
    expect(listed?.isDashboardAccess ?? false).toBe(false);
    expect((await audits('enrolment.revoke'))[0]!.after).toMatchObject({
      reason: 'Chargeback filed with the bank',
    });
    const page = await call('GET', `/api/admin/learners/${learner.id}`);
    expect(page.json().data.enrolments[0]).toMatchObject({ access: 'revoked', batch: { id: batchA } });
    expect(
      (await call('POST', `/api/admin/enrolments/${enrolment!.id}/revoke`, { reason: 'again now' }))
        .statusCode,
    ).toBe(409);
  });

  it('when an admin records an offline payment, then a paid order marked offline with its payment and invoice exists and access is back', async () => {
    const res = await call('POST', `/api/admin/learners/${learner.id}/enrol`, {
      mode: 'offline',
      batchId: batchA,
      amountMinor: 299900,
      currency: 'INR',
      reference: 'NEFT-UTR-88812',
    });
    expect(res.statusCode).toBe(200);
    const { orderId, access } = res.json().data;
    expect(access).toBe('active');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', kind: 'course', amountMinor: 299900, userId: learner.id });
    expect(order!.details).toMatchObject({ offline: { reference: 'NEFT-UTR-88812', recordedBy: admin.id } });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'captured', method: 'offline', amountMinor: 299900 });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect((await dashboard(learner.token, batchA)).statusCode).toBe(200);
    const page = (await call('GET', `/api/admin/learners/${learner.id}`)).json().data;
    expect(page.orders[0]).toMatchObject({ id: orderId, offline: true, status: 'paid' });
    expect((await audits('enrolment.enrol_offline'))[0]!.after).toMatchObject({
      orderId,
      reference: 'NEFT-UTR-88812',
    });

    // Money that came offline cannot go back through the provider: a clear 409, no refund row.
    const refund = await call('POST', `/api/admin/orders/${orderId}/refund`, {
      reason: 'Changed their mind',
      idempotencyKey: 'offline-refund-1',
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toMatch(/paid offline/);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });

  it('when an admin moves a learner, then only to a batch of the same workshop, and the instalment plan follows', async () => {
    const db = t.database.db;
    const [enrolment] = await db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, learner.id), eq(enrolments.batchId, batchA)));
    await db.insert(instalmentPlans).values({ userId: learner.id, batchId: batchA, totalMinor: 500000 });
    const wrong = await call('POST', `/api/admin/enrolments/${enrolment!.id}/move`, {
      batchId: otherBatch,
      reason: 'Wants the other course',
    });
    expect(wrong.statusCode).toBe(400);
    const res = await call('POST', `/api/admin/enrolments/${enrolment!.id}/move`, {
      batchId: batchB,
      reason: 'Clashes with exams',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ batch: { id: batchB }, workshop: { id: workshopId } });
    expect((await dashboard(learner.token, batchA)).statusCode).toBe(404);
    expect([200, 402]).toContain((await dashboard(learner.token, batchB)).statusCode);
    const [plan] = await db.select().from(instalmentPlans).where(eq(instalmentPlans.userId, learner.id));
    expect(plan!.batchId).toBe(batchB);
    expect((await audits('enrolment.move'))[0]).toMatchObject({
      before: { batchId: batchA },
      after: { batchId: batchB, reason: 'Clashes with exams' },
    });
  });

  it('when an admin acts on what does not exist or cannot move, then 404 or 409 and nothing changes', async () => {
    expect((await call('GET', '/api/admin/learners/999999')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/admin/learners/999999/coins', { coins: 5, reason: 'Nobody here' }))
        .statusCode,
    ).toBe(404);
    const db = t.database.db;
    const someone = await insertUser(db, { name: 'Revoked Rhea' });
    const [row] = await db.insert(enrolments).values({ userId: someone.id, batchId: batchA }).returning();
    await call('POST', `/api/admin/enrolments/${row!.id}/revoke`, { reason: 'Test revoke' });
    const move = await call('POST', `/api/admin/enrolments/${row!.id}/move`, {
      batchId: batchB,
      reason: 'Try to move',
    });
    expect(move.statusCode).toBe(409);
    const [after] = await db.select().from(enrolments).where(eq(enrolments.id, row!.id));
    expect(after!.batchId).toBe(batchA);
  });

  it('when an admin adjusts coins, then a ledger entry with the reason, never below zero, audited', async () => {
    const url = `/api/admin/learners/${learner.id}/coins`;
    expect((await call('POST', url, { coins: 0, reason: 'nothing' })).statusCode).toBe(400);
    expect((await call('POST', url, { coins: 1.5, reason: 'half a coin' })).statusCode).toBe(400);
    const add = await call('POST', url, { coins: 150, reason: 'Webinar volunteer' });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({ balance: 150, entry: { delta: 150, note: 'Webinar volunteer' } });
    const tooMuch = await call('POST', url, { coins: -151, reason: 'Correction' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('INSUFFICIENT_COINS');
    const take = await call('POST', url, { coins: -50, reason: 'Correction' });
    expect(take.json().data.balance).toBe(100);
    const [wallet] = await t.database.db
      .select()
      .from(coinsWallets)
      .where(eq(coinsWallets.userId, learner.id));
    expect(wallet!.walletCoins).toBe(100);
    expect(await audits('wallet.adjust')).toHaveLength(2);
    const page = (await call('GET', `/api/admin/learners/${learner.id}`)).json().data;
    expect(page.wallet.balance).toBe(100);
    expect(page.wallet.ledger[0]).toMatchObject({
      delta: -50,
      reason: 'admin_adjustment',
      note: 'Correction',
    });
  });

  it('when an admin settles payout requests, then paid keeps the coins out with its reference and rejected gives them back', async () => {
    const db = t.database.db;
    const payer = await insertUser(db, { name: 'Payout Person' });
    await db.transaction((tx) =>
      moveCoins(tx, { userId: payer.id, delta: 500, reason: 'referral_reward', ref: `test:${payer.id}` }),
    );
    const first = await db.transaction((tx) =>
      createPayoutClaim(tx, { userId: payer.id, coins: 200, upiId: 'payout@upi' }),
    );
    const second = await db.transaction((tx) =>
      createPayoutClaim(tx, { userId: payer.id, coins: 100, upiId: 'payout@upi' }),
    );
    const open = await call('GET', '/api/admin/payouts?q=payout');
    expect(open.json().data.items.map((p: { id: number }) => p.id)).toEqual([first.id, second.id]);
    expect(
      (await call('POST', `/api/admin/payouts/${first.id}/settle`, { outcome: 'paid' })).statusCode,
    ).toBe(400);
    const paid = await call('POST', `/api/admin/payouts/${first.id}/settle`, {
      outcome: 'paid',
      reference: 'UPI-REF-1',
    });
    expect(paid.json().data).toMatchObject({ status: 'paid', reference: 'UPI-REF-1' });
    const rejected = await call('POST', `/api/admin/payouts/${second.id}/settle`, {
      outcome: 'rejected',
      reason: 'UPI id does not exist',
    });
    expect(rejected.json().data.status).toBe('rejected');
    const [wallet] = await db.select().from(coinsWallets).where(eq(coinsWallets.userId, payer.id));
    expect(wallet!.walletCoins).toBe(300);
    const conflict = await call('POST', `/api/admin/payouts/${first.id}/settle`, {
      outcome: 'rejected',
      reason: 'changed my mind',
    });
    expect(conflict.statusCode).toBe(409);
    expect((await call('GET', '/api/admin/payouts?q=payout')).json().data.items).toEqual([]);
    const csv = await call('GET', '/api/admin/payouts?q=payout&status=all&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('UPI-REF-1');
    expect(csv.body).toContain('UPI id does not exist');
    expect(await audits('payout.pay')).toHaveLength(1);
    expect(await audits('payout.reject')).toHaveLength(1);
    const [claim] = await db.select().from(referralClaimForms).where(eq(referralClaimForms.id, first.id));
    expect(claim!.details).toMatchObject({ settlement: { reference: 'UPI-REF-1' } });
  });

  describe('staff accounts and roles', () => {
    it('when an admin makes a learner an instructor, then their token opens the console at once; demoted, it does not', async () => {
      const db = t.database.db;
      const person = await insertUser(db, { name: 'Ira Instructor', email: 'ira.instructor@example.test' });
      const token = (await insertSession(db, person.id, NOW)).token;
      const me = () => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
      expect((await me()).statusCode).toBe(404);
      const unknown = await call('POST', '/api/admin/staff', {
        email: 'nobody.here@example.test',
        role: 'instructor',
      });
      expect(unknown.statusCode).toBe(400);
      const added = await call('POST', '/api/admin/staff', {
        email: 'IRA.instructor@example.test',
        role: 'instructor',
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data).toMatchObject({ id: person.id, role: 'instructor' });
      expect((await me()).statusCode).toBe(200);
      const staff = await call('GET', '/api/admin/staff?q=ira');
      expect(staff.json().data.items.map((r: { id: number }) => r.id)).toEqual([person.id]);
      const back = await call('POST', `/api/admin/users/${person.id}/role`, {
        role: 'learner',
        reason: 'Left the school',
      });
      expect(back.json().data.role).toBe('learner');
      expect((await me()).statusCode).toBe(404);
      const rows = await audits('user.role');
      expect(rows.map((r) => r.after)).toEqual([
        { role: 'instructor', via: 'staff.add' },
        { role: 'learner', reason: 'Left the school' },
      ]);
      expect((await call('POST', `/api/admin/users/${person.id}/role`, { role: 'boss' })).statusCode).toBe(
        400,
      );
    });

    it('when an admin disables an account, then its token is refused at once; enabled, it works again', async () => {
      const db = t.database.db;
      const person = await insertUser(db, { name: 'Dev Disabled' });
      const token = (await insertSession(db, person.id, NOW)).token;
      const profile = () =>
        t.app.inject({ method: 'GET', url: '/api/user/profile/courses', headers: bearer(token) });
      expect((await profile()).statusCode).toBe(200);
      expect(
        (await call('POST', `/api/admin/users/${person.id}/disabled`, { disabled: true })).statusCode,
      ).toBe(400);
      const off = await call('POST', `/api/admin/users/${person.id}/disabled`, {
        disabled: true,
        reason: 'Spam signups',
      });
      expect(off.json().data.disabled).toBe(true);
      expect((await profile()).statusCode).toBe(401);
      const on = await call('POST', `/api/admin/users/${person.id}/disabled`, {
        disabled: false,
        reason: 'Cleared',
      });
      expect(on.json().data.disabled).toBe(false);
      expect((await profile()).statusCode).toBe(200);
      expect((await audits('user.disable'))[0]!.after).toEqual({ disabled: true, reason: 'Spam signups' });
      expect(await audits('user.enable')).toHaveLength(1);
    });

    it('when an admin tries to demote or disable themself, then 409 with a clear message and nothing changes', async () => {
      const demote = await call('POST', `/api/admin/users/${admin.id}/role`, { role: 'learner' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/own role/);
      const disable = await call('POST', `/api/admin/users/${admin.id}/disabled`, {
        disabled: true,
        reason: 'oops now',
      });
      expect(disable.statusCode).toBe(409);
      expect(disable.json().message).toMatch(/own account/);
      const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
      expect(me).toMatchObject({ role: 'admin', disabledAt: null });
      expect((await call('GET', '/api/admin/me')).statusCode).toBe(200);
    });
  });
});
