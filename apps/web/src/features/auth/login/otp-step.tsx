import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useSendOtpMutation,
  useUpdateOnboardingProfileMutation,
  useVerifyOtpMutation,
} from '../../../lib/api/account';
import {
  FormAlert,
  FormTextField,
  isApiError,
  showApiFailure,
  SubmitButton,
  useContractForm,
} from '../../../lib/forms';
import { onboardingPath } from '../../../lib/return-path';
import { describe, type Step } from './machine';
import { otpSchema, type OtpForm } from './schemas';
import {
  countdownOf,
  DEFAULT_RESEND_SECONDS,
  formatCountdown,
  resendDelay,
  useCountdown,
  type StepProps,
} from './shared';

type OtpStepProps = StepProps & { step: Extract<Step, { kind: 'otp' }> };

/** A code was sent: enter it (or ask for another once the countdown ends). */
export function OtpStep({ state, dispatch, finish, next, step }: OtpStepProps) {
  const navigate = useNavigate();
  const [verifyOtp, verifyState] = useVerifyOtpMutation();
  const [sendOtp, sendState] = useSendOtpMutation();
  const [saveOnboarding] = useUpdateOnboardingProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const resendIn = useCountdown(state.resendAt);
  const form = useContractForm<OtpForm>(otpSchema(step.target, step.purpose), { otp: '' });

  const onSubmit = async ({ otp }: OtpForm) => {
    setFormError(null);
    try {
      const result = await verifyOtp({ ...step.target, otp: otp.trim(), purpose: step.purpose }).unwrap();
      if (step.purpose === 'reset') {
        dispatch({ type: 'reset-verified' });
        return;
      }
      if (step.purpose === 'register') {
        // The account was created from the verified e-mail; keep the name and mobile typed at sign-up.
        const details = { name: state.signup.name.trim(), mobile: state.signup.mobile.trim() };
        try {
          await saveOnboarding({
            ...(details.name ? { name: details.name } : {}),
            ...(details.mobile ? { mobile: details.mobile } : {}),
          }).unwrap();
        } catch {
          // shown again (with the server's message) on the onboarding form, prefilled from the draft
        }
        dispatch({ type: 'leaving' });
        void navigate(onboardingPath(next), { replace: true, state: { draft: details } });
        return;
      }
      finish(result.isNewUser);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        form.setError(
          'otp',
          {
            type: 'server',
            message: 'That code is not correct or has expired. Check it, or ask for a new one.',
          },
          { shouldFocus: true },
        );
      } else {
        setFormError(showApiFailure(error, form.setError, { otp: { field: 'otp', label: 'Code' } }));
      }
    }
  };

  const onResend = async () => {
    if (resendIn > 0) return;
    try {
      const sent = await sendOtp({ ...step.target, purpose: step.purpose }).unwrap();
      form.clearErrors();
      setFormError(null);
      dispatch({ type: 'code-resent', resendAt: countdownOf(resendDelay(sent.resendAfterSeconds)) });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        dispatch({
          type: 'throttled',
          resendAt: countdownOf((error.retryAfter ?? DEFAULT_RESEND_SECONDS) * 1000),
          clearNotice: true,
        });
      }
      setFormError(showApiFailure(error, form.setError, {}));
    }
  };

  return (
    <>
      <p className="auth-flow__lede">
        We sent a 6-digit code {step.channel === 'sms' ? 'by SMS' : 'by e-mail'} to{' '}
        <strong>{describe(step.target)}</strong>. It is valid for 10 minutes.
      </p>
      {state.notice ? <FormAlert tone="info">{state.notice}</FormAlert> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <FormTextField
          control={form.control}
          name="otp"
          label="6-digit code"
          className="form-field--code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          normalise={(value) => value.replace(/\D/g, '').slice(0, 6)}
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
  );
}
