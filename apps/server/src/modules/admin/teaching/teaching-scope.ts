import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/query.js';
import {
  assignmentResponses,
  assignments,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  courseQuizQuestions,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/app-error.js';
import { batchScope, type StaffActor } from '../scope.js';

/*
 * Teaching calls name a batch or something under one; each resolves its batch here, through the
 * scope seam (`batchScope`), in the same query: another instructor's module, session, assignment,
 * answer or question answers 404 with the body of a missing id. Workshop template modules (no
 * batch) are the catalogue's, not the teaching console's: 404 here too.
 */

const scoped = (actor: StaffActor, where: SQL): SQL => {
  const scope = batchScope(actor, courseModules.batchId);
  return scope ? and(where, scope)! : where;
};

/** The batch of module `moduleId`, or 404 ("Module was not found."). */
export async function batchOfModule(db: Executor, actor: StaffActor, moduleId: number): Promise<number> {
  const [row] = await db
    .select({ batchId: courseModules.batchId })
    .from(courseModules)
    .where(scoped(actor, eq(courseModules.id, moduleId)))
    .limit(1);
  if (!row?.batchId) throw notFound('Module');
  return row.batchId;
}

/** The batch and module of session `sessionId`, or 404 ("Session was not found."). */
export async function batchOfSession(
  db: Executor,
  actor: StaffActor,
  sessionId: number,
): Promise<{ batchId: number; moduleId: number }> {
  const [row] = await db
    .select({ batchId: courseModules.batchId, moduleId: courseModules.id })
    .from(courseModuleSessions)
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(scoped(actor, eq(courseModuleSessions.id, sessionId)))
    .limit(1);
  if (!row?.batchId) throw notFound('Session');
  return { batchId: row.batchId, moduleId: row.moduleId };
}

/** The batch of assignment `assignmentId`, or 404 ("Assignment was not found."). */
export async function batchOfAssignment(
  db: Executor,
  actor: StaffActor,
  assignmentId: number,
): Promise<number> {
  const [row] = await db
    .select({ batchId: courseModules.batchId })
    .from(assignments)
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(scoped(actor, eq(assignments.id, assignmentId)))
    .limit(1);
  if (!row?.batchId) throw notFound('Assignment');
  return row.batchId;
}

/** The batch of a learner's answer `responseId`, or 404 ("Answer was not found."). */
export async function batchOfResponse(db: Executor, actor: StaffActor, responseId: number): Promise<number> {
  const [row] = await db
    .select({ batchId: courseModules.batchId })
    .from(assignmentResponses)
    .innerJoin(assignments, eq(assignments.id, assignmentResponses.assignmentId))
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(scoped(actor, eq(assignmentResponses.id, responseId)))
    .limit(1);
  if (!row?.batchId) throw notFound('Answer');
  return row.batchId;
}

/** The batch and module of quiz question `questionId`, or 404 ("Question was not found."). */
export async function batchOfQuestion(
  db: Executor,
  actor: StaffActor,
  questionId: number,
): Promise<{ batchId: number; moduleId: number }> {
  const [row] = await db
    .select({ batchId: courseModules.batchId, moduleId: courseModules.id })
    .from(courseQuizQuestions)
    .innerJoin(courseModules, eq(courseModules.id, courseQuizQuestions.moduleId))
    .where(scoped(actor, eq(courseQuizQuestions.id, questionId)))
    .limit(1);
  if (!row?.batchId) throw notFound('Question');
  return { batchId: row.batchId, moduleId: row.moduleId };
}
