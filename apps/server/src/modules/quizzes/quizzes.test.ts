import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseModules,
  courseQuizResponses,
  instalmentPlans,
  instalments,
  moderatorAccessAudit,
  moduleCertificateModals,
} from '../../db/schema/index.js';
import { createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { createQuizCourse, enrolIn, type ModuleSpec } from '../../test/quiz-fixtures.js';

// 2026-03-10, 12:00 in Kolkata.
const NOW = new Date('2026-03-10T06:30:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
}, 120_000);
afterAll(async () => t?.close());

/** A learner enrolled in a new course with `specs` modules, and their bearer headers. */
async function learnerWithCourse(specs: ModuleSpec[] = [{ questions: 2 }]) {
  const { db } = t.database;
  const course = await createQuizCourse(db, specs);
  const user = await insertUser(db, { name: 'Quiz Learner' });
  await enrolIn(db, user.id, course.batchId);
  const { token } = await insertSession(db, user.id, NOW);
  return { ...course, user, headers: bearer(token) };
}

type Headers = Record<string, string>;

const getQuiz = (headers: Headers, moduleId: number) =>
  t.app.inject({ method: 'GET', url: `/api/user/course/module/${moduleId}/quiz`, headers });
const submit = (headers: Headers, questionId: number, optionId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/quiz/response/submit',
    headers,
    payload: { questionId, optionId },
  });
const retake = (headers: Headers, moduleId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/course/module/quiz/retake',
    headers,
    payload: { moduleId },
  });
const courseQuizzes = (headers: Headers, batchId: number, userId?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/course/quiz',
    headers,
    payload: userId === undefined ? { batchId } : { batchId, userId },
  });

async function responseRows(userId: number, questionId?: number) {
  return t.database.db
    .select()
    .from(courseQuizResponses)
    .where(
      questionId === undefined
        ? eq(courseQuizResponses.userId, userId)
        : and(eq(courseQuizResponses.userId, userId), eq(courseQuizResponses.questionId, questionId)),
    );
}

/** How many SQL statements `fn` sends (every pool client's `query`). */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let n = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return n;
}

