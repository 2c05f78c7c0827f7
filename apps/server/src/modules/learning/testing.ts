/*
 * Test support for the learner dashboard (no test runner imports): a batch's curriculum in a few
 * bulk inserts, enrolments, and a query counter on the database pool.
 */
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/database.js';
import {
  assignments,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizzes,
  enrolments,
} from '../../db/schema/index.js';

export interface SeededCurriculum {
  modules: {
    id: number;
    sessions: { id: number; date: string; assignmentIds: number[] }[];
  }[];
  /** Every session in course order. */
  sessions: { id: number; date: string; assignmentIds: number[] }[];
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Inserts `modules` modules of `sessionsPerModule` sessions each (one a day from `firstDate`),
 * an assignment in every session (due three days later) and a two-question quiz in every module
 * when `quiz` is true.
 */
export async function createCurriculum(
  db: Db,
  batchId: number,
  opts: { modules: number; sessionsPerModule: number; firstDate: string; quiz?: boolean },
): Promise<SeededCurriculum> {
  const moduleRows = await db
    .insert(courseModules)
    .values(
      Array.from({ length: opts.modules }, (_, m) => ({
        batchId,
        sequence: m + 1,
        title: `Module ${m + 1}`,
        certificateTitle: `Certificate ${m + 1}`,
      })),
    )
    .returning({ id: courseModules.id });
  const detailRows = await db
    .insert(courseModuleDetails)
    .values(moduleRows.map((m, i) => ({ moduleId: m.id, sequence: 1, title: `Unit ${i + 1}` })))
    .returning({ id: courseModuleDetails.id, moduleId: courseModuleDetails.moduleId });
  const plan = detailRows.flatMap((d, mi) =>
    Array.from({ length: opts.sessionsPerModule }, (_, si) => ({
      detailId: d.id,
      moduleIndex: mi,
      sequence: si + 1,
      date: addDays(opts.firstDate, mi * opts.sessionsPerModule + si),
    })),
  );
  const sessionRows = await db
    .insert(courseModuleSessions)
    .values(
      plan.map((p) => ({
        detailId: p.detailId,
        sequence: p.sequence,
        type: 1,
        title: `M${p.moduleIndex + 1} S${p.sequence}`,
        sessionDate: p.date,
        sessionStartTime: '10:00',
        sessionEndTime: '12:00',
        assignmentLastDate: addDays(p.date, 3),
      })),
    )
    .returning({ id: courseModuleSessions.id });
  const assignmentRows = await db
    .insert(assignments)
    .values(sessionRows.map((s, i) => ({ sessionId: s.id, title: `Exercise ${i + 1}`, maxPoints: 10 })))
    .returning({ id: assignments.id, sessionId: assignments.sessionId });
  if (opts.quiz) {
    await db.insert(courseQuizzes).values(moduleRows.map((m) => ({ moduleId: m.id, title: 'Quiz' })));
    const questions = await db
      .insert(courseQuizQuestions)
      .values(
        moduleRows.flatMap((m) =>
          [1, 2].map((sequence) => ({ moduleId: m.id, sequence, question: `Q${sequence}` })),
        ),
      )
      .returning({ id: courseQuizQuestions.id });
    await db.insert(courseQuizOptions).values(
      questions.flatMap((q) => [
        { questionId: q.id, sequence: 1, text: 'Right', isCorrect: true },
        { questionId: q.id, sequence: 2, text: 'Wrong', isCorrect: false },
      ]),
    );
  }
  const sessions = sessionRows.map((s, i) => ({
    id: s.id,
    date: plan[i]!.date,
    assignmentIds: assignmentRows.filter((a) => a.sessionId === s.id).map((a) => a.id),
  }));
  return {
    modules: moduleRows.map((m, mi) => ({
      id: m.id,
      sessions: sessions.filter((_, i) => plan[i]!.moduleIndex === mi),
    })),
    sessions,
  };
}

/** Enrols `userId` in `batchId` (dashboard access, not refunded). */
export async function enrol(db: Db, userId: number, batchId: number) {
  const [row] = await db.insert(enrolments).values({ userId, batchId }).returning();
  return row!;
}

/**
 * Runs `work` and counts the SQL statements sent through the database's pool meanwhile (every
 * query of a request outside a transaction goes through `pool.query`).
 */
export async function countQueries<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const pool = database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  let queries = 0;
  pool.query = function counted(this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    const result = await work();
    return { result, queries };
  } finally {
    pool.query = original;
  }
}
