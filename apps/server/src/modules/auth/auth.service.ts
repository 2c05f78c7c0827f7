import { randomBytes } from 'node:crypto';
import {
  OTP_TTL_MINUTES,
  parseMobile,
  type AuthCheckBody,
  type AuthCheckResult,
  type AuthSession,
  type DevOutbox,
  type GoogleLoginBody,
  type GuestInfo,
  type LoginBody,
  type ModeratorAccessBody,
  type OtpPurpose,
  type OtpSent,
  type PasswordAddBody,
  type RegisterBody,
  type SendOtpBody,
  type SignInResult,
  type VerifyOtpBody,
} from '@atelier/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import {
  GoogleTokenRejected,
  GoogleUnavailable,
  type GoogleIdentity,
  type GoogleIdentityVerifier,
} from '../../integrations/google-identity/google-identity.js';
import type { MessageSender } from '../../integrations/messaging/message-sender.js';
import { readOutbox } from '../../integrations/messaging/outbox-sender.js';
import { getOwnProfile, getProfile } from '../users/users.service.js';
import * as repo from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { passwordProblem } from './password-policy.js';
import {
  canCreateAccountFromGoogle,
  canLinkGoogleByEmail,
  canOpenModeratorView,
  canSetPasswordWithoutCurrent,
  canViewLearner,
  type SessionIdentity,
} from './policies.js';
import { hashOtp, hashToken, newOtpCode, newSessionToken, sameDigest, TOKEN_SHAPE } from './secrets.js';
import type { SecurityLog } from './security-events.js';

// ---------------------------------------------------------------------------------------------
// Rules (checklist "Decisions"; each is a named constant so tests and docs can cite it)
// ---------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
}

/** Who is asking: the client's address and agent, and where security events go. */
export interface Caller {
  ip: string;
  userAgent: string | null;
  security: SecurityLog;
}

type Identifier = { kind: 'email'; value: string } | { kind: 'mobile'; value: string; dialCode: string };

/** The identifier of a body the contract validated (and normalised) with exactly one of the two. */
function identifierOf(body: { email?: string | undefined; mobile?: string | undefined }): Identifier {
  if (body.email !== undefined) return { kind: 'email', value: body.email };
  const mobile = body.mobile!;
  return { kind: 'mobile', value: mobile, dialCode: mobile.slice(0, mobile.indexOf(' ')) };
}

function findAccount(db: repo.Executor, identifier: Identifier): Promise<repo.Account | null> {
  return identifier.kind === 'email' ? repo.findAccountByEmail(db, identifier.value) : repo.findAccountByMobile(db, identifier.value);
}

/** The wire purposes and the stored ones (`reset` is stored as `password_reset`). */
const DB_PURPOSE: Record<OtpPurpose, repo.DbOtpPurpose> = { login: 'login', register: 'register', reset: 'password_reset' };

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `The request body is invalid: ${path} ${message}`, [{ path, message }]);
}

function rateLimited(seconds: number, message: string): AppError {
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });
}

/** Seconds until the oldest event of a sliding window leaves it. */
function secondsUntilFree(oldest: Date | null, windowMs: number, now: Date): number {
  const from = oldest ?? now;
  return (from.getTime() + windowMs - now.getTime()) / 1000;
}