describe('GET /api/user/course/module/{id}/quiz', () => {
  it('when nothing is answered, then the raw answer holds no isCorrect and no explanation, in sequence order', async () => {
    const { modules, headers } = await learnerWithCourse([{ questions: 3 }]);
    const res = await getQuiz(headers, modules[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('isCorrect');
    expect(res.body).not.toContain('Because of reason');
    const data = res.json().data;
    expect(data).toMatchObject({
      id: modules[0]!.id,
      cmId: modules[0]!.id,
      title: 'Module 1',
      certificateTitle: 'Certificate 1',
      passPercentage: 60,
      attempt: 1,
      score: { attempted: false, correct: 0, total: 3, percentage: 0, passed: false },
    });
    expect(data.CourseQuizQuestions.map((q: { id: number }) => q.id)).toEqual(
      modules[0]!.questions.map((q) => q.id),
    );
    expect(data.CourseQuizQuestions.map((q: { sequence: number }) => q.sequence)).toEqual([1, 2, 3]);
    const first = data.CourseQuizQuestions[0];
    expect(first).toEqual({
      id: modules[0]!.questions[0]!.id,
      sequence: 1,
      question: 'Question 1 of module 1?',
      explanation: null,
      CourseQuizOptions: [0, 1, 2].map((o) => ({ id: expect.any(Number), sequence: o, text: `Option ${o}` })),
      CourseQuizResponses: [],
    });
  }, 60_000);

  it('when one question is answered, then only that question shows its answers, explanation and the response', async () => {
    const { modules, headers } = await learnerWithCourse([{ questions: 2 }]);
    const [q1, q2] = modules[0]!.questions;
    expect((await submit(headers, q1!.id, q1!.wrong[0])).statusCode).toBe(200);
    const res = await getQuiz(headers, modules[0]!.id);
    const [answered, open] = res.json().data.CourseQuizQuestions;
    expect(answered.explanation).toBe('Because of reason 1.');
    expect(answered.CourseQuizOptions.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([
      false,
      true,
      false,
    ]);
    expect(answered.CourseQuizResponses).toEqual([
      {
        id: expect.any(Number),
        optionId: q1!.wrong[0],
        attempt: 1,
        CourseQuizOption: { id: q1!.wrong[0], isCorrect: false },
      },
    ]);
    expect(open.id).toBe(q2!.id);
    expect(open.explanation).toBeNull();
    expect(JSON.stringify(open)).not.toContain('isCorrect');
    expect(res.json().data.score).toMatchObject({ attempted: false, correct: 0, total: 2 });
  }, 60_000);

  it('when the module has a course_quizzes pass mark, then it is used; a module without one passes at 60 %', async () => {
    const { modules, headers } = await learnerWithCourse([
      { questions: 3, passPercentage: 100 },
      { questions: 3 },
    ]);
    for (const module of modules) {
      const [a, b, c] = module.questions;
      await submit(headers, a!.id, a!.correct);
      await submit(headers, b!.id, b!.correct);
      await submit(headers, c!.id, c!.wrong[1]);
    }
    const strict = (await getQuiz(headers, modules[0]!.id)).json().data;
    expect(strict.passPercentage).toBe(100);
    expect(strict.score).toEqual({ attempted: true, correct: 2, total: 3, percentage: 67, passed: false });
    const lenient = (await getQuiz(headers, modules[1]!.id)).json().data;
    expect(lenient.passPercentage).toBe(60);
    expect(lenient.score).toEqual({ attempted: true, correct: 2, total: 3, percentage: 67, passed: true });
  }, 60_000);

  it('when a module has 2 or 12 questions, then the call sends the same number of queries', async () => {
    const small = await learnerWithCourse([{ questions: 2 }]);
    const large = await learnerWithCourse([{ questions: 12 }]);
    await submit(small.headers, small.modules[0]!.questions[0]!.id, small.modules[0]!.questions[0]!.correct);
    for (const q of large.modules[0]!.questions.slice(0, 6)) await submit(large.headers, q.id, q.correct);
    await getQuiz(small.headers, small.modules[0]!.id); // warm-up
    const a = await countQueries(() => getQuiz(small.headers, small.modules[0]!.id));
    const b = await countQueries(() => getQuiz(large.headers, large.modules[0]!.id));
    expect(b).toBe(a);
    expect(a).toBeLessThanOrEqual(12);
  }, 60_000);
});

describe('POST /api/user/quiz/response/submit', () => {
  it('when answers are submitted, then the server grades them and reports the module score', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1, q2] = modules[0]!.questions;
    const wrong = await submit(headers, q1!.id, q1!.wrong[1]);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toEqual({
      isCorrect: false,
      correctOptionId: q1!.correct,
      explanation: 'Because of reason 1.',
      attempt: 1,
      score: { attempted: false, correct: 0, total: 2, percentage: 0, passed: false },
    });
    const right = await submit(headers, q2!.id, q2!.correct);
    expect(right.json().data).toEqual({
      isCorrect: true,
      correctOptionId: q2!.correct,
      explanation: 'Because of reason 2.',
      attempt: 1,
      score: { attempted: true, correct: 1, total: 2, percentage: 50, passed: false },
    });
    expect(await responseRows(user.id)).toHaveLength(2);
  }, 60_000);

  it('when the option belongs to another question or does not exist, then 404 and nothing is recorded', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1, q2] = modules[0]!.questions;
    const foreign = await submit(headers, q1!.id, q2!.correct);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    expect((await submit(headers, q1!.id, 99_999_999)).statusCode).toBe(404);
    expect((await submit(headers, 99_999_999, q1!.correct)).statusCode).toBe(404);
    expect(await responseRows(user.id)).toHaveLength(0);
  }, 60_000);

  it('when a question is answered twice in one attempt, then the second answer is 409 and the first stands', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1] = modules[0]!.questions;
    expect((await submit(headers, q1!.id, q1!.wrong[0])).statusCode).toBe(200);
    const again = await submit(headers, q1!.id, q1!.correct);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, error: 'CONFLICT' });
    const rows = await responseRows(user.id, q1!.id);
    expect(rows.map((r) => r.optionId)).toEqual([q1!.wrong[0]]);
  }, 60_000);

  it('when the same answer arrives twice at once, then exactly one is recorded and the other is 409', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1] = modules[0]!.questions;
    const results = await Promise.all([
      submit(headers, q1!.id, q1!.correct),
      submit(headers, q1!.id, q1!.wrong[0]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await responseRows(user.id, q1!.id)).toHaveLength(1);
  }, 60_000);

  it('when an answer completes a passing attempt, then the certificate popup is due once; failing or without a title, not', async () => {
    const { db } = t.database;
    const { modules, headers, user } = await learnerWithCourse([
      { questions: 2 },
      { questions: 2, certificateTitle: null },
      { questions: 2 },
    ]);
    const popups = async (moduleId: number) =>
      db
        .select()
        .from(moduleCertificateModals)
        .where(
          and(eq(moduleCertificateModals.userId, user.id), eq(moduleCertificateModals.moduleId, moduleId)),
        );
    const [pass, noTitle, fail] = modules;
    await submit(headers, pass!.questions[0]!.id, pass!.questions[0]!.correct);
    expect(await popups(pass!.id)).toHaveLength(0);
    await submit(headers, pass!.questions[1]!.id, pass!.questions[1]!.correct);
    expect(await popups(pass!.id)).toMatchObject([{ isSeen: false }]);
    for (const q of noTitle!.questions) await submit(headers, q.id, q.correct);
    expect(await popups(noTitle!.id)).toHaveLength(0);
    await submit(headers, fail!.questions[0]!.id, fail!.questions[0]!.correct);
    const failed = await submit(headers, fail!.questions[1]!.id, fail!.questions[1]!.wrong[0]);
    expect(failed.json().data.score).toMatchObject({ attempted: true, percentage: 50, passed: false });
    expect(await popups(fail!.id)).toHaveLength(0);

    // Passing again after a retake leaves the one popup as it is.
    await db
      .update(moduleCertificateModals)
      .set({ isSeen: true })
      .where(eq(moduleCertificateModals.userId, user.id));
    expect((await retake(headers, pass!.id)).statusCode).toBe(200);
    for (const q of pass!.questions) await submit(headers, q.id, q.correct);
    expect(await popups(pass!.id)).toMatchObject([{ isSeen: true }]);
  }, 60_000);
});

