import { isSnoozed, snoozePopup } from './popup-policy';

/**
 * The referral invite's memory (spec §4: open at first): closed, it stays closed for the popup
 * policy's snooze (see `popup-policy.ts`), in local storage across visits.
 */
export function hasSeenReferralInvite(now: number = Date.now()): boolean {
  return isSnoozed('referral', now);
}

export function rememberReferralInviteSeen(now: number = Date.now()): void {
  snoozePopup('referral', now);
}
