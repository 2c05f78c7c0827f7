import { randomBytes } from 'node:crypto';
import type {
  AuthCheckBody,
  AuthCheckResult,
  AuthSession,
  LoginBody,
  PasswordAddBody,
  RegisterBody,
} from '@atelier/contract';
import { AppError } from '../../http/app-error.js';
import { getOwnProfile } from '../users/index.js';
import * as repo from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { sessionsChanged } from './session.service.js';
import { passwordProblem } from './password-policy.js';
import { canSetPasswordWithoutCurrent, type SessionIdentity } from './policies.js';
import {
  type AuthDeps,
  type Caller,
  LOCK_BASE_MS,
  LOCK_MAX_MS,
  LOGIN_MAX_FAILURES,
  REAUTH_WINDOW_MS,
  findAccount,
  identifierOf,
  invalid,
  rateLimited,
  startSession,
} from './auth.common.js';

// ---------------------------------------------------------------------------------------------
// Check, register, password login
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/auth/check`: whether an account exists and has a password. One indexed lookup
 * either way, so the answer's status and timing do not depend on the account existing.
 */
export async function checkAccount(
  deps: Pick<AuthDeps, 'db'>,
  body: AuthCheckBody,
): Promise<AuthCheckResult> {
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
      const account = await repo.insertAccount(tx, {
        name: body.name,
        email: body.email,
        mobile: body.mobile,
        passwordHash,
        now,
      });
      await repo.recordLoginSuccess(tx, account.id, now);
      const { token } = await startSession(tx, account.id, now, caller);
      return { userId: account.id, token };
    });
  } catch (error) {
    // The unique indexes decide, so of concurrent registrations exactly one wins (checklist B19).
    if (repo.isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'An account with this email or mobile number already exists. Sign in instead.',
      );
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
async function recordPasswordFailure(
  deps: Pick<AuthDeps, 'db'>,
  accountId: number,
  now: Date,
): Promise<Date | null> {
  return deps.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, accountId);
    if (!account) return null;
    if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime()) return account.lockedUntil;
    const failures = account.failedLoginCount + 1;
    if (failures < LOGIN_MAX_FAILURES) {
      await repo.updateLoginFailures(tx, accountId, {
        failedLoginCount: failures,
        lockoutCount: account.lockoutCount,
        lockedUntil: null,
        now,
      });
      return null;
    }
    const duration = Math.min(LOCK_BASE_MS * 2 ** Math.min(account.lockoutCount, 16), LOCK_MAX_MS);
    const lockedUntil = new Date(now.getTime() + duration);
    await repo.updateLoginFailures(tx, accountId, {
      failedLoginCount: 0,
      lockoutCount: account.lockoutCount + 1,
      lockedUntil,
      now,
    });
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
  const matches = await verifyPassword(
    usable ? account.passwordHash! : await dummyPasswordHash(),
    body.password,
  );
  if (!usable || !matches) {
    caller.security('login_failed', {
      userId: account?.id ?? null,
      reason: account === null ? 'unknown account' : 'bad credentials',
    });
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
// Password
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/auth/password/add`: sets the password (policy: `password-policy.ts`). Replacing an
 * existing one needs the current password, or a session from a one-time code verified in the
 * last 10 minutes (the reset flow: send/otp `reset` → verify-otp → password/add); else 401
 * `REAUTH_REQUIRED`. Every other session of the user is revoked.
 */
export async function addPassword(
  deps: AuthDeps,
  session: SessionIdentity,
  body: PasswordAddBody,
  caller: Caller,
): Promise<{ user: AuthSession['user'] }> {
  const problem = passwordProblem(body.password);
  if (problem) throw invalid('password', problem);
  const now = deps.clock();
  const account = await repo.findAccountById(deps.db, session.userId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  if (account.passwordHash !== null) {
    if (body.currentPassword !== undefined) {
      if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime())
        throw lockedError(account.lockedUntil, now);
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
      const isFreshFromOtp = await repo.isSessionFromOtpSince(
        deps.db,
        session.sessionId,
        new Date(now.getTime() - REAUTH_WINDOW_MS),
      );
      if (!canSetPasswordWithoutCurrent({ hasPassword: true }, { isFreshFromOtp })) {
        caller.security('reauth_required', { reason: 'no current password and no fresh one-time code' });
        throw new AppError(
          'REAUTH_REQUIRED',
          'Enter your current password, or sign in again with a one-time code, to change your password.',
        );
      }
    }
  }
  const passwordHash = await hashPassword(body.password);
  const revoked = await deps.db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, account.id, passwordHash, now);
    return repo.revokeOtherSessions(tx, account.id, session.sessionId, now);
  });
  if (revoked > 0) await sessionsChanged(deps, { userIds: [account.id] });
  caller.security('password_changed', {
    revokedSessions: revoked,
    hadPassword: account.passwordHash !== null,
  });
  return { user: await getOwnProfile(deps.db, account.id) };
}
