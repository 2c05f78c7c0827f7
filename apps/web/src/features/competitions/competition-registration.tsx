import type { CompetitionDetails, CompetitionRegistration } from '@atelier/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadingNote } from '../../components/ui/load-states';
import { formatDay } from '../../lib/format';
import { apiFieldErrors, apiFormMessage, fieldMessage, TextField } from '../../lib/forms';
import { competitionPaymentPath, loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useGetCompetitionRegistrationQuery, useRegisterForCompetitionMutation } from './api/competitions';

/*
 * Taking part in a competition (issue 16). A visitor is sent to sign in and back. A signed-in
 * learner sees their registration; while registration is open they register: a free competition
 * at once (`POST /api/competition/register`, with an optional team name), a paid one on its
 * checkout page (`/payments/competition/{id}`: the commerce order flow and the provider's checkout).
 */

const REGISTRATION_TEXT: Record<CompetitionRegistration['status'], { label: string; text: string }> = {
  confirmed: {
    label: 'You are registered',
    text: 'We have e-mailed you the brief and the submission steps.',
  },
  pending: {
    label: 'Waiting for your payment',
    text: 'Your place is confirmed once the entry fee is paid.',
  },
  cancelled: {
    label: 'Registration cancelled',
    text: 'This registration was cancelled and its fee refunded. Write to us below if this is a mistake.',
  },
};

export function CompetitionRegistrationPanel({
  competition,
  fee,
}: {
  competition: CompetitionDetails;
  fee: string | null;
}) {
  const session = useSession();
  const location = useLocation();
  const closedNote =
    competition.phase === 'over' ? (
      <p className="enrol-card__note">This competition is over.</p>
    ) : competition.phase === 'closed' ? (
      <p className="enrol-card__note">Registration for this competition has closed.</p>
    ) : null;

  if (!session) {
    return (
      <div className="competition-register">
        {competition.phase === 'open' ? (
          <>
            <Link
              to={loginPath(`${location.pathname}${location.search}`)}
              className="button button--primary button--block button--large"
            >
              Sign in to register
            </Link>
            <p className="enrol-card__note">
              {competition.amount === 0
                ? 'Free to enter: sign in and register in one click.'
                : 'Sign in, then pay the entry fee to register.'}
            </p>
          </>
        ) : (
          closedNote
        )}
      </div>
    );
  }
  return (
    <SignedInRegistration
      competition={competition}
      fee={fee}
      userId={session.user.id}
      closedNote={closedNote}
    />
  );
}

function SignedInRegistration({
  competition,
  fee,
  userId,
  closedNote,
}: {
  competition: CompetitionDetails;
  fee: string | null;
  userId: number;
  closedNote: ReactNode;
}) {
  const query = useGetCompetitionRegistrationQuery({ competitionId: competition.id, userId });
  const registration = query.currentData?.registration ?? null;

  if (query.isLoading || (query.isFetching && !query.currentData)) {
    return <LoadingNote>Checking your registration…</LoadingNote>;
  }
  if (query.isError && !query.currentData) {
    return (
      <div className="load-error" role="alert">
        <p>
          <strong>Your registration could not be loaded.</strong> {apiFormMessage(query.error)}
        </p>
        <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const state = registration ? REGISTRATION_TEXT[registration.status] : null;
  const mayRegister =
    competition.phase === 'open' && (registration === null || registration.status === 'pending');
  return (
    <div className="competition-register">
      <div aria-live="polite">
        {registration && state ? (
          <div className="competition-status" aria-labelledby="competition-registration-title">
            <h2 id="competition-registration-title" className="competition-status__title">
              <span
                className={`chip competition-registration competition-registration--${registration.status}`}
              >
                {state.label}
              </span>
            </h2>
            {registration.teamName ? (
              <p className="competition-status__meta">Team: {registration.teamName}</p>
            ) : null}
            <p className="competition-status__meta">
              Registered on{' '}
              {formatDay(registration.createdAt.slice(0, 10)) || registration.createdAt.slice(0, 10)}
            </p>
            <p className="competition-status__text">{state.text}</p>
          </div>
        ) : null}
      </div>
      {mayRegister ? (
        competition.amount === 0 ? (
          <FreeRegistration competitionId={competition.id} userId={userId} />
        ) : (
          <Link
            to={competitionPaymentPath(competition.id)}
            className="button button--primary button--block button--large"
          >
            {fee ? `Pay ${fee} and register` : 'Pay the entry fee and register'}
          </Link>
        )
      ) : registration ? null : (
        closedNote
      )}
    </div>
  );
}

function FreeRegistration({ competitionId, userId }: { competitionId: number; userId: number }) {
  const [register, state] = useRegisterForCompetitionMutation();
  const [teamName, setTeamName] = useState('');
  const [teamError, setTeamError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  const submit = async () => {
    setError(null);
    setTeamError(undefined);
    const team = teamName.trim();
    if (team.length > 80) {
      setTeamError('Team name must be at most 80 characters.');
      return;
    }
    try {
      await register({ userId, body: { competitionId, ...(team ? { teamName: team } : {}) } }).unwrap();
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      if (fields.teamName) setTeamError(fieldMessage('Team name', fields.teamName));
      else setError(apiFormMessage(failure));
    }
  };

  return (
    <form
      className="competition-register__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Team name"
        name="teamName"
        value={teamName}
        onValueChange={setTeamName}
        optional
        hint="Leave it empty to enter on your own."
        error={teamError}
        maxLength={120}
      />
      <div id={statusId} aria-live="assertive">
        {error ? <p className="form-alert form-alert--error">{error}</p> : null}
      </div>
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={state.isLoading}
        aria-busy={state.isLoading || undefined}
      >
        {state.isLoading ? 'Registering…' : 'Register for free'}
      </button>
    </form>
  );
}
