import { OTP_TTL_MINUTES, type OtpPurpose } from '@atelier/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { GoogleIdentityVerifier } from '../../integrations/google-identity/google-identity.js';
import type { MessageSender } from '../../integrations/messaging/message-sender.js';
import * as repo from './auth.repository.js';
import { hashToken, newSessionToken } from './secrets.js';
import type { SecurityLog } from '../../platform/security-events.js';
import type { CachedSessionKeys, SessionCache } from '../../platform/cache/index.js';

// ---------------------------------------------------------------------------------------------
// Rules (checklist "Decisions"; each is a named constant so tests and docs can cite it)
// ---------------------------------------------------------------------------------------------

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A session ends 30 days after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** A session ends after 7 days without a request. */
export const SESSION_IDLE_MS = 7 * DAY;
/** `last_seen_at` is written at most once a minute per session. */
export const SESSION_TOUCH_GAP_MS = MINUTE;
/** A moderator's read-only view of a learner lasts 2 hours. */
export const MODERATOR_VIEW_MS = 2 * HOUR;

/** A one-time code is valid for 10 minutes. */
export const OTP_TTL_MS = OTP_TTL_MINUTES * MINUTE;
/** The 5th wrong code kills it. */
export const OTP_MAX_ATTEMPTS = 5;
/** One code per identifier every 30 s. */
export const OTP_RESEND_GAP_MS = 30_000;
/** Five codes per identifier per hour. */
export const OTP_PER_IDENTIFIER_PER_HOUR = 5;
/** Thirty codes per client IP per hour. */
export const OTP_PER_IP_PER_HOUR = 30;

/** Codes are kept two days (longer than any sending window), then pruned. */
export const OTP_RETENTION_MS = 2 * DAY;

/** Ten consecutive wrong passwords lock the account… */
export const LOGIN_MAX_FAILURES = 10;
/** …for 15 minutes, doubling with each further lock… */
export const LOCK_BASE_MS = 15 * MINUTE;
/** …up to a day. */
export const LOCK_MAX_MS = DAY;

/** A session from a one-time code may replace the password without the current one for 10 minutes. */
export const REAUTH_WINDOW_MS = 10 * MINUTE;

/** An order login token is valid for 15 minutes. */
export const ORDER_TOKEN_TTL_MS = 15 * MINUTE;

// ---------------------------------------------------------------------------------------------
// Context
// ---------------------------------------------------------------------------------------------

/** What the sign-in use cases need. */
export interface AuthDeps {
  db: Db;
  config: AppConfig;
  clock: () => Date;
  messages: MessageSender;
  google: GoogleIdentityVerifier;
  /** HMAC key of one-time codes (derived from APP_SECRET). */
  otpKey: Buffer;
  /**
   * Session lookups kept in memory (decision 0027; `AppContext.sessionCache`). Every write that
   * revokes sessions, disables an account or changes a role calls `sessionsChanged` after commit.
   */
  sessionCache?: SessionCache<CachedSessionKeys> | undefined;
}

/** Who is asking: the client's address and agent, and where security events go. */
export interface Caller {
  ip: string;
  userAgent: string | null;
  security: SecurityLog;
}

export type Identifier =
  { kind: 'email'; value: string } | { kind: 'mobile'; value: string; dialCode: string };

/** The identifier of a body the contract validated (and normalised) with exactly one of the two. */
export function identifierOf(body: { email?: string | undefined; mobile?: string | undefined }): Identifier {
  if (body.email !== undefined) return { kind: 'email', value: body.email };
  const mobile = body.mobile!;
  return { kind: 'mobile', value: mobile, dialCode: mobile.slice(0, mobile.indexOf(' ')) };
}

export function findAccount(db: repo.Executor, identifier: Identifier): Promise<repo.Account | null> {
  return identifier.kind === 'email'
    ? repo.findAccountByEmail(db, identifier.value)
    : repo.findAccountByMobile(db, identifier.value);
}

/** The wire purposes and the stored ones (`reset` is stored as `password_reset`). */
export const DB_PURPOSE: Record<OtpPurpose, repo.DbOtpPurpose> = {
  login: 'login',
  register: 'register',
  reset: 'password_reset',
};

export function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `The request body is invalid: ${path} ${message}`, [
    { path, message },
  ]);
}

export function rateLimited(seconds: number, message: string): AppError {
  return new AppError('RATE_LIMITED', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(seconds))),
  });
}

/** Seconds until the oldest event of a sliding window leaves it. */
export function secondsUntilFree(oldest: Date | null, windowMs: number, now: Date): number {
  const from = oldest ?? now;
  return (from.getTime() + windowMs - now.getTime()) / 1000;
}

export async function startSession(
  db: repo.Executor,
  userId: number,
  now: Date,
  caller: Caller,
  view?: { viewedUserId: number },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + (view ? MODERATOR_VIEW_MS : SESSION_ABSOLUTE_MS));
  const sessionId = await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    now,
    expiresAt,
    ip: caller.ip,
    userAgent: caller.userAgent?.slice(0, 512) ?? null,
    viewedUserId: view?.viewedUserId ?? null,
  });
  return { token, sessionId, expiresAt };
}
