/**
 * Learning (the course dashboard, spec §3): enrolments, course modules → details → sessions,
 * assignments and responses, feedback and workshop ratings, and the per-module certificate popup.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, time, unique } from 'drizzle-orm/pg-core';
import { batches, workshops } from './catalogue.js';
import { calendarDate, createdAt, id, instant, sqlList, updatedAt } from './columns.js';
import { orders } from './payments.js';
import { users } from './users.js';

/** Course module session type: 1 = live session, 2 = recorded session. */
export const MODULE_SESSION_TYPES = [1, 2] as const;
/** Feedback form type: 1 = early form (20 % of sessions), 2 = late form (65 %) (spec §9). */
export const FEEDBACK_TYPES = [1, 2] as const;
/** Feedback rating status: 0 = due (not yet given), 1 = given. */
export const FEEDBACK_STATUSES = [0, 1] as const;
export const ASSIGNMENT_STATUSES = ['open', 'closed'] as const;

/**
 * A learner's place in a batch: one per user and batch, and one per paying order, so that the
 * client's verify call and the webhook racing each other enrol once (checklist F6).
 */
export const enrolments = pgTable(
  'enrolments',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    isRefund: boolean('is_refund').notNull().default(false),
    isDashboardAccess: boolean('is_dashboard_access').notNull().default(true),
    isEnrolled: boolean('is_enrolled').notNull().default(true),
    sourceOrderId: integer('source_order_id').references(() => orders.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Leads with user_id: also serves "enrolments of a user".
    unique('enrolments_user_batch_uq').on(t.userId, t.batchId),
    unique('enrolments_source_order_uq').on(t.sourceOrderId),
    index('enrolments_batch_idx').on(t.batchId),
  ],
);

/**
 * A module of a course. It belongs to one batch, or to a workshop as the template that new
 * batches copy (exactly one of the two).
 */
export const courseModules = pgTable(
  'course_modules',
  {
    id: id(),
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'cascade' }),
    workshopId: integer('workshop_id').references(() => workshops.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    title: text('title').notNull(),
    /** Title printed on the module's certificate. */
    certificateTitle: text('certificate_title'),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_modules_batch_sequence_idx').on(t.batchId, t.sequence),
    index('course_modules_workshop_sequence_idx').on(t.workshopId, t.sequence),
    check('course_modules_owner_ck', sql`num_nonnulls(${t.batchId}, ${t.workshopId}) = 1`),
  ],
);

/** A unit inside a module that groups its sessions (the spec's `CourseModuleDetails`). */
export const courseModuleDetails = pgTable(
  'course_module_details',
  {
    id: id(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    title: text('title').notNull().default(''),
  },
  (t) => [index('course_module_details_module_sequence_idx').on(t.moduleId, t.sequence)],
);

/**
 * A class session. Dates are calendar days and times wall-clock in the platform's time zone;
 * an assignment set in the session is due on `assignmentLastDate`.
 */
export const courseModuleSessions = pgTable(
  'course_module_sessions',
  {
    id: id(),
    detailId: integer('detail_id')
      .notNull()
      .references(() => courseModuleDetails.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    type: smallint('type').notNull().default(1),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sessionDate: calendarDate('session_date'),
    sessionStartTime: time('session_start_time'),
    sessionEndTime: time('session_end_time'),
    assignmentLastDate: calendarDate('assignment_last_date'),
    recordingUrl: text('recording_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_module_sessions_detail_sequence_idx').on(t.detailId, t.sequence),
    check('course_module_sessions_type_ck', sql`${t.type} IN (${sqlList(MODULE_SESSION_TYPES)})`),
    check(
      'course_module_sessions_times_ck',
      sql`${t.sessionStartTime} IS NULL OR ${t.sessionEndTime} IS NULL OR ${t.sessionEndTime} > ${t.sessionStartTime}`,
    ),
  ],
);

/** An assignment set in a session. */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => courseModuleSessions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<(typeof ASSIGNMENT_STATUSES)[number]>().notNull().default('open'),
    maxPoints: integer('max_points').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignments_session_idx').on(t.sessionId),
    check('assignments_status_ck', sql`${t.status} IN (${sqlList(ASSIGNMENT_STATUSES)})`),
    check('assignments_max_points_ck', sql`${t.maxPoints} >= 0`),
  ],
);

/**
 * A learner's submission: a link and/or an uploaded PDF (submitted when either is present).
 * One per learner and assignment; resubmitting updates it. Points come from the reviewer.
 */
export const assignmentResponses = pgTable(
  'assignment_responses',
  {
    id: id(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    link: text('link'),
    /** Storage key of the uploaded PDF (`private/assignments/{random}.pdf`), never a public path. */
    pdf: text('pdf'),
    /** The uploaded PDF's original file name, cleaned, for display and the download's name (issue 15). */
    pdfName: text('pdf_name'),
    points: integer('points'),
    reviewComment: text('review_comment'),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('assignment_responses_assignment_user_uq').on(t.assignmentId, t.userId),
    index('assignment_responses_user_idx').on(t.userId),
    check('assignment_responses_points_ck', sql`${t.points} IS NULL OR ${t.points} >= 0`),
  ],
);

/**
 * The two feedback forms of a batch for a learner (spec §4 "Feedback forms"): status 0 = due,
 * 1 = given, with a 1–5 rating and a comment.
 */
export const feedbackRatings = pgTable(
  'feedback_ratings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(0),
    rating: smallint('rating'),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('feedback_ratings_user_batch_type_uq').on(t.userId, t.batchId, t.type),
    check('feedback_ratings_type_ck', sql`${t.type} IN (${sqlList(FEEDBACK_TYPES)})`),
    check('feedback_ratings_status_ck', sql`${t.status} IN (${sqlList(FEEDBACK_STATUSES)})`),
    check('feedback_ratings_rating_ck', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A learner's public rating of a workshop (`POST /api/user/workshop/rating/feedback`). */
export const workshopRatings = pgTable(
  'workshop_ratings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('workshop_ratings_user_workshop_uq').on(t.userId, t.workshopId),
    index('workshop_ratings_workshop_idx').on(t.workshopId),
    check('workshop_ratings_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * The certificate popup of a module for a learner (the spec's module `Modals` and `isCertModal`):
 * a row means the popup is due; `isSeen` records that it was shown.
 */
export const moduleCertificateModals = pgTable(
  'module_certificate_modals',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('module_certificate_modals_user_module_uq').on(t.userId, t.moduleId)],
);

/**
 * Attendance of a class session (issue 17 point 4, staff console): one mark per learner and
 * session, present or absent, with who marked it. No row = not marked.
 */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => courseModuleSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    present: boolean('present').notNull(),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: instant('marked_at').notNull().defaultNow(),
  },
  (t) => [
    unique('session_attendance_session_user_uq').on(t.sessionId, t.userId),
    index('session_attendance_user_idx').on(t.userId),
  ],
);
