/**
 * The learner's dashboard (issue 15; spec §3 "Course dashboard response", "Quiz", "Certificate",
 * §4, §7 "User", "Course dashboard", "Quiz and certificates"): notifications, the course
 * dashboard, assignments, points and leaderboard, module quizzes, certificates and feedback.
 * Field names follow the spec's wire names (capitalised relation names included, decision 0003).
 */
import { z } from 'zod';
import { CommerceWorkshopSchema } from './commerce.js';
import { IdSchema, WireDateSchema, WireTimeSchema } from './wire.js';

/** One line of text: trimmed, no control characters, at most `max` characters. */
function textOf(max: number) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(
      (v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
      'must not contain control characters',
    );
}

/** An `https:` address of at most 2,000 characters (assignment links). */
export const HttpsLinkSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return (
        url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'must be an https:// link');

/** An ISO-8601 instant as the server writes it. */
const InstantSchema = z.string();

// ---------------------------------------------------------------------------------------------
// Dashboard home: notifications, suggestions
// ---------------------------------------------------------------------------------------------

/** `GET /api/user/{id}/notifications` item (own id only). Newest first. */
export const NotificationSchema = z.object({
  id: IdSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: InstantSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsSchema = z.array(NotificationSchema);

/** `POST /api/user/notifications/read`: ids of the caller's notifications to mark read. */
export const NotificationsReadBodySchema = z
  .object({
    ids: z.array(IdSchema).min(1, 'must list at least one id').max(200, 'must list at most 200 ids'),
  })
  .strict();
export type NotificationsReadBody = z.infer<typeof NotificationsReadBodySchema>;
/** How many of the listed notifications changed (ids not the caller's are ignored). */
export const NotificationsReadSchema = z.object({
  updated: z.number().int().min(0),
  unread: z.number().int().min(0),
});

/** `POST /api/user/profile/course/suggested` body: how many suggestions (default 4). */
export const SuggestedCoursesBodySchema = z
  .object({ limit: z.number().int().min(1).max(12).optional() })
  .strict();
export const SuggestedCourseSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
  thumbnail: z.string().nullable(),
});
export const SuggestedCoursesSchema = z.object({ suggestedCourses: z.array(SuggestedCourseSchema) });

/** `GET /api/user/profile/trip/applications` item: the caller's trip applications, newest first. */
export const TripApplicationItemSchema = z.object({
  id: IdSchema,
  status: z.string(),
  createdAt: InstantSchema,
  Trip: z.object({
    id: IdSchema,
    title: z.string(),
    slug: z.string(),
    /** Where the trip goes (trips.location). */
    location: z.string(),
    /** `'0000-00-00'` while the trip is not dated yet. */
    startDate: WireDateSchema,
    endDate: WireDateSchema,
  }),
});
export type TripApplicationItem = z.infer<typeof TripApplicationItemSchema>;
export const TripApplicationsSchema = z.array(TripApplicationItemSchema);

