import { useState } from 'react';
import { useLoginMutation } from '../../../lib/api/account';
import {
  FormAlert,
  FormTextField,
  isApiError,
  showApiFailure,
  SubmitButton,
  useContractForm,
} from '../../../lib/forms';
import { toIdentifier } from './machine';
import { passwordFields, passwordSchema, type PasswordForm } from './schemas';
import { PasswordToggle, useRequestCode, type StepProps } from './shared';

/** The account has a password: ask for it (or send a code instead, or reset it). */
export function PasswordStep({ state, dispatch, finish }: StepProps) {
  const [login, loginState] = useLoginMutation();
  const [requestCode, sending] = useRequestCode(dispatch);
  const [shown, setShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const identifier = state.identifier.trim();
  const form = useContractForm<PasswordForm>(passwordSchema(identifier), { password: '' });

  const onSubmit = async ({ password }: PasswordForm) => {
    setFormError(null);
    try {
      await login({ ...toIdentifier(identifier), password }).unwrap();
      finish(false);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        form.setError(
          'password',
          {
            type: 'server',
            message: 'That password is not correct. Try again, or sign in with a one-time code.',
          },
          { shouldFocus: true },
        );
      } else {
        setFormError(showApiFailure(error, form.setError, passwordFields));
      }
    }
  };

  const sendCodeInstead = async () => {
    setFormError(null);
    try {
      await requestCode('login', toIdentifier(identifier));
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, {}));
    }
  };

  return (
    <>
      <p className="auth-flow__lede">
        Signing in as <strong>{identifier}</strong>.
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <input type="hidden" name="username" value={identifier} autoComplete="username" />
        <FormTextField
          control={form.control}
          name="password"
          label="Password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          required
          addon={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
        />
        <SubmitButton busy={loginState.isLoading} busyLabel="Signing in…">
          Log in
        </SubmitButton>
      </form>
      <div className="auth-flow__links">
        <button
          type="button"
          className="link-button"
          disabled={sending}
          onClick={() => void sendCodeInstead()}
        >
          Send me a one-time code instead
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => dispatch({ type: 'go', step: { kind: 'forgot' } })}
        >
          Forgot password?
        </button>
      </div>
    </>
  );
}
