import type { TripApplication } from '@atelier/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadingNote } from '../../components/ui/load-states';
import { formatDay } from '../../lib/format';
import { apiFormMessage, isApiError } from '../../lib/forms';
import { loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import {
  useSendItineraryMutation,
  useTripApplicationDetailsQuery,
  useUpdateTripApplicationMutation,
} from './api/trip-applications';

/*
 * The trip page's "join" part (issue 16): a visitor is sent to sign in and back; a signed-in
 * learner applies in a dialog (its code loads only when opened), then sees the application's
 * status and may edit it while the team has not reviewed it. The itinerary can be e-mailed to the
 * learner's own address. The server renders the signed-out state (it knows no session).
 */

const TripApplicationDialog = lazy(async () => ({
  default: (await import('./trip-application-form')).TripApplicationDialog,
}));

const STATUS_TEXT: Record<TripApplication['status'], { label: string; text: string }> = {
  submitted: {
    label: 'Submitted',
    text: 'The team reviews applications and confirms seats within two working days. You can edit your application until then.',
  },
  shortlisted: {
    label: 'Shortlisted',
    text: 'You are on the shortlist. The team will call you to confirm your seat.',
  },
  accepted: {
    label: 'Accepted',
    text: 'Your seat is confirmed. We e-mail you the details and payment steps.',
  },
  rejected: {
    label: 'Not selected',
    text: 'Your application was not selected this time. You may apply again.',
  },
  withdrawn: {
    label: 'Withdrawn',
    text: 'You withdrew this application. You may apply again.',
  },
};

/** A withdrawn or rejected application may be replaced by a new one (the contract's rule). */
const canApplyAgain = (application: TripApplication | null) =>
  application === null || application.status === 'withdrawn' || application.status === 'rejected';

/** Whether a trip dated `startDate` (`YYYY-MM-DD`; `0000-…` undated) has begun, by this device's day. */
function hasStarted(startDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || startDate.startsWith('0000')) return false;
  return startDate <= new Date().toLocaleDateString('en-CA');
}

export function TripApplicationPanel({
  tripId,
  tripTitle,
  startDate,
}: {
  tripId: number;
  tripTitle: string;
  startDate: string;
}) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return (
      <div className="trip-apply">
        <Link
          to={loginPath(`${location.pathname}${location.search}`)}
          className="button button--primary button--block button--large"
        >
          Sign in to apply
        </Link>
        <p className="enrol-card__note">
          Sign in to apply or to get the itinerary by e-mail; we confirm seats within two working days.
        </p>
      </div>
    );
  }
  // Read in the browser only (the signed-in panel is never server-rendered): no clock in SSR.
  return (
    <SignedInPanel tripId={tripId} tripTitle={tripTitle} started={hasStarted(startDate)} session={session} />
  );
}