describe('POST /api/user/course/module/quiz/retake', () => {
  it('when nothing was answered in the current attempt, then a retake is 409', async () => {
    const { modules, headers } = await learnerWithCourse([{ questions: 2 }]);
    const res = await retake(headers, modules[0]!.id);
    expect(res.statusCode).toBe(409);
  }, 60_000);

  it('when a learner retakes, then the quiz shows no answers, the attempt counts up and earlier answers are kept', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1, q2] = modules[0]!.questions;
    await submit(headers, q1!.id, q1!.wrong[0]);
    await submit(headers, q2!.id, q2!.correct);
    const first = await retake(headers, modules[0]!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ moduleId: modules[0]!.id, attempt: 2 });

    const quiz = await getQuiz(headers, modules[0]!.id);
    expect(quiz.body).not.toContain('isCorrect');
    expect(quiz.json().data).toMatchObject({
      attempt: 2,
      score: { attempted: false, correct: 0, total: 2, percentage: 0, passed: false },
    });
    expect(
      quiz
        .json()
        .data.CourseQuizQuestions.every(
          (q: { CourseQuizResponses: unknown[] }) => q.CourseQuizResponses.length === 0,
        ),
    ).toBe(true);

    // Retaking again before answering anything in attempt 2 is refused.
    expect((await retake(headers, modules[0]!.id)).statusCode).toBe(409);

    const answer = await submit(headers, q1!.id, q1!.correct);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ isCorrect: true, attempt: 2, score: { correct: 1 } });
    expect((await retake(headers, modules[0]!.id)).json().data).toEqual({
      moduleId: modules[0]!.id,
      attempt: 3,
    });

    const rows = await responseRows(user.id);
    expect(rows.map((r) => [r.questionId, r.attempt]).sort()).toEqual(
      [
        [q1!.id, 1],
        [q2!.id, 1],
        [q1!.id, 2],
      ].sort(),
    );
  }, 60_000);
});

