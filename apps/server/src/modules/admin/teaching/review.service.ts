import {
  endpointPaths,
  type TeachingAttendance,
  type TeachingAttendanceBodySchema,
  type TeachingProgress,
  type TeachingQuizStats,
  type TeachingResponse,
  type TeachingResponsesQuerySchema,
  type TeachingReviewBodySchema,
} from '@atelier/contract';
import { quizPercentage } from '@atelier/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { queryRows, type Executor } from '../../../db/query.js';
import {
  assignmentResponses,
  assignments,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  enrolments,
  sessionAttendance,
  users,
} from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { PRIVATE_AREA, type FileStorage } from '../../../integrations/storage/file-storage.js';
import { learnerDashboardChanged } from '../../learning/index.js';
import { recordAudit, type AuditRequest } from '../audit.js';
import { matchesAny, orderBy, searchPattern, windowOf } from '../listing.js';
import { assertBatchInScope, type StaffActor } from '../scope.js';
import type { TeachingDeps } from './curriculum.service.js';
import { batchOfResponse, batchOfSession } from './teaching-scope.js';

/*
 * Teaching (issue 17 point 4): the assignment review queue of a batch, the review (points and a
 * comment the learner sees on their course dashboard; the points count on the batch leaderboard),
 * attendance per session, quiz statistics and learners' progress.
 */

type Body<S extends z.ZodType> = z.output<S>;

const reviewer = alias(users, 'reviewer');
const submitted = sql`(${assignmentResponses.link} IS NOT NULL OR ${assignmentResponses.pdf} IS NOT NULL)`;

const responseSelect = {
  id: assignmentResponses.id,
  assignmentId: assignments.id,
  assignmentTitle: assignments.title,
  assignmentDetails: assignments.details,
  maxPoints: assignments.maxPoints,
  session: courseModuleSessions.title,
  module: courseModules.title,
  learnerId: users.id,
  learnerName: users.name,
  learnerEmail: users.email,
  link: assignmentResponses.link,
  pdf: assignmentResponses.pdf,
  pdfName: assignmentResponses.pdfName,
  points: assignmentResponses.points,
  reviewComment: assignmentResponses.reviewComment,
  reviewedAt: assignmentResponses.reviewedAt,
  reviewer: reviewer.name,
  submittedAt: assignmentResponses.updatedAt,
};

function responsesFrom(db: Executor) {
  return db
    .select(responseSelect)
    .from(assignmentResponses)
    .innerJoin(assignments, eq(assignments.id, assignmentResponses.assignmentId))
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .innerJoin(users, eq(users.id, assignmentResponses.userId))
    .leftJoin(reviewer, eq(reviewer.id, assignmentResponses.reviewedBy));
}

type ResponseRow = Awaited<ReturnType<ReturnType<typeof responsesFrom>['execute']>>[number];

const toResponse = (r: ResponseRow): TeachingResponse => ({
  id: r.id,
  assignment: {
    id: r.assignmentId,
    title: r.assignmentTitle,
    details: r.assignmentDetails,
    maxPoints: r.maxPoints,
    session: r.session,
    module: r.module,
  },
  learner: { id: r.learnerId, name: r.learnerName, email: r.learnerEmail },
  link: r.link,
  pdf: r.pdf ? answerPdfUrl(r.id) : null,
  pdfName: r.pdf ? (r.pdfName ?? 'assignment.pdf') : null,
  points: r.points,
  reviewComment: r.reviewComment,
  reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  reviewer: r.reviewer,
  submittedAt: r.submittedAt.toISOString(),
});

/** The console's download address of an answer's PDF (scoped to the caller's batches). */
export const answerPdfUrl = (id: number) =>
  endpointPaths.adminTeachingResponsePdf.path.replace('{id}', String(id));

