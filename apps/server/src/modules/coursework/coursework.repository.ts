/**
 * The coursework tables (issue 15): assignments of a batch (through session → detail → module),
 * learners' responses, and the batch leaderboard in one query.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../../db/query.js';
import {
  assignmentResponses,
  assignments,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  moderatorAccessAudit,
} from '../../db/schema/index.js';

export type ResponseRow = typeof assignmentResponses.$inferSelect;

/** An assignment with the batch it belongs to (null when its module is a workshop template). */
export interface AssignmentTarget {
  id: number;
  status: 'open' | 'closed';
  batchId: number;
}

/** The assignment `assignmentId` and its batch, or null when unknown or not in a batch. */
export async function assignmentTarget(db: Executor, assignmentId: number): Promise<AssignmentTarget | null> {
  const [row] = await db
    .select({ id: assignments.id, status: assignments.status, batchId: courseModules.batchId })
    .from(assignments)
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(eq(assignments.id, assignmentId))
    .limit(1);
  if (!row || row.batchId === null) return null;
  return { id: row.id, status: row.status, batchId: row.batchId };
}

/** A response with its assignment's status and batch. */
export interface ResponseTarget {
  response: ResponseRow;
  assignmentStatus: 'open' | 'closed';
  batchId: number;
}

/** The response `responseId` with its assignment's status and batch, or null. */
export async function responseTarget(db: Executor, responseId: number): Promise<ResponseTarget | null> {
  const [row] = await db
    .select({
      response: assignmentResponses,
      assignmentStatus: assignments.status,
      batchId: courseModules.batchId,
    })
    .from(assignmentResponses)
    .innerJoin(assignments, eq(assignments.id, assignmentResponses.assignmentId))
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(eq(assignmentResponses.id, responseId))
    .limit(1);
  if (!row || row.batchId === null) return null;
  return { response: row.response, assignmentStatus: row.assignmentStatus, batchId: row.batchId };
}

