/**
 * People and how they sign in: users, server-side sessions, one-time codes, the moderator
 * access audit, assessment progress (the profile's `cpId`) and in-app notifications.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, id, instant, sqlList, updatedAt } from './columns.js';

/** Roles, lowest privilege first (DESIGN.md "Roles"). */
export const USER_ROLES = ['learner', 'moderator', 'instructor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The profile's `iam` values (spec §3, "User profile"). */
export const IAM_VALUES = ['student', 'graduate', 'professional'] as const;

/** Why a one-time code was issued; a code only verifies for its own purpose (checklist B3). */
export const OTP_PURPOSES = [
  'login',
  'register',
  'password_add',
  'password_reset',
  'verify_email',
  'verify_mobile',
] as const;

/** Where a one-time code was sent. */
export const OTP_CHANNELS = ['sms', 'email'] as const;

/**
 * A person with an account. Email and mobile are each optional (OTP sign-in may start from
 * either) but at least one is present, and each is unique: email case-insensitively through a
 * unique index on `lower(email)` (no citext, so the schema runs on PGlite and plain PostgreSQL).
 * Look users up with `lower(email) = lower($1)` so that index serves the query.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name'),
    email: text('email'),
    /** As entered, e.g. '+91 9876543210'; the service normalises before storing. */
    mobile: text('mobile'),
    gender: text('gender'),
    city: text('city'),
    dob: calendarDate('dob'),
    iam: text('iam'),
    college: text('college'),
    upiId: text('upi_id'),
    instagram: text('instagram'),
    linkedin: text('linkedin'),
    behance: text('behance'),
    dribbble: text('dribbble'),
    imagePath: text('image_path'),
    /** Public code others use to refer this user. Random by default (48 bits, hex). */
    referCode: text('refer_code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    /**
     * Private key of the learner's calendar (ICS) feed: shown only to its owner, rotatable.
     * Random by default (two v4 UUIDs, 244 random bits).
     */
    secretKey: text('secret_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    isVerified: boolean('is_verified').notNull().default(false),
    role: text('role').$type<UserRole>().notNull().default('learner'),
    /** argon2id hash; null when the user has never set a password (OTP sign-in is the main path). */
    passwordHash: text('password_hash'),
    /** Google account subject (`sub`) once linked. */
    googleSub: text('google_sub'),
    /** Consecutive wrong passwords; reset on success (checklist B7). */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** How many times the account has been locked; the lock doubles each time. */
    lockoutCount: integer('lockout_count').notNull().default(0),
    lockedUntil: instant('locked_until'),
    lastLoginAt: instant('last_login_at'),
    /** A disabled user cannot sign in and all their sessions stop working. */
    disabledAt: instant('disabled_at'),
    /**
     * Set when a guest checkout created this account from contact details nobody had proved yet;
     * cleared when its owner first signs in by a one-time code, which then ends every other
     * session (a pre-hijacked account is taken back: decision 0015).
     */
    createdByCheckoutAt: instant('created_by_checkout_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    unique('users_mobile_uq').on(t.mobile),
    unique('users_refer_code_uq').on(t.referCode),
    unique('users_secret_key_uq').on(t.secretKey),
    unique('users_google_sub_uq').on(t.googleSub),
    check('users_contact_present_ck', sql`${t.email} IS NOT NULL OR ${t.mobile} IS NOT NULL`),
    check('users_role_ck', sql`${t.role} IN (${sqlList(USER_ROLES)})`),
    check('users_iam_ck', sql`${t.iam} IS NULL OR ${t.iam} IN (${sqlList(IAM_VALUES)})`),
    check('users_failed_login_count_ck', sql`${t.failedLoginCount} >= 0`),
    check('users_lockout_count_ck', sql`${t.lockoutCount} >= 0`),
  ],
);

/**
 * A server-side session named by an opaque bearer token; only the token's hash is stored.
 * A moderator's read-only view of a learner's dashboard is a session of its own, with
 * `isModeratorView` set and `viewedUserId` naming the learner.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry (30 days); the 7-day idle limit is checked against `lastSeenAt`. */
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    isModeratorView: boolean('is_moderator_view').notNull().default(false),
    viewedUserId: integer('viewed_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    unique('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    check('sessions_moderator_view_ck', sql`${t.isModeratorView} = (${t.viewedUserId} IS NOT NULL)`),
  ],
);

/**
 * A one-time code, bound to an identifier (normalised email or mobile) and a purpose, stored
 * hashed, single use (`consumedAt`), invalidated after 5 wrong attempts (checklist B1–B4).
 */
export const otps = pgTable(
  'otps',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    purpose: text('purpose').$type<(typeof OTP_PURPOSES)[number]>().notNull(),
    channel: text('channel').$type<(typeof OTP_CHANNELS)[number]>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // Latest code for an identifier and purpose, and send-rate counting per identifier.
    index('otps_identifier_purpose_created_idx').on(t.identifier, t.purpose, t.createdAt),
    index('otps_ip_created_idx').on(t.ip, t.createdAt),
    check('otps_purpose_ck', sql`${t.purpose} IN (${sqlList(OTP_PURPOSES)})`),
    check('otps_channel_ck', sql`${t.channel} IN (${sqlList(OTP_CHANNELS)})`),
    check('otps_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);

/** Every time a moderator opens a learner's dashboard (`POST /api/auth/moderator/access`). */
export const moderatorAccessAudit = pgTable(
  'moderator_access_audit',
  {
    id: id(),
    moderatorId: integer('moderator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderator_access_audit_moderator_idx').on(t.moderatorId, t.createdAt),
    index('moderator_access_audit_learner_idx').on(t.learnerId, t.createdAt),
  ],
);

/** A learner's progress through a career-path assessment; the profile's `cpId` is `cpId`. */
export const assessmentProgresses = pgTable(
  'assessment_progresses',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cpId: integer('cp_id').notNull(),
    /** Answers and step reached, as the assessment flow records them. */
    progress: jsonb('progress').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: instant('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('assessment_progresses_user_cp_uq').on(t.userId, t.cpId)],
);

/** An in-app notification (`GET /api/user/{id}/notifications`). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);
