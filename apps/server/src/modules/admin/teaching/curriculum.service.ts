import type {
  TeachingAssignmentBodySchema,
  TeachingBatch,
  TeachingCurriculum,
  TeachingGenerateBodySchema,
  TeachingGenerated,
  TeachingModuleBodySchema,
  TeachingQuestionBodySchema,
  TeachingQuizBodySchema,
  TeachingSessionBodySchema,
} from '@atelier/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { queryRows, type Executor } from '../../../db/query.js';
import {
  assignments,
  batchSchedules,
  batches,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
} from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import type { PublicCache } from '../../../platform/cache/index.js';
import { invalidateCurriculum } from '../../learning/index.js';
import { recordAudit, type AuditRequest } from '../audit.js';
import { assertBatchInScope, workshopScope, type StaffActor } from '../scope.js';
import { batchOfAssignment, batchOfModule, batchOfQuestion, batchOfSession } from './teaching-scope.js';
import { planWeeklySessions } from './weekly-sessions.js';

/*
 * The teaching console's curriculum (issue 17 point 1): the batches a caller teaches, a batch's
 * modules → sessions → assignments with the module quizzes and their question bank, and the writes
 * (each in one transaction with its audit row; the batch's cached curriculum — and with it every
 * learner's cached course dashboard — is dropped after it commits).
 */

export interface TeachingDeps {
  db: Db;
  publicCache: PublicCache;
  clock: () => Date;
}

type Body<S extends z.ZodType> = z.output<S>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const BatchRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  workshop_id: z.number().int(),
  workshop_title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  learners: z.coerce.number().int(),
  pending: z.coerce.number().int(),
});

const toBatch = (r: z.output<typeof BatchRow>): TeachingBatch => ({
  id: r.id,
  name: r.name,
  workshop: { id: r.workshop_id, title: r.workshop_title },
  startDate: r.start_date,
  endDate: r.end_date,
  learners: r.learners,
  pendingReviews: r.pending,
});

