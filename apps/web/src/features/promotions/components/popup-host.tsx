import type { CampaignBanner } from '@atelier/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import { hasSeenReferralInvite, rememberReferralInviteSeen } from '../referral-invite';
import {
  markPopupShown,
  mayOpenByItself,
  popupAllowedOn,
  popupShownThisVisit,
  whenPageIsFree,
} from '../popup-policy';
import { CampaignPopup, useCampaignPopupDue } from './campaign-popup';

// Loaded only when they open: they are not part of any page's first load.
const ReferralPopup = lazy(async () => ({ default: (await import('./referral-popup')).ReferralPopup }));
const CounsellingPopup = lazy(async () => ({
  default: (await import('./counselling-popup')).CounsellingPopup,
}));

/** How long after the page settles the referral invite waits, when no campaign offer opened. */
export const REFERRAL_POPUP_DELAY_MS = 6000;

/**
 * The popups that float over every page, one at a time, as the popup policy allows
 * (`popup-policy.ts`). A visit opens at most one popup by itself: the campaign offer if one runs,
 * otherwise the referral invite (spec §4: open at first); each, once closed, stays closed for the
 * snooze's days. The counselling popups open when the visitor asks (and then count as the visit's
 * popup). None of them shows on sign-in, payment or dashboard pages.
 *
 * `popupBanner` is the campaign's popup banner, if one runs (`usePopupBanners()[0]`): a prop, so
 * the host is an island of the public documents (`popups.island.tsx`).
 */
export function PopupHost({ popupBanner }: { popupBanner: CampaignBanner | null }) {
  const popups = useAppSelector((state) => state.ui.popups);
  const counsellingInterest = useAppSelector((state) => state.ui.counsellingInterest);
  const dispatch = useAppDispatch();
  const campaign = useCampaignPopupDue(popupBanner ?? undefined);
  const [referralDue, setReferralDue] = useState(false);
  const [campaignShown, setCampaignShown] = useState(false);
  // A friend's invitation (/refer/{code}) is itself the referral offer: no generic invite over it.
  const { pathname } = useLocation();
  const onInvitation = pathname.startsWith('/refer/');
  // Sign-in, payment and dashboard pages (a learner at work: a quiz, their own reminders and
  // certificate popups) get no popup at all (issue 15, issue 16).
  const atWork = !popupAllowedOn(pathname);

  if (campaign.isShowing && !campaignShown) setCampaignShown(true);

  // Spec §4: REFERRAL_POPUP starts open; a visitor who closed it sees it again only after the snooze.
  useEffect(() => {
    if (hasSeenReferralInvite()) dispatch(uiActions.closePopup('REFERRAL_POPUP'));
  }, [dispatch]);

  useEffect(() => {
    if (
      !popups.REFERRAL_POPUP ||
      onInvitation ||
      atWork ||
      campaign.isPending ||
      campaign.isShowing ||
      campaignShown
    )
      return;
    if (!mayOpenByItself('referral', pathname)) return;
    return whenPageIsFree(() => {
      if (popupShownThisVisit()) return;
      markPopupShown();
      setReferralDue(true);
    }, REFERRAL_POPUP_DELAY_MS);
  }, [
    pathname,
    popups.REFERRAL_POPUP,
    onInvitation,
    atWork,
    campaign.isPending,
    campaign.isShowing,
    campaignShown,
  ]);

  const closeReferral = () => {
    rememberReferralInviteSeen();
    dispatch(uiActions.closePopup('REFERRAL_POPUP'));
  };
  const counselling = atWork
    ? null
    : popups.BIM_CIVIL_POPUP
      ? 'BIM_CIVIL_POPUP'
      : popups.COUNSELLING_POPUP
        ? 'COUNSELLING_POPUP'
        : null;
  // A counselling popup the visitor asked for is this visit's popup: nothing opens by itself after.
  useEffect(() => {
    if (counselling) markPopupShown();
  }, [counselling]);

  return (
    <>
      {atWork ? null : <CampaignPopup due={campaign} />}
      <Suspense fallback={null}>
        {counselling ? (
          <CounsellingPopup
            flag={counselling}
            interest={counsellingInterest}
            onClose={() => dispatch(uiActions.closePopup(counselling))}
          />
        ) : referralDue && popups.REFERRAL_POPUP && !onInvitation && !atWork && !campaign.isShowing ? (
          <ReferralPopup onClose={closeReferral} />
        ) : null}
      </Suspense>
    </>
  );
}
