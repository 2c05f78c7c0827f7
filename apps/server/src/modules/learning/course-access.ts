/**
 * The one gate of every learner call on a course's data (issue 15): whose data (the caller's, or
 * a learner's in a moderator's read-only view, audited), whether that learner holds the batch
 * (enrolled, dashboard access, not refunded: otherwise 404, never 403, so ids are not probed), and
 * the EMI lock of spec §4 (402 INSTALMENT_DUE on that course only; moderators see through it).
 */
import { and, eq, sql } from 'drizzle-orm';
import { preparedOn } from '../../db/prepared.js';
import type { Executor } from '../../db/query.js';
import { courseModules, enrolments, instalmentPlans, moderatorAccessAudit } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { hasRole, MODERATOR_ROLES, type SessionIdentity } from '../../platform/identity.js';
import { instalmentLock } from '../checkout/index.js';

/** What a course-scoped call may read or write once the gate lets it through. */
export interface CourseAccess {
  /** The learner whose data is read (the caller, or the viewed learner). */
  userId: number;
  batchId: number;
  enrolmentId: number;
  /** True when staff are looking at a learner's data: read-only, no feedback prompts. */
  isModeratorView: boolean;
}

export interface CourseAccessInput {
  session: SessionIdentity;
  batchId: number;
  /** A learner id from the body (`userId`); honoured only for moderators. */
  userId?: number | undefined;
  now: Date;
  tz?: string | undefined;
  /** The caller's address, recorded when a moderator opens a learner's data. */
  ip?: string | null;
}

const notYours = () => new AppError('NOT_FOUND', 'That course is not in your dashboard.');

/** Whose data a course call reads: the caller's, or (for a moderator) the named learner's. */
export function viewerOf(input: CourseAccessInput): { userId: number; isModeratorView: boolean } {
  const { session } = input;
  if (input.userId !== undefined && input.userId !== session.userId) {
    if (session.isModeratorView || !hasRole(session.role, MODERATOR_ROLES)) throw notYours();
    return { userId: input.userId, isModeratorView: true };
  }
  return { userId: session.userId, isModeratorView: session.isModeratorView };
}

/** The enrolment row the gate needs: its id and whether an instalment plan is active. */
export interface GateEnrolment {
  id: number;
  hasActivePlan: boolean;
}

/** The columns of the gate's enrolment read (also part of the course dashboard's one query). */
export const gateColumns = {
  id: enrolments.id,
  // Qualified by hand: a one-table select renders its columns unqualified, which inside the
  // sub-select would name the plan's own columns.
  hasActivePlan: sql<boolean>`exists (select 1 from ${instalmentPlans} p where p.user_id = "enrolments"."user_id" and p.batch_id = "enrolments"."batch_id" and p.status = 'active')`,
};

/** The gate's conditions on `enrolments` for placeholders `userId` and `batchId`. */
export const gateConditions = () =>
  and(
    eq(enrolments.userId, sql.placeholder('userId')),
    eq(enrolments.batchId, sql.placeholder('batchId')),
    eq(enrolments.isEnrolled, true),
    eq(enrolments.isDashboardAccess, true),
    eq(enrolments.isRefund, false),
  );

/**
 * The rest of the gate once the enrolment was read: 404 without one, the audit row of a
 * moderator's view of a learner, and the EMI lock (only when a plan is active).
 */
export async function admit(
  db: Executor,
  input: CourseAccessInput,
  viewer: { userId: number; isModeratorView: boolean },
  enrolment: GateEnrolment | undefined,
): Promise<CourseAccess> {
  const { session } = input;
  const { userId, isModeratorView } = viewer;
  if (!enrolment) throw notYours();
  if (isModeratorView && userId !== session.userId) {
    await db.insert(moderatorAccessAudit).values({
      moderatorId: session.actingUserId,
      learnerId: userId,
      sessionId: session.sessionId,
      reason: `course dashboard of batch ${input.batchId}`,
      ip: input.ip ?? null,
    });
  }
  if (!isModeratorView && enrolment.hasActivePlan) {
    await instalmentLock(db, { userId, batchId: input.batchId, now: input.now, tz: input.tz });
  }
  return { userId, batchId: input.batchId, enrolmentId: enrolment.id, isModeratorView };
}

/**
 * Resolves and checks access to `batchId`'s data. Throws 404 for a batch the learner does not
 * hold (or a `userId` the caller may not view) and 402 INSTALMENT_DUE while the course is locked.
 */
export async function courseAccess(db: Executor, input: CourseAccessInput): Promise<CourseAccess> {
  const viewer = viewerOf(input);
  // One prepared statement (parsed and planned once per connection: every course call runs it),
  // which also tells whether an instalment plan is active, so the lock's own query runs only then.
  const statement = preparedOn(db, 'learning_course_access', () =>
    db
      .select(gateColumns)
      .from(enrolments)
      .where(gateConditions())
      .limit(1)
      .prepare('learning_course_access'),
  );
  const [enrolment] = await statement.execute({ userId: viewer.userId, batchId: input.batchId });
  return admit(db, input, viewer, enrolment);
}

/** The batch a (batch-owned) module belongs to; 404 for an unknown or template module. */
export async function batchOfModule(db: Executor, moduleId: number): Promise<number> {
  const [row] = await db
    .select({ batchId: courseModules.batchId })
    .from(courseModules)
    .where(eq(courseModules.id, moduleId))
    .limit(1);
  if (!row || row.batchId === null) throw new AppError('NOT_FOUND', 'That module is not in your dashboard.');
  return row.batchId;
}

/** Refuses writes through a moderator's view (a second line behind the auth guard). */
export function assertLearnerWrite(access: CourseAccess): void {
  if (access.isModeratorView) throw new AppError('FORBIDDEN', 'A moderator view is read-only.');
}
