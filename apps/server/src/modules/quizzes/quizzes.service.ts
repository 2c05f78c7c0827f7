/**
 * Module quizzes (issue 15; spec §3 "Quiz", §4 "Quiz"): the learner sees a question's answer
 * (`isCorrect`, the explanation) only once they answered it in the current attempt; the server
 * grades; one answer per question per attempt; a retake starts the next attempt and keeps the
 * earlier answers as history. Pass mark and attempts: docs/decisions/0024.
 */
import type { CourseQuizzesSchema, QuizModule, QuizSubmitResultSchema } from '@atelier/contract';
import { isQuizAttempted, moduleQuizScore, quizPercentage } from '@atelier/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { SessionIdentity } from '../../platform/identity.js';
import type { PublicCache } from '../../platform/cache/index.js';
import {
  assertLearnerWrite,
  batchOfModule,
  courseAccess,
  learnerDashboardChanged,
} from '../learning/index.js';
import * as repo from './quizzes.repository.js';

export interface QuizDeps {
  db: Db;
  /** The invalidation bus: a new certificate popup or a retake drops the learner's cached course dashboard. */
  publicCache: PublicCache;
  clock: () => Date;
}

export interface Caller {
  session: SessionIdentity;
  ip: string | null;
}

type QuizScore = QuizModule['score'];

const noQuestion = () => new AppError('NOT_FOUND', 'That question is not in your dashboard.');

/** The wire score of a module's current attempt from its counts. */
function scoreOf(
  counts: { total: number; answered: number; correct: number },
  passPercentage: number,
): QuizScore {
  const attempted = counts.total > 0 && counts.answered >= counts.total;
  const percentage = quizPercentage(counts.correct, counts.total);
  return {
    attempted,
    correct: counts.correct,
    total: counts.total,
    percentage,
    passed: attempted && percentage >= passPercentage,
  };
}

/** The quizzes of `data` in the wire shape: answers shown only for questions answered. */
function toQuizModules(data: repo.QuizData): QuizModule[] {
  const optionsByQuestion = new Map<number, repo.QuizOptionRow[]>();
  for (const option of data.options) {
    const list = optionsByQuestion.get(option.questionId) ?? [];
    list.push(option);
    optionsByQuestion.set(option.questionId, list);
  }
  const responseByQuestion = new Map(data.responses.map((r) => [r.questionId, r]));
  const questionsByModule = new Map<number, repo.QuizQuestionRow[]>();
  for (const question of data.questions) {
    const list = questionsByModule.get(question.moduleId) ?? [];
    list.push(question);
    questionsByModule.set(question.moduleId, list);
  }
  return data.modules.map((module) => {
    const questions = (questionsByModule.get(module.id) ?? []).map((question) => {
      const response = responseByQuestion.get(question.id);
      const options = optionsByQuestion.get(question.id) ?? [];
      return {
        id: question.id,
        sequence: question.sequence,
        question: question.question,
        // Before an answer: no explanation and no `isCorrect` key at all (checklist C4).
        explanation: response ? question.explanation : null,
        CourseQuizOptions: options.map((o) =>
          response
            ? { id: o.id, sequence: o.sequence, text: o.text, isCorrect: o.isCorrect }
            : { id: o.id, sequence: o.sequence, text: o.text },
        ),
        CourseQuizResponses: response
          ? [
              {
                id: response.id,
                optionId: response.optionId,
                attempt: response.attempt,
                CourseQuizOption: { id: response.optionId, isCorrect: response.isCorrect },
              },
            ]
          : [],
      };
    });
    const wire = { CourseQuizQuestions: questions };
    const { correct, total, percentage } = moduleQuizScore(wire);
    const attempted = isQuizAttempted(wire);
    return {
      id: module.id,
      cmId: module.id,
      sequence: module.sequence,
      title: module.title,
      certificateTitle: module.certificateTitle,
      passPercentage: module.passPercentage,
      attempt: module.attempt,
      CourseQuizQuestions: questions,
      score: {
        attempted,
        correct,
        total,
        percentage,
        passed: attempted && percentage >= module.passPercentage,
      },
    };
  });
}

/** `GET /api/user/course/module/{id}/quiz`: one module's quiz for the caller (or the viewed learner). */
export async function moduleQuiz(deps: QuizDeps, caller: Caller, moduleId: number): Promise<QuizModule> {
  const batchId = await batchOfModule(deps.db, moduleId);
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  const [module] = toQuizModules(await repo.loadQuizzes(deps.db, access.userId, { moduleId }));
  if (!module) throw new AppError('NOT_FOUND', 'That module is not in your dashboard.');
  return module;
}

