import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  batches,
  courseQuizOptions,
  courseQuizQuestions,
  enrolments,
  moderatorAccessAudit,
} from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import { PublicCache } from '../../platform/cache/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { fixInstalmentPlan } from '../checkout/index.js';
import { insertOrder } from '../checkout/testing.js';
import { DashboardCache } from './dashboard-cache.js';
import { dashboardKey, invalidateCurriculum, learnerCachePrefix } from './index.js';
import { countQueries, createCurriculum, enrol } from './testing.js';

// 12:00 in Asia/Kolkata (the platform's zone).
const NOW = new Date('2026-03-10T06:30:00Z');
const TODAY = '2026-03-10';
const day = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TTL_SECONDS = 30;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    env: { JOBS_WORKER: 'off', DASHBOARD_CACHE_SECONDS: String(TTL_SECONDS) },
  });
}, 120_000);
afterAll(async () => t?.close());
afterEach(() => {
  t.now.value = NOW;
});

async function learner(role?: 'moderator' | 'admin') {
  const user = await insertUser(t.database.db, role ? { role } : {});
  const { token } = await insertSession(t.database.db, user.id, NOW);
  return { ...user, token };
}

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const dashboard = (token: string, body: { batchId: number; userId?: number }) =>
  post('/api/user/course/batch/module/session', token, body);
