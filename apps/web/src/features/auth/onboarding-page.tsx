import { GENDERS, IAM_VALUES, OnboardingProfileUpdateBodySchema, type Profile } from '@atelier/contract';
import {
  iamLabel,
  IAM_NEEDING_COLLEGE,
  isNoDate,
  onboardingStep,
  type OnboardingStep,
} from '@atelier/domain';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUpdateOnboardingProfileMutation } from '../../lib/api/account';
import { useUserDetails } from '../../lib/api/user-details';
import {
  FormAlert,
  FormChoiceField,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../lib/forms';
import { DASHBOARD_PATH, PROFILE_PATH, safeNextPath } from '../../lib/return-path';
import { GENDER_LABELS } from '../../lib/profile-labels';
import { useSession } from '../../lib/session';
import '../../lib/forms.css';
import './auth.css';

/*
 * `/dashboard/onboarding`: the step flow of spec §4 "Onboarding step score", driven by
 * `onboardingStep` from @atelier/domain: 0 name, mobile, date of birth, gender → 1 what the learner
 * is (and their college for students and graduates) → 2 city → 3 done. Each step posts to
 * `POST /api/user/onboarding/profile/update`, which answers the new step. Each step's answers are
 * checked with the contract's body schema for that call before they are sent.
 */

const IAM_DESCRIPTIONS: Record<(typeof IAM_VALUES)[number], string> = {
  student: 'Studying architecture, interiors or design',
  graduate: 'Graduated in the last year',
  professional: 'Working in practice for one to three years',
};

const STEPS = [
  { title: 'About you', lede: 'So your instructors know who they are teaching.' },
  { title: 'What you do', lede: 'We suggest courses that fit where you are in your career.' },
  { title: 'Where you are', lede: 'For session times, meet-ups and study trips near you.' },
] as const;

const needsCollege = (iam: string) => (IAM_NEEDING_COLLEGE as readonly string[]).includes(iam);

/** Today minus `years`, as the `max` of a date input (the server requires an age of at least 13). */
function yearsAgo(years: number, now = new Date()): string {
  const d = new Date(now.getFullYear() - years, now.getMonth(), now.getDate());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Draft {
  name: string;
  mobile: string;
  dob: string;
  gender: string;
  iam: string;
  college: string;
  city: string;
}

function draftOf(profile: Profile, typed?: { name?: string; mobile?: string }): Draft {
  return {
    name: profile.name ?? typed?.name ?? '',
    mobile: profile.mobile ?? typed?.mobile ?? '',
    dob: profile.dob && !isNoDate(profile.dob) ? profile.dob : '',
    gender: profile.gender ?? '',
    iam: profile.iam ?? '',
    college: profile.college ?? '',
    city: profile.city ?? '',
  };
}

const FIELDS: Record<string, BodyField<Draft>> = {
  name: { field: 'name', label: 'Name' },
  mobile: { field: 'mobile', label: 'Mobile number' },
  dob: { field: 'dob', label: 'Date of birth' },
  gender: { field: 'gender', label: 'Gender' },
  iam: { field: 'iam', label: 'Your choice' },
  college: { field: 'college', label: 'College' },
  city: { field: 'city', label: 'City' },
};

/** What a step sends: only its own fields. */
function bodyOf(step: OnboardingStep, draft: Draft): Record<string, string> {
  if (step === 0) {
    return { name: draft.name.trim(), mobile: draft.mobile.trim(), dob: draft.dob, gender: draft.gender };
  }
  if (step === 1)
    return { iam: draft.iam, ...(needsCollege(draft.iam) ? { college: draft.college.trim() } : {}) };
  if (step === 2) return { city: draft.city.trim() };
  return {};
}

/** Each step's form: its required answers, then the contract's schema for the body it sends. */
function stepSchema(step: OnboardingStep): z.ZodType<Draft, Draft> {
  const text = z.string();
  return z
    .object({ name: text, mobile: text, dob: text, gender: text, iam: text, college: text, city: text })
    .superRefine((draft, ctx) => {
      const missing = new Set<string>();
      const require = (field: keyof Draft, ok: boolean, message: string) => {
        if (ok) return;
        ctx.addIssue({ code: 'custom', path: [field], message });
        missing.add(field);
      };
      if (step === 0) {
        require('name', draft.name.trim() !== '', 'Enter your name.');
        require('mobile', draft.mobile.trim() !== '', 'Enter your mobile number.');
        require('dob', draft.dob !== '', 'Enter your date of birth.');
        require('gender', draft.gender !== '', 'Choose an option.');
      } else if (step === 1) {
        require('iam', draft.iam !== '', 'Choose the one that describes you best.');
        if (draft.iam !== '' && needsCollege(draft.iam)) {
          require('college', draft.college.trim() !== '', 'Enter your college or university.');
        }
      } else if (step === 2) {
        require('city', draft.city.trim() !== '', 'Enter your city.');
      }
      reportBodyIssues(OnboardingProfileUpdateBodySchema, bodyOf(step, draft), ctx, FIELDS, missing);
    });
}

export function OnboardingPage() {
  const session = useSession();
  const details = useUserDetails();
  const profile = details ?? session?.user ?? null;
  if (!profile) {
    return (
      <div className="onboarding onboarding--loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your profile…
      </div>
    );
  }
  return <OnboardingFlow key={profile.id} profile={profile} />;
}

function OnboardingFlow({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const typed = (location.state as { draft?: { name?: string; mobile?: string } } | null)?.draft;

  const [step, setStep] = useState<OnboardingStep>(() => onboardingStep(profile));
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saveState] = useUpdateOnboardingProfileMutation();
  const form = useContractForm<Draft>(stepSchema(step), draftOf(profile, typed));
  const iam = useWatch({ control: form.control, name: 'iam' });

  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const goTo = (target: OnboardingStep) => {
    form.clearErrors();
    setFormError(null);
    setStep(target);
  };

  const submit = async (draft: Draft) => {
    setFormError(null);
    try {
      const result = await save(bodyOf(step, draft)).unwrap();
      // The server scores the whole profile; it may skip a step that is already filled.
      goTo(Math.max(0, Math.min(3, result.onboardingStep)) as OnboardingStep);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FIELDS));
    }
  };

  if (step === 3) {
    const firstName = (form.getValues('name') || profile.name || '').split(' ')[0];
    return (
      <div className="onboarding">
        <div className="container onboarding__container">
          <section className="onboarding__card onboarding__card--done" aria-labelledby="onboarding-heading">
            <span className="onboarding__badge" aria-hidden="true">
              ✓
            </span>
            <h1 id="onboarding-heading" className="onboarding__title" tabIndex={-1} ref={heading}>
              You are all set{firstName ? `, ${firstName}` : ''}
            </h1>
            <p className="onboarding__lede">
              Your profile is ready. Add your photo, portfolio links and UPI id any time from your profile.
            </p>
            <div className="onboarding__actions">
              <Link className="button button--primary button--large" to={next ?? DASHBOARD_PATH} replace>
                {next ? 'Continue' : 'Go to your dashboard'}
              </Link>
              <Link className="button button--quiet button--large" to={PROFILE_PATH}>
                View your profile
              </Link>
            </div>
          </section>
        </div>
      </div>
    );
  }

  const meta = STEPS[step];
  return (
    <div className="onboarding">
      <div className="container onboarding__container">
        <p className="eyebrow">Set up your profile</p>
        <ol className="onboarding__progress" aria-label="Progress">
          {STEPS.map((s, index) => (
            <li
              key={s.title}
              className={index < step ? 'is-done' : index === step ? 'is-current' : undefined}
              aria-current={index === step ? 'step' : undefined}
            >
              <span className="onboarding__dot" aria-hidden="true">
                {index < step ? '✓' : index + 1}
              </span>
              <span className="onboarding__step-name">{s.title}</span>
            </li>
          ))}
        </ol>
        <section className="onboarding__card" aria-labelledby="onboarding-heading">
          <p className="onboarding__count">
            Step {step + 1} of {STEPS.length}
          </p>
          <h1 id="onboarding-heading" className="onboarding__title" tabIndex={-1} ref={heading}>
            {meta.title}
          </h1>
          <p className="onboarding__lede">{meta.lede}</p>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form className="auth-form" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
            {step === 0 ? (
              <>
                <FormTextField
                  control={form.control}
                  label="Full name"
                  name="name"
                  autoComplete="name"
                  required
                />
                <FormTextField
                  control={form.control}
                  label="Mobile number"
                  name="mobile"
                  type="tel"
                  autoComplete="tel"
                  hint="Indian numbers need no code; others start with + and the country code."
                  required
                />
                <FormTextField
                  control={form.control}
                  label="Date of birth"
                  name="dob"
                  type="date"
                  autoComplete="bday"
                  min="1900-01-01"
                  max={yearsAgo(13)}
                  hint="You need to be 13 or older to learn on Atelier."
                  required
                />
                <FormChoiceField
                  control={form.control}
                  legend="Gender"
                  name="gender"
                  options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
                />
              </>
            ) : null}
            {step === 1 ? (
              <>
                <FormChoiceField
                  control={form.control}
                  legend="Which describes you best?"
                  name="iam"
                  variant="cards"
                  options={IAM_VALUES.map((v) => ({
                    value: v,
                    label: iamLabel(v),
                    description: IAM_DESCRIPTIONS[v],
                  }))}
                />
                {needsCollege(iam) ? (
                  <FormTextField
                    control={form.control}
                    label="College or university"
                    name="college"
                    autoComplete="organization"
                    required
                  />
                ) : null}
              </>
            ) : null}
            {step === 2 ? (
              <FormTextField
                control={form.control}
                label="City"
                name="city"
                autoComplete="address-level2"
                required
              />
            ) : null}
            <div className="onboarding__buttons">
              {step > 0 ? (
                <button
                  type="button"
                  className="button button--quiet button--large"
                  onClick={() => goTo((step - 1) as OnboardingStep)}
                >
                  Back
                </button>
              ) : null}
              <SubmitButton
                busy={saveState.isLoading}
                busyLabel="Saving…"
                className="button button--primary button--large onboarding__next"
              >
                {step === 2 ? 'Finish' : 'Continue'}
              </SubmitButton>
            </div>
          </form>
        </section>
        <p className="onboarding__skip">
          <button
            type="button"
            className="link-button"
            // Not back to a dashboard page: it would only bring the learner here again.
            onClick={() =>
              void navigate(next && !next.startsWith(DASHBOARD_PATH) ? next : '/', { replace: true })
            }
          >
            I will do this later
          </button>
        </p>
      </div>
    </div>
  );
}
