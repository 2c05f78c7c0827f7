/**
 * A learner's progress in a course: assignments, quizzes, the EMI lock and feedback forms (spec §4
 * "Assignment", "Quiz", "EMI payment lock", "Feedback forms"; §9; domain contract "Learner
 * progress").
 */

import {
  DEFAULT_TIME_ZONE,
  FEEDBACK_STATUS_PENDING,
  FEEDBACK_THRESHOLD,
  FEEDBACK_TYPE,
  INSTALMENT_POPUP_WINDOW,
  type FeedbackType,
} from './constants.js';
import { parseWireDate, resolveTimeZone, todayIn } from './calendar.js';
import { hasText, isRecord, readList, readNumber, readRecords } from './wire.js';

/** A learner's answer to an assignment: a link or an uploaded pdf. */
export interface AssignmentResponse {
  link?: string | null;
  pdf?: string | null;
}

/** An assignment of a session (spec §3 "Assignment"). */
export interface Assignment {
  id?: number | string | null;
  status?: unknown;
  details?: unknown;
  AssignmentResponses?: readonly (AssignmentResponse | null)[] | null;
}

/** A session of a course module as the course dashboard returns it (spec §3 "CourseModuleSession"). */
export interface CourseModuleSession<A extends Assignment = Assignment> {
  id?: number | string | null;
  sequence?: number | string | null;
  type?: number | string | null;
  /** Wire date; `'0000-00-00'`, `''` or `null` mean no date. */
  sessionDate?: string | null;
  sessionStartTime?: string | null;
  /** Wire date of the assignment deadline. */
  assignmentLastDate?: string | null;
  Assignments?: readonly (A | null)[] | null;
}

/** Whether an assignment has been answered. */
export type AssignmentStatus = 'submitted' | 'pending';

/** The option a quiz response picked. */
export interface QuizOption {
  isCorrect?: boolean | number | null;
}

/** One response to a quiz question. */
export interface QuizResponse {
  CourseQuizOption?: QuizOption | null;
}

/** A quiz question with the learner's responses, oldest first. */
export interface QuizQuestion {
  CourseQuizResponses?: readonly (QuizResponse | null)[] | null;
}

/** A module with its quiz (spec §3 "Quiz"). */
export interface QuizModule {
  CourseQuizQuestions?: readonly (QuizQuestion | null)[] | null;
}

/** Result of {@link moduleQuizScore}. */
export interface QuizScore {
  correct: number;
  total: number;
  percentage: number;
}

/** One instalment of a pending payment (spec §3 "Pending payment"). */
export interface InstalmentDetail {
  /** Wire date. */
  dueDate?: string | null;
}

/** What the EMI lock shows (spec §4 "EMI payment lock"). */
export interface InstalmentAlert {
  kind: 'popup' | 'banner' | null;
  /** Whole calendar days from today to the earliest due date; ≤ 0 when due or overdue. */
  daysLeft: number | null;
  /** True when the course dashboard is locked: for popup and banner. */
  locked: boolean;
}

/** An entry of `feedbackRatings` (spec §3 "Course dashboard response"). */
export interface FeedbackRating {
  type?: number | string | null;
  status?: number | string | null;
}

/**
 * `'submitted'` when any of the assignment's `AssignmentResponses` has a non-blank `link` or `pdf`,
 * else `'pending'` (spec §4 "Assignment").
 */
export function assignmentStatus(assignment: Assignment | null | undefined): AssignmentStatus {
  const responses = isRecord(assignment) ? readRecords(assignment.AssignmentResponses) : [];
  return responses.some((response) => hasText(response.link) || hasText(response.pdf))
    ? 'submitted'
    : 'pending';
}

/**
 * The pending assignments that are overdue (spec §4 "The pending assignments shown are those whose
 * last date has passed"): from each session's `Assignments`, those pending whose session's
 * `assignmentLastDate` is before today in `tz`. Sessions without a valid last date contribute
 * nothing. Session order, then assignment order; the input objects are returned.
 */