const data = async (token: string, batchId: number) => {
  const res = await dashboard(token, { batchId });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const later = (seconds: number) => {
  t.now.value = new Date(t.now.value.getTime() + seconds * 1000);
};

/** A live course of 3 modules × 2 sessions from 3 days ago, each module with a 2-question quiz. */
async function course() {
  const { db } = t.database;
  const workshop = await createWorkshop(db, { shortTitle: 'Grasshopper' });
  const batch = await createBatch(db, workshop.id, { startDate: day(-3), endDate: day(30) });
  await db.update(batches).set({ zoomLink: 'https://zoom.us/j/123' }).where(eq(batches.id, batch.id));
  const curriculum = await createCurriculum(db, batch.id, {
    modules: 3,
    sessionsPerModule: 2,
    firstDate: day(-3),
    quiz: true,
  });
  return { batch, curriculum };
}

/** The right option of each question of `moduleId`, in question order. */
async function rightAnswers(moduleId: number) {
  return t.database.db
    .select({ questionId: courseQuizQuestions.id, optionId: courseQuizOptions.id })
    .from(courseQuizQuestions)
    .innerJoin(courseQuizOptions, eq(courseQuizOptions.questionId, courseQuizQuestions.id))
    .where(and(eq(courseQuizQuestions.moduleId, moduleId), eq(courseQuizOptions.isCorrect, true)))
    .orderBy(courseQuizQuestions.sequence);
}

describe('the course dashboard from memory', () => {
  it('when a learner opens their dashboard again, then the same bytes come back with no query besides the session lookup, marked private and not storable', async () => {
    const { db } = t.database;
    const { batch } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const cold = await countQueries(t.database, () => dashboard(a.token, { batchId: batch.id }));
    const warm = await countQueries(t.database, () => dashboard(a.token, { batchId: batch.id }));
    expect(cold.result.statusCode).toBe(200);
    expect(warm.result.statusCode).toBe(200);
    expect(warm.result.body).toBe(cold.result.body);
    expect(warm.result.json().data.courseModules).toHaveLength(3);
    // At most the session lookup (none once sessions are cached in memory too).
    expect(warm.queries).toBeLessThanOrEqual(1);
    expect(warm.queries).toBeLessThan(cold.queries);
    for (const res of [cold.result, warm.result]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  }, 60_000);

  it('when the learner submits, changes and deletes an assignment answer, then each change shows on the very next dashboard read', async () => {
    const { db } = t.database;
    const { batch, curriculum } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const assignmentId = curriculum.sessions[0]!.assignmentIds[0]!;
    const responsesOf = (d: {
      courseModules: {
        CourseModuleDetails: {
          CourseModuleSession: { Assignments: { id: number; AssignmentResponses: { link: string }[] }[] };
        }[];
      }[];
    }) =>
      d.courseModules[0]!.CourseModuleDetails[0]!.CourseModuleSession.Assignments.find(
        (x) => x.id === assignmentId,
      )!.AssignmentResponses;
    expect(responsesOf(await data(a.token, batch.id))).toEqual([]);
    expect(responsesOf(await data(a.token, batch.id))).toEqual([]);

    const submitted = await post('/api/user/course/module/session/assignment/response', a.token, {
      assignmentId,
      link: 'https://example.com/first',
    });
    expect(submitted.statusCode).toBe(201);
    expect(responsesOf(await data(a.token, batch.id)).map((r) => r.link)).toEqual([
      'https://example.com/first',
    ]);

    const updated = await post('/api/user/course/module/session/assignment/update', a.token, {
      responseId: submitted.json().data.id,
      link: 'https://example.com/second',
    });
    expect(updated.statusCode).toBe(200);
    expect(responsesOf(await data(a.token, batch.id)).map((r) => r.link)).toEqual([
      'https://example.com/second',
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/course/session/assignment/${submitted.json().data.id}/delete`,
      headers: bearer(a.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(responsesOf(await data(a.token, batch.id))).toEqual([]);
  }, 60_000);

  it('when a quiz answer makes a certificate popup due, the popup is marked seen, the quiz is retaken and a feedback form is given, then each shows on the very next read', async () => {
    const { db } = t.database;
    const { batch, curriculum } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const moduleId = curriculum.modules[0]!.id;
    const before = await data(a.token, batch.id);
    expect(before.isCertModal).toBe(false);
    expect(before.feedbackRatings).toEqual([
      { type: 1, status: 0 },
      { type: 2, status: 0 },
    ]);
    await data(a.token, batch.id);

    for (const answer of await rightAnswers(moduleId)) {
      expect((await post('/api/user/quiz/response/submit', a.token, answer)).statusCode).toBe(200);
    }
    const passed = await data(a.token, batch.id);
    expect(passed.isCertModal).toBe(true);
    expect(passed.courseModules[0].Modals).toEqual([expect.objectContaining({ moduleId, isSeen: false })]);

    const seen = await post('/api/user/course/module/certificate/modal', a.token, { moduleId });
    expect(seen.statusCode).toBe(200);
    const afterSeen = await data(a.token, batch.id);
    expect(afterSeen.isCertModal).toBe(false);
    expect(afterSeen.courseModules[0].Modals).toEqual([expect.objectContaining({ moduleId, isSeen: true })]);

    // A retake drops the entry too; nothing the dashboard shows changes with it (popups stay).
    const retake = await post('/api/user/course/module/quiz/retake', a.token, { moduleId });
    expect(retake.statusCode).toBe(200);
    expect(await data(a.token, batch.id)).toEqual(afterSeen);

    const feedback = await post('/api/user/feedback/rating/collect', a.token, {
      batchId: batch.id,
      type: 1,
      rating: 5,
    });
    expect(feedback.statusCode).toBe(200);
    expect((await data(a.token, batch.id)).feedbackRatings).toEqual([
      { type: 1, status: 1 },
      { type: 2, status: 0 },
    ]);
  }, 60_000);

  it('when the curriculum is invalidated, or another instance drops the learner’s entry through the bus, then the next read is rebuilt', async () => {
    const { db } = t.database;
    const { batch } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    await data(a.token, batch.id);
    await db.update(batches).set({ zoomLink: 'https://zoom.us/j/456' }).where(eq(batches.id, batch.id));
    expect((await data(a.token, batch.id)).course.zoomLink).toBe('https://zoom.us/j/123');
    await invalidateCurriculum(t.app.publicCache, batch.id);
    expect((await data(a.token, batch.id)).course.zoomLink).toBe('https://zoom.us/j/456');

    // A message from another instance arrives as `invalidateHere`.
    await db.update(enrolments).set({ isRefund: true }).where(eq(enrolments.userId, a.id));
    t.app.publicCache.invalidateHere({ prefixes: [dashboardKey(a.id, batch.id)] });
    expect((await dashboard(a.token, { batchId: batch.id })).statusCode).toBe(404);
  }, 60_000);

  it('when the day rolls over into the instalment lock window, then the cached 200 turns into 402 at once', async () => {
    const { db } = t.database;
    const { batch } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const order = await insertOrder(db, { userId: a.id, batchId: batch.id, now: NOW });
    await fixInstalmentPlan(db, {
      userId: a.id,
      batchId: batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: [
        { sequence: 1, dueDate: day(-20), amountMinor: 100_000 },
        // Locks from 5 days before: from tomorrow.
        { sequence: 2, dueDate: day(6), amountMinor: 100_000 },
      ],
      now: NOW,
    });
    // 23:59:50 in Asia/Kolkata, then 15 s later (well within the TTL): the next day.
    t.now.value = new Date(`${TODAY}T18:29:50Z`);
    await data(a.token, batch.id);
    await data(a.token, batch.id);
    later(15);
    const locked = await dashboard(a.token, { batchId: batch.id });
    expect(locked.statusCode).toBe(402);
    expect(locked.json()).toMatchObject({ code: 402 });
  }, 60_000);

  it('when a learner is refunded behind the dashboard’s back, then the dashboard answers 404 once DASHBOARD_CACHE_SECONDS have passed at the latest, and at once when the learner’s entries are invalidated', async () => {
    const { db } = t.database;
    const { batch } = await course();
    const a = await learner();
    const b = await learner();
    await enrol(db, a.id, batch.id);
    await enrol(db, b.id, batch.id);
    await data(a.token, batch.id);
    await data(b.token, batch.id);
    await db.update(enrolments).set({ isRefund: true }).where(eq(enrolments.batchId, batch.id));

    later(TTL_SECONDS + 1);
    expect((await dashboard(a.token, { batchId: batch.id })).statusCode).toBe(404);

    // What a refund does (payments' `applyProcessedRefund`): drops every cached answer of the learner.
    t.now.value = NOW;
    await db.update(enrolments).set({ isRefund: false }).where(eq(enrolments.batchId, batch.id));
    await data(b.token, batch.id);
    await db.update(enrolments).set({ isRefund: true }).where(eq(enrolments.userId, b.id));
    await t.app.publicCache.invalidate({ prefixes: [learnerCachePrefix(b.id)] });
    expect((await dashboard(b.token, { batchId: batch.id })).statusCode).toBe(404);
  }, 60_000);

  it('when two learners of a batch read their dashboards, then each gets only their own answer', async () => {
    const { db } = t.database;
    const { batch, curriculum } = await course();
    const a = await learner();
    const b = await learner();
    await enrol(db, a.id, batch.id);
    await enrol(db, b.id, batch.id);
    const assignmentId = curriculum.sessions[0]!.assignmentIds[0]!;
    await post('/api/user/course/module/session/assignment/response', a.token, {
      assignmentId,
      link: 'https://example.com/only-a',
    });
    const fromA = await dashboard(a.token, { batchId: batch.id });
    await dashboard(a.token, { batchId: batch.id });
    const fromB = await dashboard(b.token, { batchId: batch.id });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.body).not.toBe(fromA.body);
    expect(fromA.body).toContain('https://example.com/only-a');
    expect(fromB.body).not.toContain('https://example.com/only-a');
    // B naming A gets 404, warm cache or not.
    expect((await dashboard(b.token, { batchId: batch.id, userId: a.id })).statusCode).toBe(404);
  }, 60_000);

  it('when a moderator opens a learner’s dashboard twice, then both views are read from the database and audited', async () => {
    const { db } = t.database;
    const { batch } = await course();
    const a = await learner();
    await enrol(db, a.id, batch.id);
    await data(a.token, batch.id);
    const moderator = await learner('moderator');
    const views = [];
    for (let i = 0; i < 2; i++) {
      views.push(
        await countQueries(t.database, () => dashboard(moderator.token, { batchId: batch.id, userId: a.id })),
      );
    }
    for (const view of views) {
      expect(view.result.statusCode).toBe(200);
      expect(view.result.json().data.isModeratorView).toBe(true);
      expect(view.result.json().data.feedbackRatings).toEqual([]);
      expect(view.queries).toBeGreaterThan(1);
    }
    const audits = await db
      .select()
      .from(moderatorAccessAudit)
      .where(
        and(eq(moderatorAccessAudit.moderatorId, moderator.id), eq(moderatorAccessAudit.learnerId, a.id)),
      );
    expect(audits).toHaveLength(2);
  }, 60_000);
});

describe('DashboardCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 'x');

  it('when the bytes held exceed the bound, then the least recently used answers are evicted first', () => {
    const cache = new DashboardCache({ ttlMs: 30_000, maxBytes: 250, now: () => 0 });
    cache.store(cache.ticket(), 1, 7, TODAY, bytes(100));
    cache.store(cache.ticket(), 2, 7, TODAY, bytes(100));
    expect(cache.get(1, 7, TODAY)).toBeDefined();
    cache.store(cache.ticket(), 3, 7, TODAY, bytes(100));
    expect(cache.get(2, 7, TODAY)).toBeUndefined();
    expect(cache.get(1, 7, TODAY)).toBeDefined();
    expect(cache.get(3, 7, TODAY)).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(250);
    cache.store(cache.ticket(), 4, 7, TODAY, bytes(300));
    expect(cache.get(4, 7, TODAY)).toBeUndefined();
  });

  it('when an invalidation happens while an answer is being built, then that answer is not kept', () => {
    const cache = new DashboardCache({ ttlMs: 30_000, maxBytes: 1000, now: () => 0 });
    const ticket = cache.ticket();
    cache.invalidate({ prefixes: [dashboardKey(1, 7)] });
    cache.store(ticket, 1, 7, TODAY, bytes(10));
    expect(cache.get(1, 7, TODAY)).toBeUndefined();
  });

  it('when invalidations name everything, the curriculum tag or another learner, then only the named answers go', () => {
    const public_ = new PublicCache(60_000);
    const cache = new DashboardCache({ ttlMs: 30_000, maxBytes: 1000, now: () => 0 });
    cache.listenTo(public_);
    cache.store(cache.ticket(), 1, 7, TODAY, bytes(10));
    cache.store(cache.ticket(), 2, 7, TODAY, bytes(10));
    cache.store(cache.ticket(), 1, 8, TODAY, bytes(10));
    public_.invalidateHere({ prefixes: [learnerCachePrefix(2)] });
    expect(cache.get(2, 7, TODAY)).toBeUndefined();
    expect(cache.get(1, 7, TODAY)).toBeDefined();
    public_.invalidateHere({ prefixes: ['catalogue:'] });
    expect(cache.get(1, 7, TODAY)).toBeDefined();
    public_.invalidateHere({ prefixes: ['learning:curriculum:7:'] });
    expect(cache.get(1, 7, TODAY)).toBeUndefined();
    expect(cache.get(1, 8, TODAY)).toBeDefined();
    public_.invalidateHere({ tags: ['learning-curriculum'] });
    expect(cache.get(1, 8, TODAY)).toBeUndefined();
  });

  it('when DASHBOARD_CACHE_SECONDS is 0, then nothing is kept', () => {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DASHBOARD_CACHE_SECONDS: '0' });
    expect(config.dashboardCache.ttlMs).toBe(0);
    const cache = new DashboardCache({ ...config.dashboardCache, now: () => 0 });
    expect(cache.enabled).toBe(false);
    cache.store(cache.ticket(), 1, 7, TODAY, bytes(10));
    expect(cache.get(1, 7, TODAY)).toBeUndefined();
    expect(loadConfig({ ...process.env, NODE_ENV: 'test' }).dashboardCache.ttlMs).toBe(30_000);
  });
});
