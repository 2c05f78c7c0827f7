import type { OtpPurpose } from '@atelier/contract';
import { useEffect, useState, type Dispatch } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSendOtpMutation } from '../../../lib/api/account';
import { isApiError } from '../../../lib/forms';
import { safeNextPath } from '../../../lib/return-path';
import type { Countdown, Identifier, LoginEvent, LoginState } from './machine';

/** What every step gets: the shared state, the way to send events, and the way out. */
export interface StepProps {
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  /** Signed in: leave for `?next=` (or the dashboard), new accounts through onboarding first. */
  finish: (isNewUser: boolean) => void;
  /** Where to go after signing in (`?next=` or the router state), same site only. */
  next: string | null;
}

/** Seconds before another code may be asked for when the server did not say (its own gap is 30 s). */
export const DEFAULT_RESEND_SECONDS = 30;

/** Milliseconds until another code may be asked for, from the server's `resendAfterSeconds`. */
export function resendDelay(seconds: number | undefined): number {
  return (typeof seconds === 'number' && seconds >= 0 ? seconds : DEFAULT_RESEND_SECONDS) * 1000;
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A countdown of `ms` milliseconds from now (called from event handlers, never during render). */
export function countdownOf(ms: number): Countdown {
  const startedAt = Date.now();
  return { startedAt, until: startedAt + ms };
}

/** Ticks every second while the countdown runs; returns the seconds left. */
export function useCountdown(countdown: Countdown | null): number {
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
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return safeNextPath(params.get('next')) ?? safeNextPath(state?.from);
}

/**
 * Asks for a one-time code and moves to the otp step; a 429 starts the countdown from its
 * Retry-After. Rejects with the call's error so that the step can show it.
 */
export function useRequestCode(dispatch: Dispatch<LoginEvent>) {
  const [sendOtp, { isLoading }] = useSendOtpMutation();
  const request = async (
    purpose: OtpPurpose,
    target: Identifier,
    carry: { identifier?: string; signup?: LoginState['signup'] } = {},
  ): Promise<void> => {
    try {
      const sent = await sendOtp({ ...target, purpose }).unwrap();
      dispatch({
        type: 'code-sent',
        purpose,
        target,
        channel: sent.channel,
        resendAt: countdownOf(resendDelay(sent.resendAfterSeconds)),
        ...carry,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.retryAfter) {
        dispatch({ type: 'throttled', resendAt: countdownOf(error.retryAfter * 1000) });
      }
      throw error;
    }
  };
  return [request, isLoading] as const;
}

/** The "Show / Hide password" button inside a password field. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="form-field__addon" onClick={onToggle} aria-pressed={shown}>
      {shown ? 'Hide' : 'Show'}
      <span className="visually-hidden"> password</span>
    </button>
  );
}
