/**
 * The user profile: completeness, onboarding and the `iam` label (spec §3 "User profile", §4
 * "Onboarding step score", §5; domain contract "Profile and leads", "Paths and text").
 */

import { NO_DATE } from './calendar.js';
import { IAM_LABELS, IAM_NEEDING_COLLEGE, type Iam } from './constants.js';
import { hasText, isRecord, readText } from './wire.js';

/** The profile fields the rules read (spec §3 "User profile"). */
export interface ProfileLike {
  email?: string | null;
  name?: string | null;
  mobile?: string | number | null;
  gender?: string | null;
  /** Date of birth, a wire date; `'0000-00-00'` counts as empty. */
  dob?: string | null;
  city?: string | null;
  iam?: string | null;
  college?: string | null;
}

/** The onboarding step score (spec §4): 0 basics missing … 3 complete. */
export type OnboardingStep = 0 | 1 | 2 | 3;

/** The label of an `iam` value, or `''`. */
export type IamLabel = (typeof IAM_LABELS)[Iam] | '';

/**
 * Whether a profile field is filled: a non-blank string or a number. A `dob` of `'0000-00-00'` is
 * the wire's "no date", so it counts as empty.
 */
function isFilled(profile: ProfileLike, field: keyof ProfileLike): boolean {
  const value = profile[field];
  if (field === 'dob' && readText(value).trim() === NO_DATE) return false;
  return hasText(value);
}

function iamOf(profile: ProfileLike): string {
  return readText(profile.iam).trim().toLowerCase();
}

/**
 * The label of an `iam` value (spec §3 "User profile"): `student` → `'Student'`, `graduate` →
 * `'Graduate (0-1 Years)'`, `professional` → `'Early Professional (1-3 Years)'`; anything else →
 * `''`. Surrounding blanks and letter case are ignored.
 */
export function iamLabel(iam: string | null | undefined): IamLabel {
  const key = readText(iam).trim().toLowerCase();
  return Object.hasOwn(IAM_LABELS, key) ? IAM_LABELS[key as Iam] : '';
}

/**
 * Whether a profile is complete (spec §5 "Profile is complete when email, name, gender, dob, city
 * and iam are all present"): all six non-empty.
 */
export function isProfileComplete(profile: ProfileLike | null | undefined): boolean {
  if (!isRecord(profile)) return false;
  const fields = ['email', 'name', 'gender', 'dob', 'city', 'iam'] as const;
  return fields.every((field) => isFilled(profile, field));
}

/**
 * The onboarding step score (spec §4 "Onboarding step score"): 0 if any of `name`, `mobile`,
 * `dob`, `gender` is empty; else 1 if `iam` is empty, or `iam` is `student` or `graduate` and
 * `college` is empty; else 2 if `city` is empty; else 3.
 */
export function onboardingStep(profile: ProfileLike | null | undefined): OnboardingStep {
  if (!isRecord(profile)) return 0;
  const basics = ['name', 'mobile', 'dob', 'gender'] as const;
  if (!basics.every((field) => isFilled(profile, field))) return 0;
  const iam = iamOf(profile);
  const needsCollege = (IAM_NEEDING_COLLEGE as readonly string[]).includes(iam);
  if (iam === '' || (needsCollege && !isFilled(profile, 'college'))) return 1;
  if (!isFilled(profile, 'city')) return 2;
  return 3;
}