describe('POST /api/user/course/quiz', () => {
  it('when a batch has modules with and without quizzes, then only quiz modules are listed with the progress', async () => {
    const { batchId, modules, headers } = await learnerWithCourse([
      { questions: 2 },
      { questions: 0 },
      { questions: 2 },
      { questions: 4 },
    ]);
    const [passed, , failed] = modules;
    for (const q of passed!.questions) await submit(headers, q.id, q.correct);
    await submit(headers, failed!.questions[0]!.id, failed!.questions[0]!.wrong[0]);
    await submit(headers, failed!.questions[1]!.id, failed!.questions[1]!.correct);
    const res = await courseQuizzes(headers, batchId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.modules.map((m: { id: number }) => m.id)).toEqual([
      modules[0]!.id,
      modules[2]!.id,
      modules[3]!.id,
    ]);
    expect(data.modules.map((m: { score: { percentage: number } }) => m.score.percentage)).toEqual([
      100, 50, 0,
    ]);
    // Unanswered questions carry no answer here either.
    expect(JSON.stringify(data.modules[2])).not.toContain('isCorrect');
    expect(data.progress).toEqual({ overall: 67, average: 75, total: 3, attempted: 2, passed: 1 });
  }, 60_000);

  it('when a batch has 1 or 6 quiz modules, then the call sends the same number of queries', async () => {
    const small = await learnerWithCourse([{ questions: 2 }]);
    const large = await learnerWithCourse(Array.from({ length: 6 }, () => ({ questions: 5 })));
    // Warm-up (both: each learner's session is then answered from the session cache, 0027).
    await courseQuizzes(small.headers, small.batchId);
    await courseQuizzes(large.headers, large.batchId);
    const a = await countQueries(() => courseQuizzes(small.headers, small.batchId));
    const b = await countQueries(() => courseQuizzes(large.headers, large.batchId));
    expect(b).toBe(a);
  }, 60_000);
});