/** Whether `userId` teaches the workshop of `batchId` (issue 17: instructors see their own batches only). */
export async function teachesBatch(db: Executor, userId: number, batchId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 AS one FROM batches b JOIN workshop_instructors wi ON wi.workshop_id = b.workshop_id
        WHERE b.id = ${batchId} AND wi.user_id = ${userId} LIMIT 1`,
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

/** The learner's response to `assignmentId`, or null. */
export async function responseOf(
  db: Executor,
  assignmentId: number,
  userId: number,
): Promise<ResponseRow | null> {
  const [row] = await db
    .select()
    .from(assignmentResponses)
    .where(and(eq(assignmentResponses.assignmentId, assignmentId), eq(assignmentResponses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** What a response holds: a link or a stored PDF (one of the two). */
export interface Answer {
  link: string | null;
  pdf: string | null;
  pdfName: string | null;
}

/** Inserts the learner's response; null when they already have one (the unique key decides). */
export async function insertResponse(
  db: Executor,
  values: { assignmentId: number; userId: number; now: Date } & Answer,
): Promise<ResponseRow | null> {
  const [row] = await db
    .insert(assignmentResponses)
    .values({
      assignmentId: values.assignmentId,
      userId: values.userId,
      link: values.link,
      pdf: values.pdf,
      pdfName: values.pdfName,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: [assignmentResponses.assignmentId, assignmentResponses.userId] })
    .returning();
  return row ?? null;
}

/** The response `responseId`, locked for the rest of the transaction. */
export async function lockResponse(db: Executor, responseId: number): Promise<ResponseRow | null> {
  const [row] = await db
    .select()
    .from(assignmentResponses)
    .where(eq(assignmentResponses.id, responseId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Replaces the answer of response `responseId`. */
export async function replaceAnswer(
  db: Executor,
  responseId: number,
  answer: Answer,
  now: Date,
): Promise<ResponseRow> {
  const [row] = await db
    .update(assignmentResponses)
    .set({ link: answer.link, pdf: answer.pdf, pdfName: answer.pdfName, updatedAt: now })
    .where(eq(assignmentResponses.id, responseId))
    .returning();
  return row!;
}

export async function deleteResponse(db: Executor, responseId: number): Promise<void> {
  await db.delete(assignmentResponses).where(eq(assignmentResponses.id, responseId));
}

/** Records that staff opened a learner's file (the moderator-access audit). */
export async function auditStaffAccess(
  db: Executor,
  values: { moderatorId: number; learnerId: number; sessionId: number; reason: string; ip: string | null },
): Promise<void> {
  await db.insert(moderatorAccessAudit).values(values);
}

/** Every assignment of batch `batchId` in course order, with `userId`'s response (if any). */
export async function batchAssignmentsWithResponse(db: Executor, batchId: number, userId: number) {
  return db
    .select({
      assignmentId: assignments.id,
      title: assignments.title,
      sessionId: assignments.sessionId,
      maxPoints: assignments.maxPoints,
      responseId: assignmentResponses.id,
      link: assignmentResponses.link,
      pdf: assignmentResponses.pdf,
      points: assignmentResponses.points,
    })
    .from(assignments)
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .leftJoin(
      assignmentResponses,
      and(eq(assignmentResponses.assignmentId, assignments.id), eq(assignmentResponses.userId, userId)),
    )
    .where(eq(courseModules.batchId, batchId))
    .orderBy(
      asc(courseModules.sequence),
      asc(courseModules.id),
      asc(courseModuleDetails.sequence),
      asc(courseModuleDetails.id),
      asc(courseModuleSessions.sequence),
      asc(courseModuleSessions.id),
      asc(assignments.id),
    );
}

const LeaderboardRow = z.object({
  user_id: z.coerce.number().int(),
  name: z.string().nullable(),
  score: z.coerce.number().int(),
  rank: z.coerce.number().int(),
  position: z.coerce.number().int(),
});
export type LeaderboardRow = z.output<typeof LeaderboardRow>;

/**
 * The learners of batch `batchId` (enrolled, not refunded) by score, in one query: the sum of
 * their reviewed assignment points in the batch plus their correct answers in the current attempt
 * of each of the batch's module quizzes (no attempt row = attempt 1). Competition ranking (ties
 * share a rank: 1, 1, 3), ties listed by name. The first `limit` rows, plus `userId`'s own row
 * wherever it falls.
 */
export async function leaderboardRows(
  db: Executor,
  input: { batchId: number; userId: number; limit: number },
): Promise<LeaderboardRow[]> {
  const { batchId, userId, limit } = input;
  return queryRows(
    db,
    sql`
      WITH learners AS (
        SELECT e.user_id, u.name
        FROM enrolments e JOIN users u ON u.id = e.user_id
        WHERE e.batch_id = ${batchId} AND e.is_enrolled AND NOT e.is_refund
      ),
      batch_modules AS (
        SELECT id FROM course_modules WHERE batch_id = ${batchId}
      ),
      points AS (
        SELECT r.user_id, SUM(r.points) AS points
        FROM assignment_responses r
        JOIN assignments a ON a.id = r.assignment_id
        JOIN course_module_sessions s ON s.id = a.session_id
        JOIN course_module_details d ON d.id = s.detail_id
        JOIN batch_modules m ON m.id = d.module_id
        WHERE r.points IS NOT NULL AND r.user_id IN (SELECT user_id FROM learners)
        GROUP BY r.user_id
      ),
      quiz AS (
        SELECT qr.user_id, COUNT(*) AS correct
        FROM course_quiz_responses qr
        JOIN course_quiz_questions q ON q.id = qr.question_id
        JOIN batch_modules m ON m.id = q.module_id
        JOIN course_quiz_options o ON o.id = qr.option_id AND o.is_correct
        LEFT JOIN course_quiz_attempts at ON at.user_id = qr.user_id AND at.module_id = q.module_id
        WHERE qr.attempt = COALESCE(at.attempt, 1) AND qr.user_id IN (SELECT user_id FROM learners)
        GROUP BY qr.user_id
      ),
      scored AS (
        SELECT l.user_id, l.name, (COALESCE(p.points, 0) + COALESCE(z.correct, 0))::int AS score
        FROM learners l
        LEFT JOIN points p ON p.user_id = l.user_id
        LEFT JOIN quiz z ON z.user_id = l.user_id
      ),
      ranked AS (
        SELECT user_id, name, score,
          RANK() OVER (ORDER BY score DESC)::int AS rank,
          ROW_NUMBER() OVER (ORDER BY score DESC, lower(COALESCE(name, '')), user_id)::int AS position
        FROM scored
      )
      SELECT user_id, name, score, rank, position
      FROM ranked
      WHERE position <= ${limit} OR user_id = ${userId}
      ORDER BY position`,
    LeaderboardRow,
  );
}
