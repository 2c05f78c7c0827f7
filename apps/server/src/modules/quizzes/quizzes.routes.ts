import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import * as quizzes from './quizzes.service.js';

/** The quizzes calls (issue 15): module quizzes, the course's quiz progress, answering and retaking. */
export async function quizzesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: quizzes.QuizDeps = { db: ctx.database.db, publicCache: ctx.publicCache, clock: ctx.clock };
  const caller = (request: FastifyRequest): quizzes.Caller => ({
    session: sessionOf(request),
    ip: request.ip,
  });
  const tags = ['quizzes'];

  defineRoute(
    api,
    endpoints.moduleQuiz,
    {
      summary: 'A module’s quiz: questions and options in order, answers only for questions answered',
      description:
        'Options carry `isCorrect` and the question its explanation only once the caller answered it in the current attempt. The score is that of the current attempt; the pass mark is the module’s (60 % when it sets none). 404 for a module not in the caller’s dashboard, 402 while an instalment locks the course.',
      tags,
    },
    async (request) => ok(await quizzes.moduleQuiz(deps, caller(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.courseQuizzes,
    {
      summary: 'The batch’s module quizzes with the learner’s answers and the quiz progress',
      description:
        'Modules with at least one question, each in the module-quiz shape, and the progress: overall = attempted over total (rounded %), average = mean percentage over attempted quizzes. A `userId` other than the caller’s is honoured only for a moderator (read-only, audited).',
      tags,
      config: { moderatorViewAllowed: true },
    },
    async (request) => ok(await quizzes.courseQuizzes(deps, caller(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.quizSubmit,
    {
      summary: 'Answer a quiz question: graded by the server, once per question and attempt',
      description:
        'Answers whether the chosen option is correct, the correct option, the explanation and the module’s score. A second answer to the same question in the same attempt is 409. An answer completing a passing attempt makes the module’s certificate popup due.',
      tags,
    },
    async (request) => ok(await quizzes.submitAnswer(deps, caller(request), request.body), 'Answer recorded'),
  );

  defineRoute(
    api,
    endpoints.quizRetake,
    {
      summary: 'Retake a module’s quiz: start the next attempt (earlier answers are kept as history)',
      description: '409 when the current attempt has no answer yet.',
      tags,
    },
    async (request) =>
      ok(await quizzes.retakeQuiz(deps, caller(request), request.body.moduleId), 'A new attempt has started'),
  );
}
