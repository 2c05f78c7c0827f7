import { useEffect, useReducer, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogout } from '../../lib/api/account';
import { DASHBOARD_PATH, onboardingPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { isGoogleSignInConfigured } from './google-client-id';
import { GoogleSignInProvider } from './google-sign-in';
import { ForgotStep } from './login/forgot-step';
import { IdentifyStep } from './login/identify-step';
import { backOf, initialLoginState, loginReducer, stepTitle } from './login/machine';
import { NewPasswordStep } from './login/new-password-step';
import { OtpStep } from './login/otp-step';
import { PasswordStep } from './login/password-step';
import { useReturnPath, type StepProps } from './login/shared';
import { SignupStep } from './login/signup-step';
import '../../lib/forms.css';
import './auth.css';

/*
 * `/auth/login` (spec §2, §7 "Auth"): one page for every way in. The steps (identify, password,
 * otp, signup, forgot, new-password) are a state machine (./login/machine.ts), one component per
 * step (./login/*-step.tsx), each form checked with the contract's body schema (./login/schemas.ts).
 *
 * After signing in the user goes back where they came from (`?next=` or the router's state; same
 * site only), new accounts through onboarding first.
 */

export function LoginPage() {
  const googleConfigured = isGoogleSignInConfigured();
  return (
    <div className="auth-page">
      <div className="container auth-page__grid">
        <AuthAside />
        <div className="auth-card">
          {googleConfigured ? (
            <GoogleSignInProvider>
              <LoginFlow googleEnabled />
            </GoogleSignInProvider>
          ) : (
            <LoginFlow googleEnabled={false} />
          )}
        </div>
      </div>
    </div>
  );
}

function AuthAside() {
  return (
    <aside className="auth-aside" aria-label="Why Atelier">
      <p className="eyebrow">Atelier for learners</p>
      <p className="auth-aside__title">Your studio, sessions and certificates in one place.</p>
      <ul className="auth-aside__list">
        <li>Join live masterclasses with practising architects</li>
        <li>Submit assignments and get reviewed</li>
        <li>Earn certificates and coins as you learn</li>
      </ul>
    </aside>
  );
}

function LoginFlow({ googleEnabled }: { googleEnabled: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const next = useReturnPath();
  const [params] = useSearchParams();
  // `?identifier=` prefills the first step (the checkout's success page sends a buyer here with
  // their e-mail address); it is only text in a box, never acted on without the person.
  const [state, dispatch] = useReducer(loginReducer, params.get('identifier'), (identifier) => ({
    ...initialLoginState,
    identifier: identifier?.trim().slice(0, 254) ?? '',
  }));
  const { step } = state;
  const { logout, isLoggingOut } = useLogout();

  // Move focus to the new step's heading, so screen readers announce where the user is.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const finish = (isNewUser: boolean) => {
    dispatch({ type: 'leaving' });
    void navigate(isNewUser ? onboardingPath(next) : (next ?? DASHBOARD_PATH), { replace: true });
  };

  // Already signed in (and not in the middle of a flow here): offer to continue or switch account.
  if (session && step.kind === 'identify' && !state.leaving) {
    const firstName = (session.user.name ?? '').split(' ')[0] || 'there';
    return (
      <section className="auth-flow" aria-labelledby="auth-heading">
        <h1 id="auth-heading" className="auth-flow__title" tabIndex={-1} ref={heading}>
          You are signed in
        </h1>
        <p className="auth-flow__lede">
          Welcome back, {firstName}. You are signed in as {session.user.email ?? session.user.mobile}.
        </p>
        <div className="auth-flow__actions">
          <Link
            className="button button--primary button--large button--block"
            to={next ?? DASHBOARD_PATH}
            replace
          >
            Continue
          </Link>
          <button
            type="button"
            className="button button--quiet button--large button--block"
            onClick={() => void logout()}
            disabled={isLoggingOut}
            aria-busy={isLoggingOut || undefined}
          >
            Log out and use another account
          </button>
        </div>
      </section>
    );
  }

  const back = step.kind === 'new-password' ? { kind: 'identify' as const } : backOf(step);
  const props: StepProps = { state, dispatch, finish, next };

  return (
    <section className="auth-flow" aria-labelledby="auth-heading">
      {back ? (
        <button
          type="button"
          className="auth-flow__back"
          onClick={() => dispatch({ type: 'go', step: back })}
        >
          <span aria-hidden="true">←</span> Back
        </button>
      ) : null}
      <h1 id="auth-heading" className="auth-flow__title" tabIndex={-1} ref={heading}>
        {stepTitle(step)}
      </h1>
      {step.kind === 'identify' ? <IdentifyStep {...props} googleEnabled={googleEnabled} /> : null}
      {step.kind === 'password' ? <PasswordStep {...props} /> : null}
      {step.kind === 'otp' ? (
        <OtpStep key={`${step.purpose}:${JSON.stringify(step.target)}`} {...props} step={step} />
      ) : null}
      {step.kind === 'signup' ? <SignupStep {...props} /> : null}
      {step.kind === 'forgot' ? <ForgotStep {...props} /> : null}
      {step.kind === 'new-password' ? <NewPasswordStep {...props} /> : null}
    </section>
  );
}
