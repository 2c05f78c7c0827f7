import {
  useId,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import type { ApiError } from './api/base-query';

/*
 * The one way to build a form in the web app. A form is a react-hook-form form (`useContractForm`)
 * whose resolver is a zod schema built from the contract's own body schema (`reportBodyIssues`),
 * so the browser says no to exactly what the server would. Fields (`FormTextField`, or the plain
 * `TextField`, `SelectField`, `ChoiceField` bound by hand) announce their hint and error
 * (aria-describedby, aria-invalid); the API's field errors (`errors[]` of a 400/409) land on the
 * same fields (`showApiFailure`, through `setError`); buttons show a loading state. Values live in
 * the form, so nothing a person typed is lost when a request fails. Pages with forms import
 * `lib/forms.css` themselves (so that it travels in the shared stylesheet, not with this kit).
 */

const GENERIC_MESSAGE = 'Something went wrong ⚠️ Please try again.';

/** A failed call as the base query reports it (RTK Query mutations reject with this). */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/**
 * A field's message as a sentence: the API says `"must be an email address …"` about a path, so
 * the field's label goes in front ("Email must be an email address …"); a message that already is
 * a sentence (capitalised) stays as it is.
 */
export function fieldMessage(label: string, message: string): string {
  const text = message.trim();
  if (text === '') return '';
  const first = text.charAt(0);
  const sentence = first === first.toLowerCase() && first !== first.toUpperCase() ? `${label} ${text}` : text;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The API's field errors by path (first message per path), e.g. `{ email: 'must be …' }`. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isApiError(error)) return result;
  for (const item of error.errors ?? []) {
    if (!(item.path in result)) result[item.path] = item.message;
  }
  return result;
}

/**
 * The message to show above a form for a failed call: the API's own sentence for 4xx answers,
 * a generic one otherwise (5xx and network failures carry nothing a person can act on).
 */
export function apiFormMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_MESSAGE;
  if (error.status === 'FETCH_ERROR')
    return 'We could not reach Atelier. Check your connection and try again.';
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return GENERIC_MESSAGE;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
}

/** Label, control, hint and error, wired together by ids. */
function FieldFrame({ id, label, hint, error, optional, children, className }: FieldFrameProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['form-field', error ? 'form-field--invalid' : null, className].filter(Boolean).join(' ')}
    >
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> (optional)</span> : null}
      </label>
      {children(describedBy)}
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId}>
          <span aria-hidden="true" className="form-field__error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'children'>;

export interface TextFieldProps extends NativeInputProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Something after the input inside its frame (a show-password toggle). */
  addon?: ReactNode;
}

/** A labelled text input; its hint and error are announced with it. */
export function TextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  optional,
  inputRef,
  addon,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      {(describedBy) => (
        <div className={addon ? 'form-field__control form-field__control--addon' : 'form-field__control'}>
          <input
            {...input}
            ref={inputRef}
            id={id}
            className="form-field__input"
            value={value}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {addon}
        </div>
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The empty choice's text; omitted when a value is required and already chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  name?: string;
  required?: boolean;
  autoComplete?: string;
}

/** A labelled native select (the most accessible picker on every device). */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  hint,
  error,
  optional,
  name,
  required,
  autoComplete,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <div className="form-field__control form-field__control--select">
          <select
            id={id}
            name={name}
            className="form-field__input form-field__select"
            value={value}
            required={required}
            autoComplete={autoComplete}
            onChange={(event) => onValueChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldFrame>
  );
}

export interface ChoiceFieldProps {
  legend: ReactNode;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string; description?: string }[];
  hint?: ReactNode;
  error?: string | undefined;
  /** `cards`: large tappable options, one per row on phones. */
  variant?: 'pills' | 'cards';
  /** Given to the chosen option (or the first), so focus can be moved to the group. */
  inputRef?: Ref<HTMLInputElement>;
}