async function startSession(
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

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** Why a bearer token was refused (for the log; the client always sees the same 401). */
export type SessionRejection = 'malformed' | 'unknown' | 'revoked' | 'expired' | 'idle' | 'disabled' | 'view_ended';

/**
 * The identity behind a bearer token, or why there is none. Checks revocation, the 30-day
 * absolute and 7-day idle limits, disabled accounts and, for a moderator view, that the holder
 * is still staff; moves `last_seen_at` at most once a minute.
 */
export async function authenticate(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  token: string,
): Promise<{ identity: SessionIdentity } | { rejected: SessionRejection }> {
  if (!TOKEN_SHAPE.test(token)) return { rejected: 'malformed' };
  const record = await repo.findSessionByTokenHash(deps.db, hashToken(token));
  const now = deps.clock();
  if (!record) return { rejected: 'unknown' };
  if (record.revokedAt) return { rejected: 'revoked' };
  if (record.expiresAt.getTime() <= now.getTime()) return { rejected: 'expired' };
  if (now.getTime() - record.lastSeenAt.getTime() > SESSION_IDLE_MS) return { rejected: 'idle' };
  if (record.holderDisabledAt) return { rejected: 'disabled' };
  if (record.isModeratorView) {
    if (!canOpenModeratorView(record.holderRole)) return { rejected: 'view_ended' };
    if (record.viewedUserId === null || record.viewedRole === null || record.viewedDisabledAt) return { rejected: 'view_ended' };
  }
  if (now.getTime() - record.lastSeenAt.getTime() >= SESSION_TOUCH_GAP_MS) {
    await repo.touchSession(deps.db, record.id, now, SESSION_TOUCH_GAP_MS);
  }
  const identity: SessionIdentity =
    record.isModeratorView && record.viewedUserId !== null && record.viewedRole !== null
      ? { sessionId: record.id, userId: record.viewedUserId, role: record.viewedRole, isModeratorView: true, actingUserId: record.userId }
      : { sessionId: record.id, userId: record.userId, role: record.holderRole, isModeratorView: false, actingUserId: record.userId };
  return { identity };
}

/** `POST /api/auth/logout` (beyond the spec): revokes this session on the server. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'clock'>, session: SessionIdentity): Promise<{ loggedOut: true }> {
  await repo.revokeSession(deps.db, session.sessionId, deps.clock());
  return { loggedOut: true };
}

// ---------------------------------------------------------------------------------------------
// Check, register, password login
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/auth/check`: whether an account exists and has a password. One indexed lookup
 * either way, so the answer's status and timing do not depend on the account existing.
 */
export async function checkAccount(deps: Pick<AuthDeps, 'db'>, body: AuthCheckBody): Promise<AuthCheckResult> {
  const account = await findAccount(deps.db, identifierOf(body));
  return { exists: account !== null, hasPassword: account?.passwordHash != null };
}

/** `POST /api/auth/register`: a new account and its first session; 409 when the e-mail or mobile is taken. */
export async function register(deps: AuthDeps, body: RegisterBody, caller: Caller): Promise<AuthSession> {
  if (body.password !== undefined) {
    const problem = passwordProblem(body.password);
    if (problem) throw invalid('password', problem);
  }
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null;
  const now = deps.clock();
  let created: { userId: number; token: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const account = await repo.insertAccount(tx, { name: body.name, email: body.email, mobile: body.mobile, passwordHash, now });
      await repo.recordLoginSuccess(tx, account.id, now);
      const { token } = await startSession(tx, account.id, now, caller);
      return { userId: account.id, token };
    });
  } catch (error) {
    // The unique indexes decide, so of concurrent registrations exactly one wins (checklist B19).
    if (repo.isUniqueViolation(error)) throw new AppError('CONFLICT', 'An account with this email or mobile number already exists. Sign in instead.');
    throw error;
  }
  caller.security('login_succeeded', { userId: created.userId, method: 'register' });
  return { token: created.token, user: await getOwnProfile(deps.db, created.userId) };
}

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash to verify against when there is no account, so timing does not tell. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return dummyHash;
}

const BAD_CREDENTIALS = 'The email, mobile number or password is not correct.';

function lockedError(lockedUntil: Date, now: Date): AppError {
  return rateLimited(
    (lockedUntil.getTime() - now.getTime()) / 1000,
    'Too many wrong passwords: this account is locked for a while. Try again later, or sign in with a one-time code.',
  );
}

/**
 * Counts a wrong password against the account (checklist B7: keyed by account, not IP). The
 * 10th in a row locks it for 15 minutes, each later lock twice as long (up to a day).
 * @returns the lock's end when this failure started one
 */
async function recordPasswordFailure(deps: Pick<AuthDeps, 'db'>, accountId: number, now: Date): Promise<Date | null> {
  return deps.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, accountId);
    if (!account) return null;
    if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime()) return account.lockedUntil;
    const failures = account.failedLoginCount + 1;
    if (failures < LOGIN_MAX_FAILURES) {
      await repo.updateLoginFailures(tx, accountId, { failedLoginCount: failures, lockoutCount: account.lockoutCount, lockedUntil: null, now });
      return null;
    }
    const duration = Math.min(LOCK_BASE_MS * 2 ** Math.min(account.lockoutCount, 16), LOCK_MAX_MS);
    const lockedUntil = new Date(now.getTime() + duration);
    await repo.updateLoginFailures(tx, accountId, { failedLoginCount: 0, lockoutCount: account.lockoutCount + 1, lockedUntil, now });
    return lockedUntil;
  });
}