export function overdueAssignments<A extends Assignment>(
  sessions: readonly (CourseModuleSession<A> | null | undefined)[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): A[] {
  const today = todayIn(now, resolveTimeZone(tz));
  const overdue: A[] = [];
  for (const session of readRecords(sessions)) {
    const lastDate = parseWireDate(session.assignmentLastDate);
    if (lastDate === null || lastDate >= today) continue;
    for (const assignment of readRecords(session.Assignments)) {
      if (assignmentStatus(assignment) === 'pending') overdue.push(assignment);
    }
  }
  return overdue;
}

function questionsOf(module: QuizModule | null | undefined): QuizQuestion[] {
  return isRecord(module) ? readRecords(module.CourseQuizQuestions) : [];
}

/**
 * Whether a module's quiz counts as attempted (spec §4 "Quiz"): it has at least one question in
 * `CourseQuizQuestions` and every question has at least one response in `CourseQuizResponses`.
 */
export function isQuizAttempted(module: QuizModule | null | undefined): boolean {
  const questions = questionsOf(module);
  return (
    questions.length > 0 &&
    questions.every((question) => readRecords(question.CourseQuizResponses).length > 0)
  );
}

/**
 * `Math.round(correct * 100 / total)` (spec §4 "Quiz percentage is correct answers over total
 * questions, rounded"); 0 when `total` is 0 or either count is not a finite number.
 */
export function quizPercentage(correct: number, total: number): number {
  if (!Number.isFinite(correct) || !Number.isFinite(total) || total === 0) return 0;
  return Math.round((correct * 100) / total);
}

/**
 * A module's quiz score (spec §3 "Quiz", §4 "Quiz"): a question is correct when its latest response
 * (the last in `CourseQuizResponses`) picked an option with `isCorrect` true (`1` from a
 * tinyint column counts as true). `total` is the number of questions.
 */
export function moduleQuizScore(module: QuizModule | null | undefined): QuizScore {
  const questions = questionsOf(module);
  const correct = questions.filter((question) => {
    const latest = readRecords(question.CourseQuizResponses).at(-1);
    const isCorrect = isRecord(latest?.CourseQuizOption) ? latest.CourseQuizOption.isCorrect : undefined;
    return isCorrect === true || isCorrect === 1;
  }).length;
  return {
    correct,
    total: questions.length,
    percentage: quizPercentage(correct, questions.length),
  };
}

/**
 * The EMI lock (spec §4 "EMI payment lock", §9): the earliest valid `dueDate` against today in
 * `tz`. 1–5 days away → popup; today or overdue → banner; otherwise no alert. `daysLeft` is the
 * whole number of calendar days from today to that date, also when there is no alert. `locked` is
 * true for popup and banner. No valid due date → `{ kind: null, daysLeft: null, locked: false }`.
 */
export function instalmentAlert(
  instalmentDetails: readonly (InstalmentDetail | null | undefined)[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): InstalmentAlert {
  let earliest: number | null = null;
  for (const instalment of readRecords(instalmentDetails)) {
    const due = parseWireDate(instalment.dueDate);
    if (due !== null && (earliest === null || due < earliest)) earliest = due;
  }
  if (earliest === null) return { kind: null, daysLeft: null, locked: false };
  const daysLeft = earliest - todayIn(now, resolveTimeZone(tz));
  const kind =
    daysLeft <= 0
      ? 'banner'
      : daysLeft >= INSTALMENT_POPUP_WINDOW.minDays && daysLeft <= INSTALMENT_POPUP_WINDOW.maxDays
        ? 'popup'
        : null;
  return { kind, daysLeft, locked: kind !== null };
}

/**
 * The feedback forms to show (spec §4 "Feedback forms", §9). `sessions` are in course order; with
 * n sessions, form 1's session is `sessions[Math.floor(n * 0.2)]` and form 2's
 * `sessions[Math.floor(n * 0.65)]`. A form is due when n > 0, its session's `sessionDate` is today
 * in `tz` or earlier, `feedbackRatings` has an entry of that `type` with `status` 0, and
 * `isModerator` is false. Due forms come in ascending order.
 */
export function feedbackFormsDue(
  sessions: readonly (CourseModuleSession | null | undefined)[] | null | undefined,
  feedbackRatings: readonly (FeedbackRating | null | undefined)[] | null | undefined,
  now: Date,
  isModerator: boolean,
  tz: string = DEFAULT_TIME_ZONE,
): FeedbackType[] {
  const list = readList(sessions);
  const n = list.length;
  if (n === 0 || isModerator) return [];
  const today = todayIn(now, resolveTimeZone(tz));
  const ratings = readRecords(feedbackRatings);
  const forms: FeedbackType[] = [FEEDBACK_TYPE.first, FEEDBACK_TYPE.second];
  return forms.filter((type) => {
    const session: unknown = list[Math.floor(n * FEEDBACK_THRESHOLD[type])];
    const day = isRecord(session) ? parseWireDate(session.sessionDate) : null;
    if (day === null || day > today) return false;
    return ratings.some(
      (rating) => readNumber(rating.type) === type && readNumber(rating.status) === FEEDBACK_STATUS_PENDING,
    );
  });
}
