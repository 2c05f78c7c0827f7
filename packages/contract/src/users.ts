import { z } from 'zod';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * The user profile (spec §3 "User profile") and the calls that read and edit it (spec §7 "User").
 * Request schemas are strict: a field that is not editable (`coins`, `isVerified`, `referCode`,
 * `secretKey`, `email`, `role`, `id`, …) is rejected with 400 naming it (checklist C1, C2).
 */

// ---------------------------------------------------------------------------------------------
// Contact identifiers
// ---------------------------------------------------------------------------------------------

/** An e-mail address, trimmed and lower-cased (accounts are unique by e-mail, case-insensitively). */
export const EmailSchema = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be an email address such as name@example.com' }));

/** A mobile number split into its country calling code and national number. */
export interface ParsedMobile {
  /** Country calling code with `+`, e.g. `'+91'`. */
  dialCode: string;
  /** The national number, digits only. */
  national: string;
  /** The stored and compared form: `'+91 9876543210'` (dial code, one space, national number). */
  normalized: string;
}

/** Country calling codes of two digits (ITU-T E.164 zones); `1` and `7` are the one-digit ones, all others have three. */
const TWO_DIGIT_DIAL_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

/** The country calling code at the start of international digits (codes are prefix-free). */
function dialCodeOf(digits: string): string {
  if (digits.startsWith('1') || digits.startsWith('7')) return digits.slice(0, 1);
  if (TWO_DIGIT_DIAL_CODES.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

const INDIAN_NATIONAL = /^[6-9]\d{9}$/;

/**
 * Reads a mobile number as people type it. Accepted: an Indian mobile (10 digits starting 6–9,
 * optionally preceded by `0`, `91`, `+91` or `0091`), or an international number with its country
 * code (`+` or `00`, then 8–15 digits, E.164). Spaces, dashes, dots and brackets are ignored.
 *
 * @returns the parts and the normalised form `'+91 9876543210'`, or `null` when not a mobile number
 */
export function parseMobile(input: string): ParsedMobile | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const india = (national: string): ParsedMobile => ({
    dialCode: '+91',
    national,
    normalized: `+91 ${national}`,
  });
  if (/^0?[6-9]\d{9}$/.test(compact)) return india(compact.slice(-10));
  const international = /^(?:\+|00)?(\d+)$/.exec(compact);
  if (!international) return null;
  const digits = international[1]!;
  if (!compact.startsWith('+') && !compact.startsWith('00')) {
    // Without a `+`, only `91` followed by an Indian mobile is unambiguous.
    return /^91[6-9]\d{9}$/.test(digits) ? india(digits.slice(2)) : null;
  }
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null;
  const code = dialCodeOf(digits);
  const national = digits.slice(code.length);
  if (code === '91') return INDIAN_NATIONAL.test(national) ? india(national) : null;
  if (national.length < 4) return null;
  return { dialCode: `+${code}`, national, normalized: `+${code} ${national}` };
}

/**
 * A mobile number (see {@link parseMobile}), normalised to `'+91 9876543210'` /
 * `'+44 7911123456'`.
 */
export const MobileSchema = z
  .string({ error: 'must be text' })
  .max(32, 'must be at most 32 characters')
  .refine(
    (v) => parseMobile(v) !== null,
    'must be an Indian mobile number (10 digits starting with 6–9, optionally with +91) or an international number with its country code, such as +44 7911 123456',
  )
  .transform((v) => parseMobile(v)!.normalized);

// ---------------------------------------------------------------------------------------------
// Profile fields
// ---------------------------------------------------------------------------------------------

/** Genders a profile may state (ours; the spec does not list them). */
export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const GenderSchema = z.enum(GENDERS, { error: `must be one of ${GENDERS.join(', ')}` });
export type Gender = z.infer<typeof GenderSchema>;

/** The profile's `iam` values (spec §3); their labels come from `@atelier/domain` (`iamLabel`). */
export const IAM_VALUES = ['student', 'graduate', 'professional'] as const;
export const IamSchema = z.enum(IAM_VALUES, { error: `must be one of ${IAM_VALUES.join(', ')}` });

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Free text of one line: trimmed, 1–`max` characters, no control characters (checklist E9). */
function lineOfText(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'must not contain control characters or line breaks');
}

/** `''` and `null` both clear an optional field. */
function clearable<T extends z.ZodType<string>>(schema: T) {
  return z.union([z.literal('').transform(() => null), z.null(), schema]);
}

/** A person's name. */
export const NameSchema = lineOfText(100);

/** A date of birth `YYYY-MM-DD` that exists on the calendar; the server checks it is past and the age is at least 13. */
export const DobSchema = WireDateSchema.refine((v) => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, 'must be a real date as YYYY-MM-DD');

/** A link to the person's page on one site: https, on that host (optionally `www.`), with a path. */
function socialLink(host: string) {
  const message = `must be an https://${host}/… link`;
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(300, 'must be at most 300 characters')
    .refine((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        return false;
      }
      return (
        url.protocol === 'https:' &&
        (url.hostname === host || url.hostname === `www.${host}`) &&
        url.username === '' &&
        url.password === '' &&
        url.port === '' &&
        url.pathname.length > 1
      );
    }, message);
}

