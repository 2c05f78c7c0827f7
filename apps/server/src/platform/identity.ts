/*
 * Who a request acts for, and the predicates that need nothing but that identity. The auth guard
 * (http/auth-guard.ts) sets it from the bearer token; every module reads it. The auth module's
 * own rules (moderator views, passwords, Google linking) stay in `modules/auth/policies.ts`, which
 * re-exports these so the policies read as one list (STYLE.md "authorization as named predicates").
 */

/** Roles, lowest privilege first (DESIGN.md "Roles"). */
export type Role = 'learner' | 'moderator' | 'instructor' | 'admin';

/**
 * Who a request acts for, from its bearer token. In a moderator's read-only view `userId` and
 * `role` are the learner's (reads see the learner's data) and `actingUserId` is the moderator.
 */
export interface SessionIdentity {
  sessionId: number;
  userId: number;
  role: Role;
  isModeratorView: boolean;
  /** The person holding the session: the moderator in a view, else the user. */
  actingUserId: number;
}

/** Staff who may open a learner's dashboard read-only (spec §6 "A moderator-access call exists"). */
export const MODERATOR_ROLES: readonly Role[] = ['moderator', 'admin'];

/** Whether `role` is one of `allowed`. */
export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** Whether the subject `userId` is the caller themself (the only user a learner may name). */
export function isSelf(session: SessionIdentity, userId: number): boolean {
  return session.userId === userId;
}

/**
 * Whether the caller may read `GET /api/user/{id}/info` of user `userId`: themself, or staff
 * (moderator, admin) on their own session, not through a moderator view.
 */
export function canViewUserInfo(session: SessionIdentity, userId: number): boolean {
  if (isSelf(session, userId)) return true;
  return !session.isModeratorView && hasRole(session.role, MODERATOR_ROLES);
}

/**
 * Whether a response about `userId` may carry the owner-only fields (`secretKey`): only to the
 * owner on their own session, never through a moderator view.
 */
export function canSeeOwnerSecrets(session: SessionIdentity, userId: number): boolean {
  return !session.isModeratorView && session.actingUserId === userId && session.userId === userId;
}

/**
 * Whether a request may run on this session: a moderator view is read-only, so only safe
 * methods, and routes that declare themselves reads or logout, are allowed through it.
 */
export function canUseSessionFor(
  session: SessionIdentity,
  method: string,
  routeAllowsModeratorView: boolean,
): boolean {
  if (!session.isModeratorView) return true;
  return method === 'GET' || method === 'HEAD' || routeAllowsModeratorView;
}
