/**
 * Enrolled courses on the dashboard: timing, the course dropdown and the home buckets (spec §4
 * "Course timing per enrolment" and "Home course buckets"; domain contract "Courses").
 */

import { DEFAULT_TIME_ZONE, SESSION_TYPE, WORKSHOP_TYPE } from './constants.js';
import { parseWireDate, parseWireTime, resolveTimeZone, todayIn, zonedInstant } from './calendar.js';
import {
  compareAscendingNullLast,
  compareDescendingNullLast,
  isRecord,
  readList,
  readNumber,
  sortedBy,
} from './wire.js';

/** One weekly schedule of a batch: wall-clock `HH:mm[:ss]` times in the caller's zone. */
export interface BatchSchedule {
  startTime?: string | null;
  endTime?: string | null;
}

/** The batch of an enrolment (spec §3 "Batch", "Enrolled course"). */
export interface EnrolledBatch {
  /** 1 live, 2 recorded ({@link SESSION_TYPE}). */
  sessionType?: number | string | null;
  /** Wire date; `'0000-00-00'`, `''` or `null` mean no date. */
  startDate?: string | null;
  /** Wire date; `'0000-00-00'`, `''` or `null` mean no date. */
  endDate?: string | null;
  Workshop?: { id?: number | string | null; type?: number | string | null } | null;
  BatchSchedules?: readonly (BatchSchedule | null)[] | null;
}

/** An enrolled course as the dashboard overview returns it (spec §3 "Enrolled course"). */
export interface EnrolledCourse {
  id?: number | string | null;
  isRefund?: boolean | null;
  isDashboardAccess?: boolean | null;
  isEnrolled?: boolean | null;
  Batch?: EnrolledBatch | null;
}

/** Where an enrolment stands in time. */
export type CourseTiming = 'completed' | 'upcoming' | 'ongoing';

/** An enrolled course with the dropdown flags the client adds (spec §3 "Enrolled course"). */
export type DropdownCourse<C extends EnrolledCourse = EnrolledCourse> = C & {
  isCompleted: boolean;
  isDropdown: boolean;
};

/** Result of {@link arrangeEnrolledCourses}. */
export interface ArrangedEnrolledCourses<C extends EnrolledCourse = EnrolledCourse> {
  courses: DropdownCourse<C>[];
  /** The only dropdown course when exactly one exists, else `null`. */
  selected: DropdownCourse<C> | null;
}

/** A course in the home "upcoming" bucket; `comingSoon` is added to batches with no schedules. */
export type UpcomingCourse<C extends EnrolledCourse = EnrolledCourse> = C & { comingSoon?: true };

/** Result of {@link homeCourseBuckets}. */
export interface HomeCourseBuckets<C extends EnrolledCourse = EnrolledCourse> {
  completed: C[];
  ongoing: C[];
  upcoming: UpcomingCourse<C>[];
  recorded: C[];
}

interface CourseDates {
  start: number | null;
  end: number | null;
}

function datesOf(course: EnrolledCourse): CourseDates {
  return {
    start: parseWireDate(course.Batch?.startDate),
    end: parseWireDate(course.Batch?.endDate),
  };
}

/** The date-only rule shared by timing and buckets: no start → upcoming; no end never completes. */
function timingByDates({ start, end }: CourseDates, today: number): CourseTiming {
  if (start === null) return 'upcoming';
  if (end !== null && end < today) return 'completed';
  if (start > today) return 'upcoming';
  return 'ongoing';
}

/**
 * Whether an enrolment is completed, upcoming or ongoing at `now` (spec §4 "Course timing per
 * enrolment"). For a masterclass (`Workshop.type` 1) whose first schedule has both a start and an
 * end time and whose batch has both dates, start = `startDate` + `startTime` and end = `endDate` +
 * `endTime` are instants in `tz`: completed when end < now, upcoming when start > now, else
 * ongoing. Otherwise dates alone, against today in `tz`: no start date → upcoming; completed when
 * `endDate` < today; upcoming when `startDate` > today; else ongoing. A missing end date never makes
 * a course completed.
 */
export function courseTiming(
  course: EnrolledCourse | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): CourseTiming {
  const zone = resolveTimeZone(tz);
  if (!isRecord(course)) return timingByDates({ start: null, end: null }, todayIn(now, zone));
  const dates = datesOf(course);
  const batch = course.Batch;
  const schedule = readList(batch?.BatchSchedules)[0];
  if (readNumber(batch?.Workshop?.type) === WORKSHOP_TYPE.masterclass && isRecord(schedule)) {
    const startTime = parseWireTime(schedule.startTime);
    const endTime = parseWireTime(schedule.endTime);
    if (startTime !== null && endTime !== null && dates.start !== null && dates.end !== null) {
      const nowMs = now.getTime();
      if (zonedInstant(dates.end, endTime, zone) < nowMs) return 'completed';
      if (zonedInstant(dates.start, startTime, zone) > nowMs) return 'upcoming';
      return 'ongoing';
    }
  }
  return timingByDates(dates, todayIn(now, zone));
}

