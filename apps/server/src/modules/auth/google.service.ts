import type { GoogleLoginBody, SignInResult } from '@atelier/contract';
import { AppError } from '../../http/app-error.js';
import {
  GoogleTokenRejected,
  GoogleUnavailable,
  type GoogleIdentity,
  type GoogleIdentityVerifier,
} from '../../integrations/google-identity/google-identity.js';
import { getOwnProfile } from '../users/index.js';
import * as repo from './auth.repository.js';
import { canCreateAccountFromGoogle, canLinkGoogleByEmail } from './policies.js';
import { type AuthDeps, type Caller, startSession } from './auth.common.js';

// ---------------------------------------------------------------------------------------------
// Google
// ---------------------------------------------------------------------------------------------

async function verifyGoogle(
  google: GoogleIdentityVerifier,
  credential: string,
  caller: Caller,
): Promise<GoogleIdentity> {
  if (!google.enabled) throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is not available.');
  try {
    return await google.verify(credential);
  } catch (error) {
    if (error instanceof GoogleTokenRejected) {
      caller.security('google_login_failed', { reason: error.reason });
      throw new AppError('UNAUTHORIZED', 'The Google sign-in could not be verified. Please try again.');
    }
    if (error instanceof GoogleUnavailable)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Google sign-in is not available right now. Please try again.',
      );
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
export async function googleLogin(
  deps: AuthDeps,
  body: GoogleLoginBody,
  caller: Caller,
): Promise<SignInResult> {
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
        const values = {
          email: identity.email,
          name: identity.name,
          googleSub: identity.sub,
          isVerified: true,
          now,
        };
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
