import { describe, expect, it } from 'vitest';
import {
  canCreateAccountFromGoogle,
  canLinkGoogleByEmail,
  canOpenModeratorView,
  canSeeOwnerSecrets,
  canSetPasswordWithoutCurrent,
  canUseSessionFor,
  canViewLearner,
  canViewUserInfo,
  hasRole,
  isSelf,
  type SessionIdentity,
} from './policies.js';

const learner: SessionIdentity = {
  sessionId: 1,
  userId: 10,
  role: 'learner',
  isModeratorView: false,
  actingUserId: 10,
};
const moderator: SessionIdentity = {
  sessionId: 2,
  userId: 20,
  role: 'moderator',
  isModeratorView: false,
  actingUserId: 20,
};
const admin: SessionIdentity = {
  sessionId: 3,
  userId: 30,
  role: 'admin',
  isModeratorView: false,
  actingUserId: 30,
};
const instructor: SessionIdentity = {
  sessionId: 4,
  userId: 40,
  role: 'instructor',
  isModeratorView: false,
  actingUserId: 40,
};
/** Moderator 20 viewing learner 10. */
const view: SessionIdentity = {
  sessionId: 5,
  userId: 10,
  role: 'learner',
  isModeratorView: true,
  actingUserId: 20,
};

describe('policies', () => {
  it('when the subject is the caller, then isSelf; anyone else is not', () => {
    expect(isSelf(learner, 10)).toBe(true);
    expect(isSelf(learner, 11)).toBe(false);
    expect(isSelf(view, 10)).toBe(true);
  });

  it('when a role is in the allowed list, then hasRole', () => {
    expect(hasRole('admin', ['moderator', 'admin'])).toBe(true);
    expect(hasRole('instructor', ['moderator', 'admin'])).toBe(false);
  });

  it('when moderator access is asked, then only moderators and admins may open a view', () => {
    expect(canOpenModeratorView('moderator')).toBe(true);
    expect(canOpenModeratorView('admin')).toBe(true);
    expect(canOpenModeratorView('learner')).toBe(false);
    expect(canOpenModeratorView('instructor')).toBe(false);
  });

  it('when a view target is chosen, then only an enabled learner other than the moderator qualifies', () => {
    expect(canViewLearner(20, { id: 10, role: 'learner', isDisabled: false })).toBe(true);
    expect(canViewLearner(20, { id: 20, role: 'learner', isDisabled: false })).toBe(false);
    expect(canViewLearner(20, { id: 30, role: 'admin', isDisabled: false })).toBe(false);
    expect(canViewLearner(20, { id: 31, role: 'moderator', isDisabled: false })).toBe(false);
    expect(canViewLearner(20, { id: 10, role: 'learner', isDisabled: true })).toBe(false);
  });

  it('when user info is read, then a learner sees only themself, staff anyone, but not through a view', () => {
    expect(canViewUserInfo(learner, 10)).toBe(true);
    expect(canViewUserInfo(learner, 11)).toBe(false);
    expect(canViewUserInfo(instructor, 11)).toBe(false);
    expect(canViewUserInfo(moderator, 11)).toBe(true);
    expect(canViewUserInfo(admin, 11)).toBe(true);
    expect(canViewUserInfo(view, 10)).toBe(true);
    expect(canViewUserInfo({ ...view, role: 'admin' }, 11)).toBe(false);
  });

  it('when owner-only fields are considered, then only the owner on their own session sees them', () => {
    expect(canSeeOwnerSecrets(learner, 10)).toBe(true);
    expect(canSeeOwnerSecrets(learner, 11)).toBe(false);
    expect(canSeeOwnerSecrets(admin, 10)).toBe(false);
    expect(canSeeOwnerSecrets(view, 10)).toBe(false);
  });

  it('when a moderator view is used, then only GET/HEAD and routes marked as reads pass; normal sessions pass everything', () => {
    expect(canUseSessionFor(view, 'GET', false)).toBe(true);
    expect(canUseSessionFor(view, 'HEAD', false)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(canUseSessionFor(view, method, false)).toBe(false);
    expect(canUseSessionFor(view, 'POST', true)).toBe(true);
    expect(canUseSessionFor(learner, 'DELETE', false)).toBe(true);
  });

  it('when a password is set, then no proof is needed only without a password or right after a one-time code', () => {
    expect(canSetPasswordWithoutCurrent({ hasPassword: false }, { isFreshFromOtp: false })).toBe(true);
    expect(canSetPasswordWithoutCurrent({ hasPassword: true }, { isFreshFromOtp: true })).toBe(true);
    expect(canSetPasswordWithoutCurrent({ hasPassword: true }, { isFreshFromOtp: false })).toBe(false);
  });

  it('when a Google identity meets an existing account, then it links only if verified and Google is authoritative', () => {
    expect(canLinkGoogleByEmail({ email: 'a@gmail.com', emailVerified: true, hostedDomain: null })).toBe(
      true,
    );
    expect(canLinkGoogleByEmail({ email: 'a@GoogleMail.com', emailVerified: true, hostedDomain: null })).toBe(
      true,
    );
    expect(canLinkGoogleByEmail({ email: 'a@gmail.com', emailVerified: false, hostedDomain: null })).toBe(
      false,
    );
    expect(canLinkGoogleByEmail({ email: 'a@studio.example', emailVerified: true, hostedDomain: null })).toBe(
      false,
    );
    expect(
      canLinkGoogleByEmail({
        email: 'a@studio.example',
        emailVerified: true,
        hostedDomain: 'studio.example',
      }),
    ).toBe(true);
    expect(
      canLinkGoogleByEmail({ email: 'a@studio.example', emailVerified: true, hostedDomain: 'other.example' }),
    ).toBe(false);
    expect(canLinkGoogleByEmail({ email: null, emailVerified: true, hostedDomain: null })).toBe(false);
  });

  it('when a Google identity is new, then an account is created only for a verified email', () => {
    expect(canCreateAccountFromGoogle({ email: 'new@studio.example', emailVerified: true })).toBe(true);
    expect(canCreateAccountFromGoogle({ email: 'new@studio.example', emailVerified: false })).toBe(false);
    expect(canCreateAccountFromGoogle({ email: null, emailVerified: true })).toBe(false);
  });
});
