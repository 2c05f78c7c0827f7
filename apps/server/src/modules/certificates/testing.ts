/*
 * Test support for certificates: a learner enrolled in a batch with modules and quizzes written
 * straight to the tables (as the learning and quizzes modules leave them), answers by attempt,
 * an EMI lock, and the QR squares read back from a certificate PDF.
 */
import { inflateSync } from 'node:zlib';
import type { Db } from '../../db/client.js';
import {
  courseModules,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
  enrolments,
  instalmentPlans,
  instalments,
} from '../../db/schema/index.js';

export interface QuizFixture {
  moduleId: number;
  questions: { id: number; correct: number; wrong: number }[];
}

/** A module of `batchId` with `questions` two-option questions and an optional pass mark. */
export async function insertModuleWithQuiz(
  db: Db,
  batchId: number,
  opts: {
    certificateTitle?: string | null;
    questions?: number;
    passPercentage?: number;
    sequence?: number;
  } = {},
): Promise<QuizFixture> {
  const [module] = await db
    .insert(courseModules)
    .values({
      batchId,
      sequence: opts.sequence ?? 1,
      title: 'Module',
      certificateTitle:
        opts.certificateTitle === undefined ? 'Grasshopper Foundations' : opts.certificateTitle,
    })
    .returning();
  if (opts.passPercentage !== undefined)
    await db
      .insert(courseQuizzes)
      .values({ moduleId: module!.id, title: 'Quiz', passPercentage: opts.passPercentage });
  const questions: QuizFixture['questions'] = [];
  for (let i = 0; i < (opts.questions ?? 4); i += 1) {
    const [question] = await db
      .insert(courseQuizQuestions)
      .values({ moduleId: module!.id, sequence: i, question: `Question ${i + 1}` })
      .returning();
    const [correct, wrong] = await db
      .insert(courseQuizOptions)
      .values([
        { questionId: question!.id, sequence: 0, text: 'Right', isCorrect: true },
        { questionId: question!.id, sequence: 1, text: 'Wrong', isCorrect: false },
      ])
      .returning();
    questions.push({ id: question!.id, correct: correct!.id, wrong: wrong!.id });
  }
  return { moduleId: module!.id, questions };
}

/** Answers the first `answered` questions of the quiz in `attempt`, the first `correct` of them rightly. */
export async function answerQuiz(
  db: Db,
  userId: number,
  quiz: QuizFixture,
  opts: { correct: number; answered?: number; attempt?: number },
): Promise<void> {
  const answered = opts.answered ?? quiz.questions.length;
  const rows = quiz.questions.slice(0, answered).map((q, i) => ({
    questionId: q.id,
    userId,
    optionId: i < opts.correct ? q.correct : q.wrong,
    attempt: opts.attempt ?? 1,
  }));
  if (rows.length) await db.insert(courseQuizResponses).values(rows);
}

export async function enrol(db: Db, userId: number, batchId: number, values: { isRefund?: boolean } = {}) {
  const [row] = await db
    .insert(enrolments)
    .values({ userId, batchId, isRefund: values.isRefund ?? false })
    .returning();
  return row!;
}

/** An instalment plan of the learner's batch whose second instalment falls due on `dueDate` (locks the course). */
export async function lockWithInstalment(db: Db, userId: number, batchId: number, dueDate: string) {
  const [plan] = await db
    .insert(instalmentPlans)
    .values({ userId, batchId, totalMinor: 200_000, currency: 'INR' })
    .returning();
  await db.insert(instalments).values({ planId: plan!.id, sequence: 2, dueDate, amountMinor: 100_000 });
  return plan!;
}

/** The squares (`x y w h re`) of the PDF's content streams, as numbers. */
export function pdfSquares(pdf: Buffer): { x: number; y: number; size: number }[] {
  const source = pdf.toString('latin1');
  const squares: { x: number; y: number; size: number }[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = pdf.subarray(start, end).toString('latin1');
    }
    for (const op of content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)) {
      const [x, y, w, h] = op.slice(1, 5).map(Number) as [number, number, number, number];
      if (Math.abs(w - h) < 0.01) squares.push({ x, y, size: w });
    }
    streamPattern.lastIndex = end;
  }
  return squares;
}
