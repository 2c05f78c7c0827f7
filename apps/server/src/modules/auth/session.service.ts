import * as repo from './auth.repository.js';
import { canOpenModeratorView, type SessionIdentity } from './policies.js';
import { hashToken, TOKEN_SHAPE } from './secrets.js';
import { type AuthDeps, SESSION_IDLE_MS, SESSION_TOUCH_GAP_MS } from './auth.common.js';

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
    if (record.viewedUserId === null || record.viewedRole === null || record.viewedDisabledAt)
      return { rejected: 'view_ended' };
  }
  if (now.getTime() - record.lastSeenAt.getTime() >= SESSION_TOUCH_GAP_MS) {
    await repo.touchSession(deps.db, record.id, now, SESSION_TOUCH_GAP_MS);
  }
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
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  session: SessionIdentity,
): Promise<{ loggedOut: true }> {
  await repo.revokeSession(deps.db, session.sessionId, deps.clock());
  return { loggedOut: true };
}
