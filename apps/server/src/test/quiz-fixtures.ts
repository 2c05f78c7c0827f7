/*
 * Test support for the quiz tests (no test runner imports): a batch with modules whose quizzes
 * have questions of three options each (the second option is the correct one), and enrolments.
 */
import type { Db } from '../db/client.js';
import {
  courseModules,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizzes,
  enrolments,
} from '../db/schema/index.js';
import { createBatch, createWorkshop } from './factories.js';

export interface QuizFixtureQuestion {
  id: number;
  correct: number;
  wrong: [number, number];
}

export interface QuizFixtureModule {
  id: number;
  questions: QuizFixtureQuestion[];
}

export interface ModuleSpec {
  questions: number;
  certificateTitle?: string | null;
  /** A `course_quizzes` row with this pass mark; none when undefined. */
  passPercentage?: number;
}

/** A workshop's batch with the given modules and their quizzes. */
export async function createQuizCourse(
  db: Db,
  specs: ModuleSpec[],
): Promise<{ batchId: number; modules: QuizFixtureModule[] }> {
  const workshop = await createWorkshop(db);
  const batch = await createBatch(db, workshop.id);
  const modules: QuizFixtureModule[] = [];
  for (const [m, spec] of specs.entries()) {
    const [module] = await db
      .insert(courseModules)
      .values({
        batchId: batch.id,
        sequence: m + 1,
        title: `Module ${m + 1}`,
        certificateTitle:
          spec.certificateTitle === undefined ? `Certificate ${m + 1}` : spec.certificateTitle,
      })
      .returning();
    if (spec.passPercentage !== undefined) {
      await db
        .insert(courseQuizzes)
        .values({ moduleId: module!.id, title: `Quiz ${m + 1}`, passPercentage: spec.passPercentage });
    }
    const questions: QuizFixtureQuestion[] = [];
    // Inserted in reverse so that id order differs from sequence order.
    for (let q = spec.questions; q >= 1; q--) {
      const [question] = await db
        .insert(courseQuizQuestions)
        .values({
          moduleId: module!.id,
          sequence: q,
          question: `Question ${q} of module ${m + 1}?`,
          explanation: `Because of reason ${q}.`,
        })
        .returning();
      const options = await db
        .insert(courseQuizOptions)
        .values(
          [0, 1, 2].map((o) => ({
            questionId: question!.id,
            sequence: o,
            text: `Option ${o}`,
            isCorrect: o === 1,
          })),
        )
        .returning();
      questions.unshift({
        id: question!.id,
        correct: options[1]!.id,
        wrong: [options[0]!.id, options[2]!.id],
      });
    }
    modules.push({ id: module!.id, questions });
  }
  return { batchId: batch.id, modules };
}

/** Enrols `userId` in `batchId` (dashboard access, not refunded unless said). */
export async function enrolIn(db: Db, userId: number, batchId: number, values: { isRefund?: boolean } = {}) {
  await db.insert(enrolments).values({ userId, batchId, isRefund: values.isRefund ?? false });
}
