import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

describe('GET /api/user/profile/courses', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('when a learner is enrolled, then the course is listed at once in the dashboard shape, and suggestions exclude it', async () => {
    const { db } = t.database;
    const course = await createWorkshop(db, { shortTitle: 'Revit Pro', markAs: 'Top Seller' });
    const other = await createWorkshop(db, { shortTitle: 'Rhino Basics' });
    const hidden = await createWorkshop(db, { shortTitle: 'Unpublished', isPublished: false });
    const batch = await createBatch(db, course.id, {
      startDate: '2026-12-01',
      endDate: '2026-12-20',
      schedules: [{ day: 6, startTime: '10:00', endTime: '12:00' }],
    });
    const recorded = await createBatch(db, other.id, { startDate: null, endDate: null, sessionType: 2 });
    const learner = await insertUser(db);
    const { token } = await insertSession(db, learner.id, t.now.value);
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/user/profile/courses', headers: bearer(token) });

    const before = await get();
    expect(before.statusCode).toBe(200);
    expect(before.json().data.enrolledCourses).toEqual([]);
    const suggestedBefore = before.json().data.suggestedCourses.map((c: { id: number }) => c.id);
    expect(suggestedBefore).toContain(course.id);
    expect(suggestedBefore).not.toContain(hidden.id);
    expect(before.json().data.suggestedCourses.length).toBeLessThanOrEqual(4);

    const [enrolment] = await db
      .insert(enrolments)
      .values({ userId: learner.id, batchId: batch.id })
      .returning();
    await db
      .insert(enrolments)
      .values({ userId: learner.id, batchId: recorded.id, isRefund: true, isDashboardAccess: false });

    const after = await get();
    const data = after.json().data;
    expect(data.enrolledCourses).toHaveLength(2);
    const live = data.enrolledCourses.find((c: { id: number }) => c.id === enrolment!.id);
    expect(live).toEqual({
      id: enrolment!.id,
      isRefund: false,
      isDashboardAccess: true,
      isEnrolled: true,
      Batch: {
        id: batch.id,
        sessionType: 1,
        startDate: '2026-12-01',
        endDate: '2026-12-20',
        Workshop: { id: course.id, type: 2, title: course.title, shortTitle: 'Revit Pro', slug: course.slug },
        BatchSchedules: [{ id: expect.any(Number), day: 6, startTime: '10:00:00', endTime: '12:00:00' }],
      },
    });
    const refunded = data.enrolledCourses.find((c: { Batch: { id: number } }) => c.Batch.id === recorded.id);
    expect(refunded).toMatchObject({
      isRefund: true,
      isDashboardAccess: false,
      Batch: { sessionType: 2, startDate: '0000-00-00' },
    });
    const suggestedAfter = data.suggestedCourses.map((c: { id: number }) => c.id);
    expect(suggestedAfter).not.toContain(course.id);
    expect(suggestedAfter).not.toContain(other.id);
  }, 60_000);

  it('when another learner asks, then they see only their own enrolments; a visitor gets 401', async () => {
    const { db } = t.database;
    const course = await createWorkshop(db);
    const batch = await createBatch(db, course.id);
    const a = await insertUser(db);
    const b = await insertUser(db);
    await db.insert(enrolments).values({ userId: a.id, batchId: batch.id });
    const { token } = await insertSession(db, b.id, t.now.value);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/courses',
      headers: bearer(token),
    });
    expect(res.json().data.enrolledCourses).toEqual([]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/user/profile/courses' });
    expect(visitor.statusCode).toBe(401);
  }, 60_000);
});
