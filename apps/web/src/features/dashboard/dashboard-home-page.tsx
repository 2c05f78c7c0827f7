import type { EnrolledCourse, PendingPayment } from '@atelier/contract';
import { homeCourseBuckets, onboardingStep, workshopPath } from '@atelier/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link, Navigate } from 'react-router';
import { CalendarIcon, GiftIcon } from '../../components/ui/icons';
import { ErrorNote, LoadingNote } from '../../components/ui/load-states';
import { useGetPendingPaymentsQuery, useGetProfileCoursesQuery } from '../../lib/api/money-api';
import { useUserDetails } from '../../lib/api/user-details';
import { formatDay, formatDayRange } from '../../lib/format';
import { useMountInstant } from '../../lib/hooks';
import { coinsLabel, formatMinor } from '../../lib/money';
import { ONBOARDING_PATH, PROFILE_PATH } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { greetingLine } from './greeting';
import { dueInstalment, dueWords, instalmentPayPath } from './instalment-alert';
import { InstalmentNotice } from './instalment-notice';
import './dashboard-home.css';

export const CATALOGUE_PATH = '/courses-and-workshops';
export const WALLET_PATH = '/dashboard/wallet';
export const REFERRAL_PATH = '/dashboard/referral';

type Status = 'ongoing' | 'upcoming' | 'soon' | 'recorded' | 'completed';
const STATUS_LABEL: Record<Status, string> = {
  ongoing: 'Ongoing',
  upcoming: 'Upcoming',
  soon: 'Dates coming soon',
  recorded: 'Recorded',
  completed: 'Completed',
};

/** The enrolled courses in the order the learner needs them: running, next, recorded, finished. */
function orderedCourses(
  courses: readonly EnrolledCourse[],
  now: Date,
): { course: EnrolledCourse; status: Status }[] {
  const buckets = homeCourseBuckets(courses, now);
  return [
    ...buckets.ongoing.map((course) => ({ course, status: 'ongoing' as const })),
    ...buckets.upcoming.map((course) => ({
      course,
      status: course.comingSoon ? ('soon' as const) : ('upcoming' as const),
    })),
    ...buckets.recorded.map((course) => ({ course, status: 'recorded' as const })),
    ...buckets.completed.map((course) => ({ course, status: 'completed' as const })),
  ];
}

function CourseCard({ course, status }: { course: EnrolledCourse; status: Status }) {
  const workshop = course.Batch.Workshop;
  const dates = formatDayRange(course.Batch.startDate, course.Batch.endDate);
  return (
    <li className="course-tile">
      <div className="course-tile__head">
        <span className={`chip course-tile__status course-tile__status--${status}`}>
          {STATUS_LABEL[status]}
        </span>
        {course.isRefund ? <span className="chip chip--quiet">Refunded</span> : null}
      </div>
      <h3 className="course-tile__title">
        <Link to={workshopPath(workshop)}>{workshop.title}</Link>
      </h3>
      <p className="course-tile__meta">
        <CalendarIcon />
        {course.Batch.sessionType === 2
          ? 'Recorded · learn at your pace'
          : dates
            ? dates
            : 'Dates announced soon'}
      </p>
    </li>
  );
}

function nextUnpaid(payment: PendingPayment) {
  return payment.instalmentDetails.find((instalment) => !instalment.paid) ?? null;
}