/**
 * The course dropdown of the dashboard (spec §4 "Course timing per enrolment"). Every input course
 * appears once, as a copy with `isCompleted` and `isDropdown` added: ongoing first, then upcoming
 * (both by `startDate` ascending), then completed (by `endDate` descending); undated last within
 * each group; ties keep input order. Completed courses get `isCompleted: true, isDropdown: false`,
 * the rest `isCompleted: false, isDropdown: true`. `selected` is the only dropdown course when
 * exactly one exists, else `null`. Entries that are not objects are skipped.
 */
export function arrangeEnrolledCourses<C extends EnrolledCourse>(
  courses: readonly (C | null | undefined)[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): ArrangedEnrolledCourses<C> {
  const groups: Record<CourseTiming, { course: C; dates: CourseDates }[]> = {
    ongoing: [],
    upcoming: [],
    completed: [],
  };
  for (const course of readList(courses)) {
    if (!isRecord(course)) continue;
    groups[courseTiming(course, now, tz)].push({ course, dates: datesOf(course) });
  }
  const byStart = (entries: { course: C; dates: CourseDates }[]) =>
    sortedBy(entries, (entry) => entry.dates.start, compareAscendingNullLast);
  const flag = (entries: { course: C }[], isCompleted: boolean): DropdownCourse<C>[] =>
    entries.map(({ course }) => ({ ...course, isCompleted, isDropdown: !isCompleted }));

  const arranged = [
    ...flag(byStart(groups.ongoing), false),
    ...flag(byStart(groups.upcoming), false),
    ...flag(
      sortedBy(groups.completed, (entry) => entry.dates.end, compareDescendingNullLast),
      true,
    ),
  ];
  const dropdown = arranged.filter((course) => course.isDropdown);
  return { courses: arranged, selected: dropdown.length === 1 ? (dropdown[0] ?? null) : null };
}

/**
 * The dashboard home buckets (spec §4 "Home course buckets"). Each input course lands in exactly
 * one bucket: `Batch.sessionType` 2 → recorded (by `id` ascending, non-numeric ids last); else a
 * batch with no `BatchSchedules` → upcoming, as a copy with `comingSoon: true`; else by dates
 * against today in `tz`: no start date → upcoming, `endDate` < today → completed, `startDate` >
 * today → upcoming, else ongoing. Completed are ordered by `endDate` descending, ongoing and upcoming
 * by `startDate` ascending, undated last; ties keep input order. Courses other than coming-soon
 * ones are the input objects; entries that are not objects are skipped.
 */
export function homeCourseBuckets<C extends EnrolledCourse>(
  courses: readonly (C | null | undefined)[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): HomeCourseBuckets<C> {
  const today = todayIn(now, resolveTimeZone(tz));
  const completed: { course: C; dates: CourseDates }[] = [];
  const ongoing: { course: C; dates: CourseDates }[] = [];
  const upcoming: { course: UpcomingCourse<C>; dates: CourseDates }[] = [];
  const recorded: C[] = [];

  for (const course of readList(courses)) {
    if (!isRecord(course)) continue;
    const dates = datesOf(course);
    if (readNumber(course.Batch?.sessionType) === SESSION_TYPE.recorded) {
      recorded.push(course);
    } else if (readList(course.Batch?.BatchSchedules).length === 0) {
      upcoming.push({ course: { ...course, comingSoon: true }, dates });
    } else {
      const timing = timingByDates(dates, today);
      (timing === 'completed' ? completed : timing === 'ongoing' ? ongoing : upcoming).push({
        course,
        dates,
      });
    }
  }

  const byStart = <T>(entries: { course: T; dates: CourseDates }[]) =>
    sortedBy(entries, (entry) => entry.dates.start, compareAscendingNullLast).map((entry) => entry.course);
  return {
    completed: sortedBy(completed, (entry) => entry.dates.end, compareDescendingNullLast).map(
      (entry) => entry.course,
    ),
    ongoing: byStart(ongoing),
    upcoming: byStart(upcoming),
    recorded: sortedBy(recorded, (course) => readNumber(course.id), compareAscendingNullLast),
  };
}
