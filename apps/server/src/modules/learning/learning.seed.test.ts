/*
 * The demo learner sees every dashboard state (issue 15): read through the API as the learner
 * would, on the demo seed. And the large seed's dashboard cohort (the benchmark's batch) answers.
 */
import { assignmentStatus, feedbackFormsDue, homeCourseBuckets, overdueAssignments } from '@atelier/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batches,
  certificates,
  courseQuizQuestions,
  courseQuizResponses,
  enrolments,
  notifications,
  users,
} from '../../db/schema/index.js';
import { DASHBOARD_COHORT_BATCH, seedDemo, seedLarge } from '../../db/seed/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession } from '../auth/testing.js';
import { countQueries } from './testing.js';

const NOW = new Date('2026-03-10T06:30:00Z');
const TZ = 'Asia/Kolkata';
const TODAY = '2026-03-10';

interface Session {
  id: number;
  sessionDate: string | null;
  assignmentLastDate: string | null;
  Assignments: { id: number; AssignmentResponses: { link: string | null; pdf: string | null }[] }[];
}
interface Module {
  id: number;
  hasQuiz: boolean;
  CourseModuleDetails: { CourseModuleSession: Session }[];
}

describe('the demo learner’s dashboard', () => {
  let t: TestContext;
  let learnerId: number;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    await seedDemo(t.database.db, { now: NOW, tz: TZ });
    const [learner] = await t.database.db.select().from(users).where(eq(users.email, 'learner@atelier.test'));
    learnerId = learner!.id;
    token = (await insertSession(t.database.db, learnerId, NOW)).token;
  }, 240_000);
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('when the learner opens the home, then there are ongoing, upcoming, completed and recorded courses', async () => {
    const home = (await get('/api/user/profile/courses')).json().data;
    const buckets = homeCourseBuckets(home.enrolledCourses, NOW, TZ);
    expect(buckets.ongoing.length).toBeGreaterThanOrEqual(2);
    expect(buckets.upcoming.length).toBeGreaterThanOrEqual(1);
    expect(buckets.completed.length).toBeGreaterThanOrEqual(1);
    expect(buckets.recorded.length).toBeGreaterThanOrEqual(1);
  });

  it('when the learner opens each ongoing course, then exactly one is locked by the instalment due in 3 days, offering "Pay now", and another opens with everything', async () => {
    const home = (await get('/api/user/profile/courses')).json().data;
    const ongoing = homeCourseBuckets(home.enrolledCourses, NOW, TZ).ongoing.filter(
      (c: { Batch: { Workshop: { type: number } } }) => c.Batch.Workshop.type === 2,
    );
    const answers = await Promise.all(
      ongoing.map(async (c: { Batch: { id: number } }) => ({
        batchId: c.Batch.id,
        res: await post('/api/user/course/batch/module/session', { batchId: c.Batch.id }),
      })),
    );
    const locked = answers.filter((a) => a.res.statusCode === 402);
    expect(locked).toHaveLength(1);
    const pending = (await get('/api/user/pending/payment/notification')).json().data;
    expect(JSON.stringify(pending)).toContain('2026-03-13');

    const open = answers.filter((a) => a.res.statusCode === 200).map((a) => a.res.json().data);
    const full = open.find((d) => d.courseModules.length >= 3);
    expect(full).toBeDefined();
    const modules: Module[] = full.courseModules;
    const sessions = modules.flatMap((m) => m.CourseModuleDetails.map((d) => d.CourseModuleSession));
    expect(sessions.some((s) => s.sessionDate! < TODAY)).toBe(true);
    expect(sessions.some((s) => s.sessionDate! > TODAY)).toBe(true);
    const withAssignments = sessions.filter((s) => s.Assignments.length > 0);
    const statuses = withAssignments.flatMap((s) => s.Assignments.map((a) => assignmentStatus(a)));
    expect(statuses).toContain('submitted');
    expect(overdueAssignments(sessions, NOW, TZ).length).toBeGreaterThan(0);
    // Pending and not yet due.
    expect(
      withAssignments.some(
        (s) => s.assignmentLastDate! >= TODAY && s.Assignments.some((a) => assignmentStatus(a) === 'pending'),
      ),
    ).toBe(true);
    // Module quizzes: some attempted, some not.
    const quizModules = modules.filter((m) => m.hasQuiz).map((m) => m.id);
    expect(quizModules.length).toBeGreaterThanOrEqual(2);
    const answered = await t.database.db
      .selectDistinct({ moduleId: courseQuizQuestions.moduleId })
      .from(courseQuizResponses)
      .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizResponses.questionId))
      .where(
        and(eq(courseQuizResponses.userId, learnerId), inArray(courseQuizQuestions.moduleId, quizModules)),
      );
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(quizModules.length);
    // The first feedback form is due, and a certificate popup waits.
    expect(feedbackFormsDue(sessions, full.feedbackRatings, NOW, false, TZ)).toContain(1);
    expect(full.isCertModal).toBe(true);
  });

  it('when the learner looks at certificates and notifications, then they have a certificate and unread notifications', async () => {
    const certs = await t.database.db.select().from(certificates).where(eq(certificates.userId, learnerId));
    expect(certs.length).toBeGreaterThan(0);
    // Every seeded certificate verifies publicly by its code.
    for (const cert of certs) {
      const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/${cert.serial}` });
      expect(verified.statusCode, cert.serial).toBe(200);
      expect(verified.json().data.courseName).toBe(cert.courseName);
    }
    const list = (await get(`/api/user/${learnerId}/notifications`)).json().data;
    expect(list.filter((n: { isRead: boolean }) => !n.isRead).length).toBeGreaterThan(0);
    const unread = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, learnerId), isNull(notifications.readAt)));
    expect(unread[0]!.n).toBe(list.filter((n: { isRead: boolean }) => !n.isRead).length);
  });
});

describe('the large seed’s dashboard cohort', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    await seedLarge(t.database.db, { now: NOW, tz: TZ, scale: 0.001, withDemo: false });
  }, 300_000);
  afterAll(async () => t?.close());

  it('when a cohort learner opens the course, then 12 modules and 60 sessions come in a constant number of queries', async () => {
    const { db } = t.database;
    const [batch] = await db.select().from(batches).where(eq(batches.name, DASHBOARD_COHORT_BATCH));
    const cohort = await db.select().from(enrolments).where(eq(enrolments.batchId, batch!.id));
    expect(cohort.length).toBeGreaterThanOrEqual(50);
    const counts: number[] = [];
    for (const enrolment of cohort.slice(0, 3)) {
      const { token } = await insertSession(db, enrolment.userId, NOW);
      const { result, queries } = await countQueries(t.database, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/course/batch/module/session',
          headers: bearer(token),
          payload: { batchId: batch!.id },
        }),
      );
      expect(result.statusCode).toBe(200);
      const data = result.json().data;
      expect(data.courseModules).toHaveLength(12);
      expect(data.courseModules.flatMap((m: Module) => m.CourseModuleDetails)).toHaveLength(60);
      expect(data.courseModules.every((m: Module) => m.hasQuiz)).toBe(true);
      counts.push(queries);
    }
    // The first call also builds the cached curriculum; the others read it.
    expect(counts[1]).toBe(counts[2]);
    expect(counts[1]).toBeLessThanOrEqual(6);
  });
});
