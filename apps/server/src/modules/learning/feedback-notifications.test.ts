import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentResponses,
  feedbackRatings,
  notifications,
  tripApplications,
  workshopRatings,
} from '../../db/schema/index.js';
import { createBatch, createTrip, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { createCurriculum, enrol } from './testing.js';

// 12:00 in Asia/Kolkata (the platform's zone).
const NOW = new Date('2026-03-10T06:30:00Z');
const TODAY = '2026-03-10';
const day = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
}, 120_000);
afterAll(async () => t?.close());

async function learner() {
  const user = await insertUser(t.database.db);
  const { token } = await insertSession(t.database.db, user.id, NOW);
  return { ...user, token };
}
const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A course of 10 sessions, one a day from `firstDay` days from today. */
async function tenSessionCourse(firstDay: number) {
  const { db } = t.database;
  const workshop = await createWorkshop(db);
  const batch = await createBatch(db, workshop.id, { startDate: day(firstDay), endDate: day(firstDay + 9) });
  const curriculum = await createCurriculum(db, batch.id, {
    modules: 2,
    sessionsPerModule: 5,
    firstDate: day(firstDay),
  });
  return { workshop, batch, curriculum };
}

describe('POST /api/user/feedback/rating/collect', () => {
  it('when the 20 % session has taken place, then form 1 can be given once; form 2 (65 %) is refused until its session', async () => {
    const { db } = t.database;
    // Sessions on days -3 … +6: form 1's session (index 2) was yesterday, form 2's (index 6) is in 3 days.
    const { batch } = await tenSessionCourse(-3);
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const collect = (body: object) =>
      post('/api/user/feedback/rating/collect', a.token, { batchId: batch.id, ...body });

    const early = await collect({ type: 2, rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/65 %/);

    const given = await collect({ type: 1, rating: 5, comment: 'Clear and well paced.' });
    expect(given.statusCode).toBe(200);
    expect(given.json().data).toEqual({ type: 1, status: 1 });
    const [row] = await db
      .select()
      .from(feedbackRatings)
      .where(and(eq(feedbackRatings.userId, a.id), eq(feedbackRatings.batchId, batch.id)));
    expect(row).toMatchObject({ type: 1, status: 1, rating: 5, comment: 'Clear and well paced.' });

    const again = await collect({ type: 1, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already/);
    const [unchanged] = await db.select().from(feedbackRatings).where(eq(feedbackRatings.id, row!.id));
    expect(unchanged!.rating).toBe(5);

    const dashboard = await post('/api/user/course/batch/module/session', a.token, { batchId: batch.id });
    expect(dashboard.json().data.feedbackRatings).toEqual([
      { type: 1, status: 1 },
      { type: 2, status: 0 },
    ]);

    // Three days on, form 2's session (day +3) is today.
    t.now.value = new Date(NOW.getTime() + 3 * 86_400_000);
    try {
      expect((await collect({ type: 2, rating: 4 })).statusCode).toBe(200);
    } finally {
      t.now.value = NOW;
    }
  }, 60_000);

  it('when a pending row (status 0) exists, then giving the form turns it to 1; a rating out of 1–5 is 400', async () => {
    const { db } = t.database;
    const { batch } = await tenSessionCourse(-9);
    const a = await learner();
    await enrol(db, a.id, batch.id);
    await db.insert(feedbackRatings).values({ userId: a.id, batchId: batch.id, type: 2, status: 0 });
    const bad = await post('/api/user/feedback/rating/collect', a.token, {
      batchId: batch.id,
      type: 2,
      rating: 6,
    });
    expect(bad.statusCode).toBe(400);
    const ok = await post('/api/user/feedback/rating/collect', a.token, {
      batchId: batch.id,
      type: 2,
      rating: 3,
    });
    expect(ok.statusCode).toBe(200);
    const rows = await db.select().from(feedbackRatings).where(eq(feedbackRatings.userId, a.id));
    expect(rows).toEqual([expect.objectContaining({ type: 2, status: 1, rating: 3 })]);
  }, 60_000);
});

describe('POST /api/user/course/batch/details', () => {
  it('when a learner opens the header, then totals count the batch’s modules, sessions held and their own submissions', async () => {
    const { db } = t.database;
    const { batch, workshop, curriculum } = await tenSessionCourse(-3);
    const a = await learner();
    const b = await learner();
    await enrol(db, a.id, batch.id);
    await enrol(db, b.id, batch.id);
    await db.insert(assignmentResponses).values([
      {
        assignmentId: curriculum.sessions[0]!.assignmentIds[0]!,
        userId: a.id,
        link: 'https://example.com/1',
      },
      {
        assignmentId: curriculum.sessions[1]!.assignmentIds[0]!,
        userId: b.id,
        link: 'https://example.com/2',
      },
    ]);
    const res = await post('/api/user/course/batch/details', a.token, { batchId: batch.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: batch.id,
      startDate: day(-3),
      Workshop: { id: workshop.id, slug: workshop.slug },
      // Days -3, -2, -1 are past; today's 10:00–12:00 session ended at 12:00 (now).
      totals: { modules: 2, sessions: 10, sessionsHeld: 4, assignments: 10, assignmentsSubmitted: 1 },
      instalment: { daysLeft: null, nextDueDate: null },
    });
  }, 60_000);
});

describe('POST /api/user/workshop/rating/feedback', () => {
  it('when a learner rates a course they hold, then one rating is kept (a repeat updates it); a course they never held is 404', async () => {
    const { db } = t.database;
    const { batch, workshop } = await tenSessionCourse(-30);
    const other = await createWorkshop(db);
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const rate = (workshopId: number, rating: number, review?: string) =>
      post('/api/user/workshop/rating/feedback', a.token, { workshopId, rating, review });

    const first = await rate(workshop.id, 4, 'Good');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ workshopId: workshop.id, rating: 4, review: 'Good' });
    expect((await rate(workshop.id, 5, 'Even better')).json().data).toEqual({
      workshopId: workshop.id,
      rating: 5,
      review: 'Even better',
    });
    const rows = await db.select().from(workshopRatings).where(eq(workshopRatings.userId, a.id));
    expect(rows).toEqual([
      expect.objectContaining({ workshopId: workshop.id, rating: 5, batchId: batch.id }),
    ]);

    expect((await rate(other.id, 5)).statusCode).toBe(404);
    const b = await learner();
    const stranger = await post('/api/user/workshop/rating/feedback', b.token, {
      workshopId: workshop.id,
      rating: 1,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await db.select().from(workshopRatings).where(eq(workshopRatings.userId, b.id))).toEqual([]);
  }, 60_000);
});

describe('notifications', () => {
  it('when a learner lists their notifications, then they come newest first; another learner’s id is 404', async () => {
    const { db } = t.database;
    const a = await learner();
    const b = await learner();
    await db.insert(notifications).values([
      { userId: a.id, title: 'Old', createdAt: new Date(NOW.getTime() - 3_600_000), readAt: NOW },
      { userId: a.id, title: 'New', body: 'Hello', link: '/dashboard', createdAt: NOW },
      { userId: b.id, title: 'Not yours', createdAt: NOW },
    ]);
    const res = await get(`/api/user/${a.id}/notifications`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        title: 'New',
        body: 'Hello',
        link: '/dashboard',
        isRead: false,
        createdAt: NOW.toISOString(),
      },
      expect.objectContaining({ title: 'Old', isRead: true, link: null }),
    ]);
    const other = await get(`/api/user/${b.id}/notifications`, a.token);
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain('Not yours');
  }, 60_000);

  it('when more than 50 exist, then the newest 50 are listed', async () => {
    const { db } = t.database;
    const a = await learner();
    await db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: a.id,
        title: `N${i}`,
        createdAt: new Date(NOW.getTime() - i * 60_000),
      })),
    );
    const list = (await get(`/api/user/${a.id}/notifications`, a.token)).json().data;
    expect(list).toHaveLength(50);
    expect(list[0].title).toBe('N0');
    expect(list[49].title).toBe('N49');
  }, 60_000);

  it('when a learner marks ids read, then only their own rows change', async () => {
    const { db } = t.database;
    const a = await learner();
    const b = await learner();
    const [mine1, mine2, theirs] = await db
      .insert(notifications)
      .values([
        { userId: a.id, title: 'One' },
        { userId: a.id, title: 'Two' },
        { userId: b.id, title: 'Three' },
      ])
      .returning();
    const res = await post('/api/user/notifications/read', a.token, { ids: [mine1!.id, theirs!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, unread: 1 });
    const rows = await db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(rows[0]!.readAt).toBeNull();
    const [second] = await db.select().from(notifications).where(eq(notifications.id, mine2!.id));
    expect(second!.readAt).toBeNull();
    // Already read: nothing changes again.
    expect((await post('/api/user/notifications/read', a.token, { ids: [mine1!.id] })).json().data).toEqual({
      updated: 0,
      unread: 1,
    });
    expect((await post('/api/user/notifications/read', a.token, { ids: [] })).statusCode).toBe(400);
  }, 60_000);
});

