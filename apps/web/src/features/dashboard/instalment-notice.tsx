import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarIcon, CloseIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { formatDay } from '../../lib/format';
import { formatMinor } from '../../lib/money';
import { hasSessionFlag, setSessionFlag } from '../../lib/storage';
import { dueWords, instalmentPayPath, type DueInstalment } from './instalment-alert';

/** The session flag that keeps a dismissed popup closed for this instalment (for this tab). */
export function emiPopupFlag(instalmentId: number): string {
  return `emi_popup_dismissed_${instalmentId}`;
}

function Facts({ due }: { due: DueInstalment }) {
  return (
    <dl className="emi-facts">
      <div>
        <dt>Course</dt>
        <dd>{due.course.Workshop.title}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatMinor(due.instalment.amountMinor, due.course.currency)}</dd>
      </div>
      <div>
        <dt>Due date</dt>
        <dd>{formatDay(due.instalment.dueDate)}</dd>
      </div>
    </dl>
  );
}

/**
 * Spec §4 "EMI payment lock" on the dashboard. Due in 1–5 days: a popup the learner may dismiss for
 * this session (a modal dialog: focus moves in, stays in, and returns on close). Due today or
 * overdue: a banner at the top that cannot be dismissed. Both name the course, the amount and the
 * due date, with "Pay now" to the instalment's checkout.
 */
export function InstalmentNotice({ due }: { due: DueInstalment | null }) {
  const [dismissed, setDismissed] = useState<number | null>(null);
  if (!due) return null;
  const payPath = instalmentPayPath(due.instalment.id);
  const when = dueWords(due.daysLeft);

  if (due.kind === 'banner') {
    const overdue = due.daysLeft < 0;
    return (
      <section
        className={`emi-banner ${overdue ? 'emi-banner--overdue' : ''}`}
        aria-labelledby="emi-banner-title"
      >
        <div className="container emi-banner__inner">
          <span className="emi-banner__icon" aria-hidden="true">
            <CalendarIcon />
          </span>
          <div className="emi-banner__text">
            <h2 id="emi-banner-title" className="emi-banner__title">
              {overdue ? `Your instalment is ${when}` : 'Your instalment is due today'}
            </h2>
            <p>
              {formatMinor(due.instalment.amountMinor, due.course.currency)} for{' '}
              <strong>{due.course.Workshop.title}</strong>, due {formatDay(due.instalment.dueDate)}. Pay it to
              keep your course dashboard open.
            </p>
          </div>
          <Link to={payPath} className="button button--primary emi-banner__action">
            Pay now
          </Link>
        </div>
      </section>
    );
  }

  if (dismissed === due.instalment.id || hasSessionFlag(emiPopupFlag(due.instalment.id))) return null;
  const close = () => {
    setSessionFlag(emiPopupFlag(due.instalment.id));
    setDismissed(due.instalment.id);
  };
  return (
    <ModalDialog
      className="dialog emi-popup"
      labelledBy="emi-popup-title"
      describedBy="emi-popup-text"
      onClose={close}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close reminder">
            <CloseIcon />
          </button>
        </form>
        <p className="eyebrow">Instalment reminder</p>
        <h2 id="emi-popup-title" className="dialog__title">
          Your next instalment is {when}
        </h2>
        <p id="emi-popup-text" className="dialog__text">
          Pay before {formatDay(due.instalment.dueDate)} to keep your course dashboard open.
        </p>
        <Facts due={due} />
        <div className="dialog__actions">
          <Link to={payPath} className="button button--primary" onClick={close}>
            Pay now
          </Link>
          <form method="dialog">
            <button type="submit" className="button button--quiet">
              Remind me later
            </button>
          </form>
        </div>
      </div>
    </ModalDialog>
  );
}
