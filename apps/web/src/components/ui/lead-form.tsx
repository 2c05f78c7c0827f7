import { LEAD_CONSENT_TEXT } from '@atelier/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { leadUtmFields } from '../../lib/utm';
import {
  FormAlert,
  FormSelectField,
  FormTextField,
  isApiError,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
  FormConsentField,
  FormTextArea,
} from '../../lib/forms';
import '../../lib/forms.css';
import './lead-form.css';

/*
 * The one lead form of the site (issue 16): name, e-mail and mobile (spec §5: a lead needs both),
 * the form's own fields, and an explicit consent checkbox, unticked until the visitor ticks it.
 * It checks the body it would send against the contract's schema for that call, so the browser
 * refuses what the server would, in the same words, each message beside its field (the first
 * invalid field takes focus). What the server still refuses lands beside the same fields; a
 * 429, a lost connection or a server failure says so above the button, and nothing typed is
 * lost. Every body carries `consent: true`, the page's path and the visit's UTM values.
 */

/** What a lead form holds: the common fields, the consent box and its own fields (text). */
export type LeadFormValues = FieldValues & {
  name: string;
  email: string;
  mobile: string;
  consent: boolean;
};

/** One of a form's own fields; its `name` is the body's key. */
export interface LeadExtraField {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'select';
  optional?: boolean;
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  hint?: string;
  /** Shown when a required field is left empty (default "Enter …"). */
  missing?: string;
}

export interface LeadFormProps<R> {
  /** The contract's schema of the body this form sends. */
  schema: z.ZodType;
  /** The form's own fields, after name, e-mail and mobile. */
  fields?: readonly LeadExtraField[];
  /** The form's own part of the body (its fields, the source, the thing asked about). */
  body?: (extra: Record<string, string>) => Record<string, unknown>;
  /** Sends the body; rejects with the API's error when it was not accepted. */
  send: (body: Record<string, unknown>) => Promise<R>;
  /** What to show once it was accepted (announced, and focused). */
  success: (result: R) => ReactNode;
  submitLabel: string;
  busyLabel?: string;
  /** Values to start with (e.g. the signed-in learner's name and e-mail). */
  initial?: Partial<Record<string, string>>;
}

/** Text of a field, trimmed; `undefined` when empty, so an optional field is left out of the body. */
export function optionalText(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
}

export const TOO_MANY_REQUESTS = 'Too many requests, try again in a minute.';
export const OFFLINE_MESSAGE =
  'We could not reach Atelier. Check your connection and try again: what you typed is still here.';
export const NOT_SENT_MESSAGE =
  'We could not send this just now. Please try again in a moment: what you typed is still here.';
export const CONSENT_MISSING = 'Tick the box to agree before sending.';

const COMMON: readonly LeadExtraField[] = [
  { name: 'name', label: 'Your name', autoComplete: 'name', missing: 'Enter your name.' },
  { name: 'email', label: 'E-mail', autoComplete: 'email', missing: 'Enter your e-mail address.' },
  { name: 'mobile', label: 'Mobile number', autoComplete: 'tel', missing: 'Enter your mobile number.' },
];

/** The body a form sends: the common fields, consent, the page, the visit's UTM, its own part. */
function assembleBody(
  values: LeadFormValues,
  fields: readonly LeadExtraField[],
  body: LeadFormProps<unknown>['body'],
  pathname: string,
): Record<string, unknown> {
  const extra: Record<string, string> = {};
  for (const field of fields) {
    const value: unknown = values[field.name];
    extra[field.name] = typeof value === 'string' ? value : '';
  }
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
    consent: values.consent === true ? true : undefined,
    page: pathname,
    ...leadUtmFields(),
    ...(body ? body(extra) : {}),
  };
}

/** The message for a call that failed: the visitor can act on it, and nothing typed is lost. */
function failureMessage(error: unknown): string | null {
  if (!isApiError(error)) return NOT_SENT_MESSAGE;
  if (error.status === 429) return TOO_MANY_REQUESTS;
  if (error.status === 'FETCH_ERROR') return OFFLINE_MESSAGE;
  // A server failure, an unreadable answer or a missing route: nothing the visitor can fix.
  if (error.status === 'PARSE_ERROR' || error.status === 404 || error.status >= 500) return NOT_SENT_MESSAGE;
  return null;
}