describe('who may see and answer a quiz', () => {
  it('when a learner names another learner’s batch, module, question or option, then every call is 404 and nothing changes', async () => {
    const { db } = t.database;
    const a = await learnerWithCourse([{ questions: 2 }]);
    const b = await learnerWithCourse([{ questions: 2 }]);
    const [aq] = a.modules[0]!.questions;
    await submit(a.headers, aq!.id, aq!.correct);

    expect((await getQuiz(b.headers, a.modules[0]!.id)).statusCode).toBe(404);
    expect((await courseQuizzes(b.headers, a.batchId)).statusCode).toBe(404);
    // A learner may not name another learner, even in their own batch's call.
    expect((await courseQuizzes(b.headers, b.batchId, a.user.id)).statusCode).toBe(404);
    expect((await submit(b.headers, aq!.id, aq!.correct)).statusCode).toBe(404);
    // Their own question with A's option: not that question's option.
    const [bq] = b.modules[0]!.questions;
    expect((await submit(b.headers, bq!.id, aq!.correct)).statusCode).toBe(404);
    expect((await retake(b.headers, a.modules[0]!.id)).statusCode).toBe(404);
    expect(await responseRows(b.user.id)).toHaveLength(0);
    // A's own answers are untouched and A's attempt did not move.
    expect((await getQuiz(a.headers, a.modules[0]!.id)).json().data).toMatchObject({
      attempt: 1,
      score: { correct: 1 },
    });

    // B sees only their own answers in their own quiz.
    expect((await getQuiz(b.headers, b.modules[0]!.id)).body).not.toContain('isCorrect');

    // A template module (owned by a workshop, not a batch) and unknown ids are 404 too.
    const [template] = await db
      .insert(courseModules)
      .values({ workshopId: (await createWorkshop(db)).id, title: 'Template' })
      .returning();
    expect((await getQuiz(a.headers, template!.id)).statusCode).toBe(404);
    expect((await getQuiz(a.headers, 99_999_999)).statusCode).toBe(404);
    expect((await retake(a.headers, 99_999_999)).statusCode).toBe(404);
    expect((await courseQuizzes(a.headers, 99_999_999)).statusCode).toBe(404);
  }, 60_000);

  it('when the enrolment was refunded, then the quiz is 404', async () => {
    const { db } = t.database;
    const course = await createQuizCourse(db, [{ questions: 1 }]);
    const user = await insertUser(db);
    await enrolIn(db, user.id, course.batchId, { isRefund: true });
    const headers = bearer((await insertSession(db, user.id, NOW)).token);
    expect((await getQuiz(headers, course.modules[0]!.id)).statusCode).toBe(404);
    const q = course.modules[0]!.questions[0]!;
    expect((await submit(headers, q.id, q.correct)).statusCode).toBe(404);
  }, 60_000);

  it('when an instalment of the course is due, then every quiz call is 402 until it is paid', async () => {
    const { db } = t.database;
    const { batchId, modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1] = modules[0]!.questions;
    await submit(headers, q1!.id, q1!.correct);
    const [plan] = await db
      .insert(instalmentPlans)
      .values({ userId: user.id, batchId, totalMinor: 200_000, currency: 'INR' })
      .returning();
    const [due] = await db
      .insert(instalments)
      .values({ planId: plan!.id, sequence: 1, dueDate: '2026-03-12', amountMinor: 100_000 })
      .returning();
    for (const res of [
      await getQuiz(headers, modules[0]!.id),
      await courseQuizzes(headers, batchId),
      await submit(headers, modules[0]!.questions[1]!.id, modules[0]!.questions[1]!.correct),
      await retake(headers, modules[0]!.id),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ error: 'INSTALMENT_DUE' });
    }
    expect(await responseRows(user.id)).toHaveLength(1);
    await db.update(instalments).set({ paidAt: NOW }).where(eq(instalments.id, due!.id));
    expect((await getQuiz(headers, modules[0]!.id)).statusCode).toBe(200);
  }, 60_000);

  it('when a moderator opens a learner’s quizzes, then they read them (audited) and cannot answer or retake', async () => {
    const { db } = t.database;
    const { batchId, modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const [q1, q2] = modules[0]!.questions;
    await submit(headers, q1!.id, q1!.correct);
    const moderator = await insertUser(db, { role: 'moderator', name: 'Mod' });
    const own = bearer((await insertSession(db, moderator.id, NOW)).token);

    const read = await courseQuizzes(own, batchId, user.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.modules[0].score).toMatchObject({ correct: 1, total: 2 });
    const audit = await db
      .select()
      .from(moderatorAccessAudit)
      .where(eq(moderatorAccessAudit.learnerId, user.id));
    expect(audit).toMatchObject([{ moderatorId: moderator.id }]);

    // Through a read-only view session (the learner's data, the moderator acting).
    const view = bearer((await insertSession(db, moderator.id, NOW, { viewedUserId: user.id })).token);
    const quiz = await getQuiz(view, modules[0]!.id);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.json().data.CourseQuizQuestions[0].CourseQuizResponses).toHaveLength(1);
    expect((await courseQuizzes(view, batchId)).statusCode).toBe(200);
    expect((await submit(view, q2!.id, q2!.correct)).statusCode).toBe(403);
    expect((await retake(view, modules[0]!.id)).statusCode).toBe(403);
    expect(await responseRows(user.id)).toHaveLength(1);
  }, 60_000);
});