describe('profile: suggestions and trip applications', () => {
  it('when a learner asks for suggestions, then courses they hold are left out and the limit is kept', async () => {
    const { db } = t.database;
    const held = await createWorkshop(db);
    for (let i = 0; i < 3; i += 1) await createWorkshop(db);
    const batch = await createBatch(db, held.id);
    const a = await learner();
    await enrol(db, a.id, batch.id);
    const res = await post('/api/user/profile/course/suggested', a.token, { limit: 2 });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.suggestedCourses.map((c: { id: number }) => c.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(held.id);
    expect(
      (await post('/api/user/profile/course/suggested', a.token, {})).json().data.suggestedCourses.length,
    ).toBeLessThanOrEqual(4);
  }, 60_000);

  it('when a learner lists trip applications, then only theirs come, newest first', async () => {
    const { db } = t.database;
    const a = await learner();
    const b = await learner();
    const first = await createTrip(db, { title: 'Hampi' });
    const second = await createTrip(db, { title: 'Chandigarh', startDate: null, endDate: null });
    await db.insert(tripApplications).values([
      { userId: a.id, tripId: first.id, createdAt: new Date(NOW.getTime() - 86_400_000) },
      { userId: a.id, tripId: second.id, status: 'shortlisted', createdAt: NOW },
      { userId: b.id, tripId: first.id },
    ]);
    const res = await get('/api/user/profile/trip/applications', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        status: 'shortlisted',
        createdAt: NOW.toISOString(),
        Trip: {
          id: second.id,
          title: 'Chandigarh',
          slug: second.slug,
          location: 'Somewhere, India',
          startDate: '0000-00-00',
          endDate: '0000-00-00',
        },
      },
      expect.objectContaining({
        status: 'submitted',
        Trip: expect.objectContaining({ id: first.id, startDate: '2026-12-01' }),
      }),
    ]);
    expect((await get('/api/user/profile/trip/applications', b.token)).json().data).toHaveLength(1);
  }, 60_000);
});
