import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentResponses,
  batches,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
  enrolments,
  instalmentPlans,
  instalments,
  leads,
  orders,
  payments,
  refunds,
  utmClicks,
} from '../../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';
import { createCurriculum } from '../../learning/testing.js';

/*
 * The console's reports (issue 17 point 7) against rows seeded here, each expected figure worked
 * out by hand below: INR and USD kept apart, refunds netted on the day they are processed, days
 * on the Indian calendar (an order paid at 20:00 UTC counts on the next day), overdue judged by
 * the test clock (today = 2026-11-20 in Asia/Kolkata).
 */

const NOW = new Date('2026-11-20T10:00:00Z');
const at = (iso: string) => new Date(iso);
const NOV = 'from=2026-11-01&to=2026-11-30';

describe('staff console reports (issue 17 point 7)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let instructor: Record<string, string>;
  const ids = { workshopA: 0, workshopB: 0, batchA: 0, batchB: 0, moduleA1: 0, moduleA2: 0 };

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    const adminUser = await insertUser(db, { role: 'admin', name: 'Report Admin' });
    admin = bearer((await insertSession(db, adminUser.id, NOW)).token);
    const instructorUser = await insertUser(db, { role: 'instructor' });
    instructor = bearer((await insertSession(db, instructorUser.id, NOW)).token);

    const workshopA = await createWorkshop(db, { title: 'Parametric Studio' });
    const workshopB = await createWorkshop(db, { title: 'Sketch Lab' });
    const batchA = await createBatch(db, workshopA.id);
    const batchB = await createBatch(db, workshopB.id);
    await db.update(batches).set({ name: 'A November' }).where(eq(batches.id, batchA.id));
    await db.update(batches).set({ name: 'B November' }).where(eq(batches.id, batchB.id));
    Object.assign(ids, {
      workshopA: workshopA.id,
      workshopB: workshopB.id,
      batchA: batchA.id,
      batchB: batchB.id,
    });

    const [u1, u2, u3, u4, u5, u6] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => insertUser(db, { name: `Buyer ${n}` })),
    );

    // ---- Orders (revenue, enrolments, funnel) ---------------------------------------------
    const order = async (values: Partial<typeof orders.$inferInsert>) => {
      const [row] = await db
        .insert(orders)
        .values({ kind: 'course', provider: 'sandbox', status: 'paid', amountMinor: 0, ...values })
        .returning();
      return row!;
    };
    // O1 INR 3000.00 on 5 Nov (09:30 IST).
    const o1 = await order({
      userId: u1!.id,
      batchId: batchA.id,
      amountMinor: 300000,
      paidAt: at('2026-11-05T04:00:00Z'),
    });
    // O2 INR 1500.00, a guest, paid 5 Nov 20:00 UTC = 6 Nov 01:30 IST → day 6 Nov.
    await order({
      guestEmail: 'Guest.Buyer@Example.test',
      batchId: batchB.id,
      amountMinor: 150000,
      paidAt: at('2026-11-05T20:00:00Z'),
    });
    // O3 USD 49.00 on 5 Nov, refunded in full on 10 Nov.
    const o3 = await order({
      userId: u2!.id,
      batchId: batchA.id,
      amountMinor: 4900,
      currency: 'USD',
      status: 'refunded',
      paidAt: at('2026-11-05T06:00:00Z'),
    });
    // O4 INR 2000.00 on 5 Nov, ₹500 refunded the same day.
    const o4 = await order({
      userId: u4!.id,
      batchId: batchB.id,
      amountMinor: 200000,
      paidAt: at('2026-11-05T10:00:00Z'),
    });
    // Never paid: counted nowhere.
    await order({ userId: u5!.id, batchId: batchB.id, amountMinor: 999, status: 'created' });
    // O6 INR 5000.00, paid 31 Oct 20:00 UTC = 1 Nov 01:30 IST → in November.
    await order({
      userId: u6!.id,
      batchId: batchA.id,
      amountMinor: 500000,
      paidAt: at('2026-10-31T20:00:00Z'),
    });
    // O7 paid 30 Nov 19:00 UTC = 1 Dec 00:30 IST → outside November.
    await order({
      userId: u6!.id,
      batchId: batchB.id,
      amountMinor: 700000,
      paidAt: at('2026-11-30T19:00:00Z'),
    });

    // A payment that did not match its order (flagged, never paid), returned in full: neither
    // revenue nor a refund of revenue.
    const flagged = await order({
      userId: u5!.id,
      batchId: batchB.id,
      amountMinor: 100000,
      status: 'attempted',
      flaggedAt: at('2026-11-05T09:00:00Z'),
      flagReason: 'amount differs',
    });
    const [p3, p4, pFlagged] = await db
      .insert(payments)
      .values([
        {
          orderId: o3.id,
          providerPaymentId: 'pay_o3',
          amountMinor: 4900,
          currency: 'USD',
          status: 'refunded',
        },
        {
          orderId: o4.id,
          providerPaymentId: 'pay_o4',
          amountMinor: 200000,
          currency: 'INR',
          status: 'captured',
        },
        {
          orderId: flagged.id,
          providerPaymentId: 'pay_flagged',
          amountMinor: 90000,
          currency: 'INR',
          status: 'refunded',
        },
      ])
      .returning();
    await db.insert(refunds).values([
      {
        paymentId: p3!.id,
        orderId: o3.id,
        amountMinor: 4900,
        currency: 'USD',
        status: 'processed',
        processedAt: at('2026-11-10T05:00:00Z'),
      },
      {
        paymentId: p4!.id,
        orderId: o4.id,
        amountMinor: 50000,
        currency: 'INR',
        status: 'processed',
        processedAt: at('2026-11-05T12:00:00Z'),
      },
      {
        paymentId: pFlagged!.id,
        orderId: flagged.id,
        amountMinor: 90000,
        currency: 'INR',
        status: 'processed',
        processedAt: at('2026-11-05T09:30:00Z'),
      },
      // Still pending: not money back yet.
      { paymentId: p4!.id, orderId: o4.id, amountMinor: 10000, currency: 'INR', status: 'pending' },
    ]);

    // ---- Enrolments --------------------------------------------------------------------
    await db.insert(enrolments).values([
      { userId: u1!.id, batchId: batchA.id, sourceOrderId: o1.id, createdAt: at('2026-11-05T04:00:00Z') },
      {
        userId: u2!.id,
        batchId: batchA.id,
        sourceOrderId: o3.id,
        isRefund: true,
        createdAt: at('2026-11-05T06:00:00Z'),
      },
      // Offline: no order.
      { userId: u3!.id, batchId: batchA.id, createdAt: at('2026-11-07T06:00:00Z') },
      { userId: u4!.id, batchId: batchB.id, sourceOrderId: o4.id, createdAt: at('2026-11-05T10:00:00Z') },
      // October: outside the range.
      { userId: u5!.id, batchId: batchB.id, createdAt: at('2026-10-15T06:00:00Z') },
    ]);

    // ---- Funnel: UTM clicks and leads --------------------------------------------------
    await db.insert(utmClicks).values([
      { trackerId: 't1', utmSource: 'google', utmCampaign: 'diwali', createdAt: at('2026-11-03T05:00:00Z') },
      { trackerId: 't1', utmSource: 'google', utmCampaign: 'diwali', createdAt: at('2026-11-03T06:00:00Z') },
      { trackerId: 't2', utmSource: 'google', utmCampaign: 'diwali', createdAt: at('2026-11-04T05:00:00Z') },
      {
        trackerId: 't3',
        utmSource: 'instagram',
        utmCampaign: 'reels',
        createdAt: at('2026-11-04T05:00:00Z'),
      },
      { trackerId: 't4', utmSource: 'google', utmCampaign: 'diwali', createdAt: at('2026-10-20T05:00:00Z') },
    ]);
    let n = 0;
    const lead = (contact: { email?: string; mobile?: string }, utm: [string, string], created: string) => {
      n += 1;
      return {
        contactKey: contact.email ?? contact.mobile!,
        email: contact.email ?? null,
        mobile: contact.mobile ?? null,
        source: 'callback',
        payload: { utmSource: utm[0], utmCampaign: utm[1] },
        dedupeKey: `lead:test:${n}`,
        createdAt: at(created),
      };
    };
    await db.insert(leads).values([
      lead({ email: u1!.email! }, ['google', 'diwali'], '2026-11-04T05:00:00Z'),
      lead({ email: u4!.email! }, ['instagram', 'reels'], '2026-11-04T05:00:00Z'),
      lead({ email: 'nobuy@example.test' }, ['google', 'diwali'], '2026-11-06T05:00:00Z'),
      // u2 is known to the lead only by mobile.
      lead({ mobile: u2!.mobile! }, ['instagram', 'reels'], '2026-11-01T05:00:00Z'),
      lead({ email: 'guest.buyer@example.test' }, ['google', 'brand'], '2026-11-02T05:00:00Z'),
      // u1's later lead (after paying): counts as a lead, does not take O1.
      lead({ email: u1!.email! }, ['facebook', 'retarget'], '2026-11-10T05:00:00Z'),
    ]);

    // ---- Instalments -------------------------------------------------------------------
    const [plan1, plan2, plan3] = await db
      .insert(instalmentPlans)
      .values([
        { userId: u1!.id, batchId: batchA.id, totalMinor: 400000, currency: 'INR' },
        { userId: u2!.id, batchId: batchB.id, totalMinor: 5000, currency: 'USD' },
        { userId: u3!.id, batchId: batchA.id, totalMinor: 99999, currency: 'INR', status: 'cancelled' },
      ])
      .returning();
    await db.insert(instalments).values([
      {
        planId: plan1!.id,
        sequence: 1,
        dueDate: '2026-11-02',
        amountMinor: 100000,
        paidAt: at('2026-11-02T05:00:00Z'),
      },
      { planId: plan1!.id, sequence: 2, dueDate: '2026-11-16', amountMinor: 100000 },
      { planId: plan1!.id, sequence: 3, dueDate: '2026-11-20', amountMinor: 100000 },
      { planId: plan1!.id, sequence: 4, dueDate: '2026-12-05', amountMinor: 100000 },
      { planId: plan2!.id, sequence: 1, dueDate: '2026-11-16', amountMinor: 2500 },
      {
        planId: plan2!.id,
        sequence: 2,
        dueDate: '2026-11-25',
        amountMinor: 2500,
        paidAt: at('2026-11-19T05:00:00Z'),
      },
      { planId: plan3!.id, sequence: 1, dueDate: '2026-11-16', amountMinor: 99999 },
    ]);

    // ---- Quizzes and assignments -------------------------------------------------------
    const curriculumA = await createCurriculum(db, batchA.id, {
      modules: 2,
      sessionsPerModule: 1,
      firstDate: '2026-11-02',
      quiz: true,
    });
    const curriculumB = await createCurriculum(db, batchB.id, {
      modules: 1,
      sessionsPerModule: 1,
      firstDate: '2026-11-02',
    });
    const [m1, m2] = curriculumA.modules;
    ids.moduleA1 = m1!.id;
    ids.moduleA2 = m2!.id;
    // Module 2 passes at 50 %.
    await db.update(courseQuizzes).set({ passPercentage: 50 }).where(eq(courseQuizzes.moduleId, m2!.id));
    const questions = await db
      .select({
        id: courseQuizQuestions.id,
        moduleId: courseQuizQuestions.moduleId,
        seq: courseQuizQuestions.sequence,
      })
      .from(courseQuizQuestions)
      .where(inArray(courseQuizQuestions.moduleId, [m1!.id, m2!.id]));
    const options = await db
      .select({
        id: courseQuizOptions.id,
        questionId: courseQuizOptions.questionId,
        isCorrect: courseQuizOptions.isCorrect,
      })
      .from(courseQuizOptions)
      .where(
        inArray(
          courseQuizOptions.questionId,
          questions.map((q) => q.id),
        ),
      );
    const answer = (
      userId: number,
      moduleId: number,
      seq: number,
      right: boolean,
      attempt: number,
      created: string,
    ) => {
      const question = questions.find((q) => q.moduleId === moduleId && q.seq === seq)!;
      const option = options.find((o) => o.questionId === question.id && o.isCorrect === right)!;
      return { userId, questionId: question.id, optionId: option.id, attempt, createdAt: at(created) };
    };
    await db.insert(courseQuizResponses).values([
      // Module 1 (pass at 60 %): u1 fails at 50 %, then passes at 100 %.
      answer(u1!.id, m1!.id, 1, true, 1, '2026-11-10T05:00:00Z'),
      answer(u1!.id, m1!.id, 2, false, 1, '2026-11-10T05:01:00Z'),
      answer(u1!.id, m1!.id, 1, true, 2, '2026-11-11T05:00:00Z'),
      answer(u1!.id, m1!.id, 2, true, 2, '2026-11-11T05:01:00Z'),
      // u2 answers one question of two: not passed.
      answer(u2!.id, m1!.id, 1, true, 1, '2026-11-12T05:00:00Z'),
      // u3 in October: outside the range.
      answer(u3!.id, m1!.id, 1, true, 1, '2026-10-20T05:00:00Z'),
      answer(u3!.id, m1!.id, 2, true, 1, '2026-10-20T05:01:00Z'),
      // Module 2 (pass at 50 %): u1 passes with one of two.
      answer(u1!.id, m2!.id, 1, true, 1, '2026-11-12T05:00:00Z'),
      answer(u1!.id, m2!.id, 2, false, 1, '2026-11-12T05:01:00Z'),
    ]);

    const a1 = curriculumA.sessions[0]!.assignmentIds[0]!;
    const a2 = curriculumA.sessions[1]!.assignmentIds[0]!;
    const b1 = curriculumB.sessions[0]!.assignmentIds[0]!;
    const submitted = (assignmentId: number, userId: number, created: string, reviewed?: string) => ({
      assignmentId,
      userId,
      link: 'https://example.test/work',
      createdAt: at(created),
      reviewedAt: reviewed ? at(reviewed) : null,
      points: reviewed ? 8 : null,
    });
    await db.insert(assignmentResponses).values([
      // Batch A: reviewed after 10 h, 24 h and 48 h; one waiting.
      submitted(a1, u1!.id, '2026-11-10T00:00:00Z', '2026-11-10T10:00:00Z'),
      submitted(a1, u2!.id, '2026-11-10T00:00:00Z', '2026-11-11T00:00:00Z'),
      submitted(a1, u3!.id, '2026-11-10T00:00:00Z', '2026-11-12T00:00:00Z'),
      submitted(a2, u1!.id, '2026-11-12T00:00:00Z'),
      // October: outside the range.
      submitted(a2, u2!.id, '2026-10-01T00:00:00Z', '2026-10-01T01:00:00Z'),
      // Batch B: one waiting, none reviewed.
      submitted(b1, u4!.id, '2026-11-15T00:00:00Z'),
    ]);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('when revenue is asked by day, then INR and USD stay apart, refunds are netted on their day, and days are Indian days', async () => {
    const res = await get(`/api/admin/reports/revenue?${NOV}&group=day`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rows).toEqual([
      {
        period: '2026-11-01',
        currency: 'INR',
        paidOrders: 1,
        grossMinor: 500000,
        refunds: 0,
        refundsMinor: 0,
        netMinor: 500000,
      },
      {
        period: '2026-11-05',
        currency: 'INR',
        paidOrders: 2,
        grossMinor: 500000,
        refunds: 1,
        refundsMinor: 50000,
        netMinor: 450000,
      },
      {
        period: '2026-11-05',
        currency: 'USD',
        paidOrders: 1,
        grossMinor: 4900,
        refunds: 0,
        refundsMinor: 0,
        netMinor: 4900,
      },
      {
        period: '2026-11-06',
        currency: 'INR',
        paidOrders: 1,
        grossMinor: 150000,
        refunds: 0,
        refundsMinor: 0,
        netMinor: 150000,
      },
      {
        period: '2026-11-10',
        currency: 'USD',
        paidOrders: 0,
        grossMinor: 0,
        refunds: 1,
        refundsMinor: 4900,
        netMinor: -4900,
      },
    ]);
    expect(data.totals).toEqual([
      {
        currency: 'INR',
        paidOrders: 4,
        grossMinor: 1150000,
        refunds: 1,
        refundsMinor: 50000,
        netMinor: 1100000,
      },
      { currency: 'USD', paidOrders: 1, grossMinor: 4900, refunds: 1, refundsMinor: 4900, netMinor: 0 },
    ]);
  });

  it('when revenue is asked by month, then one row per currency for November', async () => {
    const data = (await get(`/api/admin/reports/revenue?${NOV}&group=month`)).json().data;
    expect(data.group).toBe('month');
    expect(data.rows).toEqual([
      {
        period: '2026-11-01',
        currency: 'INR',
        paidOrders: 4,
        grossMinor: 1150000,
        refunds: 1,
        refundsMinor: 50000,
        netMinor: 1100000,
      },
      {
        period: '2026-11-01',
        currency: 'USD',
        paidOrders: 1,
        grossMinor: 4900,
        refunds: 1,
        refundsMinor: 4900,
        netMinor: 0,
      },
    ]);
  });

  it('when enrolments are asked, then each workshop and batch counts paid, free and refunded', async () => {
    const data = (await get(`/api/admin/reports/enrolments?${NOV}`)).json().data;
    expect(data.workshops).toEqual([
      {
        workshopId: ids.workshopA,
        workshop: 'Parametric Studio',
        enrolments: 3,
        paid: 2,
        free: 1,
        refunded: 1,
      },
      { workshopId: ids.workshopB, workshop: 'Sketch Lab', enrolments: 1, paid: 1, free: 0, refunded: 0 },
    ]);
    expect(data.batches).toEqual([
      {
        workshopId: ids.workshopA,
        workshop: 'Parametric Studio',
        batchId: ids.batchA,
        batch: 'A November',
        enrolments: 3,
        paid: 2,
        free: 1,
        refunded: 1,
      },
      {
        workshopId: ids.workshopB,
        workshop: 'Sketch Lab',
        batchId: ids.batchB,
        batch: 'B November',
        enrolments: 1,
        paid: 1,
        free: 0,
        refunded: 0,
      },
    ]);
  });

  it("when the funnel is asked, then visitors, leads and paid orders line up by UTM, orders taking the buyer's latest earlier lead", async () => {
    const data = (await get(`/api/admin/reports/funnel?${NOV}`)).json().data;
    expect(data.rows).toEqual([
      { source: 'instagram', campaign: 'reels', visitors: 1, leads: 2, paidOrders: 2 },
      { source: 'google', campaign: 'diwali', visitors: 2, leads: 2, paidOrders: 1 },
      { source: 'google', campaign: 'brand', visitors: 0, leads: 1, paidOrders: 1 },
      { source: '(none)', campaign: '(none)', visitors: 0, leads: 0, paidOrders: 1 },
      { source: 'facebook', campaign: 'retarget', visitors: 0, leads: 1, paidOrders: 0 },
    ]);
    expect(data.totals).toEqual({ visitors: 3, leads: 6, paidOrders: 5 });
  });

  it('when instalments are asked by week, then due, paid, unpaid and overdue (by today) per currency', async () => {
    const data = (await get(`/api/admin/reports/instalments?${NOV}&group=week`)).json().data;
    expect(data.today).toBe('2026-11-20');
    const zero = {
      paidCount: 0,
      paidMinor: 0,
      unpaidCount: 0,
      unpaidMinor: 0,
      overdueCount: 0,
      overdueMinor: 0,
    };
    expect(data.rows).toEqual([
      {
        ...zero,
        period: '2026-11-02',
        currency: 'INR',
        dueCount: 1,
        dueMinor: 100000,
        paidCount: 1,
        paidMinor: 100000,
      },
      {
        ...zero,
        period: '2026-11-16',
        currency: 'INR',
        dueCount: 2,
        dueMinor: 200000,
        unpaidCount: 2,
        unpaidMinor: 200000,
        overdueCount: 1,
        overdueMinor: 100000,
      },
      {
        ...zero,
        period: '2026-11-16',
        currency: 'USD',
        dueCount: 1,
        dueMinor: 2500,
        unpaidCount: 1,
        unpaidMinor: 2500,
        overdueCount: 1,
        overdueMinor: 2500,
      },
      {
        ...zero,
        period: '2026-11-23',
        currency: 'USD',
        dueCount: 1,
        dueMinor: 2500,
        paidCount: 1,
        paidMinor: 2500,
      },
    ]);
    expect(data.totals).toEqual([
      {
        currency: 'INR',
        dueCount: 3,
        dueMinor: 300000,
        paidCount: 1,
        paidMinor: 100000,
        unpaidCount: 2,
        unpaidMinor: 200000,
        overdueCount: 1,
        overdueMinor: 100000,
      },
      {
        currency: 'USD',
        dueCount: 2,
        dueMinor: 5000,
        paidCount: 1,
        paidMinor: 2500,
        unpaidCount: 1,
        unpaidMinor: 2500,
        overdueCount: 1,
        overdueMinor: 2500,
      },
    ]);
  });

  it('when quiz pass rates are asked, then each module counts attempts and those that passed by its own mark', async () => {
    const data = (await get(`/api/admin/reports/quizzes?${NOV}`)).json().data;
    const common = {
      workshopId: ids.workshopA,
      workshop: 'Parametric Studio',
      batchId: ids.batchA,
      batch: 'A November',
    };
    expect(data.rows).toEqual([
      {
        ...common,
        moduleId: ids.moduleA1,
        module: 'Module 1',
        learners: 2,
        attempts: 3,
        passed: 1,
        passRate: 33,
      },
      {
        ...common,
        moduleId: ids.moduleA2,
        module: 'Module 2',
        learners: 1,
        attempts: 1,
        passed: 1,
        passRate: 100,
      },
    ]);
  });

  it('when assignment turnaround is asked, then each batch has its median and p90 hours and what still waits', async () => {
    const data = (await get(`/api/admin/reports/assignments?${NOV}`)).json().data;
    expect(data.rows).toEqual([
      {
        workshopId: ids.workshopA,
        workshop: 'Parametric Studio',
        batchId: ids.batchA,
        batch: 'A November',
        submitted: 4,
        reviewed: 3,
        pending: 1,
        // Hours 10, 24, 48: median 24; p90 = 24 + 0.8 × (48 − 24).
        medianHours: 24,
        p90Hours: 43.2,
      },
      {
        workshopId: ids.workshopB,
        workshop: 'Sketch Lab',
        batchId: ids.batchB,
        batch: 'B November',
        submitted: 1,
        reviewed: 0,
        pending: 1,
        medianHours: null,
        p90Hours: null,
      },
    ]);
  });

  it('when a range holds nothing, then every report answers empty rows, not an error', async () => {
    const empty = 'from=2025-01-01&to=2025-01-31';
    const revenue = await get(`/api/admin/reports/revenue?${empty}`);
    expect(revenue.statusCode).toBe(200);
    expect(revenue.json().data).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      group: 'day',
      rows: [],
      totals: [],
    });
    expect((await get(`/api/admin/reports/enrolments?${empty}`)).json().data).toMatchObject({
      workshops: [],
      batches: [],
    });
    expect((await get(`/api/admin/reports/funnel?${empty}`)).json().data).toMatchObject({
      rows: [],
      totals: { visitors: 0, leads: 0, paidOrders: 0 },
    });
    expect((await get(`/api/admin/reports/instalments?${empty}`)).json().data).toMatchObject({
      rows: [],
      totals: [],
    });
    expect((await get(`/api/admin/reports/quizzes?${empty}`)).json().data.rows).toEqual([]);
    expect((await get(`/api/admin/reports/assignments?${empty}`)).json().data.rows).toEqual([]);
  });

  it('when the range is bad, then 400 naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['revenue', 'from=2026-11-30&to=2026-11-01', /on or after from/],
      ['funnel', 'from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['quizzes', 'from=2026-02-30&to=2026-03-01', /real calendar day/],
      ['enrolments', 'to=2026-11-01', /from/],
      ['instalments', `${NOV}&group=year`, /day, week or month/],
      ['assignments', `${NOV}&extra=1`, /extra/],
    ];
    for (const [report, query, message] of cases) {
      const res = await get(`/api/admin/reports/${report}?${query}`);
      expect(res.statusCode, `${report}?${query}`).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(message);
    }
    // A whole leap year plus a day is still 366 days: allowed.
    expect((await get('/api/admin/reports/funnel?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });

  it('when a report is exported, then its table comes as a CSV download named after the range', async () => {
    const res = await get(`/api/admin/reports/revenue?${NOV}&group=month&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('revenue-2026-11-01-to-2026-11-30.csv');
    expect(res.body).toBe(
      'period,currency,paid_orders,gross_minor,refunds,refunds_minor,net_minor\r\n' +
        '2026-11-01,INR,4,1150000,1,50000,1100000\r\n' +
        '2026-11-01,USD,1,4900,1,4900,0\r\n',
    );
    const funnel = await get(`/api/admin/reports/funnel?${NOV}&format=csv`);
    expect(funnel.body.split('\r\n')[0]).toBe('utm_source,utm_campaign,visitors,leads,paid_orders');
    const assignments = await get(`/api/admin/reports/assignments?${NOV}&format=csv`);
    expect(assignments.body).toContain('Parametric Studio,');
    expect(assignments.body).toContain(',24,43.2\r\n');
  });

  it('when an instructor asks for a report, then 404 like any other non-admin', async () => {
    expect((await get(`/api/admin/reports/revenue?${NOV}`, instructor)).statusCode).toBe(404);
  });

  it('when the API is described, then each report names its range and grouping parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const names = (path: string) =>
      (doc.paths[path].get.parameters as { name: string; in: string }[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(names('/api/admin/reports/revenue')).toEqual(['format', 'from', 'group', 'to']);
    expect(names('/api/admin/reports/funnel')).toEqual(['format', 'from', 'to']);
  });
});
