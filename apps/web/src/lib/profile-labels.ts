import type { GENDERS } from '@atelier/contract';

/** How the profile's `gender` values read on screen (the values are the contract's). */
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};
