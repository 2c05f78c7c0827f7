/**
 * Module quizzes in SQL (issue 15): a batch's (or one module's) quizzes with the learner's
 * answers of the current attempt in a fixed number of queries, whatever the number of modules,
 * questions and options; the writes of answering and retaking.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import {
  courseModules,
  courseQuizAttempts,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
  moduleCertificateModals,
} from '../../db/schema/index.js';

/**
 * Pass mark of a module whose quiz has no `course_quizzes` row (the column's default too):
 * 60 % (docs/decisions/0024).
 */
export const DEFAULT_PASS_PERCENTAGE = 60;

/** A learner's current attempt at a module: the `course_quiz_attempts` row, or 1 when none. */
const currentAttempt = (userId: number) =>
  sql<number>`coalesce((SELECT ${courseQuizAttempts.attempt} FROM ${courseQuizAttempts}
    WHERE ${courseQuizAttempts.userId} = ${userId} AND ${courseQuizAttempts.moduleId} = ${courseModules.id}), 1)`.mapWith(
    Number,
  );

export interface QuizModuleRow {
  id: number;
  batchId: number | null;
  sequence: number;
  title: string;
  certificateTitle: string | null;
  passPercentage: number;
  attempt: number;
}

export interface QuizQuestionRow {
  id: number;
  moduleId: number;
  sequence: number;
  question: string;
  explanation: string | null;
}

export interface QuizOptionRow {
  id: number;
  questionId: number;
  sequence: number;
  text: string;
  isCorrect: boolean;
}

export interface QuizResponseRow {
  id: number;
  questionId: number;
  optionId: number;
  attempt: number;
  isCorrect: boolean;
}

/** Everything the quiz views are built from. */
export interface QuizData {
  modules: QuizModuleRow[];
  questions: QuizQuestionRow[];
  options: QuizOptionRow[];
  /** The learner's answers of each module's current attempt only. */
  responses: QuizResponseRow[];
}

/**
 * The quizzes of a batch's modules (`{ batchId }`) or of one module (`{ moduleId }`), with the
 * answers `userId` gave in each module's current attempt: four queries, in sequence order.
 */
export async function loadQuizzes(
  db: Executor,
  userId: number,
  scope: { batchId: number } | { moduleId: number },
): Promise<QuizData> {
  const modules = await db
    .select({
      id: courseModules.id,
      batchId: courseModules.batchId,
      sequence: courseModules.sequence,
      title: courseModules.title,
      certificateTitle: courseModules.certificateTitle,
      passPercentage:
        sql<number>`coalesce(${courseQuizzes.passPercentage}, ${DEFAULT_PASS_PERCENTAGE})`.mapWith(Number),
      attempt: currentAttempt(userId),
    })
    .from(courseModules)
    .leftJoin(courseQuizzes, eq(courseQuizzes.moduleId, courseModules.id))
    .where(
      'batchId' in scope ? eq(courseModules.batchId, scope.batchId) : eq(courseModules.id, scope.moduleId),
    )
    .orderBy(asc(courseModules.sequence), asc(courseModules.id));
  if (modules.length === 0) return { modules, questions: [], options: [], responses: [] };
  const moduleIds = modules.map((m) => m.id);

  const questions = await db
    .select({
      id: courseQuizQuestions.id,
      moduleId: courseQuizQuestions.moduleId,
      sequence: courseQuizQuestions.sequence,
      question: courseQuizQuestions.question,
      explanation: courseQuizQuestions.explanation,
    })
    .from(courseQuizQuestions)
    .where(inArray(courseQuizQuestions.moduleId, moduleIds))
    .orderBy(asc(courseQuizQuestions.sequence), asc(courseQuizQuestions.id));
  if (questions.length === 0) return { modules, questions, options: [], responses: [] };

  const options = await db
    .select({
      id: courseQuizOptions.id,
      questionId: courseQuizOptions.questionId,
      sequence: courseQuizOptions.sequence,
      text: courseQuizOptions.text,
      isCorrect: courseQuizOptions.isCorrect,
    })
    .from(courseQuizOptions)
    .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizOptions.questionId))
    .where(inArray(courseQuizQuestions.moduleId, moduleIds))
    .orderBy(asc(courseQuizOptions.sequence), asc(courseQuizOptions.id));

  const responses = await db
    .select({
      id: courseQuizResponses.id,
      questionId: courseQuizResponses.questionId,
      optionId: courseQuizResponses.optionId,
      attempt: courseQuizResponses.attempt,
      isCorrect: courseQuizOptions.isCorrect,
    })
    .from(courseQuizResponses)
    .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizResponses.questionId))
    .innerJoin(courseQuizOptions, eq(courseQuizOptions.id, courseQuizResponses.optionId))
    .leftJoin(
      courseQuizAttempts,
      and(
        eq(courseQuizAttempts.userId, userId),
        eq(courseQuizAttempts.moduleId, courseQuizQuestions.moduleId),
      ),
    )
    .where(
      and(
        eq(courseQuizResponses.userId, userId),
        inArray(courseQuizQuestions.moduleId, moduleIds),
        sql`${courseQuizResponses.attempt} = coalesce(${courseQuizAttempts.attempt}, 1)`,
      ),
    )
    .orderBy(asc(courseQuizResponses.id));

  return { modules, questions, options, responses };
}