/**
 * `POST /api/auth/login`: e-mail or mobile and password. Unknown account, no password, disabled
 * account and wrong password all answer the same 401 (and all verify an argon2 hash).
 */
export async function login(deps: AuthDeps, body: LoginBody, caller: Caller): Promise<AuthSession> {
  const account = await findAccount(deps.db, identifierOf(body));
  const now = deps.clock();
  if (account?.lockedUntil && account.lockedUntil.getTime() > now.getTime()) {
    caller.security('login_failed', { userId: account.id, reason: 'locked' });
    throw lockedError(account.lockedUntil, now);
  }
  const usable = account !== null && account.disabledAt === null && account.passwordHash !== null;
  const matches = await verifyPassword(usable ? account.passwordHash! : await dummyPasswordHash(), body.password);
  if (!usable || !matches) {
    caller.security('login_failed', { userId: account?.id ?? null, reason: account === null ? 'unknown account' : 'bad credentials' });
    if (account && account.disabledAt === null) {
      const lockedUntil = await recordPasswordFailure(deps, account.id, now);
      if (lockedUntil) {
        caller.security('account_locked', { userId: account.id, until: lockedUntil.toISOString() });
        throw lockedError(lockedUntil, now);
      }
    }
    throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
  }
  const { token } = await deps.db.transaction(async (tx) => {
    await repo.recordLoginSuccess(tx, account.id, now);
    return startSession(tx, account.id, now, caller);
  });
  caller.security('login_succeeded', { userId: account.id, method: 'password' });
  return { token, user: await getOwnProfile(deps.db, account.id) };
}

// ---------------------------------------------------------------------------------------------
// One-time codes
// ---------------------------------------------------------------------------------------------

/** The daily SMS cap for a dial code (configuration `OTP_DIAL_CODE_DAILY_CAPS`). */
function dialCodeCap(config: AppConfig, dialCode: string): number {
  return config.otpDialCodeDailyCaps.byDialCode[dialCode] ?? config.otpDialCodeDailyCaps.others;
}

/**
 * Checks every sending limit, most specific first, and throws 429 with Retry-After for the first
 * one reached: 1 per 30 s and 5 per hour per identifier, 30 per hour per IP, the SMS cap of the
 * number's dial code and the global cap, each over a sliding window (checklist B5, §0.10).
 */
async function checkSendLimits(db: repo.Executor, config: AppConfig, identifier: Identifier, ip: string, now: Date): Promise<void> {
  const since = (ms: number) => new Date(now.getTime() - ms);
  const recent = await repo.countOtpsForIdentifier(db, identifier.value, since(OTP_RESEND_GAP_MS));
  if (recent.count >= 1) {
    throw rateLimited(secondsUntilFree(recent.oldest, OTP_RESEND_GAP_MS, now), 'A code was just sent. Wait a few seconds before asking for another.');
  }
  const hourly = await repo.countOtpsForIdentifier(db, identifier.value, since(HOUR));
  if (hourly.count >= OTP_PER_IDENTIFIER_PER_HOUR) {
    throw rateLimited(secondsUntilFree(hourly.oldest, HOUR, now), 'Too many codes were sent to this address. Try again later.');
  }
  const byIp = await repo.countOtpsForIp(db, ip, since(HOUR));
  if (byIp.count >= OTP_PER_IP_PER_HOUR) {
    throw rateLimited(secondsUntilFree(byIp.oldest, HOUR, now), 'Too many codes were requested from your network. Try again later.');
  }
  if (identifier.kind === 'mobile') {
    const byDialCode = await repo.countSmsOtpsForDialCode(db, identifier.dialCode, since(DAY));
    if (byDialCode.count >= dialCodeCap(config, identifier.dialCode)) {
      throw rateLimited(secondsUntilFree(byDialCode.oldest, DAY, now), 'We cannot send codes to this country right now. Try again later or use your email.');
    }
  }
  const global = await repo.countAllOtps(db, since(DAY));
  if (global.count >= config.otpDailyCap) {
    throw rateLimited(secondsUntilFree(global.oldest, DAY, now), 'We cannot send codes right now. Try again later.');
  }
}

