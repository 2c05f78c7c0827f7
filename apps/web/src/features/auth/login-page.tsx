import { PASSWORD_MIN_LENGTH, type OtpPurpose } from '@atelier/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  useAddPasswordMutation,
  useCheckAccountMutation,
  useGoogleLoginMutation,
  useLoginMutation,
  useLogout,
  useRegisterMutation,
  useSendOtpMutation,
  useUpdateOnboardingProfileMutation,
  useVerifyOtpMutation,
} from '../../lib/api/account';
import {
  apiFieldErrors,
  apiFormMessage,
  fieldMessage,
  FormAlert,
  isApiError,
  SubmitButton,
  TextField,
  useFocusFirstInvalid,
} from '../../lib/forms';
import { DASHBOARD_PATH, onboardingPath, safeNextPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { isGoogleSignInConfigured } from './google-client-id';
import { GoogleSignInButton, GoogleSignInProvider } from './google-sign-in';
import './auth.css';

/*
 * `/auth/login` (spec §2, §7 "Auth"): one page for every way in.
 *
 *   identify ── POST /api/auth/check ──┬─ has a password ──────────── password ── POST /api/auth/login
 *                                      ├─ exists, no password ─ send/otp ─ otp ── POST /api/auth/verify-otp
 *                                      └─ no account ─────────────── signup ─┬─ with password: POST /api/auth/register
 *                                                                            └─ without: send/otp (register) ─ otp
 *   password ── "Forgot password?" ── forgot ── send/otp (reset) ── otp ── new-password ── POST /api/auth/password/add
 *   Google (when configured) ── POST /api/auth/google/login
 *
 * After signing in the user goes back where they came from (`?next=` or the router's state; same
 * site only), new accounts through onboarding first.
 */

type Identifier = { email: string } | { mobile: string };

type Step =
  | { kind: 'identify' }
  | { kind: 'password' }
  | { kind: 'otp'; purpose: OtpPurpose; target: Identifier; channel: 'email' | 'sms' }
  | { kind: 'signup' }
  | { kind: 'forgot' }
  | { kind: 'new-password' };

interface SignupDraft {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

/** Seconds before another code may be asked for when the server did not say (its own gap is 30 s). */
const DEFAULT_RESEND_SECONDS = 30;

/** Milliseconds until another code may be asked for, from the server's `resendAfterSeconds`. */
function resendDelay(seconds: number | undefined): number {
  return (typeof seconds === 'number' && seconds >= 0 ? seconds : DEFAULT_RESEND_SECONDS) * 1000;
}

function toIdentifier(text: string): Identifier {
  const value = text.trim();
  return value.includes('@') ? { email: value } : { mobile: value };
}

function describe(target: Identifier): string {
  return 'email' in target ? target.email : target.mobile;
}

function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A countdown: when it started (ms) and when it ends (ms). */
interface Countdown {
  startedAt: number;
  until: number;
}

/** A countdown of `ms` milliseconds from now (called from event handlers, never during render). */
function countdownOf(ms: number): Countdown {
  const startedAt = Date.now();
  return { startedAt, until: startedAt + ms };
}

/** Ticks every second while the countdown runs; returns the seconds left. */
function useCountdown(countdown: Countdown | null): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (countdown === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [countdown]);
  if (countdown === null) return 0;
  // Before its first tick the countdown counts from its own start (`now` may be an older tick's).
  return Math.max(0, Math.ceil((countdown.until - Math.max(now, countdown.startedAt)) / 1000));
}

/** The return path from `?next=` or the router state `{ from }`, same-site only. */
function useReturnPath(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return safeNextPath(params.get('next')) ?? safeNextPath(state?.from);
}

const STEP_TITLES: Record<Step['kind'], string> = {
  identify: 'Log in or create an account',
  password: 'Enter your password',
  otp: 'Check your inbox',
  signup: 'Create your account',
  forgot: 'Reset your password',
  'new-password': 'Choose a new password',
};

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

  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const [signup, setSignup] = useState<SignupDraft>({ name: '', email: '', mobile: '', password: '' });
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<Countdown | null>(null);
  const [leaving, setLeaving] = useState(false);
  const resendIn = useCountdown(resendAt);

  const [checkAccount, checkState] = useCheckAccountMutation();
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const [sendOtp, sendState] = useSendOtpMutation();
  const [verifyOtp, verifyState] = useVerifyOtpMutation();
  const [googleLogin, googleState] = useGoogleLoginMutation();
  const [addPassword, addPasswordState] = useAddPasswordMutation();
  const [saveOnboarding] = useUpdateOnboardingProfileMutation();
  const { logout, isLoggingOut } = useLogout();

  // Move focus to the new step's heading, so screen readers announce where the user is.
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = useRef<HTMLElement>(null);
  useFocusFirstInvalid(flow, errors);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const goTo = (nextStep: Step) => {
    setErrors({});
    setFormError(null);
    setStep(nextStep);
  };

  const finish = (isNewUser: boolean) => {
    setLeaving(true);
    void navigate(isNewUser ? onboardingPath(next) : (next ?? DASHBOARD_PATH), { replace: true });
  };

  /** Shows a failed call: its field errors beside the fields (labelled), its message above the form. */
  const showFailure = (error: unknown, labels: Record<string, string>) => {
    const fields = apiFieldErrors(error);
    const mapped: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) {
      const label = labels[path];
      if (label) mapped[path] = fieldMessage(label, message);
    }
    setErrors(mapped);
    setFormError(
      Object.keys(mapped).length > 0 && Object.keys(mapped).length === Object.keys(fields).length
        ? null
        : apiFormMessage(error),
    );
  };

  const startOtp = async (
    purpose: OtpPurpose,
    target: Identifier,
    labels: Record<string, string>,
  ): Promise<boolean> => {
    try {
      const sent = await sendOtp({ ...target, purpose }).unwrap();
      setCode('');
      setResendAt(countdownOf(resendDelay(sent.resendAfterSeconds)));
      setNotice(null);
      goTo({ kind: 'otp', purpose, target, channel: sent.channel });
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.retryAfter) {
        setResendAt(countdownOf(error.retryAfter * 1000));
      }
      showFailure(error, labels);
      return false;
    }
  };

  const onIdentify = async (event: FormEvent) => {
    event.preventDefault();
    if (identifier.trim() === '') {
      setErrors({ email: 'Enter your e-mail address or mobile number.' });
      setFormError(null);
      return;
    }
    const target = toIdentifier(identifier);
    const labels = { email: 'E-mail address', mobile: 'Mobile number' };
    try {
      const result = await checkAccount(target).unwrap();
      if (result.exists && result.hasPassword) {
        goTo({ kind: 'password' });
      } else if (result.exists) {
        await startOtp('login', target, labels);
      } else {
        setSignup((draft) => ({
          ...draft,
          email: 'email' in target ? target.email : draft.email,
          mobile: 'mobile' in target ? target.mobile : draft.mobile,
        }));
        setNotice(`There is no account for ${describe(target)} yet. Create one in a minute.`);
        goTo({ kind: 'signup' });
      }
    } catch (error) {
      // A mobile number the contract rejects is reported on `mobile`; it is the same box here.
      const fields = apiFieldErrors(error);
      const message = fields.email ?? fields.mobile;
      if (message) {
        setErrors({ email: fieldMessage('email' in target ? 'E-mail address' : 'Mobile number', message) });
        setFormError(null);
      } else {
        showFailure(error, {});
      }
    }
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setErrors({ password: 'Enter your password.' });
      return;
    }
    try {
      await login({ ...toIdentifier(identifier), password }).unwrap();
      finish(false);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setErrors({ password: 'That password is not correct. Try again, or sign in with a one-time code.' });
        setFormError(null);
      } else {
        showFailure(error, { password: 'Password' });
      }
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'otp') return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ otp: 'Enter the 6-digit code from the message.' });
      return;
    }
    try {
      const result = await verifyOtp({ ...step.target, otp: code.trim(), purpose: step.purpose }).unwrap();
      if (step.purpose === 'reset') {
        setNotice('Code accepted. You are signed in; now choose your new password.');
        goTo({ kind: 'new-password' });
        return;
      }
      if (step.purpose === 'register') {
        // The account was created from the verified e-mail; keep the name and mobile typed at sign-up.
        const details = { name: signup.name.trim(), mobile: signup.mobile.trim() };
        try {
          await saveOnboarding({
            ...(details.name ? { name: details.name } : {}),
            ...(details.mobile ? { mobile: details.mobile } : {}),
          }).unwrap();
        } catch {
          // shown again (with the server's message) on the onboarding form, prefilled from the draft
        }
        setLeaving(true);
        void navigate(onboardingPath(next), { replace: true, state: { draft: details } });
        return;
      }
      finish(result.isNewUser);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setErrors({ otp: 'That code is not correct or has expired. Check it, or ask for a new one.' });
        setFormError(null);
      } else {
        showFailure(error, { otp: 'Code' });
      }
    }
  };

  const onResend = async () => {
    if (step.kind !== 'otp' || resendIn > 0) return;
    try {
      const sent = await sendOtp({ ...step.target, purpose: step.purpose }).unwrap();
      setResendAt(countdownOf(resendDelay(sent.resendAfterSeconds)));
      setErrors({});
      setFormError(null);
      setNotice(`We sent a new code to ${describe(step.target)}.`);
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setResendAt(countdownOf((error.retryAfter ?? DEFAULT_RESEND_SECONDS) * 1000));
      }
      setNotice(null);
      showFailure(error, {});
    }
  };

  const onSignup = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (signup.name.trim() === '') missing.name = 'Enter your full name.';
    if (signup.email.trim() === '') missing.email = 'Enter your e-mail address.';
    if (signup.mobile.trim() === '') missing.mobile = 'Enter your mobile number.';
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      setFormError(null);
      return;
    }
    const labels = { name: 'Name', email: 'E-mail address', mobile: 'Mobile number', password: 'Password' };
    if (signup.password !== '') {
      try {
        await register({
          name: signup.name.trim(),
          email: signup.email.trim(),
          mobile: signup.mobile.trim(),
          password: signup.password,
        }).unwrap();
        finish(true);
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          setErrors({});
          setFormError(
            <>
              An account with this e-mail or mobile number already exists.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setIdentifier(signup.email.trim());
                  goTo({ kind: 'identify' });
                }}
              >
                Log in instead
              </button>
            </>,
          );
        } else {
          showFailure(error, labels);
        }
      }
      return;
    }
    // Without a password: prove the e-mail with a code; the account is created when it is verified.
    await startOtp('register', { email: signup.email.trim() }, labels);
  };

  const onForgot = async (event: FormEvent) => {
    event.preventDefault();
    if (identifier.trim() === '') {
      setErrors({ email: 'Enter your e-mail address or mobile number.' });
      return;
    }
    const target = toIdentifier(identifier);
    await startOtp('reset', target, { email: 'E-mail address', mobile: 'Mobile number' });
  };

  const onNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setErrors({ password: `Use at least ${PASSWORD_MIN_LENGTH} characters.` });
      return;
    }
    try {
      await addPassword({ password: newPassword }).unwrap();
      finish(false);
    } catch (error) {
      showFailure(error, { password: 'Password', currentPassword: 'Current password' });
    }
  };

  const onGoogleCredential = useCallback(
    (credential: string) => {
      setErrors({});
      setFormError(null);
      googleLogin({ credential })
        .unwrap()
        .then((result) => {
          setLeaving(true);
          void navigate(result.isNewUser ? onboardingPath(next) : (next ?? DASHBOARD_PATH), {
            replace: true,
          });
        })
        .catch((error: unknown) => {
          setFormError(
            isApiError(error) && error.status === 409
              ? 'An Atelier account already uses this e-mail address. Log in with your e-mail first; you can then use Google next time.'
              : apiFormMessage(error),
          );
        });
    },
    [googleLogin, navigate, next],
  );

  // Already signed in (and not in the middle of a flow here): offer to continue or switch account.
  if (session && step.kind === 'identify' && !leaving && !checkState.isLoading) {
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

  const title =
    step.kind === 'otp' && step.channel === 'sms' ? 'Check your messages' : STEP_TITLES[step.kind];
  const back = (label: string, to: Step) => (
    <button type="button" className="auth-flow__back" onClick={() => goTo(to)}>
      <span aria-hidden="true">←</span> {label}
    </button>
  );

  return (
    <section className="auth-flow" aria-labelledby="auth-heading" ref={flow}>
      {step.kind !== 'identify'
        ? back('Back', step.kind === 'new-password' ? { kind: 'identify' } : backOf(step))
        : null}
      <h1 id="auth-heading" className="auth-flow__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>

      {step.kind === 'identify' ? (
        <>
          <p className="auth-flow__lede">
            Use your e-mail address or mobile number. New here? We will set you up.
          </p>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onIdentify(e)} noValidate>
            <TextField
              label="E-mail or mobile number"
              name="username"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={identifier}
              onValueChange={setIdentifier}
              error={errors.email}
              hint="Outside India? Start your mobile number with + and the country code."
              required
            />
            <SubmitButton busy={checkState.isLoading || sendState.isLoading} busyLabel="Checking…">
              Continue
            </SubmitButton>
          </form>
          {googleEnabled ? (
            <>
              <div className="auth-divider" role="separator">
                <span>or</span>
              </div>
              <GoogleSignInButton
                onCredential={onGoogleCredential}
                busy={googleState.isLoading}
                autoOpen={params.get('google') === '1'}
              />
            </>
          ) : null}
          <p className="auth-flow__footnote">
            New to Atelier?{' '}
            <button type="button" className="link-button" onClick={() => goTo({ kind: 'signup' })}>
              Create an account
            </button>
          </p>
        </>
      ) : null}

      {step.kind === 'password' ? (
        <>
          <p className="auth-flow__lede">
            Signing in as <strong>{identifier.trim()}</strong>.
          </p>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onPassword(e)} noValidate>
            <input type="hidden" name="username" value={identifier.trim()} autoComplete="username" />
            <TextField
              label="Password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              error={errors.password}
              required
              addon={
                <button
                  type="button"
                  className="form-field__addon"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-pressed={showPassword}
                >
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              }
            />
            <SubmitButton busy={loginState.isLoading} busyLabel="Signing in…">
              Log in
            </SubmitButton>
          </form>
          <div className="auth-flow__links">
            <button
              type="button"
              className="link-button"
              disabled={sendState.isLoading}
              onClick={() => void startOtp('login', toIdentifier(identifier), {})}
            >
              Send me a one-time code instead
            </button>
            <button type="button" className="link-button" onClick={() => goTo({ kind: 'forgot' })}>
              Forgot password?
            </button>
          </div>
        </>
      ) : null}

      {step.kind === 'otp' ? (
        <>
          <p className="auth-flow__lede">
            We sent a 6-digit code {step.channel === 'sms' ? 'by SMS' : 'by e-mail'} to{' '}
            <strong>{describe(step.target)}</strong>. It is valid for 10 minutes.
          </p>
          {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onVerify(e)} noValidate>
            <TextField
              label="6-digit code"
              name="otp"
              className="form-field--code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
              error={errors.otp}
              required
            />
            <SubmitButton busy={verifyState.isLoading} busyLabel="Checking the code…">
              {step.purpose === 'register'
                ? 'Verify and create account'
                : step.purpose === 'reset'
                  ? 'Verify code'
                  : 'Log in'}
            </SubmitButton>
          </form>
          <p className="auth-flow__footnote" aria-live="polite">
            Did not get it?{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => void onResend()}
              disabled={resendIn > 0 || sendState.isLoading}
            >
              {resendIn > 0 ? `Resend code in ${formatCountdown(resendIn)}` : 'Resend code'}
            </button>
          </p>
        </>
      ) : null}

      {step.kind === 'signup' ? (
        <>
          <p className="auth-flow__lede">
            {notice ??
              'A few details and you are in. Passwords are optional: we can e-mail you a code each time.'}
          </p>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onSignup(e)} noValidate>
            <TextField
              label="Full name"
              name="name"
              autoComplete="name"
              value={signup.name}
              onValueChange={(name) => setSignup((d) => ({ ...d, name }))}
              error={errors.name}
              required
            />
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={signup.email}
              onValueChange={(email) => setSignup((d) => ({ ...d, email }))}
              error={errors.email}
              required
            />
            <TextField
              label="Mobile number"
              name="mobile"
              type="tel"
              autoComplete="tel"
              value={signup.mobile}
              onValueChange={(mobile) => setSignup((d) => ({ ...d, mobile }))}
              error={errors.mobile}
              hint="Indian numbers need no code; others start with + and the country code."
              required
            />
            <TextField
              label="Password"
              name="new-password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              value={signup.password}
              onValueChange={(value) => setSignup((d) => ({ ...d, password: value }))}
              error={errors.password}
              optional
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Leave empty to sign in with e-mailed codes.`}
              addon={
                <button
                  type="button"
                  className="form-field__addon"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-pressed={showPassword}
                >
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              }
            />
            <SubmitButton
              busy={registerState.isLoading || sendState.isLoading}
              busyLabel="Creating your account…"
            >
              {signup.password === '' ? 'Continue with an e-mail code' : 'Create account'}
            </SubmitButton>
          </form>
          <p className="auth-flow__footnote">
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => goTo({ kind: 'identify' })}>
              Log in
            </button>
          </p>
        </>
      ) : null}

      {step.kind === 'forgot' ? (
        <>
          <p className="auth-flow__lede">
            We will send a one-time code. Enter it, then choose a new password.
          </p>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onForgot(e)} noValidate>
            <TextField
              label="E-mail or mobile number"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={identifier}
              onValueChange={setIdentifier}
              error={errors.email}
              required
            />
            <SubmitButton busy={sendState.isLoading} busyLabel="Sending the code…">
              Send code
            </SubmitButton>
          </form>
        </>
      ) : null}

      {step.kind === 'new-password' ? (
        <>
          {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void onNewPassword(e)} noValidate>
            <input type="hidden" name="username" value={identifier.trim()} autoComplete="username" />
            <TextField
              label="New password"
              name="new-password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              value={newPassword}
              onValueChange={setNewPassword}
              error={errors.password}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out.`}
              required
              addon={
                <button
                  type="button"
                  className="form-field__addon"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-pressed={showPassword}
                >
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              }
            />
            <SubmitButton busy={addPasswordState.isLoading} busyLabel="Saving…">
              Save password and continue
            </SubmitButton>
          </form>
        </>
      ) : null}
    </section>
  );
}

/** Where "Back" leads from a step. */
function backOf(step: Step): Step {
  switch (step.kind) {
    case 'otp':
      return step.purpose === 'register'
        ? { kind: 'signup' }
        : step.purpose === 'reset'
          ? { kind: 'forgot' }
          : { kind: 'identify' };
    case 'forgot':
      return { kind: 'password' };
    default:
      return { kind: 'identify' };
  }
}