/** A question's module, the module's batch and the question's explanation; undefined when there is no such question. */
export async function questionScope(
  db: Executor,
  questionId: number,
): Promise<{ moduleId: number; batchId: number | null; explanation: string | null } | undefined> {
  const [row] = await db
    .select({
      moduleId: courseQuizQuestions.moduleId,
      batchId: courseModules.batchId,
      explanation: courseQuizQuestions.explanation,
    })
    .from(courseQuizQuestions)
    .innerJoin(courseModules, eq(courseModules.id, courseQuizQuestions.moduleId))
    .where(eq(courseQuizQuestions.id, questionId))
    .limit(1);
  return row;
}

/** The options of a question: id and whether correct. */
export async function optionsOf(
  db: Executor,
  questionId: number,
): Promise<{ id: number; isCorrect: boolean }[]> {
  return db
    .select({ id: courseQuizOptions.id, isCorrect: courseQuizOptions.isCorrect })
    .from(courseQuizOptions)
    .where(eq(courseQuizOptions.questionId, questionId));
}

/**
 * Serialises the quiz writes of one learner on one module until the transaction ends, so that
 * two answers arriving together both see each other when scoring (the popup of a passing attempt
 * is not missed) and a retake never interleaves with an answer. A hash collision only makes two
 * unrelated learners wait for each other briefly.
 */
