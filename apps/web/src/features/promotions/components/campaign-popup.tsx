import { useEffect, useState } from 'react';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { SmartLink } from '../../../components/ui/smart-link';
import { toSafeLink } from '../../../lib/links';
import { hasSessionFlag, setSessionFlag } from '../../../lib/storage';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import { usePopupBanners } from '../banners';
import '../promotions.css';

/** How long after the page settles the popup waits, so it never greets a visitor mid-load. */
export const CAMPAIGN_POPUP_DELAY_MS = 1200;

const seenKey = (bannerId: number) => `campaign_popup_seen:${bannerId}`;

/**
 * The first type-1 campaign banner as a modal dialog (spec §9 "Campaign banner type: 1 popup"),
 * shown once per browser session, a moment after the page is ready.
 */
export function CampaignPopup() {
  const [banner] = usePopupBanners();
  const dismissed = useAppSelector((state) => state.ui.dismissed.campaignPopup);
  const dispatch = useAppDispatch();
  const [isDue, setDue] = useState(false);
  const bannerId = banner?.id;

  useEffect(() => {
    if (bannerId === undefined || dismissed || hasSessionFlag(seenKey(bannerId))) return;
    const timer = setTimeout(() => setDue(true), CAMPAIGN_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [bannerId, dismissed]);

  if (!banner || !isDue || dismissed) return null;
  const link = toSafeLink(banner.link);
  const dismiss = () => {
    setSessionFlag(seenKey(banner.id));
    dispatch(uiActions.dismissCampaignPopup());
  };

  return (
    <ModalDialog className="campaign-popup" labelledBy="campaign-popup-title" onClose={dismiss}>
      <div className="campaign-popup__card">
        <form method="dialog" className="campaign-popup__close">
          <button type="submit" className="icon-button" aria-label="Close offer">
            <CloseIcon />
          </button>
        </form>
        {banner.image ? <FallbackImage className="campaign-popup__image" src={banner.image} /> : null}
        <div className="campaign-popup__body">
          <p className="eyebrow">{banner.campaign.name}</p>
          <h2 id="campaign-popup-title" className="campaign-popup__title">
            {banner.title}
          </h2>
          {link ? (
            <SmartLink link={link} className="button button--primary" onClick={dismiss}>
              See the offer
            </SmartLink>
          ) : null}
        </div>
      </div>
    </ModalDialog>
  );
}
