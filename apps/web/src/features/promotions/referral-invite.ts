/**
 * Whether this visitor has already seen the referral invite: kept in local storage (across
 * visits, unlike the campaign offer's session flag) so it is shown once per visitor.
 */
const REFERRAL_INVITE_SEEN_KEY = 'referral_invite_seen';

export function hasSeenReferralInvite(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(REFERRAL_INVITE_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberReferralInviteSeen(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(REFERRAL_INVITE_SEEN_KEY, String(now));
  } catch {
    // storage disabled: the invite then stays closed for this page only (the UI state)
  }
}
