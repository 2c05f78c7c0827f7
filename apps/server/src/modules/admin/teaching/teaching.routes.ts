import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-guard.js';
import { attachmentDisposition } from '../../../http/content-disposition.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import { pageOf } from '../listing.js';

import * as curriculum from './curriculum.service.js';
import * as review from './review.service.js';

/*
 * The teaching console's calls (issue 17 points 1 and 4), `/api/admin/teaching/*`, for admins and
 * instructors; an instructor reaches only the batches of the workshops they teach (anything else
 * answers 404 like a missing id). Every write is audited in its own transaction.
 */
export async function teachingRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const deps: curriculum.TeachingDeps = { db, publicCache: ctx.publicCache, clock: ctx.clock };
  const tags = ['admin', 'teaching'];
  const scopeNote = "An instructor gets 404 on another instructor's batch (as on a missing id).";
  const writeNote = `Audited. ${scopeNote}`;

  defineRoute(
    api,
    endpoints.adminTeachingBatches,
    {
      summary: 'The batches the caller teaches (admins: every batch), with learners and pending reviews',
      description: 'At most 200, the latest start first; `q` searches the workshop title and the batch name.',
      tags,
    },
    async (request) => ok(await curriculum.listTeachingBatches(db, sessionOf(request), request.query.q)),
  );

  defineRoute(
    api,
    endpoints.adminTeachingCurriculum,
    {
      summary:
        "A batch's curriculum: weekly schedule, modules → sessions → assignments, quizzes and questions",
      description: scopeNote,
      tags,
    },
    async (request) => ok(await curriculum.batchCurriculum(db, sessionOf(request), request.params.id)),
  );

  const who = (request: { id: string }) => ({ id: request.id });

  defineRoute(
    api,
    endpoints.adminTeachingModuleCreate,
    { summary: 'Add a module (title, certificate title) to a batch', description: writeNote, tags },
    async (request) => {
      const { id } = await curriculum.createModule(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Module added.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingModuleUpdate,
    { summary: "Change a module's title, certificate title or order", description: writeNote, tags },
    async (request) => {
      const { id } = await curriculum.updateModule(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Module saved.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingSessionCreate,
    { summary: 'Add a session to a module', description: writeNote, tags },
    async (request) => {
      const { id } = await curriculum.createSession(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Session added.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingSessionUpdate,
    {
      summary: 'Change a session (title, type, date and times, due date, recording)',
      description: writeNote,
      tags,
    },
    async (request) => {
      const { id } = await curriculum.updateSession(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Session saved.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingSessionsGenerate,
    {
      summary: "Weekly sessions from the batch's schedule: preview, or create them in a module",
      description: `One session per weekly slot between from and to (default: the batch's dates), skipping days that already have a session. 409 when the batch has no weekly schedule. ${writeNote}`,
      tags,
    },
    async (request) => {
      const result = await curriculum.generateSessions(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok(
        result,
        result.created
          ? `${result.sessions.length} sessions added.`
          : `${result.sessions.length} sessions to add.`,
      );
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingAssignmentCreate,
    { summary: 'Set an assignment in a session', description: writeNote, tags },
    async (request) => {
      const { id } = await curriculum.createAssignment(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Assignment added.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingAssignmentUpdate,
    {
      summary: 'Change an assignment (title, details, maximum points, open or closed)',
      description: `409 when the maximum would go below points already given. ${writeNote}`,
      tags,
    },
    async (request) => {
      const { id } = await curriculum.updateAssignment(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Assignment saved.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingQuizUpdate,
    { summary: "Set a module quiz's title and pass mark (creates the quiz)", description: writeNote, tags },
    async (request) => {
      const { id } = await curriculum.saveQuiz(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Quiz saved.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingQuestionCreate,
    {
      summary: "Add a question (2–8 options, exactly one correct) to a module's quiz",
      description: writeNote,
      tags,
    },
    async (request) => {
      const { id } = await curriculum.createQuestion(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Question added.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingQuestionUpdate,
    {
      summary: 'Change a quiz question and its options',
      description: `Once learners have answered, only the wording may change (409 otherwise). ${writeNote}`,
      tags,
    },
    async (request) => {
      const { id } = await curriculum.updateQuestion(
        deps,
        sessionOf(request),
        who(request),
        request.params.id,
        request.body,
      );
      return ok({ id }, 'Question saved.');
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingQuestionDelete,
    { summary: "Delete a quiz question (and learners' answers to it)", description: writeNote, tags },
    async (request) =>
      ok(
        await curriculum.deleteQuestion(deps, sessionOf(request), who(request), request.params.id),
        'Question deleted.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminTeachingResponses,
    {
      summary: "A batch's assignment review queue",
      description: `Submitted answers; status pending (default), reviewed or all. Sorts by submittedAt (default, oldest first), reviewedAt, learner; searches learner name, e-mail and assignment title. ${scopeNote}`,
      tags,
    },
    async (request) => {
      const listed = await review.listResponses(db, sessionOf(request), request.params.id, request.query);
      return ok(pageOf(request.query, listed.items, listed.total));
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingResponseReview,
    {
      summary: "Review a learner's answer: points (up to the assignment's maximum) and a comment",
      description: `The learner sees both on their course dashboard; the points count on the batch leaderboard. ${writeNote}`,
      tags,
    },
    async (request) =>
      ok(
        await review.reviewResponse(deps, sessionOf(request), who(request), request.params.id, request.body),
        'Review saved.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminTeachingResponsePdf,
    {
      summary: "Download the PDF of a learner's answer in one of the caller's batches",
      description: `Sent as an attachment, never cached; each opening is audited. ${scopeNote}`,
      tags,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const file = await review.answerPdf(
        { ...deps, storage: ctx.storage },
        sessionOf(request),
        who(request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.bytes);
    },
  );

  defineRoute(
    api,
    endpoints.adminTeachingAttendance,
    {
      summary: "A batch's attendance: sessions × enrolled learners, with counts",
      description: scopeNote,
      tags,
    },
    async (request) => ok(await review.batchAttendance(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminTeachingAttendanceMark,
    {
      summary: 'Mark a learner present or absent at a session (null clears the mark)',
      description: `400 for someone not enrolled in the batch. ${writeNote}`,
      tags,
    },
    async (request) =>
      ok(
        await review.markAttendance(deps, sessionOf(request), who(request), request.params.id, request.body),
      ),
  );

  defineRoute(
    api,
    endpoints.adminTeachingQuizStats,
    {
      summary: "A batch's quiz statistics: attempts, pass rate, average score, each question's correct rate",
      description: scopeNote,
      tags,
    },
    async (request) => ok(await review.quizStats(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminTeachingProgress,
    {
      summary: "A batch's learners' progress: attendance, answers, points, quizzes passed",
      description: scopeNote,
      tags,
    },
    async (request) => ok(await review.batchProgress(db, sessionOf(request), request.params.id)),
  );
}
