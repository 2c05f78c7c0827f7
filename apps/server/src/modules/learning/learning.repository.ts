import { and, asc, desc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { preparedOn } from '../../db/prepared.js';
import type { Executor } from '../../db/query.js';
import { gateColumns, gateConditions, type GateEnrolment } from './course-access.js';
import {
  assignments,
  batches,
  batchSchedules,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  courseQuizQuestions,
  enrolments,
  feedbackRatings,
  notifications,
  tripApplications,
  trips,
  workshopRatings,
  workshops,
} from '../../db/schema/index.js';

/** The learner's enrolments with their batch and workshop, newest enrolment first. */
export async function enrolmentsOf(db: Executor, userId: number) {
  return db
    .select({
      id: enrolments.id,
      isRefund: enrolments.isRefund,
      isDashboardAccess: enrolments.isDashboardAccess,
      isEnrolled: enrolments.isEnrolled,
      batchId: batches.id,
      sessionType: batches.sessionType,
      startDate: batches.startDate,
      endDate: batches.endDate,
      workshop: {
        id: workshops.id,
        type: workshops.type,
        title: workshops.title,
        shortTitle: workshops.shortTitle,
        slug: workshops.slug,
      },
    })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(enrolments.userId, userId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
}

/** The weekly schedules of `batchIds`, by day then start time. */
export async function schedulesOf(db: Executor, batchIds: number[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      id: batchSchedules.id,
      batchId: batchSchedules.batchId,
      day: batchSchedules.day,
      startTime: sql<string>`to_char(${batchSchedules.startTime}, 'HH24:MI:SS')`,
      endTime: sql<string>`to_char(${batchSchedules.endTime}, 'HH24:MI:SS')`,
    })
    .from(batchSchedules)
    .where(inArray(batchSchedules.batchId, batchIds))
    .orderBy(asc(batchSchedules.day), asc(batchSchedules.startTime), asc(batchSchedules.id));
}

/**
 * Published workshops the learner has no enrolment in (through any batch): badged ones (`markAs`,
 * e.g. "Top Seller") first, then the newest.
 */
export async function suggestionsFor(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      thumbnail: workshops.thumbnail,
    })
    .from(workshops)
    .where(
      and(
        eq(workshops.isPublished, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(enrolments)
            .innerJoin(batches, eq(batches.id, enrolments.batchId))
            .where(and(eq(enrolments.userId, userId), eq(batches.workshopId, workshops.id))),
        ),
      ),
    )
    .orderBy(sql`${workshops.markAs} IS NULL`, desc(workshops.id))
    .limit(limit);
}

// ---- the course dashboard: the batch's curriculum (shared by its learners) --------------------