function PendingPayments({ payments, now }: { payments: readonly PendingPayment[]; now: Date }) {
  if (payments.length === 0) return null;
  return (
    <section className="dash-section" aria-labelledby="pending-title">
      <h2 id="pending-title" className="section-title section-title--small">
        Pending payments
      </h2>
      <ul className="pending-list">
        {payments.map((payment) => {
          const next = nextUnpaid(payment);
          const alert = next ? dueInstalment([{ ...payment, instalmentDetails: [next] }], now) : null;
          return (
            <li key={payment.batchId} className="pending-item">
              <div>
                <h3 className="pending-item__title">{payment.Workshop.title}</h3>
                <p className="pending-item__meta">
                  {formatMinor(payment.pendingAmount, payment.currency)} left to pay
                  {payment.instalmentDetails.length > 1
                    ? ` in ${payment.instalmentDetails.length} instalments`
                    : ''}
                </p>
                {next ? (
                  <p
                    className={`pending-item__next ${alert?.kind === 'banner' ? 'pending-item__next--late' : ''}`}
                  >
                    Next: {formatMinor(next.amountMinor, payment.currency)} on {formatDay(next.dueDate)}
                    {alert ? ` (${dueWords(alert.daysLeft)})` : ''}
                  </p>
                ) : null}
              </div>
              {next ? (
                <Link
                  to={instalmentPayPath(next.id)}
                  className="button button--primary"
                  aria-label={`Pay now for ${payment.Workshop.title}`}
                >
                  Pay now
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * `/dashboard` (spec §2): the EMI reminder (popup or banner, spec §4), the learner's courses from
 * `profileCourses` (a purchase shows at once), pending payments, and the ways to coins and
 * referrals. Rendered in the browser only, so the greeting and the due dates may read the clock.
 * A learner whose profile is not complete (onboarding step below 3) is sent to onboarding first.
 */
export function DashboardHomePage() {
  const session = useSession();
  const details = useUserDetails();
  const user = details ?? session?.user ?? null;
  const userId = session?.user.id;
  const pending = useGetPendingPaymentsQuery(userId ?? skipToken);
  const courses = useGetProfileCoursesQuery(userId ?? skipToken);
  const now = new Date(useMountInstant());

  if (user && user.role === 'learner' && onboardingStep(user) < 3) {
    return <Navigate to={ONBOARDING_PATH} replace />;
  }
  // Spec §8: a failed pending-payment call shows no banner and no popup.
  const payments = pending.isError ? [] : (pending.currentData ?? []);
  const due = dueInstalment(payments, now);
  const enrolled = courses.currentData ? orderedCourses(courses.currentData.enrolledCourses, now) : [];
  const suggested = courses.currentData?.suggestedCourses.slice(0, 4) ?? [];

  return (
    <div className="dash-home">
      <InstalmentNotice due={due} />
      <header className="dash-home__intro">
        <div className="container">
          <p className="eyebrow">Dashboard</p>
          <h1 className="dash-home__title">{greetingLine(user?.name, now)}</h1>
          <p className="dash-home__links">
            <Link className="text-link" to={PROFILE_PATH}>
              Your profile
            </Link>
            <Link className="text-link" to={WALLET_PATH}>
              {typeof user?.coins === 'number' ? coinsLabel(user.coins) : 'Coins wallet'}
            </Link>
            <Link className="text-link" to={REFERRAL_PATH}>
              <GiftIcon /> Refer a friend
            </Link>
          </p>
        </div>
      </header>
      <div className="container dash-home__body">
        <PendingPayments payments={payments} now={now} />
        <section className="dash-section" aria-labelledby="courses-title" aria-busy={courses.isLoading}>
          <h2 id="courses-title" className="section-title section-title--small">
            Your courses
          </h2>
          {courses.isLoading ? (
            <LoadingNote>Loading your courses…</LoadingNote>
          ) : courses.isError ? (
            <ErrorNote what="Your courses" error={courses.error} onRetry={() => void courses.refetch()} />
          ) : enrolled.length === 0 ? (
            <div className="empty-state dash-empty">
              <p className="empty-state__title">No courses yet</p>
              <p className="section-lede">
                When you enrol in a masterclass or course, it appears here straight away with its dates.
              </p>
              <Link to={CATALOGUE_PATH} className="button button--primary">
                Browse courses and workshops
              </Link>
            </div>
          ) : (
            <ul className="course-tiles">
              {enrolled.map(({ course, status }) => (
                <CourseCard key={course.id} course={course} status={status} />
              ))}
            </ul>
          )}
        </section>
        {suggested.length > 0 ? (
          <section className="dash-section" aria-labelledby="suggested-title">
            <h2 id="suggested-title" className="section-title section-title--small">
              You may also like
            </h2>
            <ul className="suggested-list">
              {suggested.map((workshop) => (
                <li key={workshop.id}>
                  <Link className="text-link" to={workshopPath(workshop)}>
                    {workshop.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
