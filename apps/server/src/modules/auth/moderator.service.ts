import type { AuthSession, ModeratorAccessBody } from '@atelier/contract';
import { AppError, notFound } from '../../http/app-error.js';
import { getProfile } from '../users/index.js';
import * as repo from './auth.repository.js';
import { canOpenModeratorView, canViewLearner, type SessionIdentity } from './policies.js';
import { type AuthDeps, type Caller, startSession } from './auth.common.js';

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
  if (
    !target ||
    !canViewLearner(session.userId, {
      id: target.id,
      role: target.role,
      isDisabled: target.disabledAt !== null,
    })
  ) {
    caller.security('authz_denied', {
      reason: 'moderator target is not a viewable learner',
      targetUserId: body.userId,
    });
    throw notFound('The user');
  }
  const now = deps.clock();
  const view = await deps.db.transaction(async (tx) => {
    const started = await startSession(tx, session.userId, now, caller, { viewedUserId: target.id });
    await repo.insertModeratorAudit(tx, {
      moderatorId: session.userId,
      learnerId: target.id,
      sessionId: started.sessionId,
      ip: caller.ip,
      now,
    });
    return started;
  });
  caller.security('moderator_access', { learnerId: target.id });
  return {
    token: view.token,
    user: await getProfile(deps.db, target.id),
    expiresAt: view.expiresAt.toISOString(),
  };
}
