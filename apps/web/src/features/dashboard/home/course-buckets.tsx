import type { EnrolledCourse, PendingPayment } from '@atelier/contract';
import { homeCourseBuckets, workshopPath } from '@atelier/domain';
import { Link } from 'react-router';
import { ArrowRightIcon, CalendarIcon, ClockIcon, PlayIcon } from '../../../components/ui/icons';
import { formatDay, formatDayRange, formatWallTime } from '../../../lib/format';
import { formatMinor } from '../../../lib/money';
import { courseDashboardPath } from '../../../lib/dashboard-paths';
import { dueInstalment, dueWords, instalmentPayPath, type DueInstalment } from '../instalment-alert';
import { LockIcon } from './home-icons';

export type BucketName = 'ongoing' | 'upcoming' | 'recorded' | 'completed';
type Status = 'ongoing' | 'upcoming' | 'soon' | 'recorded' | 'completed';

const STATUS_LABEL: Record<Status, string> = {
  ongoing: 'Ongoing',
  upcoming: 'Upcoming',
  soon: 'Coming soon',
  recorded: 'Recorded',
  completed: 'Completed',
};

export const BUCKET_TITLE: Record<BucketName, string> = {
  ongoing: 'Ongoing',
  upcoming: 'Upcoming',
  recorded: 'Recorded courses',
  completed: 'Completed',
};

const BUCKET_ORDER: readonly BucketName[] = ['ongoing', 'upcoming', 'recorded', 'completed'];

/** ISO weekdays of `BatchSchedules.day`: 1 = Monday … 7 = Sunday. */
const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface CourseEntry {
  course: EnrolledCourse;
  status: Status;
}

/** Spec §4 "Home course buckets" (the domain's `homeCourseBuckets`), with each tile's status. */
export function bucketCourses(
  courses: readonly EnrolledCourse[],
  now: Date,
): Record<BucketName, CourseEntry[]> {
  const buckets = homeCourseBuckets(courses, now);
  return {
    ongoing: buckets.ongoing.map((course) => ({ course, status: 'ongoing' })),
    upcoming: buckets.upcoming.map((course) => ({
      course,
      status: course.comingSoon ? 'soon' : 'upcoming',
    })),
    recorded: buckets.recorded.map((course) => ({ course, status: 'recorded' })),
    completed: buckets.completed.map((course) => ({ course, status: 'completed' })),
  };
}

/** Whether the learner may open the course's dashboard (the server's own rule of access). */
export function hasDashboard(course: EnrolledCourse): boolean {
  return course.isEnrolled && course.isDashboardAccess && !course.isRefund;
}

/**
 * The EMI lock of one course (spec §4): its own earliest unpaid instalment due in 1–5 days, today
 * or overdue locks that course, and only that course (the server answers 402 for its data).
 */
export function courseLock(
  course: EnrolledCourse,
  payments: readonly PendingPayment[],
  now: Date,
): DueInstalment | null {
  const payment = payments.find((p) => p.batchId === course.Batch.id);
  return payment ? dueInstalment([payment], now) : null;
}

