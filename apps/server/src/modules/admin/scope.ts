import { and, eq, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { batches, workshopInstructors } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { SessionIdentity } from '../../platform/identity.js';

/*
 * What a staff member may see and change (issue 17). Admins: everything. Instructors: the batches
 * of the workshops they teach (`workshop_instructors`) — sessions, assignments and their reviews,
 * quizzes, resources, learners' progress — and nothing else; another instructor's batch or workshop
 * answers 404 exactly like one that does not exist (no existence oracle).
 */

export type StaffActor = Pick<SessionIdentity, 'userId' | 'role'>;

export const isAdmin = (actor: StaffActor): boolean => actor.role === 'admin';

/**
 * A condition keeping only the workshops `actor` may see, for a query over `workshopId` (a
 * workshops.id or a batches.workshop_id column); undefined for admins (no restriction).
 */
export function workshopScope(actor: StaffActor, workshopId: AnyColumn | SQL): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  return sql`${workshopId} IN (SELECT ${workshopInstructors.workshopId} FROM ${workshopInstructors} WHERE ${workshopInstructors.userId} = ${actor.userId})`;
}

/** A condition keeping only the batches `actor` may see, for a query over a batch id column. */
export function batchScope(actor: StaffActor, batchId: AnyColumn | SQL): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  // An IN over aliased tables: the subquery must not name `batches` bare, or an outer query over
  // `batches` would compare the inner row with itself (and EXISTS needs its own parentheses).
  return sql`${batchId} IN (SELECT scope_b.id FROM ${batches} scope_b JOIN ${workshopInstructors} scope_wi ON scope_wi.workshop_id = scope_b.workshop_id WHERE scope_wi.user_id = ${actor.userId})`;
}

/** Throws 404 ("Batch was not found.") unless the batch exists and `actor` may see it. */
export async function assertBatchInScope(db: Executor, actor: StaffActor, batchId: number): Promise<void> {
  const scope = batchScope(actor, batches.id);
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(scope ? and(eq(batches.id, batchId), scope) : eq(batches.id, batchId))
    .limit(1);
  if (!row) throw notFound('Batch');
}

/** Throws 404 ("Workshop was not found.") unless `actor` is an admin or teaches the workshop. */
export async function assertWorkshopInScope(
  db: Executor,
  actor: StaffActor,
  workshopId: number,
): Promise<void> {
  if (isAdmin(actor)) return;
  const [row] = await db
    .select({ id: workshopInstructors.workshopId })
    .from(workshopInstructors)
    .where(and(eq(workshopInstructors.workshopId, workshopId), eq(workshopInstructors.userId, actor.userId)))
    .limit(1);
  if (!row) throw notFound('Workshop');
}