/** The batch and its course (workshop), for the dashboard header. */
export async function batchWithCourse(db: Executor, batchId: number) {
  const [row] = await db
    .select({
      id: batches.id,
      sessionType: batches.sessionType,
      startDate: batches.startDate,
      endDate: batches.endDate,
      zoomLink: batches.zoomLink,
      workshop: {
        id: workshops.id,
        type: workshops.type,
        title: workshops.title,
        shortTitle: workshops.shortTitle,
        slug: workshops.slug,
      },
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(batches.id, batchId))
    .limit(1);
  return row;
}

/** The batch's modules in sequence order, each with whether it has quiz questions. */
export async function modulesOfBatch(db: Executor, batchId: number) {
  return db
    .select({
      id: courseModules.id,
      sequence: courseModules.sequence,
      title: courseModules.title,
      certificateTitle: courseModules.certificateTitle,
      // Qualified by hand: a one-table select renders `id` unqualified (the question's own, inside).
      hasQuiz: sql<boolean>`exists (select 1 from ${courseQuizQuestions} q where q.module_id = "course_modules"."id")`,
    })
    .from(courseModules)
    .where(eq(courseModules.batchId, batchId))
    .orderBy(asc(courseModules.sequence), asc(courseModules.id));
}

/** Every session of the batch with its detail (unit), in module, detail and session order. */
export async function sessionsOfBatch(db: Executor, batchId: number) {
  return db
    .select({
      moduleId: courseModuleDetails.moduleId,
      detailId: courseModuleDetails.id,
      detailSequence: courseModuleDetails.sequence,
      detailTitle: courseModuleDetails.title,
      id: courseModuleSessions.id,
      sequence: courseModuleSessions.sequence,
      type: courseModuleSessions.type,
      title: courseModuleSessions.title,
      description: courseModuleSessions.description,
      sessionDate: courseModuleSessions.sessionDate,
      sessionStartTime: sql<string | null>`to_char(${courseModuleSessions.sessionStartTime}, 'HH24:MI:SS')`,
      sessionEndTime: sql<string | null>`to_char(${courseModuleSessions.sessionEndTime}, 'HH24:MI:SS')`,
      assignmentLastDate: courseModuleSessions.assignmentLastDate,
      recordingUrl: courseModuleSessions.recordingUrl,
    })
    .from(courseModuleSessions)
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(eq(courseModules.batchId, batchId))
    .orderBy(
      asc(courseModules.sequence),
      asc(courseModules.id),
      asc(courseModuleDetails.sequence),
      asc(courseModuleDetails.id),
      asc(courseModuleSessions.sequence),
      asc(courseModuleSessions.id),
    );
}

/** Every assignment set in the batch's sessions. */
export async function assignmentsOfBatch(db: Executor, batchId: number) {
  return db
    .select({
      id: assignments.id,
      sessionId: assignments.sessionId,
      title: assignments.title,
      details: assignments.details,
      status: assignments.status,
      maxPoints: assignments.maxPoints,
    })
    .from(assignments)
    .innerJoin(courseModuleSessions, eq(courseModuleSessions.id, assignments.sessionId))
    .innerJoin(courseModuleDetails, eq(courseModuleDetails.id, courseModuleSessions.detailId))
    .innerJoin(courseModules, eq(courseModules.id, courseModuleDetails.moduleId))
    .where(eq(courseModules.batchId, batchId))
    .orderBy(asc(assignments.id));
}

// ---- the course dashboard: one learner's rows, in one query ----------------------------------

const utcInstant = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const LearnerRowsSchema = z.object({
  responses: z.array(
    z.object({
      id: z.number(),
      assignmentId: z.number(),
      link: z.string().nullable(),
      pdf: z.string().nullable(),
      pdfName: z.string().nullable(),
      points: z.number().nullable(),
      reviewComment: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  modals: z.array(z.object({ id: z.number(), moduleId: z.number(), isSeen: z.boolean() })),
  feedback: z.array(z.object({ type: z.number(), status: z.number() })),
});
export type LearnerRows = z.infer<typeof LearnerRowsSchema>;

/** The learner's own rows in a batch as three JSON columns (placeholders `userId`, `batchId`). */
function learnerRowColumns() {
  const user = sql.placeholder('userId');
  const batch = sql.placeholder('batchId');
  return {
    responses: sql<unknown>`(select coalesce(json_agg(json_build_object(
        'id', r.id, 'assignmentId', r.assignment_id, 'link', r.link, 'pdf', r.pdf, 'pdfName', r.pdf_name,
        'points', r.points,
        'reviewComment', r.review_comment,
        'createdAt', ${utcInstant(sql`r.created_at`)}, 'updatedAt', ${utcInstant(sql`r.updated_at`)}
      ) order by r.id), '[]'::json)
      from assignment_responses r
      join assignments a on a.id = r.assignment_id
      join course_module_sessions s on s.id = a.session_id
      join course_module_details d on d.id = s.detail_id
      join course_modules m on m.id = d.module_id
      where r.user_id = ${user} and m.batch_id = ${batch})`,
    modals: sql<unknown>`(select coalesce(json_agg(json_build_object('id', c.id, 'moduleId', c.module_id, 'isSeen', c.is_seen)
        order by c.id), '[]'::json)
      from module_certificate_modals c
      join course_modules m on m.id = c.module_id
      where c.user_id = ${user} and m.batch_id = ${batch})`,
    feedback: sql<unknown>`(select coalesce(json_agg(json_build_object('type', f.type, 'status', f.status) order by f.type), '[]'::json)
      from feedback_ratings f
      where f.user_id = ${user} and f.batch_id = ${batch})`,
  };
}

/**
 * The learner's own rows in a batch, in ONE query whatever the curriculum's size: their
 * assignment responses, module certificate popups and feedback forms. A named prepared statement
 * (db/prepared.ts).
 */
export async function learnerRowsOfBatch(
  db: Executor,
  userId: number,
  batchId: number,
): Promise<LearnerRows> {
  const statement = preparedOn(db, 'learning_learner_rows', () =>
    db
      .select(learnerRowColumns())
      .from(sql`(select 1) as one`)
      .prepare('learning_learner_rows'),
  );
  const [row] = await statement.execute({ userId, batchId });
  return row ? LearnerRowsSchema.parse(row) : { responses: [], modals: [], feedback: [] };
}

/**
 * The course dashboard's one query per request: the access gate's enrolment read (see
 * `courseAccess`) and the learner's own rows together. Undefined when the gate finds no enrolment.
 */
export async function gateWithLearnerRows(
  db: Executor,
  userId: number,
  batchId: number,
): Promise<{ enrolment: GateEnrolment; rows: LearnerRows } | undefined> {
  const statement = preparedOn(db, 'learning_gate_learner_rows', () =>
    db
      .select({ ...gateColumns, ...learnerRowColumns() })
      .from(enrolments)
      .where(gateConditions())
      .limit(1)
      .prepare('learning_gate_learner_rows'),
  );
  const [row] = await statement.execute({ userId, batchId });
  if (!row) return undefined;
  return {
    enrolment: { id: row.id, hasActivePlan: Boolean(row.hasActivePlan) },
    rows: LearnerRowsSchema.parse(row),
  };
}

// ---- feedback and ratings ---------------------------------------------------------------------

/**
 * Records a feedback form as given (status 1). Undefined when the form was already given: the
 * conditional upsert makes a second (or concurrent) submission change nothing.
 */
export async function giveFeedback(
  db: Executor,
  input: { userId: number; batchId: number; type: 1 | 2; rating: number; comment: string | null },
) {
  const [row] = await db
    .insert(feedbackRatings)
    .values({ ...input, status: 1 })
    .onConflictDoUpdate({
      target: [feedbackRatings.userId, feedbackRatings.batchId, feedbackRatings.type],
      set: { status: 1, rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
      setWhere: eq(feedbackRatings.status, 0),
    })
    .returning({ type: feedbackRatings.type, status: feedbackRatings.status });
  return row;
}

/** A (not refunded) enrolment of the learner in any batch of the workshop, newest first. */
export async function enrolmentInWorkshop(db: Executor, userId: number, workshopId: number) {
  const [row] = await db
    .select({ batchId: enrolments.batchId })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .where(
      and(eq(enrolments.userId, userId), eq(batches.workshopId, workshopId), eq(enrolments.isRefund, false)),
    )
    .orderBy(desc(enrolments.id))
    .limit(1);
  return row;
}

/** One rating per learner and workshop: a repeat replaces it. */
export async function upsertWorkshopRating(
  db: Executor,
  input: { userId: number; workshopId: number; batchId: number; rating: number; comment: string | null },
) {
  const [row] = await db
    .insert(workshopRatings)
    .values(input)
    .onConflictDoUpdate({
      target: [workshopRatings.userId, workshopRatings.workshopId],
      set: { rating: input.rating, comment: input.comment, batchId: input.batchId },
    })
    .returning({
      workshopId: workshopRatings.workshopId,
      rating: workshopRatings.rating,
      review: workshopRatings.comment,
    });
  return row!;
}

// ---- notifications ----------------------------------------------------------------------------

/** The learner's newest notifications. */
export async function notificationsOf(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks the listed notifications read, only among the learner's own unread ones; how many changed. */
export async function markNotificationsRead(db: Executor, userId: number, ids: number[], now: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** How many of the learner's notifications are unread. */
export async function unreadCount(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

// ---- trips ------------------------------------------------------------------------------------

/** The learner's trip applications, newest first. */
export async function tripApplicationsOf(db: Executor, userId: number) {
  return db
    .select({
      id: tripApplications.id,
      status: tripApplications.status,
      createdAt: tripApplications.createdAt,
      trip: {
        id: trips.id,
        title: trips.title,
        slug: trips.slug,
        location: trips.location,
        startDate: trips.startDate,
        endDate: trips.endDate,
      },
    })
    .from(tripApplications)
    .innerJoin(trips, eq(trips.id, tripApplications.tripId))
    .where(eq(tripApplications.userId, userId))
    .orderBy(desc(tripApplications.createdAt), desc(tripApplications.id));
}