function otpMessage(identifier: Identifier, code: string, purpose: OtpPurpose) {
  const what = purpose === 'reset' ? 'reset your password' : 'sign in';
  const body = `${code} is your Atelier code to ${what}. It expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone.`;
  return identifier.kind === 'email'
    ? { channel: 'email' as const, to: identifier.value, subject: `Your Atelier code: ${code}`, body, kind: `otp:${purpose}` }
    : { channel: 'sms' as const, to: identifier.value, subject: null, body, kind: `otp:${purpose}` };
}

/**
 * `POST /api/auth/send/otp`: a 6-digit code to the e-mail or mobile, valid 10 minutes. The answer
 * is the same for existing and unknown identifiers; a reset code is only delivered to an existing
 * account, though it is recorded (and counted) either way.
 */
export async function sendOtp(deps: AuthDeps, body: SendOtpBody, caller: Caller): Promise<OtpSent> {
  const identifier = identifierOf(body);
  const purpose = DB_PURPOSE[body.purpose];
  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockOtpSending(tx);
      await repo.pruneOtps(tx, new Date(now.getTime() - OTP_RETENTION_MS), 200);
      await checkSendLimits(tx, deps.config, identifier, caller.ip, now);
      const account = await findAccount(tx, identifier);
      const code = newOtpCode();
      await repo.insertOtp(tx, {
        identifier: identifier.value,
        purpose,
        channel: identifier.kind === 'email' ? 'email' : 'sms',
        codeHash: hashOtp(deps.otpKey, identifier.value, purpose, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        ip: caller.ip,
        now,
      });
      const deliver = body.purpose !== 'reset' || (account !== null && account.disabledAt === null);
      if (deliver) await deps.messages.send(tx, otpMessage(identifier, code, body.purpose));
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      caller.security('rate_limited', { limit: 'otp_send', purpose: body.purpose, channel: identifier.kind });
      caller.security('otp_send_failed', { reason: error.message, purpose: body.purpose });
    }
    throw error;
  }
  caller.security('otp_sent', { purpose: body.purpose, channel: identifier.kind });
  return {
    sent: true,
    channel: identifier.kind === 'email' ? 'email' : 'sms',
    expiresInSeconds: OTP_TTL_MS / 1000,
    resendAfterSeconds: OTP_RESEND_GAP_MS / 1000,
  };
}

const BAD_CODE = 'The code is not correct or has expired. Request a new code.';

/**
 * `POST /api/auth/verify-otp`: checks the latest code for the identifier and purpose and signs
 * in. `login` and `register` create the account when the identifier is new (`isNewUser`);
 * `reset` signs in an existing account only, and its session may then set a new password
 * without the current one for 10 minutes. Wrong codes count; the 5th kills the code (429).
 */
export async function verifyOtp(deps: AuthDeps, body: VerifyOtpBody, caller: Caller): Promise<SignInResult> {
  const identifier = identifierOf(body);
  const purpose = DB_PURPOSE[body.purpose];
  const now = deps.clock();
  const fail = (reason: string) => {
    caller.security('otp_verify_failed', { reason, purpose: body.purpose, channel: identifier.kind });
    return new AppError('UNAUTHORIZED', BAD_CODE);
  };
  const otp = await repo.findLatestOtp(deps.db, identifier.value, purpose);
  if (!otp) throw fail('no code');
  if (otp.consumedAt) throw fail('code already used');
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw fail('code exhausted');
  if (otp.expiresAt.getTime() <= now.getTime()) throw fail('code expired');
  if (!sameDigest(hashOtp(deps.otpKey, identifier.value, purpose, body.otp), otp.codeHash)) {
    const attempts = await repo.addOtpAttempt(deps.db, otp.id, OTP_MAX_ATTEMPTS);
    if (attempts !== null && attempts >= OTP_MAX_ATTEMPTS) {
      caller.security('otp_verify_failed', { reason: 'too many wrong codes', purpose: body.purpose, channel: identifier.kind });
      caller.security('rate_limited', { limit: 'otp_attempts' });
      throw rateLimited(OTP_RESEND_GAP_MS / 1000, 'Too many wrong codes: this code no longer works. Request a new code.');
    }
    throw fail('wrong code');
  }

  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.consumeOtp(tx, otp.id, OTP_MAX_ATTEMPTS, now))) return { ok: false, failure: 'code already used' } as const;
    let account = await findAccount(tx, identifier);
    let isNewUser = false;
    if (account?.disabledAt) return { ok: false, failure: 'account disabled' } as const;
    if (!account) {
      if (body.purpose === 'reset') return { ok: false, failure: 'no account to reset' } as const;
      account = await repo.insertAccountIfAbsent(tx, {
        email: identifier.kind === 'email' ? identifier.value : null,
        mobile: identifier.kind === 'mobile' ? identifier.value : null,
        isVerified: true,
        now,
      });
      isNewUser = account !== null;
      account ??= await findAccount(tx, identifier);
      if (!account) return { ok: false, failure: 'account not created' } as const;
    } else {
      await repo.markVerified(tx, account.id, now);
    }
    await repo.recordLoginSuccess(tx, account.id, now);
    // Same instant as the code's `consumed_at`: that is how password/add recognises this session.
    const { token } = await startSession(tx, account.id, now, caller);
    return { ok: true, userId: account.id, token, isNewUser } as const;
  });
  if (!result.ok) throw fail(result.failure);
  caller.security('otp_verified', { userId: result.userId, purpose: body.purpose });
  caller.security('login_succeeded', { userId: result.userId, method: 'otp' });
  return { token: result.token, user: await getOwnProfile(deps.db, result.userId), isNewUser: result.isNewUser };
}

