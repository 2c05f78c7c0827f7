import { PASSWORD_MIN_LENGTH } from '@atelier/contract';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useRegisterMutation } from '../../../lib/api/account';
import {
  FormAlert,
  FormTextField,
  isApiError,
  showApiFailure,
  SubmitButton,
  useContractForm,
} from '../../../lib/forms';
import type { SignupDraft } from './machine';
import { registerBody, signupFields, signupSchema } from './schemas';
import { PasswordToggle, useRequestCode, type StepProps } from './shared';

/** No account yet: name, e-mail, mobile and an optional password (without one, a code proves the e-mail). */
export function SignupStep({ state, dispatch, finish }: StepProps) {
  const [register, registerState] = useRegisterMutation();
  const [requestCode, sending] = useRequestCode(dispatch);
  const [shown, setShown] = useState(false);
  const [formError, setFormError] = useState<ReactNode>(null);
  const form = useContractForm<SignupDraft>(signupSchema, state.signup);
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = async (values: SignupDraft) => {
    setFormError(null);
    const body = registerBody(values);
    if (body.password === undefined) {
      // Without a password: prove the e-mail with a code; the account is created when it is verified.
      try {
        await requestCode('register', { email: body.email }, { signup: values });
      } catch (error) {
        setFormError(showApiFailure(error, form.setError, signupFields));
      }
      return;
    }
    try {
      await register(body).unwrap();
      finish(true);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setFormError(
          <>
            An account with this e-mail or mobile number already exists.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => dispatch({ type: 'go', step: { kind: 'identify' }, identifier: body.email })}
            >
              Log in instead
            </button>
          </>,
        );
      } else {
        setFormError(showApiFailure(error, form.setError, signupFields));
      }
    }
  };

  return (
    <>
      <p className="auth-flow__lede">
        {state.notice ??
          'A few details and you are in. Passwords are optional: we can e-mail you a code each time.'}
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <FormTextField control={form.control} name="name" label="Full name" autoComplete="name" required />
        <FormTextField
          control={form.control}
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <FormTextField
          control={form.control}
          name="mobile"
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          hint="Indian numbers need no code; others start with + and the country code."
          required
        />
        <FormTextField
          control={form.control}
          name="password"
          inputName="new-password"
          label="Password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          optional
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Leave empty to sign in with e-mailed codes.`}
          addon={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
        />
        <SubmitButton busy={registerState.isLoading || sending} busyLabel="Creating your account…">
          {password === '' ? 'Continue with an e-mail code' : 'Create account'}
        </SubmitButton>
      </form>
      <p className="auth-flow__footnote">
        Already have an account?{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => dispatch({ type: 'go', step: { kind: 'identify' } })}
        >
          Log in
        </button>
      </p>
    </>
  );
}
