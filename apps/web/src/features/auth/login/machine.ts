import type { OtpPurpose } from '@atelier/contract';

/*
 * The steps of `/auth/login` as a state machine: the state says which step is shown and what
 * the steps share (what was typed to identify, the sign-up draft, the resend countdown); events
 * are what happened (an answer from the server, a link pressed). Each step is one component
 * (see ./steps) that sends events; nothing else changes the step.
 *
 *   identify ── POST /api/auth/check ──┬─ has a password ──────────── password ── POST /api/auth/login
 *                                      ├─ exists, no password ─ send/otp ─ otp ── POST /api/auth/verify-otp
 *                                      └─ no account ─────────────── signup ─┬─ with password: POST /api/auth/register
 *                                                                            └─ without: send/otp (register) ─ otp
 *   password ── "Forgot password?" ── forgot ── send/otp (reset) ── otp ── new-password ── POST /api/auth/password/add
 *   Google (when configured) ── POST /api/auth/google/login
 */

export type Identifier = { email: string } | { mobile: string };

export type Step =
  | { kind: 'identify' }
  | { kind: 'password' }
  | { kind: 'otp'; purpose: OtpPurpose; target: Identifier; channel: 'email' | 'sms' }
  | { kind: 'signup' }
  | { kind: 'forgot' }
  | { kind: 'new-password' };

export interface SignupDraft {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

/** A countdown: when it started (ms) and when it ends (ms). */
export interface Countdown {
  startedAt: number;
  until: number;
}

export interface LoginState {
  step: Step;
  /** The e-mail address or mobile number as typed on the identify (or forgot) step. */
  identifier: string;
  signup: SignupDraft;
  /** A note for the step (a new code was sent, no account yet, code accepted). */
  notice: string | null;
  /** When another code may be asked for. */
  resendAt: Countdown | null;
  /** Signed in and on the way out: the "already signed in" view must not flash. */
  leaving: boolean;
}

export type LoginEvent =
  /** A link or "Back": show `step`; `identifier` when the link carries one ("Log in instead"). */
  | { type: 'go'; step: Step; identifier?: string }
  /** auth/check: the account exists and has a password. */
  | { type: 'has-password'; identifier: string }
  /** auth/check: no account for `target` yet. */
  | { type: 'no-account'; identifier: string; target: Identifier }
  /** A code was sent; `signup` keeps the sign-up draft (name, mobile) for after the code. */
  | {
      type: 'code-sent';
      purpose: OtpPurpose;
      target: Identifier;
      channel: 'email' | 'sms';
      resendAt: Countdown;
      identifier?: string;
      signup?: SignupDraft;
    }
  /** Another code was sent on the otp step. */
  | { type: 'code-resent'; resendAt: Countdown }
  /** The server said to wait (429 Retry-After) before another code. */
  | { type: 'throttled'; resendAt: Countdown; clearNotice?: boolean }
  /** A reset code was accepted: the person is signed in and picks a new password. */
  | { type: 'reset-verified' }
  /** Signed in; the page is navigating away. */
  | { type: 'leaving' };

export const initialLoginState: LoginState = {
  step: { kind: 'identify' },
  identifier: '',
  signup: { name: '', email: '', mobile: '', password: '' },
  notice: null,
  resendAt: null,
  leaving: false,
};

export function toIdentifier(text: string): Identifier {
  const value = text.trim();
  return value.includes('@') ? { email: value } : { mobile: value };
}

export function describe(target: Identifier): string {
  return 'email' in target ? target.email : target.mobile;
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'go':
      return { ...state, step: event.step, identifier: event.identifier ?? state.identifier };
    case 'has-password':
      return { ...state, step: { kind: 'password' }, identifier: event.identifier };
    case 'no-account':
      return {
        ...state,
        step: { kind: 'signup' },
        identifier: event.identifier,
        signup: {
          ...state.signup,
          email: 'email' in event.target ? event.target.email : state.signup.email,
          mobile: 'mobile' in event.target ? event.target.mobile : state.signup.mobile,
        },
        notice: `There is no account for ${describe(event.target)} yet. Create one in a minute.`,
      };
    case 'code-sent':
      return {
        ...state,
        step: { kind: 'otp', purpose: event.purpose, target: event.target, channel: event.channel },
        identifier: event.identifier ?? state.identifier,
        signup: event.signup ?? state.signup,
        resendAt: event.resendAt,
        notice: null,
      };
    case 'code-resent':
      return state.step.kind === 'otp'
        ? {
            ...state,
            resendAt: event.resendAt,
            notice: `We sent a new code to ${describe(state.step.target)}.`,
          }
        : state;
    case 'throttled':
      return { ...state, resendAt: event.resendAt, notice: event.clearNotice ? null : state.notice };
    case 'reset-verified':
      return {
        ...state,
        step: { kind: 'new-password' },
        notice: 'Code accepted. You are signed in; now choose your new password.',
      };
    case 'leaving':
      return { ...state, leaving: true };
  }
}

/** Where "Back" leads from a step (none from the first). */
export function backOf(step: Step): Step | null {
  switch (step.kind) {
    case 'identify':
      return null;
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

const STEP_TITLES: Record<Step['kind'], string> = {
  identify: 'Log in or create an account',
  password: 'Enter your password',
  otp: 'Check your inbox',
  signup: 'Create your account',
  forgot: 'Reset your password',
  'new-password': 'Choose a new password',
};

export function stepTitle(step: Step): string {
  return step.kind === 'otp' && step.channel === 'sms' ? 'Check your messages' : STEP_TITLES[step.kind];
}
