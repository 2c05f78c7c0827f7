/**
 * The course dashboard (`POST /api/user/course/batch/module/session`, issue 15) and the calls
 * that read the same curriculum (batch details, feedback). See docs/decisions/0022.
 *
 * Speed: a batch's curriculum (course, modules, details, sessions, assignments, which modules
 * have a quiz) is the same for every learner of the batch, so it is built once into the app's one
 * cache (decision 0012) under `learning:curriculum:{batchId}:` and parsed once per built entry.
 * A request then reads only the learner's own rows, in one query (`learnerRowsOfBatch`), behind
 * the access gate: a constant number of queries whatever the number of modules or sessions.
 * Every write to a batch's curriculum must call {@link invalidateCurriculum} after it commits.
 */
import type { BatchDetails, CourseDashboard, CourseModuleWire } from '@atelier/contract';
import { feedbackFormsDue, toWireDate, wireDateOrNone } from '@atelier/domain';
import type { Executor } from '../../db/query.js';
import { AppError } from '../../http/app-error.js';
import type { CachedBytes, PublicCache } from '../../platform/cache/index.js';
import { instalmentStatus } from '../checkout/index.js';
import {
  admit,
  assertLearnerWrite,
  viewerOf,
  type CourseAccess,
  type CourseAccessInput,
} from './course-access.js';
import {
  assignmentsOfBatch,
  batchWithCourse,
  enrolmentInWorkshop,
  gateWithLearnerRows,
  giveFeedback,
  learnerRowsOfBatch,
  modulesOfBatch,
  schedulesOf,
  sessionsOfBatch,
  upsertWorkshopRating,
  type LearnerRows,
} from './learning.repository.js';

/** A batch's curriculum as cached: everything on the dashboard that is not one learner's. */
export interface Curriculum {
  course: CourseDashboard['course'];
  batch: CourseDashboard['batch'];
  modules: (Omit<CourseModuleWire, 'Modals' | 'CourseModuleDetails'> & {
    details: {
      id: number;
      sequence: number;
      title: string;
      session: Omit<CourseModuleWire['CourseModuleDetails'][number]['CourseModuleSession'], 'Assignments'> & {
        Assignments: {
          id: number;
          title: string;
          details: string;
          status: 'open' | 'closed';
          maxPoints: number;
        }[];
      };
    }[];
  })[];
}

/** The cache key prefix of a batch's curriculum (the trailing colon keeps batch 1 apart from 12). */
export const curriculumKey = (batchId: number) => `learning:curriculum:${batchId}:`;

/** Tag of every cached curriculum (drop them all, e.g. after a bulk import). */
export const CURRICULUM_TAG = 'learning-curriculum';

/**
 * Drops the cached curriculum of `batchId` here and on every other instance. Call it after the
 * transaction that changed the batch's modules, details, sessions, assignments or quiz questions
 * (or the batch's dates, meeting link or course name) commits.
 */
export async function invalidateCurriculum(cache: PublicCache, batchId: number): Promise<void> {
  await cache.invalidate({ prefixes: [curriculumKey(batchId)] });
}

/** Parsed curricula, one per cached body: rebuilt only when the cache rebuilds the entry. */
const parsed = new WeakMap<CachedBytes, Curriculum>();

/** The batch's curriculum from the cache, built from the database when missing or invalidated. */
export async function curriculumOf(db: Executor, cache: PublicCache, batchId: number): Promise<Curriculum> {
  const bytes = await cache.getText(
    curriculumKey(batchId),
    async () => JSON.stringify(await loadCurriculum(db, batchId)),
    { tags: [CURRICULUM_TAG] },
  );
  let curriculum = parsed.get(bytes);
  if (!curriculum) {
    curriculum = JSON.parse(bytes.identity.toString('utf8')) as Curriculum;
    parsed.set(bytes, curriculum);
  }
  return curriculum;
}