// ---------------------------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/auth/password/add`: sets the password (policy: `password-policy.ts`). Replacing an
 * existing one needs the current password, or a session from a one-time code verified in the
 * last 10 minutes (the reset flow: send/otp `reset` → verify-otp → password/add); else 401
 * `REAUTH_REQUIRED`. Every other session of the user is revoked.
 */
export async function addPassword(deps: AuthDeps, session: SessionIdentity, body: PasswordAddBody, caller: Caller): Promise<{ user: AuthSession['user'] }> {
  const problem = passwordProblem(body.password);
  if (problem) throw invalid('password', problem);
  const now = deps.clock();
  const account = await repo.findAccountById(deps.db, session.userId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  if (account.passwordHash !== null) {
    if (body.currentPassword !== undefined) {
      if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime()) throw lockedError(account.lockedUntil, now);
      if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
        caller.security('reauth_required', { reason: 'wrong current password' });
        const lockedUntil = await recordPasswordFailure(deps, account.id, now);
        if (lockedUntil) {
          caller.security('account_locked', { userId: account.id, until: lockedUntil.toISOString() });
          throw lockedError(lockedUntil, now);
        }
        throw new AppError('REAUTH_REQUIRED', 'The current password is not correct.');
      }
    } else {
      const isFreshFromOtp = await repo.isSessionFromOtpSince(deps.db, session.sessionId, new Date(now.getTime() - REAUTH_WINDOW_MS));
      if (!canSetPasswordWithoutCurrent({ hasPassword: true }, { isFreshFromOtp })) {
        caller.security('reauth_required', { reason: 'no current password and no fresh one-time code' });
        throw new AppError('REAUTH_REQUIRED', 'Enter your current password, or sign in again with a one-time code, to change your password.');
      }
    }
  }
  const passwordHash = await hashPassword(body.password);
  const revoked = await deps.db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, account.id, passwordHash, now);
    return repo.revokeOtherSessions(tx, account.id, session.sessionId, now);
  });
  caller.security('password_changed', { revokedSessions: revoked, hadPassword: account.passwordHash !== null });
  return { user: await getOwnProfile(deps.db, account.id) };
}

// ---------------------------------------------------------------------------------------------
// Google
// ---------------------------------------------------------------------------------------------

async function verifyGoogle(google: GoogleIdentityVerifier, credential: string, caller: Caller): Promise<GoogleIdentity> {
  if (!google.enabled) throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is not available.');
  try {
    return await google.verify(credential);
  } catch (error) {
    if (error instanceof GoogleTokenRejected) {
      caller.security('google_login_failed', { reason: error.reason });
      throw new AppError('UNAUTHORIZED', 'The Google sign-in could not be verified. Please try again.');
    }
    if (error instanceof GoogleUnavailable) throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is not available right now. Please try again.');
    throw error;
  }
}

/** The answer when a Google identity may not take over an existing account (checklist B14). */
function linkRequiresLogin(caller: Caller, reason: string): AppError {
  caller.security('google_login_failed', { reason });
  return new AppError('CONFLICT', 'link requires login');
}

/**
 * `POST /api/auth/google/login`: a verified Google ID token signs in the account linked to its
 * `sub`; else links the account with the same e-mail when Google is authoritative for it and says
 * it is verified (otherwise 409 "link requires login"); else creates an account (`isNewUser`).
 */
