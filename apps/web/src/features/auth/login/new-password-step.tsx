import { PASSWORD_MIN_LENGTH } from '@atelier/contract';
import { useState } from 'react';
import { useAddPasswordMutation } from '../../../lib/api/account';
import { FormAlert, FormTextField, showApiFailure, SubmitButton, useContractForm } from '../../../lib/forms';
import { newPasswordSchema, passwordFields, type PasswordForm } from './schemas';
import { PasswordToggle, type StepProps } from './shared';

/** After a reset code: signed in, choose the new password. */
export function NewPasswordStep({ state, finish }: StepProps) {
  const [addPassword, addPasswordState] = useAddPasswordMutation();
  const [shown, setShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useContractForm<PasswordForm>(newPasswordSchema, { password: '' });

  const onSubmit = async ({ password }: PasswordForm) => {
    setFormError(null);
    try {
      await addPassword({ password }).unwrap();
      finish(false);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, passwordFields));
    }
  };

  return (
    <>
      {state.notice ? <FormAlert tone="success">{state.notice}</FormAlert> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="auth-form" onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
        <input type="hidden" name="username" value={state.identifier.trim()} autoComplete="username" />
        <FormTextField
          control={form.control}
          name="password"
          inputName="new-password"
          label="New password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out.`}
          required
          addon={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
        />
        <SubmitButton busy={addPasswordState.isLoading} busyLabel="Saving…">
          Save password and continue
        </SubmitButton>
      </form>
    </>
  );
}