/** A UPI virtual payment address, `name@handle`. */
export const UpiIdSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,98}@[A-Za-z][A-Za-z0-9]{1,63}$/, 'must be a UPI id such as name@bank');

/** Every field a learner may edit on their profile, each optional (checklist C1: the allowlist). */
const editableFields = {
  name: NameSchema.optional(),
  mobile: MobileSchema.optional(),
  gender: GenderSchema.optional(),
  city: clearable(lineOfText(100)).optional(),
  dob: DobSchema.optional(),
  iam: IamSchema.optional(),
  college: clearable(lineOfText(150)).optional(),
  upiId: clearable(UpiIdSchema).optional(),
  instagram: clearable(socialLink('instagram.com')).optional(),
  linkedin: clearable(socialLink('linkedin.com')).optional(),
  behance: clearable(socialLink('behance.net')).optional(),
  dribbble: clearable(socialLink('dribbble.com')).optional(),
};

/** The profile columns a learner may change; everything else is server-owned. */
export const EDITABLE_PROFILE_FIELDS = Object.keys(editableFields) as (keyof typeof editableFields)[];

/** `POST /api/user/profile/update`: any of the editable fields; any other field is rejected. */
export const ProfileUpdateBodySchema = z.object(editableFields).strict();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** `POST /api/user/onboarding/profile/update`: the onboarding steps' fields (spec §4 "Onboarding step score"). */
export const OnboardingProfileUpdateBodySchema = z
  .object({
    name: editableFields.name,
    mobile: editableFields.mobile,
    dob: editableFields.dob,
    gender: editableFields.gender,
    iam: editableFields.iam,
    college: editableFields.college,
    city: editableFields.city,
  })
  .strict();
export type OnboardingProfileUpdateBody = z.infer<typeof OnboardingProfileUpdateBodySchema>;

/** `POST /api/user/upi/update`. */
export const UpiUpdateBodySchema = z.object({ upiId: UpiIdSchema }).strict();
export type UpiUpdateBody = z.infer<typeof UpiUpdateBodySchema>;

/**
 * `POST /api/user/profile` (spec: "takes id and email"). Both are optional and only checked: the
 * profile is always the caller's own, and naming someone else answers 404.
 */
export const UserProfileBodySchema = z
  .object({
    id: IdSchema.optional(),
    email: z.string({ error: 'must be text' }).trim().max(254, 'must be at most 254 characters').optional(),
  })
  .strict();
export type UserProfileBody = z.infer<typeof UserProfileBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Signed-in roles, lowest privilege first (DESIGN.md "Roles"). */
export const ROLES = ['learner', 'moderator', 'instructor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A user profile as anyone but its owner may see it (spec §3): `GET /api/user/{id}/info` for staff,
 * the learner of a moderator's view. It has no `secretKey` field at all, so a response declared
 * with it can never carry the key, whatever the service hands over (the schema is the whitelist).
 * `coins` is the wallet balance (0 without a wallet), `profileCompleted` and `onboardingStep` come
 * from `@atelier/domain`, `cpId` from the latest assessment progress. Never a password hash, code
 * or token.
 */
export const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  dob: z.string().nullable(),
  iam: z.string().nullable(),
  iamLabel: z.string(),
  upiId: z.string().nullable(),
  college: z.string().nullable(),
  instagram: z.string().nullable(),
  linkedin: z.string().nullable(),
  behance: z.string().nullable(),
  dribbble: z.string().nullable(),
  /** URL path of the avatar (`/media/avatars/….webp`), or null. */
  imagePath: z.string().nullable(),
  referCode: z.string(),
  coins: z.number().int(),
  isVerified: z.boolean(),
  profileCompleted: z.boolean(),
  onboardingStep: z.number().int().min(0).max(3),
  cpId: z.number().int().nullable(),
  role: z.enum(ROLES),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * The caller's own profile (sign-ins, the user-details and profile calls, profile edits): the
 * profile plus `secretKey`, the private calendar-feed key. The key is left out only when the
 * caller is a moderator reading a learner through a read-only view (the session is the learner's,
 * the person is not).
 */
export const OwnProfileSchema = ProfileSchema.extend({ secretKey: z.string().optional() });
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

/** One of the user's trip applications, with the trip's title and start date. */
export const ProfileTripSchema = z.object({
  /** The trip's id. */
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The application's status. */
  status: z.string(),
  applicationId: z.number().int(),
});
export type ProfileTrip = z.infer<typeof ProfileTripSchema>;

/** Answer of `POST /api/user/profile`. */
export const UserProfileResultSchema = z.object({
  user: OwnProfileSchema,
  trips: z.array(ProfileTripSchema),
});
export type UserProfileResult = z.infer<typeof UserProfileResultSchema>;

/** Answer of `POST /api/user/onboarding/profile/update`: the profile and the new step (0–3). */
export const OnboardingResultSchema = z.object({
  user: OwnProfileSchema,
  onboardingStep: z.number().int().min(0).max(3),
});
export type OnboardingResult = z.infer<typeof OnboardingResultSchema>;

/** Path `{id}` of `GET /api/user/{id}/info`. */
export const UserIdParamsSchema = z.object({ id: IdSchema }).strict();

/** Largest accepted profile image, in bytes (5 MB). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
