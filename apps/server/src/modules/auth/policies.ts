/*
 * Authorization as named predicates (STYLE.md), each tested alone in `policies.test.ts`. Routes
 * and services ask these; none of them reads a request, the database or the clock.
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
const MODERATOR_ROLES: readonly Role[] = ['moderator', 'admin'];

/** Whether `role` is one of `allowed`. */
export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** Whether the subject `userId` is the caller themself (the only user a learner may name). */
export function isSelf(session: SessionIdentity, userId: number): boolean {
  return session.userId === userId;
}

/** Whether a person with `role` may call `POST /api/auth/moderator/access`. */
export function canOpenModeratorView(role: Role): boolean {
  return hasRole(role, MODERATOR_ROLES);
}

/**
 * Whether a moderator (or admin) may open a read-only view on `target`: learners only, never
 * themselves, never a disabled account.
 */
export function canViewLearner(moderatorId: number, target: { id: number; role: Role; isDisabled: boolean }): boolean {
  return target.id !== moderatorId && target.role === 'learner' && !target.isDisabled;
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
export function canUseSessionFor(session: SessionIdentity, method: string, routeAllowsModeratorView: boolean): boolean {
  if (!session.isModeratorView) return true;
  return method === 'GET' || method === 'HEAD' || routeAllowsModeratorView;
}

/**
 * Whether setting a new password needs no further proof: the account has none yet, or the
 * session came from a one-time code verified moments ago (the reset flow). Otherwise the
 * current password is required (checklist B10).
 */
export function canSetPasswordWithoutCurrent(account: { hasPassword: boolean }, session: { isFreshFromOtp: boolean }): boolean {
  return !account.hasPassword || session.isFreshFromOtp;
}

/** Google is the authority for these domains' addresses; others need the `hd` (Workspace) claim. */
const GOOGLE_MAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

/**
 * Whether a Google identity may be linked to an existing account with the same e-mail: Google
 * must say the address is verified and be authoritative for it (a Gmail address, or a Workspace
 * account with `hd`), checklist B14. Otherwise the person signs in first and links afterwards.
 */
export function canLinkGoogleByEmail(identity: { email: string | null; emailVerified: boolean; hostedDomain: string | null }): boolean {
  if (!identity.email || !identity.emailVerified) return false;
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1).toLowerCase();
  return GOOGLE_MAIL_DOMAINS.includes(domain) || (identity.hostedDomain !== null && identity.hostedDomain.toLowerCase() === domain);
}

/** Whether a Google identity may create a new account: its e-mail must be verified by Google. */
export function canCreateAccountFromGoogle(identity: { email: string | null; emailVerified: boolean }): boolean {
  return identity.email !== null && identity.emailVerified;
}