async function batchRows(
  db: Executor,
  actor: StaffActor,
  filter: { batchId?: number; q?: string | undefined },
): Promise<TeachingBatch[]> {
  const conditions = [sql`TRUE`];
  const scope = workshopScope(actor, sql`b.workshop_id`);
  if (scope) conditions.push(scope);
  if (filter.batchId !== undefined) conditions.push(sql`b.id = ${filter.batchId}`);
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(w.title ILIKE ${pattern} OR w.short_title ILIKE ${pattern} OR COALESCE(b.name, '') ILIKE ${pattern})`,
    );
  }
  const rows = await queryRows(
    db,
    sql`
      SELECT b.id, b.name, w.id AS workshop_id, w.short_title AS workshop_title,
        to_char(b.start_date, 'YYYY-MM-DD') AS start_date, to_char(b.end_date, 'YYYY-MM-DD') AS end_date,
        (SELECT count(*) FROM enrolments e
          WHERE e.batch_id = b.id AND e.is_enrolled AND NOT e.is_refund) AS learners,
        (SELECT count(*) FROM assignment_responses r
          JOIN assignments a ON a.id = r.assignment_id
          JOIN course_module_sessions s ON s.id = a.session_id
          JOIN course_module_details d ON d.id = s.detail_id
          JOIN course_modules m ON m.id = d.module_id
          WHERE m.batch_id = b.id AND r.points IS NULL
            AND (r.link IS NOT NULL OR r.pdf IS NOT NULL)) AS pending
      FROM batches b JOIN workshops w ON w.id = b.workshop_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY b.start_date DESC NULLS LAST, b.id DESC
      LIMIT 200`,
    BatchRow,
  );
  return rows.map(toBatch);
}

/** `GET /api/admin/teaching/batches`: the batches of the workshops the caller teaches (admins: all). */
export async function listTeachingBatches(db: Executor, actor: StaffActor, q: string | undefined) {
  return { items: await batchRows(db, actor, { q }) };
}

const SessionRow = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  sequence: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  description: z.string(),
  session_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  assignment_last_date: z.string().nullable(),
  recording_url: z.string().nullable(),
});
const AssignmentRow = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  title: z.string(),
  details: z.string(),
  status: z.enum(['open', 'closed']),
  max_points: z.number().int(),
  responses: z.coerce.number().int(),
  pending: z.coerce.number().int(),
});
const QuestionRow = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  sequence: z.number().int(),
  question: z.string(),
  explanation: z.string().nullable(),
  answers: z.coerce.number().int(),
});

/** `GET /api/admin/teaching/batches/{id}/curriculum`. */
export async function batchCurriculum(
  db: Executor,
  actor: StaffActor,
  batchId: number,
): Promise<TeachingCurriculum> {
  const [batch] = await batchRows(db, actor, { batchId });
  if (!batch) throw notFound('Batch');
  const [schedules, modules] = await Promise.all([
    db
      .select({
        day: batchSchedules.day,
        startTime: batchSchedules.startTime,
        endTime: batchSchedules.endTime,
      })
      .from(batchSchedules)
      .where(eq(batchSchedules.batchId, batchId))
      .orderBy(asc(batchSchedules.day), asc(batchSchedules.startTime)),
    db
      .select({
        id: courseModules.id,
        sequence: courseModules.sequence,
        title: courseModules.title,
        certificateTitle: courseModules.certificateTitle,
      })
      .from(courseModules)
      .where(eq(courseModules.batchId, batchId))
      .orderBy(asc(courseModules.sequence), asc(courseModules.id)),
  ]);
  const moduleIds = modules.map((m) => m.id);
  const ids = moduleIds.length ? moduleIds : [0];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [sessions, assignmentRows, quizzes, questions, options] = await Promise.all([
    queryRows(
      db,
      sql`
        SELECT s.id, d.module_id, s.sequence, s.type, s.title, s.description,
          to_char(s.session_date, 'YYYY-MM-DD') AS session_date,
          to_char(s.session_start_time, 'HH24:MI') AS start_time,
          to_char(s.session_end_time, 'HH24:MI') AS end_time,
          to_char(s.assignment_last_date, 'YYYY-MM-DD') AS assignment_last_date, s.recording_url
        FROM course_module_sessions s JOIN course_module_details d ON d.id = s.detail_id
        WHERE d.module_id IN (${idList})
        ORDER BY d.sequence, d.id, s.sequence, s.session_date NULLS LAST, s.id`,
      SessionRow,
    ),
    queryRows(
      db,
      sql`
        SELECT a.id, a.session_id, a.title, a.details, a.status, a.max_points,
          count(r.id) FILTER (WHERE r.link IS NOT NULL OR r.pdf IS NOT NULL) AS responses,
          count(r.id) FILTER (WHERE (r.link IS NOT NULL OR r.pdf IS NOT NULL) AND r.points IS NULL) AS pending
        FROM assignments a
        JOIN course_module_sessions s ON s.id = a.session_id
        JOIN course_module_details d ON d.id = s.detail_id
        LEFT JOIN assignment_responses r ON r.assignment_id = a.id
        WHERE d.module_id IN (${idList})
        GROUP BY a.id
        ORDER BY a.id`,
      AssignmentRow,
    ),
    db
      .select({
        id: courseQuizzes.id,
        moduleId: courseQuizzes.moduleId,
        title: courseQuizzes.title,
        passPercentage: courseQuizzes.passPercentage,
      })
      .from(courseQuizzes)
      .where(inArray(courseQuizzes.moduleId, ids)),
    queryRows(
      db,
      sql`
        SELECT q.id, q.module_id, q.sequence, q.question, q.explanation,
          (SELECT count(*) FROM course_quiz_responses qr WHERE qr.question_id = q.id) AS answers
        FROM course_quiz_questions q
        WHERE q.module_id IN (${idList})
        ORDER BY q.sequence, q.id`,
      QuestionRow,
    ),
    db
      .select({
        id: courseQuizOptions.id,
        questionId: courseQuizOptions.questionId,
        text: courseQuizOptions.text,
        isCorrect: courseQuizOptions.isCorrect,
      })
      .from(courseQuizOptions)
      .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizOptions.questionId))
      .where(inArray(courseQuizQuestions.moduleId, ids))
      .orderBy(asc(courseQuizOptions.sequence), asc(courseQuizOptions.id)),
  ]);
  return {
    batch,
    schedules: schedules.map((s) => ({
      day: s.day,
      startTime: s.startTime.slice(0, 5),
      endTime: s.endTime.slice(0, 5),
    })),
    modules: modules.map((m) => {
      const quiz = quizzes.find((q) => q.moduleId === m.id);
      return {
        ...m,
        sessions: sessions
          .filter((s) => s.module_id === m.id)
          .map((s) => ({
            id: s.id,
            sequence: s.sequence,
            type: s.type,
            title: s.title,
            description: s.description,
            sessionDate: s.session_date,
            sessionStartTime: s.start_time,
            sessionEndTime: s.end_time,
            assignmentLastDate: s.assignment_last_date,
            recordingUrl: s.recording_url,
            assignments: assignmentRows
              .filter((a) => a.session_id === s.id)
              .map((a) => ({
                id: a.id,
                title: a.title,
                details: a.details,
                status: a.status,
                maxPoints: a.max_points,
                responses: a.responses,
                pending: a.pending,
              })),
          })),
        quiz: quiz ? { id: quiz.id, title: quiz.title, passPercentage: quiz.passPercentage } : null,
        questions: questions
          .filter((q) => q.module_id === m.id)
          .map((q) => ({
            id: q.id,
            sequence: q.sequence,
            question: q.question,
            explanation: q.explanation,
            answers: q.answers,
            options: options
              .filter((o) => o.questionId === q.id)
              .map((o) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
          })),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** Runs `write` in a transaction; after it commits, drops the batch's cached curriculum. */
async function curriculumWrite<T extends { batchId: number }>(
  deps: TeachingDeps,
  write: (tx: Executor) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => write(tx));
  await invalidateCurriculum(deps.publicCache, result.batchId);
  return result;
}

/** The next `sequence` after the largest of `column`'s rows matching `where`. */
async function nextSequence(tx: Executor, column: AnyPgColumn, where: SQL): Promise<number> {
  const [row] = await queryRows(
    tx,
    sql`SELECT COALESCE(MAX(${column}), 0)::int + 1 AS next FROM ${column.table} WHERE ${where}`,
    z.object({ next: z.coerce.number().int() }),
  );
  return row?.next ?? 1;
}

/** `POST …/batches/{id}/modules`: a module (with its one unit, where its sessions go). */
export async function createModule(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  batchId: number,
  body: Body<typeof TeachingModuleBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    await assertBatchInScope(tx, actor, batchId);
    const sequence =
      body.sequence ?? (await nextSequence(tx, courseModules.sequence, eq(courseModules.batchId, batchId)));
    const [row] = await tx
      .insert(courseModules)
      .values({ batchId, sequence, title: body.title, certificateTitle: body.certificateTitle })
      .returning({ id: courseModules.id });
    await tx.insert(courseModuleDetails).values({ moduleId: row!.id, sequence: 1, title: '' });
    await recordAudit(tx, actor, request, {
      action: 'course_module.create',
      entity: 'course_module',
      entityId: row!.id,
      before: null,
      after: { batchId, sequence, title: body.title, certificateTitle: body.certificateTitle },
    });
    return { id: row!.id, batchId };
  });
}

/** `PUT …/modules/{id}`: title, certificate title, order. */
export async function updateModule(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  moduleId: number,
  body: Body<typeof TeachingModuleBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const batchId = await batchOfModule(tx, actor, moduleId);
    const [before] = await tx
      .select({
        sequence: courseModules.sequence,
        title: courseModules.title,
        certificateTitle: courseModules.certificateTitle,
      })
      .from(courseModules)
      .where(eq(courseModules.id, moduleId))
      .for('update');
    const after = {
      sequence: body.sequence ?? before!.sequence,
      title: body.title,
      certificateTitle: body.certificateTitle,
    };
    await tx.update(courseModules).set(after).where(eq(courseModules.id, moduleId));
    await recordAudit(tx, actor, request, {
      action: 'course_module.update',
      entity: 'course_module',
      entityId: moduleId,
      before,
      after,
    });
    return { id: moduleId, batchId };
  });
}

const sessionValues = (body: Body<typeof TeachingSessionBodySchema>) => ({
  title: body.title,
  description: body.description,
  type: body.type,
  sessionDate: body.sessionDate,
  sessionStartTime: body.sessionStartTime,
  sessionEndTime: body.sessionEndTime,
  assignmentLastDate: body.assignmentLastDate,
  recordingUrl: body.recordingUrl,
});

/** The unit of `moduleId` new sessions go into: its first, made when it has none. */
async function unitOf(tx: Executor, moduleId: number): Promise<number> {
  const [detail] = await tx
    .select({ id: courseModuleDetails.id })
    .from(courseModuleDetails)
    .where(eq(courseModuleDetails.moduleId, moduleId))
    .orderBy(asc(courseModuleDetails.sequence), asc(courseModuleDetails.id))
    .limit(1);
  if (detail) return detail.id;
  const [made] = await tx
    .insert(courseModuleDetails)
    .values({ moduleId, sequence: 1, title: '' })
    .returning({ id: courseModuleDetails.id });
  return made!.id;
}

/** Sessions of `moduleId` so far (for the next sequence and generated titles). */
async function sessionCount(tx: Executor, moduleId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courseModuleSessions)
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .where(eq(courseModuleDetails.moduleId, moduleId));
  return row?.n ?? 0;
}

/** `POST …/modules/{id}/sessions`. */
export async function createSession(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  moduleId: number,
  body: Body<typeof TeachingSessionBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const batchId = await batchOfModule(tx, actor, moduleId);
    const detailId = await unitOf(tx, moduleId);
    const sequence = body.sequence ?? (await sessionCount(tx, moduleId)) + 1;
    const values = { ...sessionValues(body), sequence };
    const [row] = await tx
      .insert(courseModuleSessions)
      .values({ detailId, ...values })
      .returning({ id: courseModuleSessions.id });
    await recordAudit(tx, actor, request, {
      action: 'course_session.create',
      entity: 'course_session',
      entityId: row!.id,
      before: null,
      after: { moduleId, ...values },
    });
    return { id: row!.id, batchId };
  });
}

/** `PUT …/sessions/{id}`. */
export async function updateSession(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  sessionId: number,
  body: Body<typeof TeachingSessionBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const { batchId } = await batchOfSession(tx, actor, sessionId);
    const [before] = await tx
      .select({
        title: courseModuleSessions.title,
        description: courseModuleSessions.description,
        type: courseModuleSessions.type,
        sessionDate: courseModuleSessions.sessionDate,
        sessionStartTime: courseModuleSessions.sessionStartTime,
        sessionEndTime: courseModuleSessions.sessionEndTime,
        assignmentLastDate: courseModuleSessions.assignmentLastDate,
        recordingUrl: courseModuleSessions.recordingUrl,
        sequence: courseModuleSessions.sequence,
      })
      .from(courseModuleSessions)
      .where(eq(courseModuleSessions.id, sessionId))
      .for('update');
    const after = { ...sessionValues(body), sequence: body.sequence ?? before!.sequence };
    await tx.update(courseModuleSessions).set(after).where(eq(courseModuleSessions.id, sessionId));
    await recordAudit(tx, actor, request, {
      action: 'course_session.update',
      entity: 'course_session',
      entityId: sessionId,
      before,
      after,
    });
    return { id: sessionId, batchId };
  });
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * `POST …/batches/{id}/sessions/generate`: the batch's weekly slots between `from` and `to`
 * (default: the batch's dates), leaving out days that already have a session in the batch;
 * a preview unless `create`, then every session in one transaction with one audit row.
 */
export async function generateSessions(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  batchId: number,
  body: Body<typeof TeachingGenerateBodySchema>,
): Promise<TeachingGenerated> {
  const plan = async (tx: Executor) => {
    await assertBatchInScope(tx, actor, batchId);
    const moduleBatch = await batchOfModule(tx, actor, body.moduleId);
    if (moduleBatch !== batchId)
      throw new AppError('VALIDATION_FAILED', 'That module is not in this batch.', [
        { path: 'moduleId', message: 'must be a module of this batch' },
      ]);
    const [batch] = await tx
      .select({ startDate: batches.startDate, endDate: batches.endDate })
      .from(batches)
      .where(eq(batches.id, batchId));
    const from = body.from ?? batch!.startDate;
    const to = body.to ?? batch!.endDate;
    if (!from || !to)
      throw new AppError('VALIDATION_FAILED', 'The batch has no start or end date: give the range.', [
        ...(from ? [] : [{ path: 'from', message: 'is required (the batch has no start date)' }]),
        ...(to ? [] : [{ path: 'to', message: 'is required (the batch has no end date)' }]),
      ]);
    if (to < from)
      throw new AppError('VALIDATION_FAILED', 'The range ends before it starts.', [
        { path: 'to', message: 'must be on or after the first date' },
      ]);
    const slots = await tx
      .select({
        day: batchSchedules.day,
        startTime: batchSchedules.startTime,
        endTime: batchSchedules.endTime,
      })
      .from(batchSchedules)
      .where(eq(batchSchedules.batchId, batchId));
    if (slots.length === 0)
      throw new AppError('CONFLICT', 'This batch has no weekly schedule to generate sessions from.');
    const existing = await tx
      .select({ date: courseModuleSessions.sessionDate })
      .from(courseModuleSessions)
      .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
      .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
      .where(and(eq(courseModules.batchId, batchId), sql`${courseModuleSessions.sessionDate} IS NOT NULL`));
    const planned = planWeeklySessions({
      slots,
      from,
      to,
      existing: new Set(existing.map((e) => e.date!)),
    });
    const already = await sessionCount(tx, body.moduleId);
    const sessions = planned.sessions.map((s, i) => ({
      ...s,
      title: `${body.titlePrefix} ${already + i + 1}`,
    }));
    return { sessions, skipped: planned.skipped, already };
  };

  if (!body.create) {
    const preview = await plan(deps.db);
    return { sessions: preview.sessions, skipped: preview.skipped, created: false };
  }
  const result = await curriculumWrite(deps, async (tx) => {
    const { sessions, skipped, already } = await plan(tx);
    if (sessions.length > 0) {
      const detailId = await unitOf(tx, body.moduleId);
      await tx.insert(courseModuleSessions).values(
        sessions.map((s, i) => ({
          detailId,
          sequence: already + i + 1,
          type: 1,
          title: s.title,
          sessionDate: s.date,
          sessionStartTime: s.startTime,
          sessionEndTime: s.endTime,
          assignmentLastDate:
            body.assignmentDueDays === null ? null : addDays(s.date, body.assignmentDueDays),
        })),
      );
      await recordAudit(tx, actor, request, {
        action: 'course_session.generate',
        entity: 'course_module',
        entityId: body.moduleId,
        before: null,
        after: { batchId, dates: sessions.map((s) => s.date), skipped },
      });
    }
    return { batchId, sessions, skipped };
  });
  return { sessions: result.sessions, skipped: result.skipped, created: true };
}

/** `POST …/sessions/{id}/assignments`. */
export async function createAssignment(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  sessionId: number,
  body: Body<typeof TeachingAssignmentBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const { batchId } = await batchOfSession(tx, actor, sessionId);
    const [row] = await tx
      .insert(assignments)
      .values({ sessionId, ...body })
      .returning({ id: assignments.id });
    await recordAudit(tx, actor, request, {
      action: 'assignment.create',
      entity: 'assignment',
      entityId: row!.id,
      before: null,
      after: { sessionId, ...body },
    });
    return { id: row!.id, batchId };
  });
}

/** `PUT …/assignments/{id}`: a maximum below points already given is a 409. */
export async function updateAssignment(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  assignmentId: number,
  body: Body<typeof TeachingAssignmentBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const batchId = await batchOfAssignment(tx, actor, assignmentId);
    const [before] = await tx
      .select({
        title: assignments.title,
        details: assignments.details,
        status: assignments.status,
        maxPoints: assignments.maxPoints,
      })
      .from(assignments)
      .where(eq(assignments.id, assignmentId))
      .for('update');
    const [given] = await queryRows(
      tx,
      sql`SELECT COALESCE(MAX(points), 0)::int AS top FROM assignment_responses WHERE assignment_id = ${assignmentId}`,
      z.object({ top: z.coerce.number().int() }),
    );
    if ((given?.top ?? 0) > body.maxPoints)
      throw new AppError(
        'CONFLICT',
        `A learner already has ${given!.top} points for this assignment; the maximum cannot go below that.`,
        [{ path: 'maxPoints', message: `must be at least ${given!.top} (points already given)` }],
      );
    await tx.update(assignments).set(body).where(eq(assignments.id, assignmentId));
    await recordAudit(tx, actor, request, {
      action: 'assignment.update',
      entity: 'assignment',
      entityId: assignmentId,
      before,
      after: body,
    });
    return { id: assignmentId, batchId };
  });
}

/** `PUT …/modules/{id}/quiz`: the module quiz's title and pass mark (made on first save). */
export async function saveQuiz(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  moduleId: number,
  body: Body<typeof TeachingQuizBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const batchId = await batchOfModule(tx, actor, moduleId);
    const [before] = await tx
      .select({ title: courseQuizzes.title, passPercentage: courseQuizzes.passPercentage })
      .from(courseQuizzes)
      .where(eq(courseQuizzes.moduleId, moduleId))
      .for('update');
    const [row] = await tx
      .insert(courseQuizzes)
      .values({ moduleId, title: body.title, passPercentage: body.passPercentage })
      .onConflictDoUpdate({
        target: courseQuizzes.moduleId,
        set: { title: body.title, passPercentage: body.passPercentage },
      })
      .returning({ id: courseQuizzes.id });
    await recordAudit(tx, actor, request, {
      action: before ? 'course_quiz.update' : 'course_quiz.create',
      entity: 'course_quiz',
      entityId: row!.id,
      before: before ?? null,
      after: { moduleId, ...body },
    });
    return { id: row!.id, batchId };
  });
}

/** `POST …/modules/{id}/quiz/questions`: a question and its options (exactly one correct). */
export async function createQuestion(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  moduleId: number,
  body: Body<typeof TeachingQuestionBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const batchId = await batchOfModule(tx, actor, moduleId);
    const sequence =
      body.sequence ??
      (await nextSequence(tx, courseQuizQuestions.sequence, eq(courseQuizQuestions.moduleId, moduleId)));
    const [row] = await tx
      .insert(courseQuizQuestions)
      .values({ moduleId, sequence, question: body.question, explanation: body.explanation })
      .returning({ id: courseQuizQuestions.id });
    await tx.insert(courseQuizOptions).values(
      body.options.map((o, i) => ({
        questionId: row!.id,
        sequence: i + 1,
        text: o.text,
        isCorrect: o.isCorrect,
      })),
    );
    await recordAudit(tx, actor, request, {
      action: 'quiz_question.create',
      entity: 'quiz_question',
      entityId: row!.id,
      before: null,
      after: { moduleId, sequence, ...body },
    });
    return { id: row!.id, batchId };
  });
}

async function questionSnapshot(tx: Executor, questionId: number) {
  const [question] = await tx
    .select({
      sequence: courseQuizQuestions.sequence,
      question: courseQuizQuestions.question,
      explanation: courseQuizQuestions.explanation,
    })
    .from(courseQuizQuestions)
    .where(eq(courseQuizQuestions.id, questionId))
    .for('update');
  const options = await tx
    .select({
      id: courseQuizOptions.id,
      text: courseQuizOptions.text,
      isCorrect: courseQuizOptions.isCorrect,
    })
    .from(courseQuizOptions)
    .where(eq(courseQuizOptions.questionId, questionId))
    .orderBy(asc(courseQuizOptions.sequence), asc(courseQuizOptions.id));
  const [answered] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courseQuizResponses)
    .where(eq(courseQuizResponses.questionId, questionId));
  return { ...question!, options, answers: answered?.n ?? 0 };
}

/**
 * `PUT …/quiz-questions/{id}`: before anyone answered, anything may change; after, only the
 * wording (the same number of options, the same one correct) — learners' scores stand.
 */
export async function updateQuestion(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  questionId: number,
  body: Body<typeof TeachingQuestionBodySchema>,
) {
  return curriculumWrite(deps, async (tx) => {
    const { batchId } = await batchOfQuestion(tx, actor, questionId);
    const before = await questionSnapshot(tx, questionId);
    const sequence = body.sequence ?? before.sequence;
    await tx
      .update(courseQuizQuestions)
      .set({ question: body.question, explanation: body.explanation, sequence })
      .where(eq(courseQuizQuestions.id, questionId));
    if (before.answers > 0) {
      const sameShape =
        before.options.length === body.options.length &&
        before.options.every((o, i) => o.isCorrect === body.options[i]!.isCorrect);
      if (!sameShape)
        throw new AppError(
          'CONFLICT',
          'Learners have answered this question: only its wording can change (the same options, the same correct one).',
          [{ path: 'options', message: 'cannot be added, removed or re-marked once answered' }],
        );
      for (const [i, option] of before.options.entries())
        await tx
          .update(courseQuizOptions)
          .set({ text: body.options[i]!.text })
          .where(eq(courseQuizOptions.id, option.id));
    } else {
      await tx.delete(courseQuizOptions).where(eq(courseQuizOptions.questionId, questionId));
      await tx
        .insert(courseQuizOptions)
        .values(
          body.options.map((o, i) => ({ questionId, sequence: i + 1, text: o.text, isCorrect: o.isCorrect })),
        );
    }
    await recordAudit(tx, actor, request, {
      action: 'quiz_question.update',
      entity: 'quiz_question',
      entityId: questionId,
      before,
      after: { sequence, ...body },
    });
    return { id: questionId, batchId };
  });
}

/** `DELETE …/quiz-questions/{id}`: the question, its options and learners' answers to it. */
export async function deleteQuestion(
  deps: TeachingDeps,
  actor: StaffActor,
  request: AuditRequest,
  questionId: number,
) {
  const result = await curriculumWrite(deps, async (tx) => {
    const { batchId } = await batchOfQuestion(tx, actor, questionId);
    const before = await questionSnapshot(tx, questionId);
    await tx.delete(courseQuizQuestions).where(eq(courseQuizQuestions.id, questionId));
    await recordAudit(tx, actor, request, {
      action: 'quiz_question.delete',
      entity: 'quiz_question',
      entityId: questionId,
      before,
      after: null,
    });
    return { id: questionId, batchId };
  });
  return { id: result.id, deleted: true as const };
}
