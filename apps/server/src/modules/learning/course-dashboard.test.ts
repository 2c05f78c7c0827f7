import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentResponses,
  batches,
  courseModuleSessions,
  enrolments,
  feedbackRatings,
  instalments,
  moderatorAccessAudit,
  moduleCertificateModals,
} from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { fixInstalmentPlan, markInstalmentPaid } from '../checkout/index.js';
import { insertOrder } from '../checkout/testing.js';
import { invalidateCurriculum } from './index.js';
import { countQueries, createCurriculum, enrol } from './testing.js';

// 12:00 in Asia/Kolkata (the platform's zone).
const NOW = new Date('2026-03-10T06:30:00Z');
const TODAY = '2026-03-10';
const day = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let t: TestContext;
beforeAll(async () => {
  // The uncached path (the answers kept in memory are dashboard-cache.test.ts's): 0 turns them off.
  t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off', DASHBOARD_CACHE_SECONDS: '0' } });
}, 120_000);
afterAll(async () => t?.close());

async function learner(role?: 'moderator' | 'admin') {
  const user = await insertUser(t.database.db, role ? { role } : {});
  const { token } = await insertSession(t.database.db, user.id, NOW);
  return { ...user, token };
}

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const dashboard = (token: string, body: { batchId: number; userId?: number }) =>
  post('/api/user/course/batch/module/session', token, body);

/** A live course with `modules` × `sessions` (one a day from `firstDay` days from today). */
async function course(opts: { modules?: number; sessions?: number; firstDay?: number; quiz?: boolean } = {}) {
  const { db } = t.database;
  const workshop = await createWorkshop(db, { shortTitle: 'Grasshopper' });
  const batch = await createBatch(db, workshop.id, { startDate: day(opts.firstDay ?? -3), endDate: day(30) });
  await db.update(batches).set({ zoomLink: 'https://zoom.us/j/123' }).where(eq(batches.id, batch.id));
  const curriculum = await createCurriculum(db, batch.id, {
    modules: opts.modules ?? 3,
    sessionsPerModule: opts.sessions ?? 2,
    firstDate: day(opts.firstDay ?? -3),
    quiz: opts.quiz ?? true,
  });
  return { workshop, batch, curriculum };
}

