import { canSendLead } from '@atelier/domain';
import { useId, useState, type FormEvent } from 'react';
import '../../lib/forms.css';

export interface LeadFields {
  name: string;
  email: string;
  mobile: string;
}

interface LeadFormProps {
  /** Sends the details; rejects when they could not be sent. */
  onSubmit: (fields: LeadFields) => Promise<void>;
  submitLabel?: string;
  /** Shown instead of the form once the details are sent. */
  successText: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[0-9][0-9 -]{8,15}$/;

function validate(fields: LeadFields): Partial<Record<keyof LeadFields, string>> {
  const errors: Partial<Record<keyof LeadFields, string>> = {};
  if (fields.name.trim().length < 2) errors.name = 'Please enter your name.';
  if (!EMAIL.test(fields.email.trim())) errors.email = 'Please enter an email address like name@example.com.';
  if (!MOBILE.test(fields.mobile.trim()))
    errors.mobile = 'Please enter a mobile number with 10 or more digits.';
  return errors;
}

/**
 * Name, email and mobile for a counsellor to call back. Both email and mobile are required before
 * anything is sent (spec §5, the domain's `canSendLead`); each field explains its own error, and
 * the first invalid field takes focus.
 */
export function LeadForm({ onSubmit, submitLabel = 'Request a call back', successText }: LeadFormProps) {
  const id = useId();
  const [fields, setFields] = useState<LeadFields>({ name: '', email: '', mobile: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LeadFields, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  if (state === 'sent') {
    return (
      <p className="lead-form__done" role="status">
        {successText}
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    const first = (['name', 'email', 'mobile'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!canSendLead(fields)) return;
    setState('sending');
    try {
      await onSubmit({ name: fields.name.trim(), email: fields.email.trim(), mobile: fields.mobile.trim() });
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  const field = (key: keyof LeadFields, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        className="input"
        autoComplete={autoComplete}
        value={fields[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))}
        required
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="field__error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
      {field('name', 'Your name', 'text', 'name')}
      {field('email', 'Email', 'email', 'email')}
      {field('mobile', 'Mobile number', 'tel', 'tel')}
      {state === 'failed' ? (
        <p className="field__error" role="alert">
          We could not send your request just now. Please try again in a little while.
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
