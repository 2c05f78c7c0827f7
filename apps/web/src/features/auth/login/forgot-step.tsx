import { useState } from 'react';
import { FormAlert, FormTextField, showApiFailure, SubmitButton, useContractForm } from '../../../lib/forms';
import { toIdentifier } from './machine';
import { forgotSchema, identifierFields, type IdentifierForm } from './schemas';
import { useRequestCode, type StepProps } from './shared';

/** Forgot the password: a reset code to the address or number, then a new password. */
export function ForgotStep({ state, dispatch }: StepProps) {
  const [requestCode, sending] = useRequestCode(dispatch);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useContractForm<IdentifierForm>(forgotSchema, { identifier: state.identifier });

  const onSubmit = async ({ identifier }: IdentifierForm) => {
    setFormError(null);
    try {
      await requestCode('reset', toIdentifier(identifier), { identifier });
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, identifierFields));
    }
  };

  return (
    <>
      <p className="auth-flow__lede">We will send a one-time code. Enter it, then choose a new password.</p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <FormTextField
          control={form.control}
          name="identifier"
          inputName="username"
          label="E-mail or mobile number"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <SubmitButton busy={sending} busyLabel="Sending the code…">
          Send code
        </SubmitButton>
      </form>
    </>
  );
}
