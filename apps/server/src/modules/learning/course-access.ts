/**
 * The one gate of every learner call on a course's data (issue 15): whose data (the caller's, or
 * a learner's in a moderator's read-only view, audited), whether that learner holds the batch
 * (enrolled, dashboard access, not refunded: otherwise 404, never 403, so ids are not probed), and
 * the EMI lock of spec §4 (402 INSTALMENT_DUE on that course only; moderators see through it).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { courseModules, enrolments, moderatorAccessAudit } from '../../db/schema/index.js';
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

/**
 * Resolves and checks access to `batchId`'s data. Throws 404 for a batch the learner does not
 * hold (or a `userId` the caller may not view) and 402 INSTALMENT_DUE while the course is locked.
 */
export async function courseAccess(db: Executor, input: CourseAccessInput): Promise<CourseAccess> {
  const { session } = input;
  let userId = session.userId;
  let isModeratorView = session.isModeratorView;
  if (input.userId !== undefined && input.userId !== session.userId) {
    if (session.isModeratorView || !hasRole(session.role, MODERATOR_ROLES)) throw notYours();
    userId = input.userId;
    isModeratorView = true;
  }
  const [enrolment] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.userId, userId),
        eq(enrolments.batchId, input.batchId),
        eq(enrolments.isEnrolled, true),
        eq(enrolments.isDashboardAccess, true),
        eq(enrolments.isRefund, false),
      ),
    )
    .limit(1);
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
  if (!isModeratorView) {
    await instalmentLock(db, { userId, batchId: input.batchId, now: input.now, tz: input.tz });
  }
  return { userId, batchId: input.batchId, enrolmentId: enrolment.id, isModeratorView };
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
