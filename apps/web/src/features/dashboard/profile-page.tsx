import {
  GENDERS,
  IAM_VALUES,
  PASSWORD_MIN_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  PasswordAddBodySchema,
  ProfileUpdateBodySchema,
  UpiUpdateBodySchema,
  type Profile,
} from '@atelier/contract';
import { iamLabel, IAM_NEEDING_COLLEGE, isNoDate } from '@atelier/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  useAddPasswordMutation,
  useCheckAccountMutation,
  useLogout,
  useRotateCalendarKeyMutation,
  useUpdateProfileMutation,
  useUpdateUpiMutation,
  useUploadProfileImageMutation,
} from '../../lib/api/account';
import { useUserDetails, useUserDetailsLoading } from '../../lib/api/user-details';
import { Avatar } from '../../lib/avatar';
import { useCopy } from '../../lib/clipboard';
import {
  apiFieldErrors,
  apiFormMessage,
  fieldMessage,
  FormAlert,
  FormSelectField,
  FormTextField,
  isApiError,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  TextField,
  useContractForm,
  type BodyField,
} from '../../lib/forms';
import { LOGIN_PATH } from '../../lib/return-path';
import { GENDER_LABELS } from '../../lib/profile-labels';
import { useSession } from '../../lib/session';
import { greetingLine } from './greeting';
import { NotificationPreferencesSection } from './notification-preferences';
import '../../lib/forms.css';
import './profile.css';

/*
 * `/dashboard/profile` (spec §3 "User profile"): the learner's own profile, every field the server
 * lets them edit (`EDITABLE_PROFILE_FIELDS`), their picture, UPI id, portfolio links and password;
 * coins and referral code to read; and the private calendar-feed key (`secretKey`), shown only
 * here, to copy or replace.
 */

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const LABELS: Record<string, string> = {
  name: 'Name',
  mobile: 'Mobile number',
  gender: 'Gender',
  dob: 'Date of birth',
  city: 'City',
  iam: 'Current stage',
  college: 'College',
  upiId: 'UPI id',
  instagram: 'Instagram link',
  linkedin: 'LinkedIn link',
  behance: 'Behance link',
  dribbble: 'Dribbble link',
  password: 'New password',
  currentPassword: 'Current password',
  image: 'Picture',
};

type Values = Record<string, string>;

function valuesOf(profile: Profile, fields: readonly string[]): Values {
  const record = profile as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((f) => {
      const value = record[f];
      // An unknown date of birth is stored as 0000-00-00: an empty box, not a change.
      return [f, typeof value === 'string' && !(f === 'dob' && isNoDate(value)) ? value : ''];
    }),
  );
}

/** Where the API's (and the contract's) complaints about a profile field are shown. */
const PROFILE_FIELDS: Record<string, BodyField<Values>> = Object.fromEntries(
  Object.entries(LABELS).map(([field, label]) => [field, { field, label }]),
);

/** The changed fields only; a cleared optional field is sent as `null`. */
function changes(
  values: Values,
  profile: Profile,
  clearable: readonly string[],
): Record<string, string | null> {
  const before = valuesOf(profile, Object.keys(values));
  const body: Record<string, string | null> = {};
  for (const [field, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === (before[field] ?? '').trim()) continue;
    body[field] = value === '' && clearable.includes(field) ? null : value;
  }
  return body;
}

