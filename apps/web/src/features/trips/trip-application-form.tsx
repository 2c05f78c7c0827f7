import {
  IAM_VALUES,
  LEAD_CONSENT_TEXT,
  TripApplicationAddBodySchema,
  TripApplicationUpdateBodySchema,
  type TripApplication,
} from '@atelier/contract';
import { iamLabel } from '@atelier/domain';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { CloseIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
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
import type { SessionUser } from '../../lib/session';
import { leadUtmFields } from '../../lib/utm';
import { useAddTripApplicationMutation, useUpdateTripApplicationMutation } from './api/trip-applications';
import '../../lib/forms.css';
import '../../components/ui/lead-form.css';

/*
 * The trip application form (issue 16), in a dialog opened from the trip page: the fields of
 * `TripApplicationFieldsSchema` and, for a new application, the consent box. The body it would
 * send is checked against the contract's own schema, so the browser refuses what the server would,
 * each message beside its field; what the server still refuses (a 409: applied already, the trip
 * has started, reviewed meanwhile) shows above the button, and nothing typed is lost.
 */

/**
 * The consent the application asks for: the lead forms' own text, because the server stores the
 * application (also a lead) with that text's version (`LEAD_CONSENT_VERSION`).
 */
export const TRIP_CONSENT_TEXT = LEAD_CONSENT_TEXT;
export const TRIP_CONSENT_MISSING = 'Tick the box to agree before sending the application.';

const TEXT_FIELDS = [
  'mobile',
  'city',
  'iam',
  'institution',
  'motivation',
  'requirements',
  'emergencyContactName',
  'emergencyContactMobile',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
const OPTIONAL: ReadonlySet<TextFieldName> = new Set(['institution', 'requirements']);

export type TripApplicationValues = Record<TextFieldName, string> & { consent: boolean };

const LABELS: Record<TextFieldName | 'consent', string> = {
  mobile: 'Mobile number during the trip',
  city: 'City you live in',
  iam: 'Current stage',
  institution: 'College or firm',
  motivation: 'Why this trip?',
  requirements: 'Diet, allergies or access needs',
  emergencyContactName: 'Emergency contact’s name',
  emergencyContactMobile: 'Emergency contact’s mobile',
  consent: 'Consent',
};

const MISSING: Record<TextFieldName, string> = {
  mobile: 'Enter the mobile number we can reach you on during the trip.',
  city: 'Enter the city you live in.',
  iam: 'Choose your current stage.',
  institution: '',
  motivation: 'Tell us in a few sentences why you want to join this trip.',
  requirements: '',
  emergencyContactName: 'Enter your emergency contact’s name.',
  emergencyContactMobile: 'Enter your emergency contact’s mobile number.',
};

const BODY_FIELDS: Record<string, BodyField<TripApplicationValues>> = {
  ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, { field: name, label: LABELS[name] }])),
  consent: { field: 'consent', label: 'Consent', message: TRIP_CONSENT_MISSING },
};

function trimmed(values: TripApplicationValues): Record<TextFieldName, string> {
  return Object.fromEntries(TEXT_FIELDS.map((name) => [name, values[name].trim()])) as Record<
    TextFieldName,
    string
  >;
}

/**
 * The add body: the fields (empty optional ones left out), the trip, the consent and the visit's
 * UTM values (the application is a lead for sales, attributed like every lead form).
 */
function addBody(tripId: number, values: TripApplicationValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    tripId,
    consent: values.consent === true ? true : undefined,
    ...leadUtmFields(),
  };
  for (const [name, value] of Object.entries(trimmed(values))) if (value !== '') body[name] = value;
  return body;
}

/** The update body: the fields that differ from the application's (an empty optional one is kept). */
function updateBody(application: TripApplication, values: TripApplicationValues): Record<string, unknown> {
  const body: Record<string, unknown> = { applicationId: application.id };
  const before = application.fields as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(trimmed(values))) {
    if (value === '' || value === (before[name] ?? '').trim()) continue;
    body[name] = value;
  }
  return body;
}

function initialValues(user: SessionUser | null, application: TripApplication | null): TripApplicationValues {
  if (application) {
    const f = application.fields;
    return {
      mobile: f.mobile,
      city: f.city,
      iam: f.iam,
      institution: f.institution ?? '',
      motivation: f.motivation,
      requirements: f.requirements ?? '',
      emergencyContactName: f.emergencyContactName,
      emergencyContactMobile: f.emergencyContactMobile,
      consent: true,
    };
  }
  return {
    mobile: user?.mobile ?? '',
    city: user?.city ?? '',
    iam: user?.iam && (IAM_VALUES as readonly string[]).includes(user.iam) ? user.iam : '',
    institution: user?.college ?? '',
    motivation: '',
    requirements: '',
    emergencyContactName: '',
    emergencyContactMobile: '',
    consent: false,
  };
}