/** A group of radio buttons in a fieldset, its legend naming the question. */
export function ChoiceField({
  legend,
  name,
  value,
  onValueChange,
  options,
  hint,
  error,
  variant = 'pills',
  inputRef,
}: ChoiceFieldProps) {
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={['form-field', 'choice', `choice--${variant}`, error ? 'form-field--invalid' : null]
        .filter(Boolean)
        .join(' ')}
      aria-describedby={describedBy}
    >
      <legend className="form-field__label">{legend}</legend>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="choice__options">
        {options.map((option, index) => (
          <label key={option.value} className="choice__option">
            <input
              ref={index === focusIndex ? inputRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{option.label}</span>
              {option.description ? <span className="choice__description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="form-field__error" id={errorId}>
          <span aria-hidden="true" className="form-field__error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A message about the whole form (a failed call): announced when it appears. */
export function FormAlert({
  children,
  tone = 'error',
  ...rest
}: { children: ReactNode; tone?: 'error' | 'success' | 'info' } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A submit button that shows it is working and cannot be pressed twice. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = 'button button--primary button--large button--block',
  disabled,
  ...rest
}: { busy: boolean; busyLabel: string; children: ReactNode } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type'
>) {
  return (
    <button
      {...rest}
      type="submit"
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Where a path of a request body is shown on a form: the form's field and the label to name it by. */
export interface BodyField<TForm extends FieldValues> {
  field: FieldPath<TForm>;
  label: string;
  /** A message to show instead of the contract's (e.g. "Enter the 6-digit code from the message."). */
  message?: string;
}

/**
 * Checks the request body a form would send against the contract's schema for that body and
 * reports each issue on the form field it belongs to, as a sentence ("Mobile number must be …").
 * Fields already reported (`skip`, e.g. empty required fields) are left alone; issues on paths
 * without a field are reported on `fields['*']` when given.
 */
export function reportBodyIssues<TForm extends FieldValues>(
  schema: z.ZodType,
  body: unknown,
  ctx: z.RefinementCtx,
  fields: Partial<Record<string, BodyField<TForm>>>,
  skip: ReadonlySet<string> = new Set(),
): void {
  const result = schema.safeParse(body);
  if (result.success) return;
  const reported = new Set(skip);
  for (const issue of result.error.issues.map(innermostIssue)) {
    const target = fields[String(issue.path[0] ?? '')] ?? fields['*'];
    if (!target || reported.has(target.field)) continue;
    reported.add(target.field);
    ctx.addIssue({
      code: 'custom',
      path: [target.field],
      message: target.message ?? fieldMessage(target.label, issue.message),
    });
  }
}

/**
 * The issue worth showing: for a union (e.g. "empty, or a link"), the branch's own complaint
 * ("must be an https://… link") rather than zod's "Invalid input".
 */
function innermostIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const inner = issue.errors.flat();
  const telling = inner.find((item) => item.code !== 'invalid_type' && item.code !== 'invalid_value');
  return telling ? { ...telling, path: issue.path } : issue;
}

/**
 * A form validated by `schema` when submitted (and again on the next submit, so messages stay put
 * while a person corrects them). Submit handlers get the values as typed, not as the schema
 * transforms them: the server does its own normalising.
 */
export function useContractForm<TForm extends FieldValues>(
  schema: z.ZodType<TForm, TForm>,
  defaultValues: DefaultValues<TForm>,
): UseFormReturn<TForm> {
  return useForm<TForm>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
}

/**
 * Shows a failed call on a form: the API's field errors beside their fields (labelled, focus on
 * the first), and returns the message for above the form — null when every field error found its
 * field, the API's sentence (or a generic one) otherwise.
 */
export function showApiFailure<TForm extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TForm>,
  fields: Partial<Record<string, BodyField<TForm>>>,
): string | null {
  const apiFields = apiFieldErrors(error);
  let mapped = 0;
  for (const [path, message] of Object.entries(apiFields)) {
    const target = fields[path];
    if (!target) continue;
    setError(
      target.field,
      { type: 'server', message: target.message ?? fieldMessage(target.label, message) },
      { shouldFocus: mapped === 0 },
    );
    mapped += 1;
  }
  return mapped > 0 && mapped === Object.keys(apiFields).length ? null : apiFormMessage(error);
}

export interface FormTextFieldProps<TForm extends FieldValues> extends Omit<
  TextFieldProps,
  'value' | 'onValueChange' | 'error' | 'inputRef' | 'name'
> {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  /** The input's own `name` (for password managers) when it differs from the form field's. */
  inputName?: string;
  /** Rewrites what is typed before it is kept (e.g. digits only). */
  normalise?: (value: string) => string;
}

/** A `TextField` bound to a form field: its value, its error (schema or server) and its focus. */
export function FormTextField<TForm extends FieldValues>({
  control,
  name,
  inputName,
  normalise,
  ...rest
}: FormTextFieldProps<TForm>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <TextField
      {...rest}
      name={inputName ?? name}
      value={typeof value === 'string' ? value : ''}
      onValueChange={(text) => field.onChange(normalise ? normalise(text) : text)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}

export interface FormChoiceFieldProps<TForm extends FieldValues> extends Omit<
  ChoiceFieldProps,
  'value' | 'onValueChange' | 'error' | 'inputRef' | 'name'
> {
  control: Control<TForm>;
  name: FieldPath<TForm>;
}

/** A `ChoiceField` bound to a form field. */
export function FormChoiceField<TForm extends FieldValues>({
  control,
  name,
  ...rest
}: FormChoiceFieldProps<TForm>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <ChoiceField
      {...rest}
      name={name}
      value={typeof value === 'string' ? value : ''}
      onValueChange={field.onChange}
      inputRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}

export interface FormSelectFieldProps<TForm extends FieldValues> extends Omit<
  SelectFieldProps,
  'value' | 'onValueChange' | 'error' | 'name' | 'placeholder'
> {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  /** The empty choice's text, offered while nothing is chosen. */
  placeholder?: string;
}

/** A `SelectField` bound to a form field; the empty choice shows only until something is chosen. */
export function FormSelectField<TForm extends FieldValues>({
  control,
  name,
  placeholder,
  ...rest
}: FormSelectFieldProps<TForm>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  const text = typeof value === 'string' ? value : '';
  return (
    <SelectField
      {...rest}
      name={name}
      value={text}
      onValueChange={field.onChange}
      placeholder={text ? undefined : placeholder}
      error={fieldState.error?.message}
    />
  );
}

export interface FormTextAreaProps<TForm extends FieldValues> {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  label: string;
  hint?: string | undefined;
  optional?: boolean | undefined;
  /** Extra class of the textarea (its size). */
  className?: string | undefined;
}

/** A several-line field bound to a form field, in the kit's frame (label, hint, error, described-by). */
export function FormTextArea<TForm extends FieldValues>({
  control,
  name,
  label,
  hint,
  optional = false,
  className,
}: FormTextAreaProps<TForm>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const { ref, onChange, onBlur } = field;
  const value: unknown = field.value;
  const error = fieldState.error?.message;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> (optional)</span> : null}
      </label>
      <textarea
        id={id}
        ref={ref}
        name={name}
        rows={4}
        className={className ? `form-field__input ${className}` : 'form-field__input'}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A consent box bound to a form field: unticked until the person ticks it, its text as the label,
 * a link to the privacy policy (in a new tab, so a half-filled form, often in a popup, is not
 * lost), its error announced with it. Styles: `components/ui/lead-form.css`.
 */
export function FormConsentField<TForm extends FieldValues>({
  control,
  name,
  text,
}: {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  text: string;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const { ref, onChange, onBlur } = field;
  const value: unknown = field.value;
  const error = fieldState.error?.message;
  return (
    <div className={error ? 'lead-consent lead-consent--invalid' : 'lead-consent'}>
      <div className="lead-consent__row">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          name={name}
          className="lead-consent__box"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-more ${id}-error` : `${id}-more`}
        />
        <label htmlFor={id} className="lead-consent__label">
          {text}
        </label>
      </div>
      <p id={`${id}-more`} className="lead-consent__more">
        How we use your details: our{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener">
          privacy policy
        </a>
        .
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="form-field__error" id={id}>
      <span aria-hidden="true" className="form-field__error-icon">
        !
      </span>
      {error}
    </p>
  ) : null;
}