/** Assignment PDFs live under this storage key prefix with random names (coursework writes them). */
const PDF_KEY = new RegExp(`^${PRIVATE_AREA}/assignments/[0-9a-f]{32}\\.pdf$`);

/**
 * `GET …/responses/{id}/pdf`: the PDF of an answer in one of the caller's batches (404 for
 * another instructor's, for an answer without a PDF, and for a missing file); each opening is in
 * the audit log, as staff reading a learner's work.
 */
export async function answerPdf(
  deps: TeachingDeps & { storage: FileStorage },
  actor: StaffActor,
  request: AuditRequest,
  responseId: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  await batchOfResponse(deps.db, actor, responseId);
  const [row] = await deps.db
    .select({
      userId: assignmentResponses.userId,
      pdf: assignmentResponses.pdf,
      pdfName: assignmentResponses.pdfName,
    })
    .from(assignmentResponses)
    .where(eq(assignmentResponses.id, responseId));
  if (!row?.pdf || !PDF_KEY.test(row.pdf)) throw notFound('Answer PDF');
  const bytes = await deps.storage.get(row.pdf);
  if (!bytes) throw notFound('Answer PDF');
  await recordAudit(deps.db, actor, request, {
    action: 'assignment_response.pdf_open',
    entity: 'assignment_response',
    entityId: responseId,
    before: null,
    after: { learnerId: row.userId },
  });
  return { bytes, fileName: row.pdfName ?? 'assignment.pdf' };
}