// ---------------------------------------------------------------------------------------------
// The course dashboard
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/user/course/batch/module/session` and `POST /api/user/course/quiz` body. A `userId`
 * other than the caller's is honoured only for a moderator (read-only, audited); anyone else → 404.
 */
export const CourseDashboardBodySchema = z
  .object({ batchId: IdSchema, userId: IdSchema.optional() })
  .strict();
export type CourseDashboardBody = z.infer<typeof CourseDashboardBodySchema>;

/** A learner's answer to an assignment. `pdf` is the owner's download address, or null. */
export const AssignmentResponseSchema = z.object({
  id: IdSchema,
  assignmentId: IdSchema,
  link: z.string().nullable(),
  pdf: z.string().nullable(),
  /** Original file name of the uploaded PDF, for display. */
  pdfName: z.string().nullable(),
  points: z.number().int().nullable(),
  reviewComment: z.string().nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type AssignmentResponse = z.infer<typeof AssignmentResponseSchema>;

/** An assignment with the caller's own responses (never another learner's). */
export const DashboardAssignmentSchema = z.object({
  id: IdSchema,
  title: z.string(),
  details: z.string(),
  /** `'open'` accepts submissions; `'closed'` does not. */
  status: z.enum(['open', 'closed']),
  maxPoints: z.number().int(),
  AssignmentResponses: z.array(AssignmentResponseSchema),
});

export const CourseModuleSessionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  /** 1 = live session, 2 = recorded session. */
  type: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, or null when not scheduled. */
  sessionDate: WireDateSchema.nullable(),
  sessionStartTime: WireTimeSchema.nullable(),
  sessionEndTime: WireTimeSchema.nullable(),
  assignmentLastDate: WireDateSchema.nullable(),
  recordingUrl: z.string().nullable(),
  Assignments: z.array(DashboardAssignmentSchema),
});
export type CourseModuleSessionWire = z.infer<typeof CourseModuleSessionSchema>;

/**
 * One session of a module (spec: each `CourseModuleDetails` entry has a `CourseModuleSession`), in
 * unit then session order. `id` is unique per entry (the session's id, as the spec's one detail row
 * per session); `sequence` and `title` are those of the unit (`detailId`) that groups the session.
 */
export const CourseModuleDetailSchema = z.object({
  id: IdSchema,
  /** The unit (course_module_details row) the session belongs to. */
  detailId: IdSchema,
  sequence: z.number().int(),
  title: z.string(),
  CourseModuleSession: CourseModuleSessionSchema,
});

/** A module's certificate popup for the caller: due (`isSeen` false) or already shown. */
export const ModuleModalSchema = z.object({ id: IdSchema, moduleId: IdSchema, isSeen: z.boolean() });

export const CourseModuleSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  title: z.string(),
  certificateTitle: z.string().nullable(),
  /** Whether the module has a quiz (questions). */
  hasQuiz: z.boolean(),
  Modals: z.array(ModuleModalSchema),
  CourseModuleDetails: z.array(CourseModuleDetailSchema),
});
export type CourseModuleWire = z.infer<typeof CourseModuleSchema>;

export const FeedbackRatingStateSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  /** 0 = due (not yet given), 1 = given. */
  status: z.union([z.literal(0), z.literal(1)]),
});

/** `POST /api/user/course/batch/module/session` answer. */
export const CourseDashboardSchema = z.object({
  course: z.object({
    id: IdSchema,
    name: z.string(),
    type: z.number().int(),
    slug: z.string(),
    /** The live-class meeting link of the batch (or the course), null when none. */
    zoomLink: z.string().nullable(),
    Batches: z.array(z.object({ id: IdSchema, startDate: WireDateSchema })),
  }),
  batch: z.object({
    id: IdSchema,
    sessionType: z.union([z.literal(1), z.literal(2)]),
    startDate: WireDateSchema,
    endDate: WireDateSchema,
  }),
  /** True when any module's certificate popup is due for the caller. */
  isCertModal: z.boolean(),
  courseModules: z.array(CourseModuleSchema),
  /** Both forms (type 1 and 2); empty in a moderator's view, which never sees the prompts. */
  feedbackRatings: z.array(FeedbackRatingStateSchema),
  /** True when a moderator is looking at a learner's dashboard (read-only). */
  isModeratorView: z.boolean(),
});
export type CourseDashboard = z.infer<typeof CourseDashboardSchema>;

/** `POST /api/user/course/batch/details` body. */
export const BatchDetailsBodySchema = z.object({ batchId: IdSchema }).strict();

/** `POST /api/user/course/batch/details` answer: the batch header of the course dashboard. */
export const BatchDetailsSchema = z.object({
  id: IdSchema,
  sessionType: z.union([z.literal(1), z.literal(2)]),
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  zoomLink: z.string().nullable(),
  Workshop: CommerceWorkshopSchema,
  BatchSchedules: z.array(
    z.object({ id: IdSchema, day: z.number().int(), startTime: WireTimeSchema, endTime: WireTimeSchema }),
  ),
  /** Session and assignment totals for the header. */
  totals: z.object({
    modules: z.number().int(),
    sessions: z.number().int(),
    sessionsHeld: z.number().int(),
    assignments: z.number().int(),
    assignmentsSubmitted: z.number().int(),
  }),
  /**
   * The EMI state of this batch for the caller. This call answers 402 INSTALMENT_DUE while locked,
   * so here `kind` is null; `nextDueDate` tells the header when the next instalment falls due.
   */
  instalment: z.object({ daysLeft: z.number().int().nullable(), nextDueDate: WireDateSchema.nullable() }),
});
export type BatchDetails = z.infer<typeof BatchDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Assignments, points and the leaderboard
// ---------------------------------------------------------------------------------------------

/** Largest assignment PDF accepted. */
export const ASSIGNMENT_PDF_MAX_BYTES = 20 * 1024 * 1024;

/**
 * `POST /api/user/course/module/session/assignment/response` as JSON. The multipart form carries
 * the same `assignmentId` field and a `pdf` file part instead of `link`.
 */
export const AssignmentSubmitBodySchema = z
  .object({ assignmentId: IdSchema, link: HttpsLinkSchema })
  .strict();
/** `POST /api/user/course/module/session/assignment/update` as JSON (multipart: `responseId` + `pdf`). */
export const AssignmentUpdateBodySchema = z.object({ responseId: IdSchema, link: HttpsLinkSchema }).strict();
/** `DELETE /api/user/course/session/assignment/{responseId}/delete` path. */
export const AssignmentResponseParamsSchema = z.object({ responseId: IdSchema }).strict();
export const AssignmentDeletedSchema = z.object({ id: IdSchema, deleted: z.literal(true) });
/** `GET /api/user/course/assignment/response/{responseId}/pdf` path (owner and staff only). */

/** `GET /api/user/course/batch/{id}/assignment/points`: the caller's own points per assignment. */
export const AssignmentPointsSchema = z.object({
  totalPoints: z.number().int(),
  maxPoints: z.number().int(),
  assignments: z.array(
    z.object({
      assignmentId: IdSchema,
      title: z.string(),
      sessionId: IdSchema,
      maxPoints: z.number().int(),
      points: z.number().int().nullable(),
      status: z.enum(['submitted', 'pending']),
    }),
  ),
});

/**
 * `GET /api/user/course/batch/{id}/leaderboard/score`: learners of the batch by score (assignment
 * points plus correct quiz answers), best first. Display name and score only; `isYou` marks the
 * caller's own row. Never another learner's e-mail, mobile or id.
 */
export const LeaderboardSchema = z.array(
  z
    .object({ rank: z.number().int().min(1), name: z.string(), score: z.number().int(), isYou: z.boolean() })
    .strict(),
);

// ---------------------------------------------------------------------------------------------
// Quizzes
// ---------------------------------------------------------------------------------------------

/**
 * An option as the learner sees it. `isCorrect` is present only once the caller has answered the
 * question in the current attempt.
 */
export const QuizOptionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  text: z.string(),
  isCorrect: z.boolean().optional(),
});

/** The caller's answer in the current attempt, with whether the picked option was correct. */
export const QuizResponseSchema = z.object({
  id: IdSchema,
  optionId: IdSchema,
  attempt: z.number().int(),
  CourseQuizOption: z.object({ id: IdSchema, isCorrect: z.boolean() }),
});

export const QuizQuestionSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  question: z.string(),
  /** Shown after answering; null before. */
  explanation: z.string().nullable(),
  CourseQuizOptions: z.array(QuizOptionSchema),
  CourseQuizResponses: z.array(QuizResponseSchema),
});

/** A module with its quiz in the spec's shape (`cmId` = the course module's id). */
export const QuizModuleSchema = z.object({
  id: IdSchema,
  cmId: IdSchema,
  sequence: z.number().int(),
  title: z.string(),
  certificateTitle: z.string().nullable(),
  /** Percentage needed to pass (and earn the module certificate). */
  passPercentage: z.number().int(),
  /** The current attempt number (1 until the first retake). */
  attempt: z.number().int().min(1),
  CourseQuizQuestions: z.array(QuizQuestionSchema),
  /** Derived for the current attempt. */
  score: z.object({
    attempted: z.boolean(),
    correct: z.number().int(),
    total: z.number().int(),
    percentage: z.number().int(),
    passed: z.boolean(),
  }),
});
export type QuizModule = z.infer<typeof QuizModuleSchema>;

/** `GET /api/user/course/module/{id}/quiz` path. */
export const ModuleIdParamsSchema = z.object({ id: IdSchema }).strict();

/** `POST /api/user/course/quiz` answer: the batch's modules with quizzes and the overall progress. */
export const CourseQuizzesSchema = z.object({
  modules: z.array(QuizModuleSchema),
  progress: z.object({
    /** Attempted quizzes over quizzes, as a rounded percentage. */
    overall: z.number().int(),
    /** Mean percentage over attempted quizzes, rounded (0 when none). */
    average: z.number().int(),
    total: z.number().int(),
    attempted: z.number().int(),
    passed: z.number().int(),
  }),
});

export const QuizSubmitBodySchema = z.object({ questionId: IdSchema, optionId: IdSchema }).strict();
/** Graded by the server; a second answer to the same question in one attempt → 409. */
export const QuizSubmitResultSchema = z.object({
  isCorrect: z.boolean(),
  correctOptionId: IdSchema,
  explanation: z.string().nullable(),
  attempt: z.number().int(),
  /** The module's score once this answer counts. */
  score: QuizModuleSchema.shape.score,
});

export const QuizRetakeBodySchema = z.object({ moduleId: IdSchema }).strict();
export const QuizRetakeSchema = z.object({ moduleId: IdSchema, attempt: z.number().int().min(2) });

// ---------------------------------------------------------------------------------------------
// Certificates
// ---------------------------------------------------------------------------------------------

/** A verification code: upper-case letters, digits and dashes. */
export const CertificateCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'must be a certificate code');

export const CertificateSchema = z.object({
  id: IdSchema,
  type: z.enum(['course', 'module']),
  batchId: IdSchema,
  moduleId: IdSchema.nullable(),
  courseName: z.string(),
  /** The module's certificate title (module certificates); null for a course certificate. */
  certificateTitle: z.string().nullable(),
  code: z.string(),
  issuedAt: InstantSchema,
  /** The public verification page, absolute. */
  verifyUrl: z.string(),
  /** Where the signed-in owner downloads the PDF (relative to the site). */
  downloadUrl: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;
/** `GET /api/user/certificates`: the caller's certificates, newest first. */
export const CertificatesSchema = z.array(CertificateSchema);

/** `GET /api/user/certificate/details`: the name printed and what is earned or still to earn. */
export const CertificateDetailsSchema = z.object({
  name: z.string(),
  certificates: CertificatesSchema,
  /** Certificates the caller can claim now (rule holds, not yet issued). */
  claimable: z.array(
    z.object({
      type: z.enum(['course', 'module']),
      batchId: IdSchema,
      moduleId: IdSchema.nullable(),
      courseName: z.string(),
      certificateTitle: z.string().nullable(),
    }),
  ),
});

/** `GET /api/user/course/{batchId}/certificate?type=course`. */
export const CourseCertificateParamsSchema = z.object({ batchId: IdSchema }).strict();
export const CourseCertificateQuerySchema = z.object({ type: z.enum(['course']).default('course') }).strict();
/** `POST /api/user/course/module/certificate` (PDF) and `…/certificate/modal`. */
export const ModuleCertificateBodySchema = z.object({ moduleId: IdSchema }).strict();
export const CertificateModalSchema = z.object({ moduleId: IdSchema, isSeen: z.literal(true) });
export const CertificateShareBodySchema = z.object({ certificateId: IdSchema }).strict();
export const CertificateShareSchema = z.object({
  code: z.string(),
  url: z.string(),
  linkedInUrl: z.string(),
});

/** `GET /api/certificates/{code}` (public): whose certificate, for what and when. Unknown → 404. */
export const CertificateCodeParamsSchema = z.object({ code: CertificateCodeSchema }).strict();
export const CertificateVerificationSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['course', 'module']),
  courseName: z.string(),
  certificateTitle: z.string().nullable(),
  issuedAt: InstantSchema,
});

// ---------------------------------------------------------------------------------------------
// Feedback
// ---------------------------------------------------------------------------------------------

export const FeedbackCollectBodySchema = z
  .object({
    batchId: IdSchema,
    type: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
    rating: z.number().int().min(1).max(5),
    comment: textOf(2000).optional(),
  })
  .strict();
export const FeedbackCollectedSchema = FeedbackRatingStateSchema;

export const WorkshopRatingBodySchema = z
  .object({
    workshopId: IdSchema,
    rating: z.number().int().min(1).max(5),
    review: textOf(2000).optional(),
  })
  .strict();
export const WorkshopRatingSchema = z.object({
  workshopId: IdSchema,
  rating: z.number().int(),
  review: z.string().nullable(),
});