function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section className="profile-section" aria-labelledby={id}>
      <div className="profile-section__head">
        <h2 id={id} className="profile-section__title">
          {title}
        </h2>
        {description ? <p className="profile-section__description">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function ProfilePage() {
  const session = useSession();
  const details = useUserDetails();
  const loading = useUserDetailsLoading();
  const profile = details ?? (loading ? null : (session?.user ?? null));
  if (!profile) {
    return (
      <div className="profile profile--loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your profile…
      </div>
    );
  }
  return <ProfileView profile={profile} secretKey={details?.secretKey ?? null} />;
}

function ProfileView({ profile, secretKey }: { profile: Profile; secretKey: string | null }) {
  const [copied, copy] = useCopy();
  const navigate = useNavigate();
  const { logout, isLoggingOut } = useLogout();
  return (
    <div className="profile">
      <div className="container profile__grid">
        <aside className="profile-card" aria-label="Your account">
          <AvatarEditor profile={profile} />
          <h1 className="profile-card__greeting">{greetingLine(profile.name, new Date())}</h1>
          <p className="profile-card__meta">
            {profile.email ?? profile.mobile}
            {iamLabel(profile.iam) ? (
              <>
                <span aria-hidden="true"> · </span>
                {iamLabel(profile.iam)}
              </>
            ) : null}
          </p>
          <dl className="profile-stats">
            <div className="profile-stats__item">
              <dt>Coins</dt>
              <dd className="profile-stats__value">{profile.coins.toLocaleString('en-IN')}</dd>
            </div>
            <div className="profile-stats__item">
              <dt>Referral code</dt>
              <dd className="profile-stats__value profile-stats__code">
                <span>{profile.referCode}</span>
                <button
                  type="button"
                  className="copy-button"
                  onClick={() => copy('refer', profile.referCode)}
                >
                  {copied === 'refer' ? 'Copied' : 'Copy'}
                  <span className="visually-hidden"> referral code</span>
                </button>
              </dd>
            </div>
          </dl>
          <p className="visually-hidden" aria-live="polite">
            {copied ? 'Copied to the clipboard.' : ''}
          </p>
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => {
              void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
            }}
            disabled={isLoggingOut}
            aria-busy={isLoggingOut || undefined}
          >
            {isLoggingOut ? 'Logging out…' : 'Log out'}
          </button>
        </aside>

        <div className="profile__sections">
          <DetailsForm profile={profile} />
          <SocialForm profile={profile} />
          <UpiForm profile={profile} />
          <PasswordForm profile={profile} />
          <NotificationPreferencesSection userId={profile.id} />
          <CalendarKey
            secretKey={secretKey}
            copied={copied === 'calendar'}
            onCopy={(key) => copy('calendar', key)}
          />
        </div>
      </div>
    </div>
  );
}