/** `GET …/batches/{id}/responses`: the review queue (oldest submission first by default). */
export async function listResponses(
  db: Executor,
  actor: StaffActor,
  batchId: number,
  query: Body<typeof TeachingResponsesQuerySchema>,
) {
  await assertBatchInScope(db, actor, batchId);
  const conditions: SQL[] = [eq(courseModules.batchId, batchId), submitted];
  if (query.status === 'pending') conditions.push(sql`${assignmentResponses.points} IS NULL`);
  if (query.status === 'reviewed') conditions.push(sql`${assignmentResponses.points} IS NOT NULL`);
  if (query.assignmentId !== undefined) conditions.push(eq(assignments.id, query.assignmentId));
  const pattern = searchPattern(query.q);
  if (pattern) conditions.push(matchesAny(pattern, [users.name, users.email, assignments.title]));
  const where = and(...conditions);
  const order = orderBy(
    query.sort,
    'submittedAt',
    {
      submittedAt: assignmentResponses.updatedAt,
      reviewedAt: assignmentResponses.reviewedAt,
      learner: users.name,
    },
    assignmentResponses.id,
  );
  const { limit, offset } = windowOf(query);
  const [rows, [count]] = await Promise.all([
    responsesFrom(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(assignmentResponses)
      .innerJoin(assignments, eq(assignments.id, assignmentResponses.assignmentId))
      .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
      .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
      .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
      .innerJoin(users, eq(users.id, assignmentResponses.userId))
      .where(where),
  ]);
  return { items: rows.map(toResponse), total: count?.n ?? 0 };
}

/**
 * `POST …/responses/{id}/review`: points (at most the assignment's maximum) and a comment, by the
 * caller, now; audited. After it commits the learner's cached course dashboard is dropped, so the
 * points and comment show on their next visit and the leaderboard (computed per request) moves.
 */
export async function reviewResponse(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  responseId: number,
  body: Body<typeof TeachingReviewBodySchema>,
): Promise<TeachingResponse> {
  const result = await deps.db.transaction(async (tx) => {
    const batchId = await batchOfResponse(tx, actor, responseId);
    const [current] = await tx
      .select({
        userId: assignmentResponses.userId,
        link: assignmentResponses.link,
        pdf: assignmentResponses.pdf,
        points: assignmentResponses.points,
        reviewComment: assignmentResponses.reviewComment,
        maxPoints: assignments.maxPoints,
      })
      .from(assignmentResponses)
      .innerJoin(assignments, eq(assignments.id, assignmentResponses.assignmentId))
      .where(eq(assignmentResponses.id, responseId))
      .for('update', { of: assignmentResponses });
    if (!current!.link && !current!.pdf)
      throw new AppError('CONFLICT', 'The learner has withdrawn this answer; there is nothing to review.');
    if (body.points > current!.maxPoints)
      throw new AppError('VALIDATION_FAILED', `Points go up to ${current!.maxPoints} for this assignment.`, [
        { path: 'points', message: `must be at most ${current!.maxPoints}` },
      ]);
    const comment = body.comment ? body.comment : null;
    await tx
      .update(assignmentResponses)
      .set({
        points: body.points,
        reviewComment: comment,
        reviewedAt: deps.clock(),
        reviewedBy: actor.userId,
      })
      .where(eq(assignmentResponses.id, responseId));
    await recordAudit(tx, actor, request, {
      action: 'assignment_response.review',
      entity: 'assignment_response',
      entityId: responseId,
      before: { points: current!.points, comment: current!.reviewComment },
      after: { points: body.points, comment },
    });
    const [row] = await responsesFrom(tx).where(eq(assignmentResponses.id, responseId));
    return { batchId, userId: current!.userId, row: row! };
  });
  await learnerDashboardChanged(deps.publicCache, { userId: result.userId, batchId: result.batchId });
  return toResponse(result.row);
}

// ---------------------------------------------------------------------------------------------
// Attendance
// ---------------------------------------------------------------------------------------------

const learnersOf = (db: Executor, batchId: number) =>
  db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(
      and(eq(enrolments.batchId, batchId), eq(enrolments.isEnrolled, true), eq(enrolments.isRefund, false)),
    )
    .orderBy(sql`lower(COALESCE(${users.name}, ''))`, users.id);

const idList = (ids: number[]) =>
  sql.join(
    (ids.length ? ids : [0]).map((id) => sql`${id}`),
    sql`, `,
  );

/** `GET …/batches/{id}/attendance`: sessions in course order × enrolled learners, with the marks. */
export async function batchAttendance(
  db: Executor,
  actor: StaffActor,
  batchId: number,
): Promise<TeachingAttendance> {
  await assertBatchInScope(db, actor, batchId);
  const learners = await learnersOf(db, batchId);
  const sessions = await queryRows(
    db,
    sql`
      SELECT s.id, s.title, m.title AS module, to_char(s.session_date, 'YYYY-MM-DD') AS session_date,
        count(a.id) FILTER (WHERE a.present AND a.user_id IN (${idList(learners.map((l) => l.id))})) AS present,
        count(a.id) FILTER (WHERE NOT a.present AND a.user_id IN (${idList(learners.map((l) => l.id))})) AS absent
      FROM course_module_sessions s
      JOIN course_module_details d ON d.id = s.detail_id
      JOIN course_modules m ON m.id = d.module_id
      LEFT JOIN session_attendance a ON a.session_id = s.id
      WHERE m.batch_id = ${batchId}
      GROUP BY s.id, m.id, d.id
      ORDER BY m.sequence, m.id, d.sequence, d.id, s.sequence, s.id`,
    z.object({
      id: z.number().int(),
      title: z.string(),
      module: z.string(),
      session_date: z.string().nullable(),
      present: z.coerce.number().int(),
      absent: z.coerce.number().int(),
    }),
  );
  const marks = await queryRows(
    db,
    sql`
      SELECT a.session_id, a.user_id, a.present
      FROM session_attendance a
      WHERE a.session_id IN (${idList(sessions.map((s) => s.id))})
        AND a.user_id IN (${idList(learners.map((l) => l.id))})`,
    z.object({ session_id: z.number().int(), user_id: z.number().int(), present: z.boolean() }),
  );
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      title: s.title,
      module: s.module,
      sessionDate: s.session_date,
      present: s.present,
      absent: s.absent,
    })),
    learners,
    marks: marks.map((m) => ({ sessionId: m.session_id, userId: m.user_id, present: m.present })),
  };
}