/** Reads a batch's curriculum: four queries, whatever its size. */
export async function loadCurriculum(db: Executor, batchId: number): Promise<Curriculum> {
  const batch = await batchWithCourse(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', 'That course is not in your dashboard.');
  const modules = await modulesOfBatch(db, batchId);
  const sessions = await sessionsOfBatch(db, batchId);
  const assignmentRows = await assignmentsOfBatch(db, batchId);
  const assignmentsBySession = new Map<
    number,
    Curriculum['modules'][number]['details'][number]['session']['Assignments']
  >();
  for (const a of assignmentRows) {
    const list = assignmentsBySession.get(a.sessionId) ?? [];
    list.push({
      id: a.id,
      title: a.title,
      details: a.details,
      status: a.status === 'closed' ? 'closed' : 'open',
      maxPoints: a.maxPoints,
    });
    assignmentsBySession.set(a.sessionId, list);
  }
  const startDate = wireDateOrNone(batch.startDate);
  return {
    course: {
      id: batch.workshop.id,
      name: batch.workshop.title,
      type: batch.workshop.type,
      slug: batch.workshop.slug,
      zoomLink: batch.zoomLink,
      Batches: [{ id: batch.id, startDate }],
    },
    batch: {
      id: batch.id,
      sessionType: batch.sessionType === 2 ? 2 : 1,
      startDate,
      endDate: wireDateOrNone(batch.endDate),
    },
    modules: modules.map((m) => ({
      id: m.id,
      sequence: m.sequence,
      title: m.title,
      certificateTitle: m.certificateTitle,
      hasQuiz: Boolean(m.hasQuiz),
      // One entry per session, in detail then session order (the query's order).
      details: sessions
        .filter((s) => s.moduleId === m.id)
        .map((s) => ({
          id: s.detailId,
          sequence: s.detailSequence,
          title: s.detailTitle,
          session: {
            id: s.id,
            sequence: s.sequence,
            type: s.type,
            title: s.title,
            description: s.description,
            sessionDate: s.sessionDate,
            sessionStartTime: s.sessionStartTime,
            sessionEndTime: s.sessionEndTime,
            assignmentLastDate: s.assignmentLastDate,
            recordingUrl: s.recordingUrl,
            Assignments: assignmentsBySession.get(s.id) ?? [],
          },
        })),
    })),
  };
}

/** Every session of the curriculum in course order (the domain's feedback rule counts them). */
export function sessionsInOrder(curriculum: Curriculum) {
  return curriculum.modules.flatMap((m) => m.details.map((d) => d.session));
}

/** The owner's download address of a response's stored PDF. */
export const assignmentPdfUrl = (responseId: number) =>
  `/api/user/course/assignment/response/${responseId}/pdf`;

/** Both feedback forms with their status from the learner's rows; 0 (due) when there is no row. */
export function feedbackStates(rows: LearnerRows['feedback']): CourseDashboard['feedbackRatings'] {
  return ([1, 2] as const).map((type) => ({
    type,
    status: rows.some((r) => r.type === type && r.status === 1) ? 1 : 0,
  }));
}

/**
 * `POST /api/user/course/batch/module/session`: the gate (`courseAccess`'s rules: whose data,
 * enrolment, audit, EMI lock) and the learner's own rows in one query, then the cached curriculum.
 */
export async function openCourseDashboard(
  db: Executor,
  cache: PublicCache,
  input: CourseAccessInput,
): Promise<CourseDashboard> {
  const viewer = viewerOf(input);
  const found = await gateWithLearnerRows(db, viewer.userId, input.batchId);
  const access = await admit(db, input, viewer, found?.enrolment);
  return courseDashboard(db, cache, access, found!.rows);
}

/** The course dashboard of `access` (the caller's, or a learner's in a moderator's view). */
export async function courseDashboard(
  db: Executor,
  cache: PublicCache,
  access: CourseAccess,
  learnerRows?: LearnerRows,
): Promise<CourseDashboard> {
  const curriculum = await curriculumOf(db, cache, access.batchId);
  const mine = learnerRows ?? (await learnerRowsOfBatch(db, access.userId, access.batchId));
  const responsesByAssignment = new Map<
    number,
    CourseDashboard['courseModules'][number]['CourseModuleDetails'][number]['CourseModuleSession']['Assignments'][number]['AssignmentResponses']
  >();
  for (const r of mine.responses) {
    const list = responsesByAssignment.get(r.assignmentId) ?? [];
    list.push({
      id: r.id,
      assignmentId: r.assignmentId,
      link: r.link,
      pdf: r.pdf ? assignmentPdfUrl(r.id) : null,
      pdfName: r.pdf ? (r.pdfName ?? 'answer.pdf') : null,
      points: r.points,
      reviewComment: r.reviewComment,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
    responsesByAssignment.set(r.assignmentId, list);
  }
  const courseModules = curriculum.modules.map((m) => ({
    id: m.id,
    sequence: m.sequence,
    title: m.title,
    certificateTitle: m.certificateTitle,
    hasQuiz: m.hasQuiz,
    Modals: mine.modals.filter((modal) => modal.moduleId === m.id),
    CourseModuleDetails: m.details.map((d) => ({
      // One entry per session: the session's id keeps entries unique within a module.
      id: d.session.id,
      detailId: d.id,
      sequence: d.sequence,
      title: d.title,
      CourseModuleSession: {
        ...d.session,
        Assignments: d.session.Assignments.map((a) => ({
          ...a,
          AssignmentResponses: responsesByAssignment.get(a.id) ?? [],
        })),
      },
    })),
  }));
  return {
    course: curriculum.course,
    batch: curriculum.batch,
    isCertModal: mine.modals.some((modal) => !modal.isSeen),
    courseModules,
    feedbackRatings: access.isModeratorView ? [] : feedbackStates(mine.feedback),
    isModeratorView: access.isModeratorView,
  };
}

/**
 * Whether feedback form `type` is due for the learner now (spec §4: its session, at 20 % or 65 %
 * of the batch's sessions, is today or past, and the form is not yet given). Throws 409 otherwise.
 */
export function assertFeedbackDue(
  curriculum: Curriculum,
  rows: LearnerRows['feedback'],
  type: 1 | 2,
  now: Date,
  tz: string,
): void {
  const states = feedbackStates(rows);
  if (states.find((s) => s.type === type)?.status === 1) {
    throw new AppError('CONFLICT', 'You have already given this feedback. Thank you!');
  }
  const due = feedbackFormsDue(sessionsInOrder(curriculum), states, now, false, tz);
  if (!due.includes(type)) {
    const share = type === 1 ? '20 %' : '65 %';
    throw new AppError(
      'CONFLICT',
      `This feedback form is not open yet: it opens once ${share} of the course's sessions have taken place (today is ${toWireDate(now, tz)}).`,
    );
  }
}

/** `POST /api/user/course/batch/details`: the batch header with session and assignment totals. */
export async function batchDetails(
  db: Executor,
  cache: PublicCache,
  access: CourseAccess,
  input: { now: Date; tz: string },
): Promise<BatchDetails> {
  const curriculum = await curriculumOf(db, cache, access.batchId);
  const batch = await batchWithCourse(db, access.batchId);
  if (!batch) throw new AppError('NOT_FOUND', 'That course is not in your dashboard.');
  const [schedules, mine, emi] = [
    await schedulesOf(db, [access.batchId]),
    await learnerRowsOfBatch(db, access.userId, access.batchId),
    await instalmentStatus(db, {
      userId: access.userId,
      batchId: access.batchId,
      now: input.now,
      tz: input.tz,
    }),
  ];
  const today = toWireDate(input.now, input.tz);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: input.tz,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(input.now);
  const sessions = sessionsInOrder(curriculum);
  const held = sessions.filter(
    (s) =>
      s.sessionDate !== null &&
      (s.sessionDate < today ||
        (s.sessionDate === today && (s.sessionEndTime ?? s.sessionStartTime ?? '23:59:59') <= time)),
  );
  const assignmentIds = new Set(sessions.flatMap((s) => s.Assignments.map((a) => a.id)));
  const submitted = new Set(
    mine.responses
      .filter((r) => (r.link ?? r.pdf ?? '') !== '' && assignmentIds.has(r.assignmentId))
      .map((r) => r.assignmentId),
  );
  return {
    id: batch.id,
    sessionType: batch.sessionType === 2 ? 2 : 1,
    startDate: wireDateOrNone(batch.startDate),
    endDate: wireDateOrNone(batch.endDate),
    zoomLink: batch.zoomLink,
    Workshop: batch.workshop,
    BatchSchedules: schedules.map(({ id, day, startTime, endTime }) => ({ id, day, startTime, endTime })),
    totals: {
      modules: curriculum.modules.length,
      sessions: sessions.length,
      sessionsHeld: held.length,
      assignments: assignmentIds.size,
      assignmentsSubmitted: submitted.size,
    },
    instalment: {
      daysLeft: emi.instalment ? emi.daysLeft : null,
      nextDueDate: emi.instalment?.dueDate ?? null,
    },
  };
}

/**
 * `POST /api/user/feedback/rating/collect`: gives a due feedback form (status 1). 409 when the
 * form is not due yet or was already given (a second submission, even a concurrent one).
 */
export async function collectFeedback(
  db: Executor,
  cache: PublicCache,
  access: CourseAccess,
  input: { type: 1 | 2; rating: number; comment?: string | undefined; now: Date; tz: string },
): Promise<{ type: 1 | 2; status: 0 | 1 }> {
  assertLearnerWrite(access);
  const curriculum = await curriculumOf(db, cache, access.batchId);
  const mine = await learnerRowsOfBatch(db, access.userId, access.batchId);
  assertFeedbackDue(curriculum, mine.feedback, input.type, input.now, input.tz);
  const row = await giveFeedback(db, {
    userId: access.userId,
    batchId: access.batchId,
    type: input.type,
    rating: input.rating,
    comment: input.comment === undefined || input.comment === '' ? null : input.comment,
  });
  if (!row) throw new AppError('CONFLICT', 'You have already given this feedback. Thank you!');
  return { type: input.type, status: 1 };
}

/**
 * `POST /api/user/workshop/rating/feedback`: a learner's rating of a workshop they are or were
 * enrolled in (any batch, not refunded; else 404). One per learner and workshop: a repeat updates it.
 */
export async function rateWorkshop(
  db: Executor,
  userId: number,
  input: { workshopId: number; rating: number; review?: string | undefined },
) {
  const enrolment = await enrolmentInWorkshop(db, userId, input.workshopId);
  if (!enrolment) throw new AppError('NOT_FOUND', 'That course is not in your dashboard.');
  return upsertWorkshopRating(db, {
    userId,
    workshopId: input.workshopId,
    batchId: enrolment.batchId,
    rating: input.rating,
    comment: input.review === undefined || input.review === '' ? null : input.review,
  });
}
