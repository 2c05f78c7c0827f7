import type { CampaignBanner } from '@atelier/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { SmartLink } from '../../../components/ui/smart-link';
import { toSafeLink } from '../../../lib/links';
import { useIsClient } from '../../../lib/hooks';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import {
  markPopupShown,
  mayOpenByItself,
  popupAllowedOn,
  popupShownThisVisit,
  snoozePopup,
  whenPageIsFree,
} from '../popup-policy';
import '../promotions.css';

// The campaign's lead form, loaded only for a banner that offers one.
const CampaignLeadForm = lazy(async () => ({
  default: (await import('../../leads/campaign-lead-form')).CampaignLeadForm,
}));

/** How long after the page settles the popup waits, so it never greets a visitor mid-load. */
export const CAMPAIGN_POPUP_DELAY_MS = 1200;

/** The policy's name of a banner's offer: closed, that offer stays closed for the snooze's days. */
const popupName = (bannerId: number) => `campaign:${bannerId}`;

/** Whether this page view opens the campaign offer, and where it is in doing so. */
export interface CampaignPopupDue {
  banner: CampaignBanner | null;
  /** The offer will open shortly (its delay is running). */
  isPending: boolean;
  isShowing: boolean;
  dismiss: () => void;
}

/**
 * The first type-1 campaign banner (spec §9 "Campaign banner type: 1 popup") is due a moment after
 * the page is ready, as the popup policy allows (`popup-policy.ts`): not on sign-in, payment or
 * dashboard pages, not when another popup opened in this visit, not for the snooze's days after
 * the visitor closed it, and never over a field being typed in or another dialog.
 */
export function useCampaignPopupDue(banner: CampaignBanner | undefined): CampaignPopupDue {
  const dismissed = useAppSelector((state) => state.ui.dismissed.campaignPopup);
  const dispatch = useAppDispatch();
  const isClient = useIsClient();
  // The banner whose delay has run out; null until then.
  const [dueId, setDueId] = useState<number | null>(null);
  const bannerId = banner?.id;
  const { pathname } = useLocation();
  const allowedHere = popupAllowedOn(pathname);
  const isDue = bannerId !== undefined && dueId === bannerId;
  // Decided in the browser only: the policy's memory lives in the browser's storage.
  const isEligible =
    isClient &&
    bannerId !== undefined &&
    !dismissed &&
    !isDue &&
    mayOpenByItself(popupName(bannerId), pathname);

  useEffect(() => {
    if (!isEligible || bannerId === undefined) return;
    return whenPageIsFree(() => {
      // Another popup may have taken this visit's one place meanwhile.
      if (popupShownThisVisit()) return;
      markPopupShown();
      setDueId(bannerId);
    }, CAMPAIGN_POPUP_DELAY_MS);
  }, [isEligible, bannerId]);

  return {
    banner: banner ?? null,
    isPending: !isClient || isEligible,
    // Leaving for a page where popups never show (sign-in, checkout) hides it, without closing it.
    isShowing: isDue && !dismissed && banner !== undefined && allowedHere,
    dismiss: () => {
      if (bannerId !== undefined) snoozePopup(popupName(bannerId));
      dispatch(uiActions.dismissCampaignPopup());
    },
  };
}

/** The campaign offer as a modal dialog, while it is due (see {@link useCampaignPopupDue}). */
export function CampaignPopup({ due }: { due: CampaignPopupDue }) {
  const { banner } = due;
  if (!banner || !due.isShowing) return null;
  const link = toSafeLink(banner.link);

  return (
    <ModalDialog className="campaign-popup" labelledBy="campaign-popup-title" onClose={due.dismiss}>
      <div className="campaign-popup__card">
        <form method="dialog" className="campaign-popup__close">
          <button type="submit" className="icon-button" aria-label="Close offer">
            <CloseIcon />
          </button>
        </form>
        {banner.image ? (
          <ResponsiveImage
            className="campaign-popup__image"
            src={banner.image}
            width={440}
            height={248}
            sizes="(min-width: 480px) 440px, 100vw"
          />
        ) : null}
        <div className="campaign-popup__body">
          <p className="eyebrow">{banner.campaign.name}</p>
          <h2 id="campaign-popup-title" className="campaign-popup__title">
            {banner.title}
          </h2>
          {link ? (
            <SmartLink link={link} className="button button--primary" onClick={due.dismiss}>
              See the offer
            </SmartLink>
          ) : (
            // A banner without a link offers its campaign's lead form: the offer is a call back.
            <Suspense fallback={null}>
              <CampaignLeadForm campaignId={banner.campaign.id} bannerId={banner.id} />
            </Suspense>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