function AvatarEditor({ profile }: { profile: Profile }) {
  const [upload, uploadState] = useUploadProfileImageMutation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const choose = (chosen: File | undefined) => {
    setSaved(false);
    setError(null);
    if (!chosen) return;
    if (!IMAGE_TYPES.includes(chosen.type)) {
      setError('Choose a JPEG, PNG or WebP picture.');
      return;
    }
    if (chosen.size > PROFILE_IMAGE_MAX_BYTES) {
      setError(`That picture is ${(chosen.size / 1024 / 1024).toFixed(1)} MB; the limit is 5 MB.`);
      return;
    }
    setFile(chosen);
    // A data: address (the page's policy allows data: images, not blob:).
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(chosen);
  };

  const cancel = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload(file).unwrap();
      cancel();
      setSaved(true);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 413
          ? 'That picture is larger than 5 MB.'
          : apiFieldErrors(failure).image
            ? fieldMessage('Picture', apiFieldErrors(failure).image!)
            : apiFormMessage(failure),
      );
    }
  };

  return (
    <div className="avatar-editor">
      {preview ? (
        <img
          className="user-avatar user-avatar--large"
          src={preview}
          alt="Your new avatar, not saved yet"
          width={96}
          height={96}
        />
      ) : (
        <Avatar name={profile.name} email={profile.email} imagePath={profile.imagePath} size="large" />
      )}
      <input
        ref={input}
        id="profile-image-input"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {file ? (
        <div className="avatar-editor__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save()}
            disabled={uploadState.isLoading}
            aria-busy={uploadState.isLoading || undefined}
          >
            {uploadState.isLoading ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Uploading…
              </>
            ) : (
              'Save picture'
            )}
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={cancel}
            disabled={uploadState.isLoading}
          >
            Cancel
          </button>
        </div>
      ) : (
        <label htmlFor="profile-image-input" className="button button--quiet avatar-editor__change">
          {profile.imagePath ? 'Change picture' : 'Add a picture'}
        </label>
      )}
      <p className="avatar-editor__hint">JPEG, PNG or WebP, up to 5 MB.</p>
      {error ? (
        <p className="form-field__error" id={errorId} role="alert">
          <span aria-hidden="true" className="form-field__error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
      {saved ? (
        <p className="avatar-editor__saved" role="status">
          Picture updated.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Saves the changed fields of a group through `POST /api/user/profile/update`; the changes are
 * checked with the contract's `ProfileUpdateBodySchema` before they are sent. `scope` limits the
 * fields sent (e.g. no college unless the stage asks for one).
 */
function useProfileForm(
  profile: Profile,
  fields: readonly string[],
  clearable: readonly string[],
  scope?: (values: Values) => readonly string[] | undefined,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [update, updateState] = useUpdateProfileMutation();
  const scoped = (values: Values): Values => {
    const only = scope?.(values);
    return only ? Object.fromEntries(Object.entries(values).filter(([k]) => only.includes(k))) : values;
  };
  const schema: z.ZodType<Values, Values> = z.record(z.string(), z.string()).superRefine((values, ctx) => {
    reportBodyIssues(
      ProfileUpdateBodySchema,
      changes(scoped(values), profile, clearable),
      ctx,
      PROFILE_FIELDS,
    );
  });
  const form = useContractForm<Values>(schema, valuesOf(profile, fields));

  const save = async (values: Values) => {
    const body = changes(scoped(values), profile, clearable);
    if (Object.keys(body).length === 0) {
      setFormError(null);
      setStatus('Nothing to save: no changes.');
      return;
    }
    try {
      // The server validates every field and names the ones it rejects (errors[]).
      const updated = await update(body).unwrap();
      form.reset(valuesOf(updated, fields));
      setFormError(null);
      setStatus('Saved.');
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, PROFILE_FIELDS));
      setStatus(null);
    }
  };
  return {
    control: form.control,
    formError,
    status,
    /** Typing again clears the "Saved." line. */
    onEdit: () => setStatus(null),
    submit: form.handleSubmit(save),
    busy: updateState.isLoading,
  };
}

function FormStatus({ status }: { status: string | null }) {
  return (
    <p className="profile-form__status" role="status">
      {status}
    </p>
  );
}

const DETAIL_FIELDS = ['name', 'mobile', 'gender', 'dob', 'city', 'iam', 'college'] as const;

const needsCollege = (iam: string | undefined) =>
  (IAM_NEEDING_COLLEGE as readonly string[]).includes(iam ?? '');

function DetailsForm({ profile }: { profile: Profile }) {
  const form = useProfileForm(profile, DETAIL_FIELDS, ['city', 'college'], (values) =>
    needsCollege(values.iam) ? undefined : DETAIL_FIELDS.filter((f) => f !== 'college'),
  );
  const { control } = form;
  const showCollege = needsCollege(useWatch({ control, name: 'iam' }));
  return (
    <Section
      id="profile-details"
      title="Personal details"
      description="Instructors see your name; the rest helps us suggest the right courses."
    >
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <form className="profile-form" onSubmit={(e) => void form.submit(e)} onChange={form.onEdit} noValidate>
        <div className="profile-form__grid">
          <FormTextField control={control} label="Full name" name="name" autoComplete="name" />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            value={profile.email ?? ''}
            onValueChange={() => undefined}
            readOnly
            hint="Your sign-in address cannot be changed here."
          />
          <FormTextField
            control={control}
            label="Mobile number"
            name="mobile"
            type="tel"
            autoComplete="tel"
          />
          <FormTextField
            control={control}
            label="Date of birth"
            name="dob"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
          />
          <FormSelectField
            control={control}
            label="Gender"
            name="gender"
            placeholder="Choose…"
            options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          />
          <FormTextField control={control} label="City" name="city" autoComplete="address-level2" />
          <FormSelectField
            control={control}
            label="Current stage"
            name="iam"
            placeholder="Choose…"
            options={IAM_VALUES.map((v) => ({ value: v, label: iamLabel(v) }))}
          />
          {showCollege ? (
            <FormTextField
              control={control}
              label="College or university"
              name="college"
              autoComplete="organization"
            />
          ) : null}
        </div>
        <div className="profile-form__footer">
          <FormStatus status={form.status} />
          <SubmitButton busy={form.busy} busyLabel="Saving…" className="button button--primary">
            Save details
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

const SOCIAL_FIELDS = [
  { field: 'instagram', label: 'Instagram', host: 'instagram.com' },
  { field: 'linkedin', label: 'LinkedIn', host: 'linkedin.com/in' },
  { field: 'behance', label: 'Behance', host: 'behance.net' },
  { field: 'dribbble', label: 'Dribbble', host: 'dribbble.com' },
] as const;

function SocialForm({ profile }: { profile: Profile }) {
  const names = SOCIAL_FIELDS.map((s) => s.field);
  const form = useProfileForm(profile, names, names);
  return (
    <Section
      id="profile-social"
      title="Portfolio and social links"
      description="Shown to instructors and classmates on your submissions."
    >
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <form className="profile-form" onSubmit={(e) => void form.submit(e)} onChange={form.onEdit} noValidate>
        <div className="profile-form__grid">
          {SOCIAL_FIELDS.map((s) => (
            <FormTextField
              key={s.field}
              control={form.control}
              label={s.label}
              name={s.field}
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={`https://${s.host}/yourname`}
              optional
            />
          ))}
        </div>
        <div className="profile-form__footer">
          <FormStatus status={form.status} />
          <SubmitButton busy={form.busy} busyLabel="Saving…" className="button button--primary">
            Save links
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

const UPI_FIELDS: Record<string, BodyField<UpiValues>> = { upiId: { field: 'upiId', label: 'UPI id' } };

interface UpiValues {
  upiId: string;
}

/** Empty clears the UPI id; anything else must be one (`POST /api/user/upi/update`). */
const upiSchema: z.ZodType<UpiValues, UpiValues> = z
  .object({ upiId: z.string() })
  .superRefine((values, ctx) => {
    const upiId = values.upiId.trim();
    if (upiId !== '') reportBodyIssues(UpiUpdateBodySchema, { upiId }, ctx, UPI_FIELDS);
  });

function UpiForm({ profile }: { profile: Profile }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [updateUpi, upiState] = useUpdateUpiMutation();
  const [updateProfile, profileState] = useUpdateProfileMutation();
  const form = useContractForm<UpiValues>(upiSchema, { upiId: profile.upiId ?? '' });

  const submit = async ({ upiId }: UpiValues) => {
    const value = upiId.trim();
    if (value === (profile.upiId ?? '')) {
      setStatus('Nothing to save: no changes.');
      return;
    }
    try {
      // Setting goes through the UPI call; clearing through the profile edit (the UPI call needs a value).
      const updated =
        value === ''
          ? await updateProfile({ upiId: null }).unwrap()
          : await updateUpi({ upiId: value }).unwrap();
      form.reset({ upiId: updated.upiId ?? '' });
      setFormError(null);
      setStatus(value === '' ? 'UPI id removed.' : 'Saved.');
    } catch (failure) {
      setFormError(showApiFailure(failure, form.setError, UPI_FIELDS));
      setStatus(null);
    }
  };

  return (
    <Section
      id="profile-upi"
      title="Payouts"
      description="Referral rewards and competition prizes are paid to this UPI id."
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form
        className="profile-form"
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        onChange={() => setStatus(null)}
        noValidate
      >
        <FormTextField
          control={form.control}
          label="UPI id"
          name="upiId"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@bank"
          optional
        />
        <div className="profile-form__footer">
          <FormStatus status={status} />
          <SubmitButton
            busy={upiState.isLoading || profileState.isLoading}
            busyLabel="Saving…"
            className="button button--primary"
          >
            Save UPI id
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

interface PasswordValues {
  currentPassword: string;
  password: string;
}

const PASSWORD_FIELDS: Record<string, BodyField<PasswordValues>> = {
  password: { field: 'password', label: 'New password' },
  currentPassword: { field: 'currentPassword', label: 'Current password' },
};

/** `POST /api/auth/password/add`: the new password by the contract's policy; the current one if typed. */
const passwordSchema: z.ZodType<PasswordValues, PasswordValues> = z
  .object({ currentPassword: z.string(), password: z.string() })
  .superRefine((values, ctx) => {
    reportBodyIssues(PasswordAddBodySchema, passwordBody(values), ctx, PASSWORD_FIELDS);
  });

function passwordBody(values: PasswordValues) {
  return {
    password: values.password,
    ...(values.currentPassword !== '' ? { currentPassword: values.currentPassword } : {}),
  };
}

function PasswordForm({ profile }: { profile: Profile }) {
  const [check] = useCheckAccountMutation();
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  const [show, setShow] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [addPassword, addState] = useAddPasswordMutation();
  const form = useContractForm<PasswordValues>(passwordSchema, { currentPassword: '', password: '' });

  // Whether a password exists decides the wording and whether the current one is asked for.
  useEffect(() => {
    const identifier = profile.email
      ? { email: profile.email }
      : profile.mobile
        ? { mobile: profile.mobile }
        : null;
    if (!identifier) return;
    let live = true;
    check(identifier)
      .unwrap()
      .then((result) => {
        if (live) setHasPassword(result.hasPassword);
      })
      .catch(() => {
        if (live) setHasPassword(null);
      });
    return () => {
      live = false;
    };
  }, [check, profile.email, profile.mobile]);

  const submit = async (values: PasswordValues) => {
    try {
      await addPassword(passwordBody(values)).unwrap();
      form.reset({ currentPassword: '', password: '' });
      setFormError(null);
      setHasPassword(true);
      setStatus('Password saved. Other devices have been signed out.');
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'REAUTH_REQUIRED') {
        form.setError('currentPassword', { type: 'server', message: failure.message }, { shouldFocus: true });
        setFormError(null);
      } else {
        setFormError(showApiFailure(failure, form.setError, PASSWORD_FIELDS));
      }
      setStatus(null);
    }
  };

  const toggle = (
    <button
      type="button"
      className="form-field__addon"
      onClick={() => setShow((v) => !v)}
      aria-pressed={show}
    >
      {show ? 'Hide' : 'Show'}
      <span className="visually-hidden"> passwords</span>
    </button>
  );

  return (
    <Section
      id="profile-password"
      title={hasPassword ? 'Change password' : 'Password'}
      description={
        hasPassword
          ? 'You can also sign in with a one-time code at any time.'
          : 'Optional: set a password to sign in without waiting for a code.'
      }
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form
        className="profile-form"
        onSubmit={(e) => {
          setStatus(null);
          void form.handleSubmit(submit)(e);
        }}
        noValidate
      >
        <input
          type="hidden"
          name="username"
          autoComplete="username"
          value={profile.email ?? profile.mobile ?? ''}
        />
        <div className="profile-form__grid">
          {hasPassword !== false ? (
            <FormTextField
              control={form.control}
              label="Current password"
              name="currentPassword"
              inputName="current-password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              optional={hasPassword === null}
              hint={
                hasPassword ? 'Not needed within 10 minutes of signing in with a one-time code.' : undefined
              }
              addon={toggle}
            />
          ) : null}
          <FormTextField
            control={form.control}
            label="New password"
            name="password"
            inputName="new-password"
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            addon={hasPassword === false ? toggle : undefined}
          />
        </div>
        <div className="profile-form__footer">
          <FormStatus status={status} />
          <SubmitButton busy={addState.isLoading} busyLabel="Saving…" className="button button--primary">
            {hasPassword ? 'Change password' : 'Set password'}
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

/**
 * The private session feed (`GET /api/calendar/{secretKey}.ics`, issue 15) and its subscribe links:
 * Google Calendar takes a `webcal:` address as `cid`; Apple Calendar opens `webcal:` itself.
 */
export function calendarFeedLinks(origin: string, secretKey: string) {
  const https = `${origin}/api/calendar/${encodeURIComponent(secretKey)}.ics`;
  const webcal = https.replace(/^https?:/, 'webcal:');
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  };
}

function CalendarKey({
  secretKey,
  copied,
  onCopy,
}: {
  secretKey: string | null;
  copied: boolean;
  onCopy: (key: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotate, rotateState] = useRotateCalendarKeyMutation();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const masked = secretKey ? `${'•'.repeat(12)}${secretKey.slice(-4)}` : '';
  const feed = secretKey ? calendarFeedLinks(window.location.origin, secretKey) : null;
  const replace = async () => {
    try {
      await rotate().unwrap();
      setConfirming(false);
      setVisible(false);
      setMessage({ tone: 'success', text: 'Key replaced. Calendars using the old key stop updating.' });
    } catch (failure) {
      setMessage({ tone: 'error', text: apiFormMessage(failure) });
    }
  };

  return (
    <Section
      id="profile-calendar"
      title="Private calendar feed"
      description="Your sessions in Google Calendar or Apple Calendar, kept up to date. Keep the key private: anyone with it can see your session times."
    >
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {secretKey ? (
        <div className="secret-key">
          <code className="secret-key__value" aria-label={visible ? 'Calendar key' : 'Calendar key, hidden'}>
            {visible ? secretKey : masked}
          </code>
          <div className="secret-key__actions">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setVisible((v) => !v)}
              aria-pressed={visible}
            >
              {visible ? 'Hide' : 'Show'}
              <span className="visually-hidden"> calendar key</span>
            </button>
            <button type="button" className="button button--quiet" onClick={() => onCopy(secretKey)}>
              {copied ? 'Copied' : 'Copy'}
              <span className="visually-hidden"> calendar key</span>
            </button>
            {feed ? (
              <button type="button" className="button button--quiet" onClick={() => onCopy(feed.https)}>
                Copy feed address
              </button>
            ) : null}
            {confirming ? null : (
              <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
                Replace key
              </button>
            )}
          </div>
          {feed ? (
            <p className="profile-section__description">
              Subscribe to your sessions:{' '}
              <a className="text-link" href={feed.google} target="_blank" rel="noopener noreferrer">
                Google Calendar
              </a>{' '}
              ·{' '}
              <a className="text-link" href={feed.webcal}>
                Apple Calendar
              </a>
              . New and moved sessions appear on their own.
            </p>
          ) : null}
          {confirming ? (
            <div className="secret-key__confirm" role="group" aria-label="Replace the calendar key">
              <p>Replace the key? Calendars subscribed with the old one stop updating.</p>
              <div className="secret-key__actions">
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void replace()}
                  disabled={rotateState.isLoading}
                  aria-busy={rotateState.isLoading || undefined}
                >
                  {rotateState.isLoading ? 'Replacing…' : 'Yes, replace it'}
                </button>
                <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
                  Keep the current key
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="profile-section__description">
          Your key could not be loaded. Reload the page to try again.
        </p>
      )}
    </Section>
  );
}
