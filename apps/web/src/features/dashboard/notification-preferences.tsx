import type { MessageKind, NotificationPreferences } from '@atelier/contract';
import { useState } from 'react';
import { LoadingNote } from '../../components/ui/load-states';
import { apiFormMessage } from '../../lib/forms';
import { useResetOnChange } from '../../lib/hooks';
import {
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from './api/notification-preferences-api';

/*
 * The profile's "Notifications" section (issue 16): which messages the learner gets, per kind and
 * channel, as the contract's `NotificationPreferencesSchema` defines them; the kinds the server
 * always sends (sign-in codes, receipts) are shown ticked and cannot be switched off. Saved with
 * one call that sends only what changed.
 */

type Key = keyof NotificationPreferences;

interface Row {
  title: string;
  description: string;
  email?: Key;
  sms?: Key;
}

const ROWS: readonly Row[] = [
  {
    title: 'Instalment reminders',
    description: '3 days before an instalment is due, and on the day.',
    email: 'instalmentRemindersEmail',
    sms: 'instalmentRemindersSms',
  },
  {
    title: 'Session reminders',
    description: '24 hours and 1 hour before a live session, with a calendar file.',
    email: 'sessionRemindersEmail',
    sms: 'sessionRemindersSms',
  },
  {
    title: 'Trip applications',
    description: 'When an application is received and when it is reviewed.',
    email: 'tripUpdatesEmail',
  },
  {
    title: 'Certificates and competitions',
    description: 'A certificate issued; a competition registration confirmed.',
    email: 'achievementsEmail',
  },
  {
    title: 'Newsletters and offers',
    description: 'Newsletters, brochures and offers. The unsubscribe link in these e-mails turns this off.',
    email: 'marketingEmail',
  },
];

const ALWAYS_SENT_LABEL: Partial<Record<MessageKind, string>> = {
  otp: 'Sign-in codes',
  'payment-receipt': 'Payment receipts',
  'instalment-reminder': 'Instalment reminders',
  'session-reminder': 'Session reminders',
  'trip-application': 'Trip application updates',
  'trip-itinerary': 'Trip itineraries you ask for',
  'certificate-issued': 'Certificates',
  'competition-registration': 'Competition registrations',
  brochure: 'Brochures you ask for',
  'newsletter-welcome': 'Newsletter welcome',
};

type Status = { tone: 'info' | 'success' | 'error'; text: string } | null;

export function NotificationPreferencesSection({ userId }: { userId: number }) {
  const query = useGetNotificationPreferencesQuery(userId);
  return (
    <section className="profile-section" aria-labelledby="profile-notifications" id="notifications">
      <div className="profile-section__head">
        <h2 id="profile-notifications" className="profile-section__title">
          Notifications
        </h2>
        <p className="profile-section__description">
          Choose the e-mails and text messages you get from Atelier.
        </p>
      </div>
      {query.currentData ? (
        <PreferencesForm
          userId={userId}
          saved={query.currentData.preferences}
          alwaysSent={query.currentData.alwaysSent}
        />
      ) : query.isError ? (
        // Not an alert: it shows as the page opens, not in answer to something the learner did.
        <div className="load-error">
          <p>
            <strong>Your notification choices could not be loaded.</strong> {apiFormMessage(query.error)}
          </p>
          <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <LoadingNote>Loading your notification choices…</LoadingNote>
      )}
    </section>
  );
}

function PreferencesForm({
  userId,
  saved,
  alwaysSent,
}: {
  userId: number;
  saved: NotificationPreferences;
  alwaysSent: readonly MessageKind[];
}) {
  const [values, setValues] = useState<NotificationPreferences>(saved);
  const [status, setStatus] = useState<Status>(null);
  const [update, state] = useUpdateNotificationPreferencesMutation();
  // New saved values from the server (after a save) become the form's.
  useResetOnChange(saved, () => setValues(saved));

  const toggle = (key: Key, on: boolean) => {
    setStatus(null);
    setValues((current) => ({ ...current, [key]: on }));
  };

  const submit = async () => {
    const changed = Object.fromEntries(
      (Object.keys(values) as Key[])
        .filter((key) => values[key] !== saved[key])
        .map((key) => [key, values[key]]),
    ) as Partial<NotificationPreferences>;
    if (Object.keys(changed).length === 0) {
      setStatus({ tone: 'info', text: 'Nothing to save: no changes.' });
      return;
    }
    setStatus(null);
    try {
      await update({ userId, body: changed }).unwrap();
      setStatus({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setStatus({
        tone: 'error',
        text: `Your choices were not saved. ${apiFormMessage(error)}`,
      });
    }
  };

  // One sentence: "Sign-in codes, payment receipts" (only the first word capitalised).
  const always = alwaysSent.map((kind, i) => {
    const label = ALWAYS_SENT_LABEL[kind] ?? kind;
    return i === 0 ? label : label.charAt(0).toLowerCase() + label.slice(1);
  });
  return (
    <form
      className="profile-form notify-prefs"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ul className="notify-prefs__list">
        {ROWS.map((row) => (
          <li key={row.title} className="notify-prefs__row">
            <fieldset className="notify-prefs__fieldset">
              <legend className="notify-prefs__title">{row.title}</legend>
              <p className="notify-prefs__description">{row.description}</p>
              <div className="notify-prefs__channels">
                {row.email ? (
                  <Toggle
                    label="E-mail"
                    context={row.title}
                    checked={values[row.email]}
                    onChange={(on) => toggle(row.email!, on)}
                  />
                ) : null}
                {row.sms ? (
                  <Toggle
                    label="SMS"
                    context={row.title}
                    checked={values[row.sms]}
                    onChange={(on) => toggle(row.sms!, on)}
                  />
                ) : null}
              </div>
            </fieldset>
          </li>
        ))}
        <li className="notify-prefs__row">
          <fieldset className="notify-prefs__fieldset">
            <legend className="notify-prefs__title">Ad measurement</legend>
            <p className="notify-prefs__description">
              With a purchase, a one-way hashed form of your e-mail and mobile may go to our advertising
              partner to measure our ads. Nothing readable is shared.
            </p>
            <div className="notify-prefs__channels">
              <Toggle
                label="Allow"
                context="ad measurement"
                checked={values.adMeasurement}
                onChange={(on) => toggle('adMeasurement', on)}
              />
            </div>
          </fieldset>
        </li>
        {always.length > 0 ? (
          <li className="notify-prefs__row notify-prefs__row--fixed">
            <fieldset className="notify-prefs__fieldset" disabled>
              <legend className="notify-prefs__title">Always sent</legend>
              <p className="notify-prefs__description" id="notify-always">
                {always.join(', ')}: these keep your account safe or are required by law, so they cannot be
                turned off.
              </p>
              <div className="notify-prefs__channels">
                <Toggle
                  label="E-mail"
                  context="messages always sent"
                  checked
                  disabled
                  onChange={() => undefined}
                />
              </div>
            </fieldset>
          </li>
        ) : null}
      </ul>
      <div className="profile-form__footer">
        <p className="profile-form__status" role="status">
          {status && status.tone !== 'error' ? status.text : null}
        </p>
        <button
          type="submit"
          className="button button--primary"
          disabled={state.isLoading}
          aria-busy={state.isLoading || undefined}
        >
          {state.isLoading ? 'Saving…' : 'Save notification choices'}
        </button>
      </div>
      {status?.tone === 'error' ? (
        <p className="form-alert form-alert--error" role="alert">
          {status.text}
        </p>
      ) : null}
    </form>
  );
}

function Toggle({
  label,
  context,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  context: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="notify-prefs__toggle">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        {label}
        <span className="visually-hidden"> for {context.toLowerCase()}</span>
      </span>
    </label>
  );
}
