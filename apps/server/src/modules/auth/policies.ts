/*
 * Authorization as named predicates (STYLE.md), each tested alone in `policies.test.ts`. Routes
 * and services ask these; none of them reads a request, the database or the clock.
 */

import { hasRole, MODERATOR_ROLES, type Role } from '../../platform/identity.js';

// The identity and its session-only predicates live in the platform (every module reads them).
export {
  canSeeOwnerSecrets,
  canUseSessionFor,
  canViewUserInfo,
  hasRole,
  isSelf,
  type Role,
  type SessionIdentity,
} from '../../platform/identity.js';

/** Whether a person with `role` may call `POST /api/auth/moderator/access`. */
export function canOpenModeratorView(role: Role): boolean {
  return hasRole(role, MODERATOR_ROLES);
}

/**
 * Whether a moderator (or admin) may open a read-only view on `target`: learners only, never
 * themselves, never a disabled account.
 */
export function canViewLearner(
  moderatorId: number,
  target: { id: number; role: Role; isDisabled: boolean },
): boolean {
  return target.id !== moderatorId && target.role === 'learner' && !target.isDisabled;
}

/**
 * Whether setting a new password needs no further proof: the account has none yet, or the
 * session came from a one-time code verified moments ago (the reset flow). Otherwise the
 * current password is required (checklist B10).
 */
export function canSetPasswordWithoutCurrent(
  account: { hasPassword: boolean },
  session: { isFreshFromOtp: boolean },
): boolean {
  return !account.hasPassword || session.isFreshFromOtp;
}

/** Google is the authority for these domains' addresses; others need the `hd` (Workspace) claim. */
const GOOGLE_MAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

/**
 * Whether a Google identity may be linked to an existing account with the same e-mail: Google
 * must say the address is verified and be authoritative for it (a Gmail address, or a Workspace
 * account with `hd`), checklist B14. Otherwise the person signs in first and links afterwards.
 */
export function canLinkGoogleByEmail(identity: {
  email: string | null;
  emailVerified: boolean;
  hostedDomain: string | null;
}): boolean {
  if (!identity.email || !identity.emailVerified) return false;
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1).toLowerCase();
  return (
    GOOGLE_MAIL_DOMAINS.includes(domain) ||
    (identity.hostedDomain !== null && identity.hostedDomain.toLowerCase() === domain)
  );
}

/** Whether a Google identity may create a new account: its e-mail must be verified by Google. */
export function canCreateAccountFromGoogle(identity: {
  email: string | null;
  emailVerified: boolean;
}): boolean {
  return identity.email !== null && identity.emailVerified;
}
