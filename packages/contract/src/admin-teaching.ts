import { z } from 'zod';
import { AdminListQuerySchema, adminPageSchema } from './admin.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * The staff console's teaching calls (issue 17 points 1 and 4), under `/api/admin/teaching/*`:
 * the batches a caller teaches (admins: every batch), a batch's curriculum (modules → sessions →
 * assignments, module quizzes with their question bank, certificate titles), the weekly session
 * generator, the assignment review queue, attendance per session, quiz statistics and learners'
 * progress. Every call names a batch or something under one (module, session, assignment,
 * response, question) and answers 404 — the same body as a missing id — when the caller does not
 * teach the batch's workshop. Instructors never see or set prices here.
 */

const text = (max: number, field = 'this') =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).default('');
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Wall-clock `HH:mm` (or `HH:mm:ss`), 00:00–23:59, in the platform's zone. */
export const TeachingTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:mm (00:00–23:59)');

const realDate = WireDateSchema.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'must be a real calendar date');

// ---------------------------------------------------------------------------------------------
// Batches I teach
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/teaching/batches`: searches the workshop title and the batch name. */
export const TeachingBatchesQuerySchema = z
  .object({ q: z.string().trim().max(100, 'must be at most 100 characters').optional() })
  .strict();

export const TeachingBatchSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  workshop: z.object({ id: IdSchema, title: z.string() }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Learners enrolled (not refunded). */
  learners: z.number().int(),
  /** Answers submitted and not yet reviewed. */
  pendingReviews: z.number().int(),
});
export type TeachingBatch = z.infer<typeof TeachingBatchSchema>;
/** At most 200 batches, the latest start first. */
export const TeachingBatchesSchema = z.object({ items: z.array(TeachingBatchSchema) });

// ---------------------------------------------------------------------------------------------
// Curriculum
// ---------------------------------------------------------------------------------------------

export const TEACHING_SESSION_TYPES = [1, 2] as const;
export const TEACHING_ASSIGNMENT_STATUSES = ['open', 'closed'] as const;

export const TeachingAssignmentSchema = z.object({
  id: IdSchema,
  title: z.string(),
  details: z.string(),
  status: z.enum(TEACHING_ASSIGNMENT_STATUSES),
  maxPoints: z.number().int(),
  /** Answers submitted, and how many of them still wait for a review. */
  responses: z.number().int(),
  pending: z.number().int(),
});
export type TeachingAssignment = z.infer<typeof TeachingAssignmentSchema>;

export const TeachingSessionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  /** 1 = live, 2 = recorded. */
  type: z.number().int(),
  title: z.string(),
  description: z.string(),
  sessionDate: z.string().nullable(),
  sessionStartTime: z.string().nullable(),
  sessionEndTime: z.string().nullable(),
  assignmentLastDate: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  assignments: z.array(TeachingAssignmentSchema),
});
export type TeachingSession = z.infer<typeof TeachingSessionSchema>;

export const TeachingQuizOptionSchema = z.object({ id: IdSchema, text: z.string(), isCorrect: z.boolean() });
export const TeachingQuizQuestionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  question: z.string(),
  explanation: z.string().nullable(),
  options: z.array(TeachingQuizOptionSchema),
  /** Learners' answers so far (its options can no longer be added, removed or re-marked). */
  answers: z.number().int(),
});
export type TeachingQuizQuestion = z.infer<typeof TeachingQuizQuestionSchema>;

export const TeachingQuizSchema = z.object({
  id: IdSchema,
  title: z.string(),
  passPercentage: z.number().int(),
});

export const TeachingModuleSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  title: z.string(),
  certificateTitle: z.string().nullable(),
  sessions: z.array(TeachingSessionSchema),
  quiz: TeachingQuizSchema.nullable(),
  questions: z.array(TeachingQuizQuestionSchema),
});
export type TeachingModule = z.infer<typeof TeachingModuleSchema>;

/** A weekly slot of the batch (ISO weekday 1 = Monday … 7 = Sunday). */
export const TeachingScheduleSchema = z.object({
  day: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});

/** `GET /api/admin/teaching/batches/{id}/curriculum`. */
export const TeachingCurriculumSchema = z.object({
  batch: TeachingBatchSchema,
  schedules: z.array(TeachingScheduleSchema),
  modules: z.array(TeachingModuleSchema),
});
export type TeachingCurriculum = z.infer<typeof TeachingCurriculumSchema>;

/** `POST …/batches/{id}/modules`, `PUT …/modules/{id}`. */
export const TeachingModuleBodySchema = z
  .object({
    title: text(200, 'title'),
    /** Printed on the module's certificate; empty = no module certificate. */
    certificateTitle: nullableText(200),
    sequence: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000).optional(),
  })
  .strict();
export type TeachingModuleBody = z.input<typeof TeachingModuleBodySchema>;

/** `POST …/modules/{id}/sessions`, `PUT …/sessions/{id}`. */
export const TeachingSessionBodySchema = z
  .object({
    title: text(200, 'title'),
    description: optionalText(4000),
    type: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (live) or 2 (recorded)' }).default(1),
    sessionDate: realDate.nullish().transform((v) => v ?? null),
    sessionStartTime: TeachingTimeSchema.nullish().transform((v) => v ?? null),
    sessionEndTime: TeachingTimeSchema.nullish().transform((v) => v ?? null),
    assignmentLastDate: realDate.nullish().transform((v) => v ?? null),
    recordingUrl: z
      .url({ protocol: /^https$/, error: 'must be an https:// address' })
      .max(500, 'must be at most 500 characters')
      .nullish()
      .transform((v) => v ?? null),
    sequence: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.sessionStartTime && v.sessionEndTime && v.sessionEndTime <= v.sessionStartTime)
      ctx.addIssue({ code: 'custom', path: ['sessionEndTime'], message: 'must be after the start time' });
    if (v.sessionDate && v.assignmentLastDate && v.assignmentLastDate < v.sessionDate)
      ctx.addIssue({
        code: 'custom',
        path: ['assignmentLastDate'],
        message: 'must be on or after the session date',
      });
  });
export type TeachingSessionBody = z.input<typeof TeachingSessionBodySchema>;

/**
 * `POST …/batches/{id}/sessions/generate`: one session per weekly slot of the batch's schedule
 * between `from` and `to` (default: the batch's start and end dates), skipping dates that already
 * have a session in the batch. `create: false` previews; `create: true` adds them to the module in
 * one transaction.
 */
export const TeachingGenerateBodySchema = z
  .object({
    moduleId: IdSchema,
    from: realDate.optional(),
    to: realDate.optional(),
    titlePrefix: text(150, 'titlePrefix').default('Session'),
    /** Days after the session its assignments are due (null = no due date). */
    assignmentDueDays: z.number().int('must be a whole number').min(0).max(60).nullable().default(null),
    create: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after the first date' });
  });
export type TeachingGenerateBody = z.input<typeof TeachingGenerateBodySchema>;

export const TeachingGeneratedSchema = z.object({
  /** The sessions made (or to be made, in a preview), in date order. */
  sessions: z.array(
    z.object({ date: z.string(), startTime: z.string(), endTime: z.string(), title: z.string() }),
  ),
  /** Dates of the schedule that already had a session. */
  skipped: z.array(z.string()),
  created: z.boolean(),
});
export type TeachingGenerated = z.infer<typeof TeachingGeneratedSchema>;

/** `POST …/sessions/{id}/assignments`, `PUT …/assignments/{id}`. */
export const TeachingAssignmentBodySchema = z
  .object({
    title: text(200, 'title'),
    details: optionalText(4000),
    maxPoints: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000'),
    status: z.enum(TEACHING_ASSIGNMENT_STATUSES, { error: 'must be open or closed' }).default('open'),
  })
  .strict();
export type TeachingAssignmentBody = z.input<typeof TeachingAssignmentBodySchema>;

/** `PUT …/modules/{id}/quiz`: the module quiz's title and pass mark (created on first save). */
export const TeachingQuizBodySchema = z
  .object({
    title: text(200, 'title'),
    passPercentage: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0–100')
      .max(100, 'must be 0–100'),
  })
  .strict();
export type TeachingQuizBody = z.input<typeof TeachingQuizBodySchema>;

/**
 * `POST …/modules/{id}/quiz/questions`, `PUT …/quiz-questions/{id}`: a question, 2–8 options and
 * exactly one correct. Once learners have answered, only the wording may change (same number of
 * options, same correct one): anything else is a 409.
 */
export const TeachingQuestionBodySchema = z
  .object({
    question: text(1000, 'question'),
    explanation: nullableText(2000),
    options: z
      .array(z.object({ text: text(300, 'option'), isCorrect: z.boolean().default(false) }).strict(), {
        error: 'must be a list of options',
      })
      .min(2, 'must have at least 2 options')
      .max(8, 'must have at most 8 options'),
    sequence: z.number().int('must be a whole number').min(0).max(10_000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const correct = v.options.filter((o) => o.isCorrect).length;
    if (correct !== 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'must have exactly one correct answer' });
  });
export type TeachingQuestionBody = z.input<typeof TeachingQuestionBodySchema>;

/** What a write of the curriculum answers: the id it wrote. */
export const TeachingWrittenSchema = z.object({ id: IdSchema });
export const TeachingDeletedSchema = z.object({ id: IdSchema, deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Review queue
// ---------------------------------------------------------------------------------------------

export const TEACHING_REVIEW_FILTERS = ['pending', 'reviewed', 'all'] as const;

/**
 * `GET …/batches/{id}/responses`: sorts by `submittedAt` (default: oldest first, the queue's
 * order), `reviewedAt`, `learner`; searches the learner's name and e-mail and the assignment title.
 */
export const TeachingResponsesQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(TEACHING_REVIEW_FILTERS, { error: 'must be pending, reviewed or all' }).default('pending'),
  assignmentId: z.coerce.number().int().positive().optional(),
}).strict();
export type TeachingResponsesQuery = z.input<typeof TeachingResponsesQuerySchema>;

export const TeachingResponseSchema = z.object({
  id: IdSchema,
  assignment: z.object({
    id: IdSchema,
    title: z.string(),
    details: z.string(),
    maxPoints: z.number().int(),
    session: z.string(),
    module: z.string(),
  }),
  learner: z.object({ id: IdSchema, name: z.string().nullable(), email: z.string().nullable() }),
  link: z.string().nullable(),
  /** The PDF's download address (the bearer token is needed), or null. */
  pdf: z.string().nullable(),
  pdfName: z.string().nullable(),
  points: z.number().int().nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  submittedAt: z.string(),
});
export type TeachingResponse = z.infer<typeof TeachingResponseSchema>;
export const TeachingResponsePageSchema = adminPageSchema(TeachingResponseSchema);

/** `POST …/responses/{id}/review`: points (0 … the assignment's maximum) and a comment the learner sees. */
export const TeachingReviewBodySchema = z
  .object({
    points: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1000, 'must be at most 1000'),
    comment: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
  })
  .strict();
export type TeachingReviewBody = z.input<typeof TeachingReviewBodySchema>;

// ---------------------------------------------------------------------------------------------
// Attendance
// ---------------------------------------------------------------------------------------------

export const TeachingLearnerSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
});

/** `GET …/batches/{id}/attendance`: sessions (course order) × enrolled learners, and the marks. */
export const TeachingAttendanceSchema = z.object({
  sessions: z.array(
    z.object({
      id: IdSchema,
      title: z.string(),
      module: z.string(),
      sessionDate: z.string().nullable(),
      present: z.number().int(),
      absent: z.number().int(),
    }),
  ),
  learners: z.array(TeachingLearnerSchema),
  marks: z.array(z.object({ sessionId: IdSchema, userId: IdSchema, present: z.boolean() })),
});
export type TeachingAttendance = z.infer<typeof TeachingAttendanceSchema>;

/** `PUT …/sessions/{id}/attendance`: present, absent, or null to clear the mark. */
export const TeachingAttendanceBodySchema = z
  .object({
    userId: IdSchema,
    present: z.boolean({ error: 'must be true, false or null' }).nullable(),
  })
  .strict();
export type TeachingAttendanceBody = z.input<typeof TeachingAttendanceBodySchema>;
export const TeachingAttendanceMarkSchema = z.object({
  sessionId: IdSchema,
  userId: IdSchema,
  present: z.boolean().nullable(),
  presentCount: z.number().int(),
  absentCount: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Quiz statistics and progress
// ---------------------------------------------------------------------------------------------

/**
 * `GET …/batches/{id}/quiz-stats`, per module quiz, over enrolled learners' current attempts:
 * `attempted` = learners who answered every question, `attempts` = attempts started (retakes
 * included), `passRate` and `averageScore` in whole per cent of those who attempted (null when
 * nobody did), and each question's share of correct answers.
 */
export const TeachingQuizStatsSchema = z.object({
  learners: z.number().int(),
  modules: z.array(
    z.object({
      moduleId: IdSchema,
      module: z.string(),
      quiz: z.string(),
      passPercentage: z.number().int(),
      questions: z.number().int(),
      attempts: z.number().int(),
      attempted: z.number().int(),
      passed: z.number().int(),
      passRate: z.number().int().nullable(),
      averageScore: z.number().int().nullable(),
      perQuestion: z.array(
        z.object({
          questionId: IdSchema,
          question: z.string(),
          answers: z.number().int(),
          correct: z.number().int(),
          correctRate: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type TeachingQuizStats = z.infer<typeof TeachingQuizStatsSchema>;

/** `GET …/batches/{id}/progress`: each enrolled learner against the batch's totals. */
export const TeachingProgressSchema = z.object({
  totals: z.object({
    sessions: z.number().int(),
    assignments: z.number().int(),
    maxPoints: z.number().int(),
    quizzes: z.number().int(),
  }),
  learners: z.array(
    TeachingLearnerSchema.extend({
      attended: z.number().int(),
      submitted: z.number().int(),
      reviewed: z.number().int(),
      points: z.number().int(),
      quizzesPassed: z.number().int(),
    }),
  ),
});
export type TeachingProgress = z.infer<typeof TeachingProgressSchema>;