/** `PUT …/sessions/{id}/attendance`: marks a learner of the batch present or absent, or clears it. */
export async function markAttendance(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  sessionId: number,
  body: Body<typeof TeachingAttendanceBodySchema>,
) {
  return deps.db.transaction(async (tx) => {
    const { batchId } = await batchOfSession(tx, actor, sessionId);
    const [enrolled] = await tx
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.batchId, batchId),
          eq(enrolments.userId, body.userId),
          eq(enrolments.isEnrolled, true),
          eq(enrolments.isRefund, false),
        ),
      );
    if (!enrolled)
      throw new AppError('VALIDATION_FAILED', 'That learner is not enrolled in this batch.', [
        { path: 'userId', message: 'must be a learner of this batch' },
      ]);
    const where = and(eq(sessionAttendance.sessionId, sessionId), eq(sessionAttendance.userId, body.userId));
    const [before] = await tx
      .select({ present: sessionAttendance.present })
      .from(sessionAttendance)
      .where(where);
    if (body.present === null) await tx.delete(sessionAttendance).where(where);
    else
      await tx
        .insert(sessionAttendance)
        .values({ sessionId, userId: body.userId, present: body.present, markedBy: actor.userId })
        .onConflictDoUpdate({
          target: [sessionAttendance.sessionId, sessionAttendance.userId],
          set: { present: body.present, markedBy: actor.userId, markedAt: sql`now()` },
        });
    await recordAudit(tx, actor, request, {
      action: 'attendance.mark',
      entity: 'course_session',
      entityId: sessionId,
      before: { userId: body.userId, present: before?.present ?? null },
      after: { userId: body.userId, present: body.present },
    });
    const [counts] = await queryRows(
      tx,
      sql`
        SELECT count(*) FILTER (WHERE a.present) AS present, count(*) FILTER (WHERE NOT a.present) AS absent
        FROM session_attendance a
        JOIN enrolments e ON e.user_id = a.user_id AND e.batch_id = ${batchId} AND e.is_enrolled AND NOT e.is_refund
        WHERE a.session_id = ${sessionId}`,
      z.object({ present: z.coerce.number().int(), absent: z.coerce.number().int() }),
    );
    return {
      sessionId,
      userId: body.userId,
      present: body.present,
      presentCount: counts?.present ?? 0,
      absentCount: counts?.absent ?? 0,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Quiz statistics and progress
// ---------------------------------------------------------------------------------------------

/**
 * Each enrolled learner's current attempt per module quiz of the batch: answered and correct
 * counts (the same rules as the learner's quiz: no attempt row = attempt 1).
 */
const attemptsCte = (batchId: number) => sql`
  learners AS (
    SELECT e.user_id FROM enrolments e
    WHERE e.batch_id = ${batchId} AND e.is_enrolled AND NOT e.is_refund
  ),
  quiz_modules AS (
    SELECT m.id, m.title, m.sequence, q.title AS quiz, q.pass_percentage,
      (SELECT count(*) FROM course_quiz_questions qq WHERE qq.module_id = m.id)::int AS questions
    FROM course_modules m JOIN course_quizzes q ON q.module_id = m.id
    WHERE m.batch_id = ${batchId}
  ),
  current AS (
    SELECT qr.user_id, qq.module_id, qr.question_id, o.is_correct, COALESCE(at.attempt, 1) AS attempt
    FROM course_quiz_responses qr
    JOIN course_quiz_questions qq ON qq.id = qr.question_id
    JOIN quiz_modules qm ON qm.id = qq.module_id
    JOIN course_quiz_options o ON o.id = qr.option_id
    LEFT JOIN course_quiz_attempts at ON at.user_id = qr.user_id AND at.module_id = qq.module_id
    WHERE qr.attempt = COALESCE(at.attempt, 1) AND qr.user_id IN (SELECT user_id FROM learners)
  ),
  per_learner AS (
    SELECT c.user_id, c.module_id, max(c.attempt) AS attempt, count(*) AS answered,
      count(*) FILTER (WHERE c.is_correct) AS correct
    FROM current c GROUP BY c.user_id, c.module_id
  )`;

/** `GET …/batches/{id}/quiz-stats`. */
export async function quizStats(
  db: Executor,
  actor: StaffActor,
  batchId: number,
): Promise<TeachingQuizStats> {
  await assertBatchInScope(db, actor, batchId);
  const [modules, questions, learners] = await Promise.all([
    queryRows(
      db,
      sql`
        WITH ${attemptsCte(batchId)}
        SELECT qm.id, qm.title, qm.quiz, qm.pass_percentage, qm.questions,
          COALESCE(json_agg(json_build_object('attempt', p.attempt, 'answered', p.answered, 'correct', p.correct))
            FILTER (WHERE p.user_id IS NOT NULL), '[]') AS learners
        FROM quiz_modules qm LEFT JOIN per_learner p ON p.module_id = qm.id
        GROUP BY qm.id, qm.title, qm.quiz, qm.pass_percentage, qm.questions, qm.sequence
        ORDER BY qm.sequence, qm.id`,
      z.object({
        id: z.number().int(),
        title: z.string(),
        quiz: z.string(),
        pass_percentage: z.coerce.number().int(),
        questions: z.coerce.number().int(),
        learners: z.array(
          z.object({
            attempt: z.coerce.number().int(),
            answered: z.coerce.number().int(),
            correct: z.coerce.number().int(),
          }),
        ),
      }),
    ),
    queryRows(
      db,
      sql`
        WITH ${attemptsCte(batchId)}
        SELECT qq.id, qq.module_id, qq.question,
          count(c.user_id) AS answers, count(c.user_id) FILTER (WHERE c.is_correct) AS correct
        FROM course_quiz_questions qq
        JOIN quiz_modules qm ON qm.id = qq.module_id
        LEFT JOIN current c ON c.question_id = qq.id
        GROUP BY qq.id
        ORDER BY qq.sequence, qq.id`,
      z.object({
        id: z.number().int(),
        module_id: z.number().int(),
        question: z.string(),
        answers: z.coerce.number().int(),
        correct: z.coerce.number().int(),
      }),
    ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(
        and(eq(enrolments.batchId, batchId), eq(enrolments.isEnrolled, true), eq(enrolments.isRefund, false)),
      ),
  ]);
  const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);
  return {
    learners: learners[0]?.n ?? 0,
    modules: modules.map((m) => {
      const complete = m.learners.filter((l) => m.questions > 0 && l.answered >= m.questions);
      const scores = complete.map((l) => quizPercentage(l.correct, m.questions));
      const passed = scores.filter((s) => s >= m.pass_percentage).length;
      return {
        moduleId: m.id,
        module: m.title,
        quiz: m.quiz,
        passPercentage: m.pass_percentage,
        questions: m.questions,
        attempts: m.learners.reduce((sum, l) => sum + l.attempt, 0),
        attempted: complete.length,
        passed,
        passRate: percent(passed, complete.length),
        averageScore: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
        perQuestion: questions
          .filter((q) => q.module_id === m.id)
          .map((q) => ({
            questionId: q.id,
            question: q.question,
            answers: q.answers,
            correct: q.correct,
            correctRate: percent(q.correct, q.answers),
          })),
      };
    }),
  };
}

/** `GET …/batches/{id}/progress`: each enrolled learner's attendance, answers, points and quizzes passed. */
export async function batchProgress(
  db: Executor,
  actor: StaffActor,
  batchId: number,
): Promise<TeachingProgress> {
  await assertBatchInScope(db, actor, batchId);
  const [totals] = await queryRows(
    db,
    sql`
      SELECT
        (SELECT count(*) FROM course_module_sessions s JOIN course_module_details d ON d.id = s.detail_id
          JOIN course_modules m ON m.id = d.module_id WHERE m.batch_id = ${batchId}) AS sessions,
        (SELECT count(*) FROM assignments a JOIN course_module_sessions s ON s.id = a.session_id
          JOIN course_module_details d ON d.id = s.detail_id
          JOIN course_modules m ON m.id = d.module_id WHERE m.batch_id = ${batchId}) AS assignments,
        (SELECT COALESCE(sum(a.max_points), 0) FROM assignments a JOIN course_module_sessions s ON s.id = a.session_id
          JOIN course_module_details d ON d.id = s.detail_id
          JOIN course_modules m ON m.id = d.module_id WHERE m.batch_id = ${batchId}) AS max_points,
        (SELECT count(*) FROM course_quizzes q JOIN course_modules m ON m.id = q.module_id
          WHERE m.batch_id = ${batchId}) AS quizzes`,
    z.object({
      sessions: z.coerce.number().int(),
      assignments: z.coerce.number().int(),
      max_points: z.coerce.number().int(),
      quizzes: z.coerce.number().int(),
    }),
  );
  const rows = await queryRows(
    db,
    sql`
      WITH ${attemptsCte(batchId)},
      batch_assignments AS (
        SELECT a.id FROM assignments a JOIN course_module_sessions s ON s.id = a.session_id
        JOIN course_module_details d ON d.id = s.detail_id
        JOIN course_modules m ON m.id = d.module_id WHERE m.batch_id = ${batchId}
      ),
      batch_sessions AS (
        SELECT s.id FROM course_module_sessions s JOIN course_module_details d ON d.id = s.detail_id
        JOIN course_modules m ON m.id = d.module_id WHERE m.batch_id = ${batchId}
      )
      SELECT u.id, u.name, u.email,
        (SELECT count(*) FROM session_attendance sa
          WHERE sa.user_id = u.id AND sa.present AND sa.session_id IN (SELECT id FROM batch_sessions)) AS attended,
        (SELECT count(*) FROM assignment_responses r
          WHERE r.user_id = u.id AND r.assignment_id IN (SELECT id FROM batch_assignments)
            AND (r.link IS NOT NULL OR r.pdf IS NOT NULL)) AS submitted,
        (SELECT count(*) FROM assignment_responses r
          WHERE r.user_id = u.id AND r.assignment_id IN (SELECT id FROM batch_assignments)
            AND r.points IS NOT NULL) AS reviewed,
        (SELECT COALESCE(sum(r.points), 0) FROM assignment_responses r
          WHERE r.user_id = u.id AND r.assignment_id IN (SELECT id FROM batch_assignments)) AS points,
        (SELECT count(*) FROM per_learner p JOIN quiz_modules qm ON qm.id = p.module_id
          WHERE p.user_id = u.id AND qm.questions > 0 AND p.answered >= qm.questions
            AND round(p.correct * 100.0 / qm.questions) >= qm.pass_percentage) AS quizzes_passed
      FROM learners l JOIN users u ON u.id = l.user_id
      ORDER BY lower(COALESCE(u.name, '')), u.id`,
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      attended: z.coerce.number().int(),
      submitted: z.coerce.number().int(),
      reviewed: z.coerce.number().int(),
      points: z.coerce.number().int(),
      quizzes_passed: z.coerce.number().int(),
    }),
  );
  return {
    totals: {
      sessions: totals?.sessions ?? 0,
      assignments: totals?.assignments ?? 0,
      maxPoints: totals?.max_points ?? 0,
      quizzes: totals?.quizzes ?? 0,
    },
    learners: rows.map(({ quizzes_passed, ...r }) => ({ ...r, quizzesPassed: quizzes_passed })),
  };
}