export function LeadForm<R>({
  schema,
  fields = [],
  body,
  send,
  success,
  submitLabel,
  busyLabel = 'Sending…',
  initial,
}: LeadFormProps<R>) {
  const { pathname } = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ result: R } | null>(null);
  const [busy, setBusy] = useState(false);

  // Where each path of the body is shown (the API's and the contract's messages both land here).
  const bodyFields = useMemo(() => {
    const map: Record<string, BodyField<LeadFormValues>> = {};
    for (const field of [...COMMON, ...fields]) map[field.name] = { field: field.name, label: field.label };
    map.name = { field: 'name', label: 'Name' };
    map.consent = { field: 'consent', label: 'Consent', message: CONSENT_MISSING };
    return map;
  }, [fields]);

  const buildBody = (values: LeadFormValues) => assembleBody(values, fields, body, pathname);

  const formSchema = useMemo(
    () =>
      z
        .custom<LeadFormValues>(() => true)
        .superRefine((values, ctx) => {
          const reported = new Set<string>();
          for (const field of [...COMMON, ...fields]) {
            const value: unknown = values[field.name];
            if (field.optional || (typeof value === 'string' && value.trim() !== '')) continue;
            ctx.addIssue({
              code: 'custom',
              path: [field.name],
              message: field.missing ?? `Enter ${field.label.toLowerCase()}.`,
            });
            reported.add(field.name);
          }
          if (values.consent !== true) {
            ctx.addIssue({ code: 'custom', path: ['consent'], message: CONSENT_MISSING });
            reported.add('consent');
          }
          reportBodyIssues(schema, assembleBody(values, fields, body, pathname), ctx, bodyFields, reported);
        }),
    [fields, schema, bodyFields, body, pathname],
  );

  const defaults: Record<string, string | boolean> = { name: '', email: '', mobile: '', consent: false };
  for (const field of fields) defaults[field.name] = '';
  for (const [key, value] of Object.entries(initial ?? {})) if (value) defaults[key] = value;
  const form = useContractForm<LeadFormValues>(formSchema, defaults);

  const onSubmit = async (values: LeadFormValues) => {
    setFormError(null);
    setBusy(true);
    try {
      const result = await send(buildBody(values));
      setDone({ result });
    } catch (error) {
      setFormError(failureMessage(error) ?? showApiFailure(error, form.setError, bodyFields));
    } finally {
      setBusy(false);
    }
  };

  if (done) return <LeadFormDone>{success(done.result)}</LeadFormDone>;

  const control = form.control;
  return (
    <form className="lead-form" noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      {[...COMMON, ...fields].map((field) => (
        <LeadField key={field.name} field={field} control={control} />
      ))}
      <FormConsentField control={control} name="consent" text={LEAD_CONSENT_TEXT} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SubmitButton busy={busy} busyLabel={busyLabel} className="button button--primary button--block">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** The accepted state: announced, and focused (the button that was pressed is gone). */
function LeadFormDone({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="lead-form__done" role="status" tabIndex={-1}>
      {children}
    </div>
  );
}

function LeadField({ field, control }: { field: LeadExtraField; control: Control<LeadFormValues> }) {
  const common = {
    control,
    name: field.name,
    label: field.label,
    hint: field.hint,
    optional: field.optional,
  };
  if (field.kind === 'textarea') return <FormTextArea {...common} className="lead-form__textarea" />;
  if (field.kind === 'select') {
    return (
      <FormSelectField
        {...common}
        options={field.options ?? []}
        placeholder="Choose…"
        required={!field.optional}
      />
    );
  }
  const type = field.name === 'email' ? 'email' : field.name === 'mobile' ? 'tel' : 'text';
  return (
    <FormTextField
      {...common}
      type={type}
      inputMode={type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined}
      autoComplete={field.autoComplete}
      autoCapitalize={type === 'text' ? undefined : 'none'}
      spellCheck={type === 'text' ? undefined : false}
      required={!field.optional}
    />
  );
}