export async function googleLogin(deps: AuthDeps, body: GoogleLoginBody, caller: Caller): Promise<SignInResult> {
  const identity = await verifyGoogle(deps.google, body.credential, caller);
  const now = deps.clock();
  let account = await repo.findAccountByGoogleSub(deps.db, identity.sub);
  let isNewUser = false;
  if (!account) {
    const sameEmail = identity.email ? await repo.findAccountByEmail(deps.db, identity.email) : null;
    if (sameEmail) {
      if (!canLinkGoogleByEmail(identity)) throw linkRequiresLogin(caller, 'email not verified by google');
      if (sameEmail.googleSub !== null) throw linkRequiresLogin(caller, 'another google account is linked');
      if (!sameEmail.disabledAt && !(await repo.linkGoogleSub(deps.db, sameEmail.id, identity.sub, now))) {
        throw linkRequiresLogin(caller, 'linked concurrently');
      }
      account = sameEmail;
    } else {
      if (!canCreateAccountFromGoogle(identity)) {
        caller.security('google_login_failed', { reason: 'email not verified by google' });
        throw new AppError('UNAUTHORIZED', 'Google has not verified the email address of this account.');
      }
      try {
        const values = { email: identity.email, name: identity.name, googleSub: identity.sub, isVerified: true, now };
        account = await deps.db.transaction(async (tx) => repo.insertAccount(tx, values));
        isNewUser = true;
      } catch (error) {
        if (!repo.isUniqueViolation(error)) throw error;
        account = await repo.findAccountByGoogleSub(deps.db, identity.sub);
        if (!account) throw linkRequiresLogin(caller, 'email taken concurrently');
      }
    }
  }
  if (account.disabledAt) {
    caller.security('login_failed', { userId: account.id, reason: 'disabled', method: 'google' });
    throw new AppError('UNAUTHORIZED', 'The Google sign-in could not be verified. Please try again.');
  }
  const userId = account.id;
  const { token } = await deps.db.transaction(async (tx) => {
    await repo.recordLoginSuccess(tx, userId, now);
    return startSession(tx, userId, now, caller);
  });
  caller.security('login_succeeded', { userId, method: 'google', isNewUser });
  return { token, user: await getOwnProfile(deps.db, userId), isNewUser };
}

// ---------------------------------------------------------------------------------------------
// Order login tokens
// ---------------------------------------------------------------------------------------------

/**
 * Issues the one-time token that lets the browser which completed an order's payment sign in as
 * its buyer (`POST /api/auth/order/{id}/login`) and greet them (`GET /api/auth/guest/{id}/info`).
 * 256 random bits, valid 15 minutes, single use, stored hashed, bound to the order (checklist
 * "Decisions", B11). Called by the payments module; hand the token only to that browser.
 *
 * @param db the database or the payment's open transaction
 * @returns the token, to return once to the paying browser; it is not stored anywhere in clear
 */
export async function issueOrderLoginToken(db: repo.Executor, orderId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await repo.insertOrderLoginToken(db, { tokenHash: hashToken(token), orderId, expiresAt: new Date(now.getTime() + ORDER_TOKEN_TTL_MS), now });
  return token;
}

const BAD_ORDER_TOKEN = 'This sign-in link is not valid or has expired.';

/** The live token for exactly this order, or null (missing, wrong, used, expired, other order). */
async function findValidOrderToken(db: repo.Executor, orderIdText: string, token: string | undefined, now: Date) {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const record = await repo.findOrderLoginToken(db, hashToken(token));
  if (!record || String(record.orderId) !== orderIdText.trim()) return null;
  if (record.usedAt || record.expiresAt.getTime() <= now.getTime()) return null;
  return record;
}

/**
 * `POST /api/auth/order/{id}/login`: a session for the order's buyer, in exchange for the order's
 * one-time token (used up). Without a valid token: 401, whatever the id. An order without an
 * account (`orders.user_id` null) never signs anyone in: the payments flow creates or finds the
 * buyer's account first.
 */