export async function lockLearnerQuiz(db: Executor, userId: number, moduleId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`atelier:quiz:${userId}:${moduleId}`}))`);
}

/** The learner's current attempt at a module (1 when they never retook it). */
export async function attemptOf(db: Executor, userId: number, moduleId: number): Promise<number> {
  const [row] = await db
    .select({ attempt: courseQuizAttempts.attempt })
    .from(courseQuizAttempts)
    .where(and(eq(courseQuizAttempts.userId, userId), eq(courseQuizAttempts.moduleId, moduleId)))
    .limit(1);
  return row?.attempt ?? 1;
}

/**
 * Records an answer unless one exists for (learner, question, attempt): the unique key decides,
 * also between concurrent requests. Returns the new row's id, or undefined when one existed.
 */
export async function insertResponse(
  db: Executor,
  values: { userId: number; questionId: number; optionId: number; attempt: number },
): Promise<number | undefined> {
  const [row] = await db
    .insert(courseQuizResponses)
    .values(values)
    .onConflictDoNothing({
      target: [courseQuizResponses.userId, courseQuizResponses.questionId, courseQuizResponses.attempt],
    })
    .returning({ id: courseQuizResponses.id });
  return row?.id;
}

/**
 * A module's quiz state for one learner's attempt, in one query: its pass mark and certificate
 * title, its number of questions, and how many of them were answered and answered correctly.
 */
export async function moduleScoreRow(
  db: Executor,
  userId: number,
  moduleId: number,
  attempt: number,
): Promise<{
  certificateTitle: string | null;
  passPercentage: number;
  total: number;
  answered: number;
  correct: number;
}> {
  const [row] = await db
    .select({
      certificateTitle: courseModules.certificateTitle,
      passPercentage:
        sql<number>`coalesce(${courseQuizzes.passPercentage}, ${DEFAULT_PASS_PERCENTAGE})`.mapWith(Number),
      total:
        sql<number>`(SELECT count(*) FROM ${courseQuizQuestions} WHERE ${courseQuizQuestions.moduleId} = ${courseModules.id})`.mapWith(
          Number,
        ),
      answered: sql<number>`(SELECT count(*) FROM ${courseQuizResponses}
        JOIN ${courseQuizQuestions} ON ${courseQuizQuestions.id} = ${courseQuizResponses.questionId}
        WHERE ${courseQuizQuestions.moduleId} = ${courseModules.id}
          AND ${courseQuizResponses.userId} = ${userId} AND ${courseQuizResponses.attempt} = ${attempt})`.mapWith(
        Number,
      ),
      correct: sql<number>`(SELECT count(*) FROM ${courseQuizResponses}
        JOIN ${courseQuizQuestions} ON ${courseQuizQuestions.id} = ${courseQuizResponses.questionId}
        JOIN ${courseQuizOptions} ON ${courseQuizOptions.id} = ${courseQuizResponses.optionId}
        WHERE ${courseQuizQuestions.moduleId} = ${courseModules.id} AND ${courseQuizOptions.isCorrect}
          AND ${courseQuizResponses.userId} = ${userId} AND ${courseQuizResponses.attempt} = ${attempt})`.mapWith(
        Number,
      ),
    })
    .from(courseModules)
    .leftJoin(courseQuizzes, eq(courseQuizzes.moduleId, courseModules.id))
    .where(eq(courseModules.id, moduleId))
    .limit(1);
  if (!row) throw new Error(`module ${moduleId} vanished while its quiz was answered`);
  return row;
}

/** The module's certificate popup for the learner (not seen yet), unless one exists. */
export async function insertCertificateModal(db: Executor, userId: number, moduleId: number): Promise<void> {
  await db
    .insert(moduleCertificateModals)
    .values({ userId, moduleId, isSeen: false })
    .onConflictDoNothing({ target: [moduleCertificateModals.userId, moduleCertificateModals.moduleId] });
}

/** How many answers the learner gave to the module's questions in `attempt`. */
export async function answersInAttempt(
  db: Executor,
  userId: number,
  moduleId: number,
  attempt: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseQuizResponses)
    .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizResponses.questionId))
    .where(
      and(
        eq(courseQuizResponses.userId, userId),
        eq(courseQuizQuestions.moduleId, moduleId),
        eq(courseQuizResponses.attempt, attempt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Moves the learner's attempt at a module from `from` to `from + 1`, only if it still is `from`
 * (a concurrent retake moved it already otherwise). Returns the new attempt, or undefined.
 */
export async function advanceAttempt(
  db: Executor,
  userId: number,
  moduleId: number,
  from: number,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(courseQuizAttempts)
    .values({ userId, moduleId, attempt: from + 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [courseQuizAttempts.userId, courseQuizAttempts.moduleId],
      set: { attempt: from + 1, updatedAt: now },
      setWhere: eq(courseQuizAttempts.attempt, from),
    })
    .returning({ attempt: courseQuizAttempts.attempt });
  return row?.attempt;
}
