/**
 * The product spec's business constants (spec §9), named so that no caller repeats a magic
 * number. Wire values stay exactly the spec's; only their names are ours.
 */

/** Workshop `type` on the wire (spec §3, §9): 1 masterclass, 2 course. */
export const WORKSHOP_TYPE = Object.freeze({ masterclass: 1, course: 2 } as const);
export type WorkshopType = (typeof WORKSHOP_TYPE)[keyof typeof WORKSHOP_TYPE];

/** Batch `sessionType` on the wire (spec §3, §9): 1 live (dated), 2 recorded. */
export const SESSION_TYPE = Object.freeze({ live: 1, recorded: 2 } as const);
export type SessionType = (typeof SESSION_TYPE)[keyof typeof SESSION_TYPE];

/** Campaign banner `type` on the wire (spec §3, §9): 1 popup, 2 sidebar. */
export const CAMPAIGN_BANNER_TYPE = Object.freeze({ popup: 1, sidebar: 2 } as const);
export type CampaignBannerType = (typeof CAMPAIGN_BANNER_TYPE)[keyof typeof CAMPAIGN_BANNER_TYPE];

/** Feedback form `type` in `feedbackRatings` (spec §3, §9): forms 1 and 2. */
export const FEEDBACK_TYPE = Object.freeze({ first: 1, second: 2 } as const);
export type FeedbackType = (typeof FEEDBACK_TYPE)[keyof typeof FEEDBACK_TYPE];

/**
 * Where in the session list each feedback form's session sits (spec §4 "Feedback forms", §9):
 * form 1 at 20 %, form 2 at 65 % of the list.
 */
export const FEEDBACK_THRESHOLD = Object.freeze({ 1: 0.2, 2: 0.65 } as const satisfies Record<
  FeedbackType,
  number
>);

/** `feedbackRatings[].status` meaning "not yet given" (spec §4 "Feedback forms"). */
export const FEEDBACK_STATUS_PENDING = 0;

/**
 * Days before the earliest instalment due date during which the EMI popup shows (spec §4 "EMI
 * payment lock", §9): due in 1 to 5 days. Due today or overdue shows the banner instead.
 */
export const INSTALMENT_POPUP_WINDOW = Object.freeze({ minDays: 1, maxDays: 5 } as const);

/** Customer-relationship lead `source` id (spec §9). */
export const LEAD_SOURCE_ID = 2471051;
/** Customer-relationship lead `campaign` id (spec §9). */
export const LEAD_CAMPAIGN_ID = 1098285;
/** Default lead phone dial code (spec §9). */
export const LEAD_DIAL_CODE = '+91';
/** Default lead phone country code (spec §9). */
export const LEAD_COUNTRY_CODE = 'IN';
/** Lead phone number `type` (spec §9). */
export const LEAD_PHONE_TYPE = 'MOBILE';
/** Lead e-mail `type` (spec §9). */
export const LEAD_EMAIL_TYPE = 'OFFICE';

/**
 * Greeting hours, inclusive, in the caller's time zone (spec §2, §9): morning 0–11, afternoon
 * 12–16, evening otherwise.
 */
export const GREETING_HOURS = Object.freeze({
  morning: Object.freeze({ from: 0, to: 11 } as const),
  afternoon: Object.freeze({ from: 12, to: 16 } as const),
} as const);

/** Default currency code (spec §3 "Currency", §8 currency failure, §9). */
export const DEFAULT_CURRENCY = 'INR';

/** Time zone in which calendar days are taken unless the caller passes another (domain contract). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Page-head theme colour (spec §2, §9). */
export const THEME_COLOUR = '#f59a4c';

/** Route-change loading bar colour (spec §2, §9). */
export const LOADING_BAR_COLOUR = '#e3683b';

/** Google sign-in scopes (spec §2, §9). */
export const GOOGLE_SCOPES = Object.freeze(['openid', 'profile', 'email'] as const);

/** Consultation package ids in display order (spec §9). */
export const CONSULTATION_PACKAGE_ORDER = Object.freeze([3, 2, 4, 1] as const);

/**
 * How many trailing `covered` items of a consultation package are shown unchecked (spec §9):
 * package 3 its last two, package 2 its last one; every other package none.
 */
export const CONSULTATION_UNCHECKED_COVERED = Object.freeze({ 3: 2, 2: 1 } as const) as Readonly<
  Record<number, number>
>;

/** The `iam` values of a user profile (spec §3 "User profile"). */
export const IAM = Object.freeze({
  student: 'student',
  graduate: 'graduate',
  professional: 'professional',
} as const);
export type Iam = (typeof IAM)[keyof typeof IAM];

/** How each `iam` value is shown (spec §3 "User profile"). */
export const IAM_LABELS = Object.freeze({
  student: 'Student',
  graduate: 'Graduate (0-1 Years)',
  professional: 'Early Professional (1-3 Years)',
} as const satisfies Record<Iam, string>);

/** The `iam` values that need a college before onboarding moves on (spec §4 "Onboarding step score"). */
export const IAM_NEEDING_COLLEGE = Object.freeze([IAM.student, IAM.graduate] as const);