describe('POST /api/user/course/batch/module/session', () => {
  it('when a learner opens their course, then modules, sessions and assignments come in order with only their own responses, popups and feedback forms', async () => {
    const { db } = t.database;
    const { workshop, batch, curriculum } = await course();
    const a = await learner();
    const b = await learner();
    await enrol(db, a.id, batch.id);
    await enrol(db, b.id, batch.id);
    const first = curriculum.sessions[0]!.assignmentIds[0]!;
    const [mine] = await db
      .insert(assignmentResponses)
      .values({
        assignmentId: first,
        userId: a.id,
        pdf: 'private/assignments/0123456789abcdef0123456789abcdef.pdf',
        pdfName: 'my-work.pdf',
        points: 8,
      })
      .returning();
    const [theirs] = await db
      .insert(assignmentResponses)
      .values({ assignmentId: first, userId: b.id, link: 'https://example.com/b' })
      .returning();
    await db.insert(moduleCertificateModals).values({ userId: a.id, moduleId: curriculum.modules[0]!.id });

    const res = await dashboard(a.token, { batchId: batch.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.course).toEqual({
      id: workshop.id,
      name: workshop.title,
      type: workshop.type,
      slug: workshop.slug,
      zoomLink: 'https://zoom.us/j/123',
      Batches: [{ id: batch.id, startDate: day(-3) }],
    });
    expect(data.batch).toEqual({ id: batch.id, sessionType: 1, startDate: day(-3), endDate: day(30) });
    expect(data.isCertModal).toBe(true);
    expect(data.isModeratorView).toBe(false);
    expect(data.feedbackRatings).toEqual([
      { type: 1, status: 0 },
      { type: 2, status: 0 },
    ]);
    expect(data.courseModules.map((m: { sequence: number }) => m.sequence)).toEqual([1, 2, 3]);
    expect(data.courseModules[0].Modals).toEqual([
      { id: expect.any(Number), moduleId: curriculum.modules[0]!.id, isSeen: false },
    ]);
    expect(data.courseModules[1].Modals).toEqual([]);
    expect(data.courseModules.every((m: { hasQuiz: boolean }) => m.hasQuiz)).toBe(true);
    const sessions = data.courseModules.flatMap(
      (m: { CourseModuleDetails: { CourseModuleSession: unknown }[] }) =>
        m.CourseModuleDetails.map((d) => d.CourseModuleSession),
    );
    expect(sessions.map((s: { id: number }) => s.id)).toEqual(curriculum.sessions.map((s) => s.id));
    // Entries are unique per session (a unit may hold several), and name their unit.
    const entries = data.courseModules[0].CourseModuleDetails;
    expect(entries.map((d: { id: number }) => d.id)).toEqual(
      curriculum.modules[0]!.sessions.map((s) => s.id),
    );
    expect(new Set(entries.map((d: { detailId: number }) => d.detailId)).size).toBe(1);
    expect(sessions[0]).toMatchObject({
      sequence: 1,
      type: 1,
      sessionDate: day(-3),
      sessionStartTime: '10:00:00',
      sessionEndTime: '12:00:00',
      assignmentLastDate: day(0),
    });
    expect(sessions[0].Assignments[0].AssignmentResponses).toEqual([
      {
        id: mine!.id,
        assignmentId: first,
        link: null,
        pdf: `/api/user/course/assignment/response/${mine!.id}/pdf`,
        pdfName: 'my-work.pdf',
        points: 8,
        reviewComment: null,
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('https://example.com/b');

    const other = (await dashboard(b.token, { batchId: batch.id })).json().data;
    expect(other.isCertModal).toBe(false);
    expect(other.courseModules[0].Modals).toEqual([]);
    expect(
      other.courseModules[0].CourseModuleDetails[0].CourseModuleSession.Assignments[0].AssignmentResponses,
    ).toEqual([expect.objectContaining({ id: theirs!.id, link: 'https://example.com/b', pdf: null })]);
  }, 60_000);

  it('when a learner asks for a batch they do not hold, or names another learner, then the answer is 404 for every course call', async () => {
    const { db } = t.database;
    const { batch } = await course({ modules: 1 });
    const a = await learner();
    const b = await learner();
    await enrol(db, a.id, batch.id);
    const calls = [
      () => dashboard(b.token, { batchId: batch.id }),
      () => dashboard(b.token, { batchId: batch.id, userId: a.id }),
      () => dashboard(a.token, { batchId: batch.id, userId: b.id }),
      () => post('/api/user/course/batch/details', b.token, { batchId: batch.id }),
      () => post('/api/user/feedback/rating/collect', b.token, { batchId: batch.id, type: 1, rating: 5 }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Module 1');
    }
    // A refunded enrolment no longer opens the dashboard.
    const refunded = await learner();
    await db.insert(enrolments).values({
      userId: refunded.id,
      batchId: batch.id,
      isRefund: true,
    });
    expect((await dashboard(refunded.token, { batchId: batch.id })).statusCode).toBe(404);
  }, 60_000);

  it('when a moderator opens a learner’s dashboard with userId or through a moderator view, then it is read-only, audited and without feedback prompts', async () => {
    const { db } = t.database;
    const { batch } = await course({ modules: 2 });
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const moderator = await learner('moderator');

    const res = await dashboard(moderator.token, { batchId: batch.id, userId: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isModeratorView: true, feedbackRatings: [] });
    expect(res.json().data.courseModules).toHaveLength(2);
    const audits = await db
      .select()
      .from(moderatorAccessAudit)
      .where(
        and(eq(moderatorAccessAudit.moderatorId, moderator.id), eq(moderatorAccessAudit.learnerId, a.id)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.reason).toContain(`batch ${batch.id}`);

    // A moderator's own enrolments are not involved: another learner's id they do not hold is 404.
    const stranger = await learner();
    expect((await dashboard(moderator.token, { batchId: batch.id, userId: stranger.id })).statusCode).toBe(
      404,
    );

    // The moderator-view session: reads pass, writes are refused.
    const { token: view } = await insertSession(db, moderator.id, NOW, { viewedUserId: a.id });
    const viewed = await dashboard(view, { batchId: batch.id });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().data).toMatchObject({ isModeratorView: true, feedbackRatings: [] });
    expect((await post('/api/user/course/batch/details', view, { batchId: batch.id })).statusCode).toBe(200);
    const write = await post('/api/user/feedback/rating/collect', view, {
      batchId: batch.id,
      type: 1,
      rating: 5,
    });
    expect(write.statusCode).toBe(403);
    expect(await db.select().from(feedbackRatings).where(eq(feedbackRatings.userId, a.id))).toEqual([]);
  }, 60_000);

  it('when the next instalment of one course is due in 3 days, then that course answers 402 until it is paid while the other course answers 200', async () => {
    const { db } = t.database;
    const locked = await course({ modules: 1 });
    const open = await course({ modules: 1 });
    const a = await learner();
    await enrol(db, a.id, locked.batch.id);
    await enrol(db, a.id, open.batch.id);
    const order = await insertOrder(db, { userId: a.id, batchId: locked.batch.id, now: NOW });
    const plan = await fixInstalmentPlan(db, {
      userId: a.id,
      batchId: locked.batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: [
        { sequence: 1, dueDate: day(-20), amountMinor: 100_000 },
        { sequence: 2, dueDate: day(3), amountMinor: 100_000 },
        { sequence: 3, dueDate: day(33), amountMinor: 100_000 },
      ],
      now: NOW,
    });

    const lockedRes = await dashboard(a.token, { batchId: locked.batch.id });
    expect(lockedRes.statusCode).toBe(402);
    expect(lockedRes.json()).toMatchObject({ code: 402 });
    expect(JSON.stringify(lockedRes.json())).toMatch(/instalment/i);
    expect(
      (await post('/api/user/course/batch/details', a.token, { batchId: locked.batch.id })).statusCode,
    ).toBe(402);
    const feedback = await post('/api/user/feedback/rating/collect', a.token, {
      batchId: locked.batch.id,
      type: 1,
      rating: 5,
    });
    expect(feedback.statusCode).toBe(402);
    expect((await dashboard(a.token, { batchId: open.batch.id })).statusCode).toBe(200);
    expect(
      (await post('/api/user/course/batch/details', a.token, { batchId: open.batch.id })).statusCode,
    ).toBe(200);
    // A moderator sees through the lock (read-only).
    const moderator = await learner('moderator');
    expect((await dashboard(moderator.token, { batchId: locked.batch.id, userId: a.id })).statusCode).toBe(
      200,
    );

    const [second] = await db
      .select()
      .from(instalments)
      .where(and(eq(instalments.planId, plan.planId), eq(instalments.sequence, 2)));
    const payOrder = await insertOrder(db, {
      userId: a.id,
      batchId: locked.batch.id,
      now: NOW,
      kind: 'instalment',
      instalmentId: second!.id,
    });
    await markInstalmentPaid(db, { instalmentId: second!.id, orderId: payOrder.id, now: NOW });
    expect((await dashboard(a.token, { batchId: locked.batch.id })).statusCode).toBe(200);
    const details = await post('/api/user/course/batch/details', a.token, { batchId: locked.batch.id });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.instalment).toEqual({ daysLeft: 33, nextDueDate: day(33) });
  }, 60_000);

  it('when the course has 12 modules and 60 sessions with assignments and quizzes, then the call runs the same number of SQL queries as a one-session course', async () => {
    const { db } = t.database;
    const small = await course({ modules: 1, sessions: 1 });
    const large = await course({ modules: 12, sessions: 5 });
    const a = await learner();
    await enrol(db, a.id, small.batch.id);
    await enrol(db, a.id, large.batch.id);
    await db.insert(assignmentResponses).values(
      large.curriculum.sessions.slice(0, 30).map((s) => ({
        assignmentId: s.assignmentIds[0]!,
        userId: a.id,
        link: `https://example.com/${s.id}`,
      })),
    );
    await db
      .insert(moduleCertificateModals)
      .values(large.curriculum.modules.slice(0, 6).map((m) => ({ userId: a.id, moduleId: m.id })));

    const measure = async (batchId: number) =>
      countQueries(t.database, async () => {
        const res = await dashboard(a.token, { batchId });
        expect(res.statusCode).toBe(200);
        return res.json().data;
      });
    // The session is looked up once, then answered by the session cache (decision 0027).
    await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(a.token) });
    // First calls build each batch's curriculum; later calls read it from the cache.
    const smallFirst = await measure(small.batch.id);
    const largeFirst = await measure(large.batch.id);
    const smallAgain = await measure(small.batch.id);
    const largeAgain = await measure(large.batch.id);
    expect(largeFirst.result.courseModules).toHaveLength(12);
    const sessions = largeFirst.result.courseModules.flatMap(
      (m: { CourseModuleDetails: unknown[] }) => m.CourseModuleDetails,
    );
    expect(sessions).toHaveLength(60);
    expect(largeFirst.queries).toBe(smallFirst.queries);
    expect(largeAgain.queries).toBe(smallAgain.queries);
    expect(largeAgain.queries).toBeLessThan(largeFirst.queries);
    // The gate's enrolment read with the learner's own rows in one query (no instalment query
    // without an active plan; the session from the session cache): never a query per module or
    // session. (With the answer cache on, a repeat costs none: dashboard-cache.test.ts.)
    // (PostgreSQL without Redis keeps no session cache: there the session lookup is one more.)
    expect(largeAgain.queries).toBe(t.app.sessionCache.enabled ? 1 : 2);
    expect(largeAgain.result).toEqual(largeFirst.result);
  }, 120_000);

  it('when the curriculum changes and is invalidated, then the next call shows the change', async () => {
    const { db } = t.database;
    const { batch, curriculum } = await course({ modules: 1, sessions: 1, quiz: false });
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const before = (await dashboard(a.token, { batchId: batch.id })).json().data;
    expect(before.courseModules[0].hasQuiz).toBe(false);
    expect(before.courseModules[0].CourseModuleDetails).toHaveLength(1);
    const [detail] = await db
      .select({ detailId: courseModuleSessions.detailId })
      .from(courseModuleSessions)
      .where(eq(courseModuleSessions.id, curriculum.sessions[0]!.id));
    await db
      .insert(courseModuleSessions)
      .values({ detailId: detail!.detailId, sequence: 2, title: 'Added later' });
    await invalidateCurriculum(t.app.publicCache, batch.id);
    const after = (await dashboard(a.token, { batchId: batch.id })).json().data;
    expect(after.courseModules[0].CourseModuleDetails).toHaveLength(2);
    expect(after.courseModules[0].CourseModuleDetails[1].CourseModuleSession.title).toBe('Added later');
  }, 60_000);
});