export async function orderLogin(deps: AuthDeps, orderIdText: string, orderToken: string | undefined, caller: Caller): Promise<AuthSession> {
  const now = deps.clock();
  const reject = (reason: string) => {
    caller.security('order_token_rejected', { reason });
    return new AppError('UNAUTHORIZED', BAD_ORDER_TOKEN);
  };
  const record = await findValidOrderToken(deps.db, orderIdText, orderToken, now);
  if (!record) throw reject('invalid token');
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.useOrderLoginToken(tx, record.id, now))) return { ok: false, failure: 'token already used' } as const;
    const account = record.orderUserId === null ? null : await repo.findAccountById(tx, record.orderUserId);
    if (!account || account.disabledAt) return { ok: false, failure: 'no usable account on the order' } as const;
    await repo.recordLoginSuccess(tx, account.id, now);
    const { token } = await startSession(tx, account.id, now, caller);
    return { ok: true, userId: account.id, token } as const;
  });
  if (!result.ok) throw reject(result.failure);
  caller.security('login_succeeded', { userId: result.userId, method: 'order_token', orderId: record.orderId });
  return { token: result.token, user: await getOwnProfile(deps.db, result.userId) };
}

/** `a***@example.com`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** `+91 ******3210`. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  const space = mobile.indexOf(' ');
  const prefix = space > 0 ? mobile.slice(0, space + 1) : '';
  const national = space > 0 ? mobile.slice(space + 1) : mobile;
  return `${prefix}${'*'.repeat(Math.max(0, national.length - 4))}${national.slice(-4)}`;
}

/**
 * `GET /api/auth/guest/{id}/info?token=`: the buyer's name and masked contact details, with the
 * order's one-time token (checked, not used up, so the login that follows can use it). 401
 * without a valid token, whatever the id.
 */
export async function guestInfo(deps: AuthDeps, orderIdText: string, token: string | undefined, caller: Caller): Promise<GuestInfo> {
  const record = await findValidOrderToken(deps.db, orderIdText, token, deps.clock());
  if (!record) {
    caller.security('order_token_rejected', { reason: 'invalid token', route: 'guest_info' });
    throw new AppError('UNAUTHORIZED', BAD_ORDER_TOKEN);
  }
  const account = record.orderUserId === null ? null : await repo.findAccountById(deps.db, record.orderUserId);
  return {
    name: account?.name ?? record.guestName,
    email: maskEmail(account?.email ?? record.guestEmail),
    mobile: maskMobile(account?.mobile ?? record.guestMobile),
  };
}

// ---------------------------------------------------------------------------------------------
// Moderator access
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/auth/moderator/access`: a moderator or admin opens a read-only session on a
 * learner's account (2 hours). Every use is audited. Others get 403; a target that is not a
 * viewable learner 404.
 */
export async function moderatorAccess(
  deps: AuthDeps,
  session: SessionIdentity,
  body: ModeratorAccessBody,
  caller: Caller,
): Promise<AuthSession & { expiresAt: string }> {
  if (session.isModeratorView || !canOpenModeratorView(session.role)) {
    caller.security('authz_denied', { reason: 'moderator access by a non-moderator' });
    throw new AppError('FORBIDDEN', 'Only moderators may open a learner’s dashboard.');
  }
  const target = await repo.findAccountById(deps.db, body.userId);
  if (!target || !canViewLearner(session.userId, { id: target.id, role: target.role, isDisabled: target.disabledAt !== null })) {
    caller.security('authz_denied', { reason: 'moderator target is not a viewable learner', targetUserId: body.userId });
    throw notFound('The user');
  }
  const now = deps.clock();
  const view = await deps.db.transaction(async (tx) => {
    const started = await startSession(tx, session.userId, now, caller, { viewedUserId: target.id });
    await repo.insertModeratorAudit(tx, { moderatorId: session.userId, learnerId: target.id, sessionId: started.sessionId, ip: caller.ip, now });
    return started;
  });
  caller.security('moderator_access', { learnerId: target.id });
  return { token: view.token, user: await getProfile(deps.db, target.id), expiresAt: view.expiresAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Development outbox
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/dev/outbox?to=` (outside production only): the latest messages to an address, so
 * people and end-to-end tests can read their codes without a mail server.
 */
export async function listDevOutbox(deps: Pick<AuthDeps, 'db' | 'config'>, to: string): Promise<DevOutbox> {
  if (deps.config.env === 'production') throw notFound('The route');
  const trimmed = to.trim();
  const recipient = trimmed.includes('@') ? trimmed.toLowerCase() : (parseMobile(trimmed)?.normalized ?? trimmed);
  const messages = await readOutbox(deps.db, recipient, 20);
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