/** What the server's refusal says, above the button (field errors go beside their fields). */
function failureMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 429) return 'Too many attempts. Please wait a minute and send it again.';
  if (error.status === 'FETCH_ERROR')
    return 'We could not reach Atelier. Check your connection and try again: what you typed is still here.';
  if (error.status === 'PARSE_ERROR' || (typeof error.status === 'number' && error.status >= 500))
    return 'We could not send your application just now. Please try again in a moment: what you typed is still here.';
  return null;
}

export interface TripApplicationDialogProps {
  tripId: number;
  tripTitle: string;
  userId: number;
  user: SessionUser | null;
  /** The application to edit; `null` to apply. */
  application: TripApplication | null;
  onClose: () => void;
  /** Called with the saved application (the dialog is then closed by its opener). */
  onSaved: (application: TripApplication, kind: 'added' | 'updated' | 'unchanged') => void;
}

export function TripApplicationDialog({
  tripId,
  tripTitle,
  userId,
  user,
  application,
  onClose,
  onSaved,
}: TripApplicationDialogProps) {
  const id = useId();
  const editing = application !== null;
  const [add, addState] = useAddTripApplicationMutation();
  const [update, updateState] = useUpdateTripApplicationMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z
        .custom<TripApplicationValues>(() => true)
        .superRefine((values, ctx) => {
          const reported = new Set<string>();
          for (const name of TEXT_FIELDS) {
            if (OPTIONAL.has(name) || values[name].trim() !== '') continue;
            ctx.addIssue({ code: 'custom', path: [name], message: MISSING[name] });
            reported.add(name);
          }
          if (!editing && values.consent !== true) {
            ctx.addIssue({ code: 'custom', path: ['consent'], message: TRIP_CONSENT_MISSING });
            reported.add('consent');
          }
          if (application)
            reportBodyIssues(
              TripApplicationUpdateBodySchema,
              updateBody(application, values),
              ctx,
              BODY_FIELDS,
              reported,
            );
          else
            reportBodyIssues(
              TripApplicationAddBodySchema,
              addBody(tripId, values),
              ctx,
              BODY_FIELDS,
              reported,
            );
        }),
    [application, editing, tripId],
  );
  const form = useContractForm<TripApplicationValues>(schema, initialValues(user, application));

  const submit = async (values: TripApplicationValues) => {
    setFormError(null);
    try {
      if (application) {
        const body = updateBody(application, values);
        if (Object.keys(body).length === 1) {
          onSaved(application, 'unchanged');
          return;
        }
        const saved = await update({ userId, body: body as Parameters<typeof update>[0]['body'] }).unwrap();
        onSaved(saved, 'updated');
      } else {
        const body = addBody(tripId, values) as Parameters<typeof add>[0]['body'];
        const saved = await add({ userId, body }).unwrap();
        onSaved(saved, 'added');
      }
    } catch (error) {
      setFormError(failureMessage(error) ?? showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };

  const busy = addState.isLoading || updateState.isLoading;
  const control = form.control;
  return (
    <ModalDialog
      className="dialog trip-apply-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <p className="eyebrow">{editing ? 'Edit your application' : 'Apply for this trip'}</p>
        <h2 id={`${id}-title`} className="dialog__title">
          {tripTitle}
        </h2>
        <p id={`${id}-text`} className="dialog__text">
          {editing
            ? 'You can change your application until the team reviews it.'
            : 'Tell us about you; the team reviews applications and confirms seats within two working days.'}
        </p>
        <form
          className="lead-form trip-apply-form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          <FormTextField
            control={control}
            name="mobile"
            label={LABELS.mobile}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
          />
          <FormTextField
            control={control}
            name="city"
            label={LABELS.city}
            autoComplete="address-level2"
            required
          />
          <FormSelectField
            control={control}
            name="iam"
            label={LABELS.iam}
            placeholder="Choose…"
            options={IAM_VALUES.map((value) => ({ value, label: iamLabel(value) }))}
            required
          />
          <FormTextField
            control={control}
            name="institution"
            label={LABELS.institution}
            autoComplete="organization"
            optional
          />
          <FormTextArea
            className="lead-form__textarea"
            control={control}
            name="motivation"
            label={LABELS.motivation}
            hint="A few sentences: what you hope to see and learn (at least 20 characters)."
          />
          <FormTextArea
            className="lead-form__textarea"
            control={control}
            name="requirements"
            label={LABELS.requirements}
            optional
          />
          <FormTextField
            control={control}
            name="emergencyContactName"
            label={LABELS.emergencyContactName}
            required
          />
          <FormTextField
            control={control}
            name="emergencyContactMobile"
            label={LABELS.emergencyContactMobile}
            type="tel"
            inputMode="tel"
            required
          />
          {editing ? null : <FormConsentField control={control} name="consent" text={TRIP_CONSENT_TEXT} />}
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <SubmitButton
            busy={busy}
            busyLabel={editing ? 'Saving…' : 'Sending…'}
            className="button button--primary button--block"
          >
            {editing ? 'Save changes' : 'Send application'}
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
