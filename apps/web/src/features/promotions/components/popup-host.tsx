import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import { hasSeenReferralInvite, rememberReferralInviteSeen } from '../referral-invite';
import { CampaignPopup, useCampaignPopupDue } from './campaign-popup';

// Loaded only when they open: they are not part of any page's first load.
const ReferralPopup = lazy(async () => ({ default: (await import('./referral-popup')).ReferralPopup }));
const CounsellingPopup = lazy(async () => ({
  default: (await import('./counselling-popup')).CounsellingPopup,
}));

/** How long after the page settles the referral invite waits, when no campaign offer opened. */
export const REFERRAL_POPUP_DELAY_MS = 6000;

/**
 * The popups that float over every page, one at a time. A page view opens at most one popup by
 * itself: the campaign offer (once per session) if one runs, otherwise the referral invite (once
 * per visitor, spec §4: open at first). The counselling popups open when the visitor asks.
 */
export function PopupHost() {
  const popups = useAppSelector((state) => state.ui.popups);
  const dispatch = useAppDispatch();
  const campaign = useCampaignPopupDue();
  const [referralDue, setReferralDue] = useState(false);
  const [campaignShown, setCampaignShown] = useState(false);
  // A friend's invitation (/refer/{code}) is itself the referral offer: no generic invite over it.
  const { pathname } = useLocation();
  const onInvitation = pathname.startsWith('/refer/');
  // The course dashboard is a learner at work (a quiz, an answer, their own reminders and
  // certificate popups): no marketing popup opens over it (decision in README, issue 15).
  const atWork = pathname.startsWith('/dashboard/course');

  if (campaign.isShowing && !campaignShown) setCampaignShown(true);

  // Spec §4: REFERRAL_POPUP starts open; a visitor who dismissed it before never sees it again.
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
    const timer = setTimeout(() => setReferralDue(true), REFERRAL_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [popups.REFERRAL_POPUP, onInvitation, atWork, campaign.isPending, campaign.isShowing, campaignShown]);

  const closeReferral = () => {
    rememberReferralInviteSeen();
    dispatch(uiActions.closePopup('REFERRAL_POPUP'));
  };
  const counselling = popups.BIM_CIVIL_POPUP
    ? 'BIM_CIVIL_POPUP'
    : popups.COUNSELLING_POPUP
      ? 'COUNSELLING_POPUP'
      : null;

  return (
    <>
      {atWork ? null : <CampaignPopup due={campaign} />}
      <Suspense fallback={null}>
        {counselling ? (
          <CounsellingPopup flag={counselling} onClose={() => dispatch(uiActions.closePopup(counselling))} />
        ) : referralDue && popups.REFERRAL_POPUP && !onInvitation && !atWork && !campaign.isShowing ? (
          <ReferralPopup onClose={closeReferral} />
        ) : null}
      </Suspense>
    </>
  );
}
