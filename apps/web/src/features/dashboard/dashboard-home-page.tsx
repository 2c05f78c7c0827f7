import type { PendingPayment } from '@atelier/contract';
import { onboardingStep, workshopPath } from '@atelier/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link, Navigate } from 'react-router';
import { GiftIcon } from '../../components/ui/icons';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { useGetPendingPaymentsQuery, useGetProfileCoursesQuery } from '../../lib/api/money-api';
import { useUserDetails } from '../../lib/api/user-details';
import { formatDay } from '../../lib/format';
import { useMountInstant } from '../../lib/hooks';
import { coinsLabel, formatMinor } from '../../lib/money';
import { ONBOARDING_PATH, PROFILE_PATH } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useGetHomeSuggestedCoursesQuery, type SuggestedCourse } from './api/learning-home-api';
import { greetingLine } from './greeting';
import { bucketCourses, CourseBuckets, CourseSkeletons } from './home/course-buckets';
import { NotificationsBell, NotificationsPanel } from './home/notifications-panel';
import { TripApplications } from './home/trip-applications';
import { dueInstalment, dueWords, instalmentPayPath } from './instalment-alert';
import { InstalmentNotice } from './instalment-notice';
import './dashboard-home.css';

export const CATALOGUE_PATH = '/courses-and-workshops';
export const WALLET_PATH = '/dashboard/wallet';
export const REFERRAL_PATH = '/dashboard/referral';

/** Spec §8 "Dashboard home fetch failure": this text, and every list of the home emptied. */
export const HOME_FAILURE_TEXT = 'Something went wrong ⚠️';

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

function SuggestedCourses({ courses }: { courses: readonly SuggestedCourse[] }) {
  if (courses.length === 0) return null;
  return (
    <section className="dash-section" aria-labelledby="suggested-title">
      <h2 id="suggested-title" className="section-title section-title--small">
        You may also like
      </h2>
      <ul className="suggest-list">
        {courses.map((course, index) => (
          <li key={course.id} className="suggest-card">
            <div className={`suggest-card__cover cover cover--${(index + 2) % 6}`}>
              {course.thumbnail ? (
                <ResponsiveImage src={course.thumbnail} width={320} height={200} sizes="160px" />
              ) : null}
            </div>
            <div className="suggest-card__body">
              <span className="suggest-card__kind">{course.type === 1 ? 'Masterclass' : 'Course'}</span>
              <Link className="suggest-card__link" to={workshopPath(course)}>
                {course.title}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Link to={CATALOGUE_PATH} className="text-link">
        Browse all courses
      </Link>
    </section>
  );
}

/** A line under the greeting: what is on now, in a few words. */
function summaryLine(counts: { ongoing: number; upcoming: number }): string {
  const parts: string[] = [];
  if (counts.ongoing > 0) parts.push(`${counts.ongoing} ongoing`);
  if (counts.upcoming > 0) parts.push(`${counts.upcoming} upcoming`);
  return parts.length > 0 ? `${parts.join(' · ')} — pick up where you left off.` : '';
}

/**
 * `/dashboard` (spec §2, §4, §8; issue 15): the EMI reminder (popup or banner), the learner's
 * courses from `profileCourses` in their buckets (ongoing, upcoming with "coming soon", recorded
 * apart, completed), each openable course leading to its course dashboard — or, while the EMI rule
 * locks it, showing the lock and "Pay now" —, pending payments, suggested courses, notifications
 * with the unread count, and trip applications. When the home fetch fails: the spec's text and no
 * lists at all. Rendered in the browser only, so the greeting and due dates may read the clock.
 * A learner whose profile is not complete (onboarding step below 3) is sent to onboarding first.
 */
export function DashboardHomePage() {
  const session = useSession();
  const details = useUserDetails();
  const user = details ?? session?.user ?? null;
  const userId = session?.user.id;
  const pending = useGetPendingPaymentsQuery(userId ?? skipToken);
  const courses = useGetProfileCoursesQuery(userId ?? skipToken);
  const suggestions = useGetHomeSuggestedCoursesQuery(userId ?? skipToken);
  const instant = useMountInstant();
  const now = new Date(instant);

  if (user && user.role === 'learner' && onboardingStep(user) < 3) {
    return <Navigate to={ONBOARDING_PATH} replace />;
  }
  // Spec §8: a failed pending-payment call shows no banner and no popup.
  const payments = pending.isError ? [] : (pending.currentData ?? []);
  const due = dueInstalment(payments, now);
  // Spec §8: a failed home fetch empties every list (no stale or partial courses).
  const failed = courses.isError;
  const enrolled = failed ? [] : (courses.currentData?.enrolledCourses ?? []);
  const suggested = failed
    ? []
    : (suggestions.currentData?.suggestedCourses ?? courses.currentData?.suggestedCourses ?? []).slice(0, 4);
  const buckets = bucketCourses(enrolled, now);
  const summary = summaryLine({ ongoing: buckets.ongoing.length, upcoming: buckets.upcoming.length });

  return (
    <div className="dash-home">
      <InstalmentNotice due={due} />
      <header className="dash-home__intro">
        <div className="container dash-home__intro-inner">
          <div>
            <p className="eyebrow">Dashboard</p>
            <h1 className="dash-home__title">{greetingLine(user?.name, now)}</h1>
            {summary ? <p className="dash-home__summary">{summary}</p> : null}
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
          {userId !== undefined ? <NotificationsBell userId={userId} /> : null}
        </div>
      </header>
      <div className="container dash-home__body">
        <div className="dash-home__main">
          <PendingPayments payments={payments} now={now} />
          <section className="dash-section" aria-labelledby="courses-title" aria-busy={courses.isLoading}>
            <h2 id="courses-title" className="section-title section-title--small">
              Your courses
            </h2>
            {courses.isLoading ? (
              <CourseSkeletons />
            ) : failed ? (
              <div className="error-note dash-failure" role="alert">
                <p>{HOME_FAILURE_TEXT}</p>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => {
                    void courses.refetch();
                    void suggestions.refetch();
                  }}
                >
                  Try again
                </button>
              </div>
            ) : enrolled.length === 0 ? (
              <div className="empty-state dash-empty">
                <p className="empty-state__title">No courses yet</p>
                <p className="section-lede">
                  When you enrol in a masterclass or course, it appears here straight away with its dates.
                </p>
                <Link to={CATALOGUE_PATH} className="button button--primary">
                  Browse courses
                </Link>
              </div>
            ) : (
              <CourseBuckets courses={enrolled} payments={payments} now={now} />
            )}
          </section>
        </div>
        {userId !== undefined ? (
          <aside className="dash-home__side" aria-label="Updates">
            <NotificationsPanel userId={userId} now={instant} />
            <TripApplications userId={userId} />
          </aside>
        ) : null}
        {suggested.length > 0 ? (
          <div className="dash-home__more">
            <SuggestedCourses courses={suggested} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
