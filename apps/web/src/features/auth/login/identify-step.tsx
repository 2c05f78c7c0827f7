import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCheckAccountMutation, useGoogleLoginMutation } from '../../../lib/api/account';
import {
  apiFormMessage,
  FormAlert,
  FormTextField,
  isApiError,
  showApiFailure,
  SubmitButton,
  useContractForm,
} from '../../../lib/forms';
import { DASHBOARD_PATH, onboardingPath } from '../../../lib/return-path';
import { GoogleSignInButton } from '../google-sign-in';
import { toIdentifier } from './machine';
import { identifierFields, identifySchema, type IdentifierForm } from './schemas';
import { useRequestCode, type StepProps } from './shared';

/** First step: who is it? An account with a password → password; without → a code; none → sign-up. */
export function IdentifyStep({
  state,
  dispatch,
  next,
  googleEnabled,
}: StepProps & { googleEnabled: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [checkAccount, checkState] = useCheckAccountMutation();
  const [googleLogin, googleState] = useGoogleLoginMutation();
  const [requestCode, sending] = useRequestCode(dispatch);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useContractForm<IdentifierForm>(identifySchema, { identifier: state.identifier });

  const onSubmit = async ({ identifier }: IdentifierForm) => {
    setFormError(null);
    const target = toIdentifier(identifier);
    try {
      const result = await checkAccount(target).unwrap();
      if (result.exists && result.hasPassword) {
        dispatch({ type: 'has-password', identifier });
      } else if (result.exists) {
        await requestCode('login', target, { identifier });
      } else {
        dispatch({ type: 'no-account', identifier, target });
      }
    } catch (error) {
      // A mobile number the contract rejects is reported on `mobile`; it is the same box here.
      setFormError(showApiFailure(error, form.setError, identifierFields));
    }
  };

  const onGoogleCredential = (credential: string) => {
    form.clearErrors();
    setFormError(null);
    googleLogin({ credential })
      .unwrap()
      .then((result) => {
        dispatch({ type: 'leaving' });
        void navigate(result.isNewUser ? onboardingPath(next) : (next ?? DASHBOARD_PATH), { replace: true });
      })
      .catch((error: unknown) => {
        setFormError(
          isApiError(error) && error.status === 409
            ? 'An Atelier account already uses this e-mail address. Log in with your e-mail first; you can then use Google next time.'
            : apiFormMessage(error),
        );
      });
  };

  return (
    <>
      <p className="auth-flow__lede">
        Use your e-mail address or mobile number. New here? We will set you up.
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <FormTextField
          control={form.control}
          name="identifier"
          inputName="username"
          label="E-mail or mobile number"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Outside India? Start your mobile number with + and the country code."
          required
        />
        <SubmitButton busy={checkState.isLoading || sending} busyLabel="Checking…">
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
        <button
          type="button"
          className="link-button"
          onClick={() =>
            dispatch({ type: 'go', step: { kind: 'signup' }, identifier: form.getValues('identifier') })
          }
        >
          Create an account
        </button>
      </p>
    </>
  );
}
