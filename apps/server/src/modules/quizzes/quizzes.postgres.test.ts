import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseQuizAttempts, courseQuizResponses, moduleCertificateModals } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { createQuizCourse, enrolIn, type ModuleSpec } from '../../test/quiz-fixtures.js';

/* Quiz writes racing on a real PostgreSQL (a pool of several connections). */
describe('quiz answers and retakes under concurrency (PostgreSQL)', { timeout: 120_000 }, () => {
  const NOW = new Date('2026-03-10T06:30:00Z');
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
  });
  afterAll(async () => t?.close());

  async function learnerWithCourse(specs: ModuleSpec[]) {
    const { db } = t.database;
    const course = await createQuizCourse(db, specs);
    const user = await insertUser(db);
    await enrolIn(db, user.id, course.batchId);
    return { ...course, user, headers: bearer((await insertSession(db, user.id, NOW)).token) };
  }
  const submit = (headers: Record<string, string>, questionId: number, optionId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/quiz/response/submit',
      headers,
      payload: { questionId, optionId },
    });

  it('when 10 answers to one question race, then exactly one is recorded and the others are 409', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const q = modules[0]!.questions[0]!;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit(headers, q.id, i % 2 === 0 ? q.correct : q.wrong[0])),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await t.database.db
      .select()
      .from(courseQuizResponses)
      .where(and(eq(courseQuizResponses.userId, user.id), eq(courseQuizResponses.questionId, q.id)));
    expect(rows).toHaveLength(1);
  });

  it('when the last two answers of a passing attempt race, then the certificate popup is still due', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 4 }]);
    const [a, b, c, d] = modules[0]!.questions;
    await submit(headers, a!.id, a!.correct);
    await submit(headers, b!.id, b!.correct);
    const results = await Promise.all([
      submit(headers, c!.id, c!.correct),
      submit(headers, d!.id, d!.correct),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.some((r) => r.json().data.score.attempted === true)).toBe(true);
    const popups = await t.database.db
      .select()
      .from(moduleCertificateModals)
      .where(eq(moduleCertificateModals.userId, user.id));
    expect(popups).toMatchObject([{ moduleId: modules[0]!.id, isSeen: false }]);
  });

  it('when two retakes race, then one moves the attempt to 2 and the other is 409', async () => {
    const { modules, headers, user } = await learnerWithCourse([{ questions: 2 }]);
    const q = modules[0]!.questions[0]!;
    await submit(headers, q.id, q.correct);
    const retake = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/course/module/quiz/retake',
        headers,
        payload: { moduleId: modules[0]!.id },
      });
    const results = await Promise.all([retake(), retake()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db
      .select()
      .from(courseQuizAttempts)
      .where(eq(courseQuizAttempts.userId, user.id));
    expect(row!.attempt).toBe(2);
  });
});
