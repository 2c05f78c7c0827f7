import type { CampaignBanner } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { SmartLink } from '../../../components/ui/smart-link';
import { toSafeLink } from '../../../lib/links';
import { useIsClient } from '../../../lib/hooks';
import { hasSessionFlag, setSessionFlag } from '../../../lib/storage';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import { usePopupBanners } from '../banners';
import '../promotions.css';

/** How long after the page settles the popup waits, so it never greets a visitor mid-load. */
export const CAMPAIGN_POPUP_DELAY_MS = 1200;

const seenKey = (bannerId: number) => `campaign_popup_seen:${bannerId}`;

/** Fields a visitor types into (not buttons, checkboxes or radios). */
const TEXT_ENTRY =
  'textarea, select, input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"])';

/** Whether the visitor is typing in a field of the page right now. */
/** Whether another modal dialog (a reminder, a feedback form) is open: the offer never stacks on it. */
function anotherDialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

function isTyping(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.matches(TEXT_ENTRY) || active.isContentEditable);
}

/** Whether this page view opens the campaign offer, and where it is in doing so. */
export interface CampaignPopupDue {
  banner: CampaignBanner | null;
  /** The offer will open shortly (its delay is running). */
  isPending: boolean;
  isShowing: boolean;
  dismiss: () => void;
}

/**
 * The first type-1 campaign banner (spec §9 "Campaign banner type: 1 popup") is due once per
 * browser session, a moment after the page is ready.
 */
export function useCampaignPopupDue(): CampaignPopupDue {
  const [banner] = usePopupBanners();
  const dismissed = useAppSelector((state) => state.ui.dismissed.campaignPopup);
  const dispatch = useAppDispatch();
  const isClient = useIsClient();
  // The banner whose delay has run out; null until then.
  const [dueId, setDueId] = useState<number | null>(null);
  const bannerId = banner?.id;
  // Decided in the browser only: the "seen" flag lives in sessionStorage.
  const isEligible = isClient && bannerId !== undefined && !dismissed && !hasSessionFlag(seenKey(bannerId));

  useEffect(() => {
    if (!isEligible || bannerId === undefined) return;
    // A visitor typing (a search, a form) is never interrupted: the offer waits until they
    // leave the field, then its delay starts again. Nor does it open over another dialog: it
    // waits its delay again until that one is closed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        if (isTyping()) document.addEventListener('focusout', arm, { once: true });
        else if (anotherDialogOpen()) arm();
        else setDueId(bannerId);
      }, CAMPAIGN_POPUP_DELAY_MS);
    };
    arm();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusout', arm);
    };
  }, [isEligible, bannerId]);

  const isDue = bannerId !== undefined && dueId === bannerId;
  return {
    banner: banner ?? null,
    isPending: !isClient || (isEligible && !isDue),
    isShowing: isDue && !dismissed && banner !== undefined,
    dismiss: () => {
      if (bannerId !== undefined) setSessionFlag(seenKey(bannerId));
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
          ) : null}
        </div>
      </div>
    </ModalDialog>
  );
}
