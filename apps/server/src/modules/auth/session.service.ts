import type { CachedSessionKeys, SessionCache, SessionInvalidation } from '../../platform/cache/index.js';
import type { UserRole } from '../../db/schema/index.js';
import * as repo from './auth.repository.js';
import { canOpenModeratorView, type SessionIdentity } from './policies.js';
import { hashToken, TOKEN_SHAPE } from './secrets.js';
import { type AuthDeps, SESSION_IDLE_MS, SESSION_TOUCH_GAP_MS } from './auth.common.js';

// ---------------------------------------------------------------------------------------------
// The session cache's one seam (decision 0027)
// ---------------------------------------------------------------------------------------------

/**
 * The session cache holds {@link repo.SessionRecord}s: the auth module is its only reader and
 * writer (`authenticate` stores, `sessionsChanged` drops).
 */
function recordsOf(
  cache: SessionCache<CachedSessionKeys> | undefined,
): SessionCache<repo.SessionRecord> | undefined {
  return cache?.enabled ? (cache as SessionCache<repo.SessionRecord>) : undefined;
}

/**
 * Call AFTER the transaction that revoked sessions, disabled an account, changed a role or ended
 * a moderator view commits (an instance told before the commit could reload the old row): drops
 * the sessions named by id, and every session held or viewed by the named users, on this instance
 * and (with REDIS_URL) on every other one. Never throws.
 */
export async function sessionsChanged(
  deps: Pick<AuthDeps, 'sessionCache'>,
  what: SessionInvalidation,
): Promise<void> {
  await deps.sessionCache?.invalidate(what);
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** Why a bearer token was refused (for the log; the client always sees the same 401). */
export type SessionRejection =
  'malformed' | 'unknown' | 'revoked' | 'expired' | 'idle' | 'disabled' | 'view_ended';

/**
 * The identity behind a bearer token, or why there is none. Checks revocation, the 30-day
 * absolute and 7-day idle limits, disabled accounts and, for a moderator view, that the holder
 * is still staff; moves `last_seen_at` at most once a minute.
 */
export async function authenticate(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionCache'>,
  token: string,
): Promise<{ identity: SessionIdentity } | { rejected: SessionRejection }> {
  if (!TOKEN_SHAPE.test(token)) return { rejected: 'malformed' };
  const tokenHash = hashToken(token);
  const cache = recordsOf(deps.sessionCache);
  let record = await cache?.getCurrent(tokenHash);
  const cached = record !== undefined;
  // Taken before the read: an invalidation meanwhile keeps this (maybe stale) record out.
  const generation = cache?.generation ?? 0;
  record ??= (await repo.findSessionByTokenHash(deps.db, tokenHash)) ?? undefined;
  const now = deps.clock();
  if (!record) return { rejected: 'unknown' };
  if (record.revokedAt) return { rejected: 'revoked' };
  if (record.expiresAt.getTime() <= now.getTime()) return { rejected: 'expired' };
  if (now.getTime() - record.lastSeenAt.getTime() > SESSION_IDLE_MS) return { rejected: 'idle' };
  if (record.holderDisabledAt) return { rejected: 'disabled' };
  if (record.isModeratorView) {
    if (!canOpenModeratorView(record.holderRole)) return { rejected: 'view_ended' };
    if (record.viewedUserId === null || record.viewedRole === null || record.viewedDisabledAt)
      return { rejected: 'view_ended' };
  }
  if (now.getTime() - record.lastSeenAt.getTime() >= SESSION_TOUCH_GAP_MS) {
    await repo.touchSession(deps.db, record.id, now, SESSION_TOUCH_GAP_MS);
    record = { ...record, lastSeenAt: now };
    if (cached) cache?.update(tokenHash, record);
  }
  // Only an accepted session is kept (never an unknown or refused token).
  if (!cached) cache?.set(tokenHash, record, generation);
  const identity: SessionIdentity =
    record.isModeratorView && record.viewedUserId !== null && record.viewedRole !== null
      ? {
          sessionId: record.id,
          userId: record.viewedUserId,
          role: record.viewedRole,
          isModeratorView: true,
          actingUserId: record.userId,
        }
      : {
          sessionId: record.id,
          userId: record.userId,
          role: record.holderRole,
          isModeratorView: false,
          actingUserId: record.userId,
        };
  return { identity };
}

/** `POST /api/auth/logout` (beyond the spec): revokes this session on the server. */
export async function logout(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionCache'>,
  session: SessionIdentity,
): Promise<{ loggedOut: true }> {
  await repo.revokeSession(deps.db, session.sessionId, deps.clock());
  await sessionsChanged(deps, { sessionIds: [session.sessionId] });
  return { loggedOut: true };
}

/**
 * Disables an account (or enables it again with `disabled: false`): its sessions, and moderator
 * views of it, are refused at once on every instance. For the staff console and tests.
 */
export async function setAccountDisabled(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionCache'>,
  userId: number,
  disabled: boolean,
): Promise<void> {
  await repo.setAccountDisabled(deps.db, userId, disabled ? deps.clock() : null, deps.clock());
  await sessionsChanged(deps, { userIds: [userId] });
}

/**
 * Changes an account's role: its sessions carry the new role at once on every instance, and a
 * moderator view it holds ends when the new role may not open one. For the staff console and tests.
 */
export async function changeRole(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionCache'>,
  userId: number,
  role: UserRole,
): Promise<void> {
  await repo.setRole(deps.db, userId, role, deps.clock());
  await sessionsChanged(deps, { userIds: [userId] });
}