function SignedInPanel({
  tripId,
  tripTitle,
  started,
  session,
}: {
  tripId: number;
  tripTitle: string;
  started: boolean;
  session: NonNullable<ReturnType<typeof useSession>>;
}) {
  const userId = session.user.id;
  const query = useTripApplicationDetailsQuery({ tripId, userId });
  const [dialog, setDialog] = useState<'apply' | 'edit' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // After a save the dialog (and the button that opened it) is gone: focus goes to the status.
  const focusStatus = useRef(false);
  useEffect(() => {
    if (focusStatus.current && dialog === null) {
      focusStatus.current = false;
      statusRef.current?.focus();
    }
  }, [dialog]);

  const application = query.currentData?.application ?? null;

  let body;
  if (query.isLoading || (query.isFetching && !query.currentData)) {
    body = <LoadingNote>Checking your application…</LoadingNote>;
  } else if (query.isError && !query.currentData) {
    body = (
      <div className="load-error" role="alert">
        <p>
          <strong>Your application could not be loaded.</strong> {apiFormMessage(query.error)}
        </p>
        <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const status = application ? STATUS_TEXT[application.status] : null;
    body = (
      <>
        {application && status ? (
          <div
            ref={statusRef}
            tabIndex={-1}
            className="trip-apply__status"
            aria-labelledby="trip-apply-status-title"
          >
            <h2 id="trip-apply-status-title" className="trip-apply__title">
              Your application{' '}
              <span className={`chip trip-app__status trip-app__status--${application.status}`}>
                {status.label}
              </span>
            </h2>
            <p className="trip-apply__meta">
              Applied on {formatDay(application.createdAt.slice(0, 10)) || application.createdAt.slice(0, 10)}
            </p>
            <p className="trip-apply__text">{status.text}</p>
            {application.reviewNote ? (
              <p className="trip-apply__note">
                <span className="visually-hidden">Note from the team: </span>
                {application.reviewNote}
              </p>
            ) : null}
          </div>
        ) : null}
        <div role="status">{notice ? <p className="form-alert form-alert--success">{notice}</p> : null}</div>
        {application?.editable ? (
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => {
              setNotice(null);
              setDialog('edit');
            }}
          >
            Edit your application
          </button>
        ) : null}
        {application && (application.status === 'submitted' || application.status === 'shortlisted') ? (
          <WithdrawButton
            applicationId={application.id}
            userId={userId}
            onWithdrawn={() => setNotice('Your application is withdrawn.')}
          />
        ) : null}
        {canApplyAgain(application) ? (
          started ? (
            <p className="enrol-card__note">
              Applications for this trip have closed: it has already started.
            </p>
          ) : (
            <button
              type="button"
              className="button button--primary button--block button--large"
              onClick={() => {
                setNotice(null);
                setDialog('apply');
              }}
            >
              {application ? 'Apply again' : 'Apply for this trip'}
            </button>
          )
        ) : null}
      </>
    );
  }

  return (
    <div className="trip-apply">
      {body}
      <ItineraryButton tripId={tripId} />
      {dialog ? (
        <Suspense fallback={<LoadingNote>Opening the form…</LoadingNote>}>
          <TripApplicationDialog
            tripId={tripId}
            tripTitle={tripTitle}
            userId={userId}
            user={session.user}
            application={dialog === 'edit' ? application : null}
            onClose={() => setDialog(null)}
            onSaved={(_saved, kind) => {
              setNotice(
                kind === 'added'
                  ? 'Application sent. We have e-mailed you a copy.'
                  : kind === 'updated'
                    ? 'Your changes are saved.'
                    : 'Nothing to save: no changes.',
              );
              focusStatus.current = true;
              setDialog(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Withdrawing asks once more (it cannot be undone; a new application can be sent instead). */
function WithdrawButton({
  applicationId,
  userId,
  onWithdrawn,
}: {
  applicationId: number;
  userId: number;
  onWithdrawn: () => void;
}) {
  const [update, state] = useUpdateTripApplicationMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const withdraw = async () => {
    setError(null);
    try {
      await update({ userId, body: { applicationId, withdraw: true } }).unwrap();
      setAsking(false);
      onWithdrawn();
    } catch (failure) {
      setError(apiFormMessage(failure));
    }
  };
  if (!asking) {
    return (
      <button type="button" className="button button--quiet button--block" onClick={() => setAsking(true)}>
        Withdraw application
      </button>
    );
  }
  return (
    <div className="trip-apply__confirm" role="group" aria-labelledby="trip-withdraw-question">
      <p id="trip-withdraw-question" className="trip-apply__text">
        Withdraw your application? Your seat is released; you can apply again while applications are open.
      </p>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="trip-apply__confirm-actions">
        <button
          ref={confirmRef}
          type="button"
          className="button button--primary"
          onClick={() => void withdraw()}
          disabled={state.isLoading}
          aria-busy={state.isLoading || undefined}
        >
          {state.isLoading ? 'Withdrawing…' : 'Yes, withdraw'}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setAsking(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}

function ItineraryButton({ tripId }: { tripId: number }) {
  const [send, state] = useSendItineraryMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const click = async () => {
    setOutcome(null);
    try {
      const { sentTo } = await send({ tripId }).unwrap();
      setOutcome({ tone: 'success', text: `Itinerary sent to ${sentTo}. Check your inbox in a minute.` });
    } catch (error) {
      // The server's own sentence for a 409 (no verified e-mail) and a 429 (asked too often).
      const text =
        isApiError(error) && error.status === 429 && error.message.trim() === ''
          ? 'You have asked for this itinerary too often just now. Please try again later.'
          : apiFormMessage(error);
      setOutcome({ tone: 'error', text });
    }
  };
  return (
    <div className="trip-apply__itinerary">
      <button
        type="button"
        className="button button--quiet button--block"
        onClick={() => void click()}
        disabled={state.isLoading}
        aria-busy={state.isLoading || undefined}
      >
        {state.isLoading ? 'Sending…' : 'E-mail me the itinerary'}
      </button>
      <div aria-live="polite">
        {outcome ? (
          <p className={`form-alert form-alert--${outcome.tone === 'success' ? 'success' : 'error'}`}>
            {outcome.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
