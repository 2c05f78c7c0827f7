import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentResponses,
  courseQuizAttempts,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  enrolments,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, uniqueContact } from '../auth/testing.js';
import { leaderboardName } from './coursework.service.js';
import { createCourseworkBatch, createLearner } from './testing.js';

const NOW = new Date('2026-12-10T06:30:00Z');
const boardUrl = (batchId: number) => `/api/user/course/batch/${batchId}/leaderboard/score`;

describe('coursework: the batch leaderboard', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** A quiz question of `moduleId` with a correct and a wrong option. */
  async function question(moduleId: number, sequence: number) {
    const { db } = t.database;
    const [q] = await db
      .insert(courseQuizQuestions)
      .values({ moduleId, sequence, question: `Question ${sequence}?` })
      .returning();
    const [right, wrong] = await db
      .insert(courseQuizOptions)
      .values([
        { questionId: q!.id, sequence: 1, text: 'Right', isCorrect: true },
        { questionId: q!.id, sequence: 2, text: 'Wrong', isCorrect: false },
      ])
      .returning();
    return { id: q!.id, right: right!.id, wrong: wrong!.id };
  }

  it('when learners have points and quiz answers, then the board ranks them (ties share a rank, listed by name) with display names, scores and isYou only', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 2 });
    const other = await createCourseworkBatch(db, { assignments: 1 });
    const batchId = course.batch.id;
    const asha = await createLearner(db, NOW, { batchId, name: 'Asha Rao' });
    const bea = await createLearner(db, NOW, { batchId, name: '  bea   van zed ' });
    const cal = await createLearner(db, NOW, { batchId, name: 'Cal Young' });
    const dev = await createLearner(db, NOW, { batchId, name: 'Dev' });
    const mailName = await createLearner(db, NOW, { batchId, name: 'mail@example.com 9876543210' });
    const refunded = await createLearner(db, NOW, { batchId, name: 'Refunded Person', isRefund: true });
    const outsider = await createLearner(db, NOW, { batchId: other.batch.id, name: 'Other Batch' });
    const [a1, a2] = course.assignments;

    const answer = (assignmentId: number, userId: number, points: number | null) =>
      db.insert(assignmentResponses).values({ assignmentId, userId, link: 'https://x.example/', points });
    await answer(a1!.id, asha.user.id, 5);
    await answer(a2!.id, asha.user.id, null); // not reviewed yet: counts nothing
    await answer(a1!.id, bea.user.id, 4);
    await answer(a2!.id, bea.user.id, 5);
    await answer(a1!.id, cal.user.id, 9);
    await answer(a1!.id, refunded.user.id, 100);
    // Points in another batch never count here.
    await answer(other.assignments[0]!.id, bea.user.id, 50);
    await answer(other.assignments[0]!.id, outsider.user.id, 70);

    // Asha: 3 correct in attempt 1, then a retake (attempt 2) with 1 correct and 1 wrong → 1 counts.
    const q1 = await question(course.module.id, 1);
    const q2 = await question(course.module.id, 2);
    const q3 = await question(course.module.id, 3);
    await db.insert(courseQuizResponses).values([
      { questionId: q1.id, userId: asha.user.id, optionId: q1.right, attempt: 1 },
      { questionId: q2.id, userId: asha.user.id, optionId: q2.right, attempt: 1 },
      { questionId: q3.id, userId: asha.user.id, optionId: q3.right, attempt: 1 },
      { questionId: q1.id, userId: asha.user.id, optionId: q1.right, attempt: 2 },
      { questionId: q2.id, userId: asha.user.id, optionId: q2.wrong, attempt: 2 },
      // Dev answered once (no attempt row = attempt 1): one right, one wrong.
      { questionId: q1.id, userId: dev.user.id, optionId: q1.wrong, attempt: 1 },
      { questionId: q2.id, userId: dev.user.id, optionId: q2.right, attempt: 1 },
    ]);
    await db
      .insert(courseQuizAttempts)
      .values({ userId: asha.user.id, moduleId: course.module.id, attempt: 2 });

    const res = await get(asha.token, boardUrl(batchId));
    expect(res.statusCode).toBe(200);
    const board = res.json().data;
    expect(board).toEqual([
      { rank: 1, name: 'bea Z.', score: 9, isYou: false },
      { rank: 1, name: 'Cal Y.', score: 9, isYou: false },
      { rank: 3, name: 'Asha R.', score: 6, isYou: true },
      { rank: 4, name: 'Dev', score: 1, isYou: false },
      { rank: 5, name: 'Learner', score: 0, isYou: false },
    ]);
    for (const row of board) expect(Object.keys(row).sort()).toEqual(['isYou', 'name', 'rank', 'score']);
    const text = res.body;
    for (const person of [asha, bea, cal, dev, mailName, refunded, outsider]) {
      expect(text).not.toContain(person.user.email!);
      expect(text).not.toContain(person.user.mobile!);
      expect(text).not.toContain(`"id":${person.user.id}`);
      expect(text).not.toContain(`"userId"`);
    }
    expect(text).not.toContain('9876543210');
    expect(text).not.toContain('Refunded');
    expect(text).not.toContain('Rao');

    // Each learner sees themself marked; the order is the same for everyone.
    const fromCal = (await get(cal.token, boardUrl(batchId))).json().data;
    expect(fromCal.map((r: { name: string }) => r.name)).toEqual(board.map((r: { name: string }) => r.name));
    expect(fromCal.filter((r: { isYou: boolean }) => r.isYou)).toEqual([
      { rank: 1, name: 'Cal Y.', score: 9, isYou: true },
    ]);
    // The refunded learner and the outsider are not on it and cannot read it.
    expect((await get(refunded.token, boardUrl(batchId))).statusCode).toBe(404);
    expect((await get(outsider.token, boardUrl(batchId))).statusCode).toBe(404);
  }, 60_000);

  it('when a batch has more than 50 learners, then the board lists the top 50 plus the caller’s own row, in a constant number of queries', async () => {
    const { db } = t.database;
    const small = await createCourseworkBatch(db, { assignments: 1 });
    const large = await createCourseworkBatch(db, { assignments: 1 });
    const me = await createLearner(db, NOW, { batchId: large.batch.id, name: 'Zed Last' });
    const meSmall = await createLearner(db, NOW, { batchId: small.batch.id, name: 'Zed Last' });

    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          ...uniqueContact(),
          name: `Learner${String(i).padStart(2, '0')} Surname`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(enrolments).values(people.map((p) => ({ userId: p.id, batchId: large.batch.id })));
    await db.insert(assignmentResponses).values(
      people.map((p, i) => ({
        assignmentId: large.assignments[0]!.id,
        userId: p.id,
        link: 'https://x.example/',
        points: i < 3 ? 10 : 1,
      })),
    );

    const pool = t.database.pool;
    const original = pool.query.bind(pool);
    let queries = 0;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      queries += 1;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    let res;
    let smallQueries;
    try {
      const small1 = await get(meSmall.token, boardUrl(small.batch.id));
      expect(small1.statusCode).toBe(200);
      smallQueries = queries;
      queries = 0;
      res = await get(me.token, boardUrl(large.batch.id));
    } finally {
      (pool as { query: unknown }).query = original;
    }
    expect(res.statusCode).toBe(200);
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBe(smallQueries);
    expect(queries).toBeLessThanOrEqual(8);

    const board = res.json().data as { rank: number; name: string; score: number; isYou: boolean }[];
    expect(board).toHaveLength(51);
    expect(board.slice(0, 3).map((r) => r.rank)).toEqual([1, 1, 1]);
    expect(board[3]).toMatchObject({ rank: 4, score: 1 });
    expect(board[49]).toMatchObject({ rank: 4, score: 1 });
    expect(board[50]).toEqual({ rank: 56, name: 'Zed L.', score: 0, isYou: true });
    expect(board.filter((r) => r.isYou)).toHaveLength(1);
    // Ties are listed by name.
    const tied = board.slice(3, 50).map((r) => r.name);
    expect(tied).toEqual([...tied].sort());
  }, 60_000);

  it('when names are odd (one word, blank, e-mail- or phone-like words), then only a first name and a last initial are ever shown', () => {
    expect(leaderboardName('Asha Rao')).toBe('Asha R.');
    expect(leaderboardName('Asha Maria Rao')).toBe('Asha R.');
    expect(leaderboardName('asha')).toBe('asha');
    expect(leaderboardName('  ')).toBe('Learner');
    expect(leaderboardName(null)).toBe('Learner');
    expect(leaderboardName('asha@example.com')).toBe('Learner');
    expect(leaderboardName('+919876543210')).toBe('Learner');
    expect(leaderboardName('Asha 98765 43210')).toBe('Asha');
    expect(leaderboardName('Émile Ørsted')).toBe('Émile Ø.');
    expect(leaderboardName(`${'x'.repeat(100)} Y`)).toBe(`${'x'.repeat(40)} Y.`);
  });
});