function scheduleLine(course: EnrolledCourse): string {
  const schedule = course.Batch.BatchSchedules[0];
  if (!schedule) return '';
  const days = [...new Set(course.Batch.BatchSchedules.map((s) => s.day))]
    .filter((d) => d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((d) => DAY_NAMES[d])
    .join(', ');
  const time = formatWallTime(schedule.startTime);
  return [days, time].filter(Boolean).join(' · ');
}

function CourseTile({ entry, lock }: { entry: CourseEntry; lock: DueInstalment | null }) {
  const { course, status } = entry;
  const workshop = course.Batch.Workshop;
  const dates = formatDayRange(course.Batch.startDate, course.Batch.endDate);
  const schedule = status === 'ongoing' || status === 'upcoming' ? scheduleLine(course) : '';
  const open = hasDashboard(course);
  const titleId = `course-tile-${course.id}`;
  return (
    <li className={`course-tile course-tile--${status}${lock && open ? ' course-tile--locked' : ''}`}>
      <article className="course-tile__inner" aria-labelledby={titleId}>
        <div className="course-tile__head">
          <span className={`chip course-tile__status course-tile__status--${status}`}>
            {STATUS_LABEL[status]}
          </span>
          <span className="course-tile__kind">{workshop.type === 1 ? 'Masterclass' : 'Course'}</span>
          {course.isRefund ? <span className="chip chip--quiet">Refunded</span> : null}
        </div>
        <h4 id={titleId} className="course-tile__title">
          {workshop.title}
        </h4>
        <ul className="course-tile__meta">
          <li>
            {status === 'recorded' ? (
              <PlayIcon className="icon--sm" />
            ) : (
              <CalendarIcon className="icon--sm" />
            )}
            {status === 'recorded'
              ? 'Recorded · learn at your pace'
              : status === 'soon' || !dates
                ? 'Dates announced soon'
                : dates}
          </li>
          {schedule ? (
            <li>
              <ClockIcon className="icon--sm" />
              {schedule}
            </li>
          ) : null}
        </ul>
        {open && lock ? (
          <div className="course-tile__lock" role="note">
            <LockIcon className="icon--sm" />
            <p>
              <strong>Locked:</strong> instalment of{' '}
              {formatMinor(lock.instalment.amountMinor, lock.course.currency)} {dueWords(lock.daysLeft)} (
              {formatDay(lock.instalment.dueDate)}). Pay it to open this course.
            </p>
          </div>
        ) : null}
        <div className="course-tile__actions">
          {!open ? (
            <p className="course-tile__note">
              {course.isRefund ? 'This enrolment was refunded.' : 'The course dashboard opens soon.'}
            </p>
          ) : lock ? (
            <Link
              to={instalmentPayPath(lock.instalment.id)}
              className="button button--primary course-tile__primary"
              aria-label={`Pay now to unlock ${workshop.title}`}
            >
              <LockIcon className="icon--sm" />
              Pay now
            </Link>
          ) : (
            <Link
              to={courseDashboardPath(course.Batch.id)}
              className="button button--primary course-tile__primary"
              aria-label={`Open course ${workshop.title}`}
            >
              Open course
              <ArrowRightIcon className="icon--sm" />
            </Link>
          )}
          <Link to={workshopPath(workshop)} className="text-link course-tile__about">
            About<span className="visually-hidden"> {workshop.title}</span>
          </Link>
        </div>
      </article>
    </li>
  );
}

/** The enrolled courses in their buckets: ongoing, upcoming (with coming soon), recorded, completed. */
export function CourseBuckets({
  courses,
  payments,
  now,
}: {
  courses: readonly EnrolledCourse[];
  payments: readonly PendingPayment[];
  now: Date;
}) {
  const buckets = bucketCourses(courses, now);
  return (
    <div className="course-buckets">
      {BUCKET_ORDER.filter((name) => buckets[name].length > 0).map((name) => (
        <section key={name} className="course-bucket" aria-labelledby={`bucket-${name}`}>
          <h3 id={`bucket-${name}`} className="course-bucket__title">
            <span aria-hidden="true">
              {BUCKET_TITLE[name]}
              <span className="course-bucket__count">{buckets[name].length}</span>
            </span>
            <span className="visually-hidden">
              {`${BUCKET_TITLE[name]}, ${buckets[name].length} ${buckets[name].length === 1 ? 'course' : 'courses'}`}
            </span>
          </h3>
          <ul className="course-tiles">
            {buckets[name].map((entry) => (
              <CourseTile
                key={entry.course.id}
                entry={entry}
                lock={courseLock(entry.course, payments, now)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Placeholder tiles while the courses load. */
export function CourseSkeletons() {
  return (
    <div className="course-tiles" role="status">
      <span className="visually-hidden">Loading your courses…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="dash-skeleton dash-skeleton--tile" aria-hidden="true" />
      ))}
    </div>
  );
}
