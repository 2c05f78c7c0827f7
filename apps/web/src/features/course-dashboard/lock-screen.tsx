import type { PendingPayment } from '@atelier/contract';
import { Link } from 'react-router';
import { LockBadge } from './badges';
import { CalendarIcon } from '../../components/ui/icons';
import { formatDay } from '../../lib/format';
import { formatMinor } from '../../lib/money';
import { dueWords, instalmentPayPath } from '../../lib/instalment-words';
import { instalmentAlert } from '@atelier/domain';

export { dueWords, instalmentPayPath };

/** This course's earliest unpaid instalment, from the pending payments call. */
export function courseInstalment(pending: readonly PendingPayment[] | undefined, batchId: number, now: Date) {
  const course = pending?.find((payment) => payment.batchId === batchId);
  if (!course) return null;
  const unpaid = course.instalmentDetails.filter((instalment) => !instalment.paid);
  const earliest = [...unpaid].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  if (!earliest) return null;
  return {
    course,
    instalment: earliest,
    alert: instalmentAlert([earliest], now),
  };
}

/**
 * The course locked by the EMI rule (spec §4 "EMI payment lock": the server answers 402
 * `INSTALMENT_DUE` for this course, and only this one). Names the instalment from the pending
 * payments call, with "Pay now" to its checkout; the other courses stay open.
 */
export function LockScreen({
  batchId,
  courseTitle,
  pending,
  pendingLoading,
  now,
}: {
  batchId: number;
  courseTitle: string | null;
  pending: readonly PendingPayment[] | undefined;
  pendingLoading: boolean;
  now: Date;
}) {
  const due = courseInstalment(pending, batchId, now);
  const title = due?.course.Workshop.title ?? courseTitle;
  return (
    <section className="course-card lock-screen" aria-labelledby="lock-title">
      <LockBadge />
      <p className="eyebrow">Course locked</p>
      <h1 id="lock-title" className="lock-screen__title">
        Pay your instalment to open {title ? <>“{title}”</> : 'this course'}
      </h1>
      {due ? (
        <>
          <p className="lock-screen__text">
            Your instalment of <strong>{formatMinor(due.instalment.amountMinor, due.course.currency)}</strong>{' '}
            is{' '}
            {due.alert.daysLeft !== null
              ? dueWords(due.alert.daysLeft)
              : `due ${formatDay(due.instalment.dueDate)}`}
            . The sessions, assignments and quizzes of this course open again as soon as it is paid. Your
            other courses are not affected.
          </p>
          <p className="lock-screen__due">
            <CalendarIcon /> Due {formatDay(due.instalment.dueDate)}
          </p>
          <div className="lock-screen__actions">
            <Link to={instalmentPayPath(due.instalment.id)} className="button button--primary button--large">
              Pay now
            </Link>
            <Link to="/dashboard" className="button button--quiet">
              Back to dashboard
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="lock-screen__text">
            {pendingLoading
              ? 'Finding your instalment…'
              : 'An instalment of this course is due. The sessions, assignments and quizzes open again as soon as it is paid.'}
          </p>
          <div className="lock-screen__actions">
            <Link to="/dashboard" className="button button--primary">
              See pending payments
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