/**
 * `POST /api/user/course/quiz`: the batch's modules that have a quiz, and the progress over
 * them (spec §4: overall = attempted over total, average = mean percentage of attempted ones).
 */
export async function courseQuizzes(
  deps: QuizDeps,
  caller: Caller,
  input: { batchId: number; userId?: number | undefined },
): Promise<z.input<typeof CourseQuizzesSchema>> {
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId: input.batchId,
    userId: input.userId,
    now: deps.clock(),
    ip: caller.ip,
  });
  const modules = toQuizModules(
    await repo.loadQuizzes(deps.db, access.userId, { batchId: access.batchId }),
  ).filter((m) => m.CourseQuizQuestions.length > 0);
  const attempted = modules.filter((m) => m.score.attempted);
  const average =
    attempted.length === 0
      ? 0
      : Math.round(attempted.reduce((sum, m) => sum + m.score.percentage, 0) / attempted.length);
  return {
    modules,
    progress: {
      overall: quizPercentage(attempted.length, modules.length),
      average,
      total: modules.length,
      attempted: attempted.length,
      passed: modules.filter((m) => m.score.passed).length,
    },
  };
}

/**
 * `POST /api/user/quiz/response/submit`: grades the caller's answer and records it, once per
 * question and attempt (409 for a second one, also when two arrive together: the unique key
 * decides; the learner's quiz lock makes concurrent answers score in turn). An answer that
 * completes a passing attempt of a module with a certificate title makes the module's
 * certificate popup due, in the same transaction.
 */
export async function submitAnswer(
  deps: QuizDeps,
  caller: Caller,
  input: { questionId: number; optionId: number },
): Promise<z.input<typeof QuizSubmitResultSchema>> {
  const scope = await repo.questionScope(deps.db, input.questionId);
  if (!scope || scope.batchId === null) throw noQuestion();
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId: scope.batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  assertLearnerWrite(access);
  const { userId } = access;
  let popupDue = false;
  const result = await deps.db.transaction(async (tx) => {
    await repo.lockLearnerQuiz(tx, userId, scope.moduleId);
    const options = await repo.optionsOf(tx, input.questionId);
    const chosen = options.find((o) => o.id === input.optionId);
    if (!chosen) throw new AppError('NOT_FOUND', 'That option is not one of this question’s.');
    const correct = options.find((o) => o.isCorrect);
    if (!correct)
      throw new AppError('CONFLICT', 'This question has no correct answer set yet; try again later.');
    const attempt = await repo.attemptOf(tx, userId, scope.moduleId);
    const responseId = await repo.insertResponse(tx, {
      userId,
      questionId: input.questionId,
      optionId: input.optionId,
      attempt,
    });
    if (responseId === undefined) {
      throw new AppError('CONFLICT', 'You have already answered this question in this attempt.');
    }
    const state = await repo.moduleScoreRow(tx, userId, scope.moduleId, attempt);
    const score = scoreOf(state, state.passPercentage);
    if (score.passed && state.certificateTitle) {
      await repo.insertCertificateModal(tx, userId, scope.moduleId);
      popupDue = true;
    }
    return {
      isCorrect: chosen.isCorrect,
      correctOptionId: correct.id,
      explanation: scope.explanation,
      attempt,
      score,
    };
  });
  // The course dashboard shows the popup (`Modals`, `isCertModal`).
  if (popupDue) await learnerDashboardChanged(deps.publicCache, access);
  return result;
}

/**
 * `POST /api/user/course/module/quiz/retake`: moves the caller to the next attempt of the
 * module's quiz (the earlier answers stay as history). 409 when the current attempt has no answer.
 */
export async function retakeQuiz(
  deps: QuizDeps,
  caller: Caller,
  moduleId: number,
): Promise<{ moduleId: number; attempt: number }> {
  const batchId = await batchOfModule(deps.db, moduleId);
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  assertLearnerWrite(access);
  const { userId } = access;
  const retaken = await deps.db.transaction(async (tx) => {
    await repo.lockLearnerQuiz(tx, userId, moduleId);
    const current = await repo.attemptOf(tx, userId, moduleId);
    if ((await repo.answersInAttempt(tx, userId, moduleId, current)) === 0) {
      throw new AppError('CONFLICT', 'There is nothing to retake: this attempt has no answers yet.');
    }
    const attempt = await repo.advanceAttempt(tx, userId, moduleId, current, deps.clock());
    if (attempt === undefined) throw new AppError('CONFLICT', 'This quiz was just retaken; reload it.');
    return { moduleId, attempt };
  });
  await learnerDashboardChanged(deps.publicCache, access);
  return retaken;
}
