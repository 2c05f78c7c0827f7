import type { TopBanner as TopBannerData } from '@atelier/contract';
import { ArrowRightIcon, CloseIcon } from '../../../components/ui/icons';
import { SmartLink } from '../../../components/ui/smart-link';
import { toSafeLink } from '../../../lib/links';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import '../promotions.css';

/**
 * The top banner (spec §1: pages outside /dashboard) as a strip the visitor can close; `banner`
 * is `useTopBanner()`'s (a prop, so the strip is an island of the public documents).
 */
export function TopBanner({ banner }: { banner: TopBannerData }) {
  const dismissed = useAppSelector((state) => state.ui.dismissed.topBanner);
  const dispatch = useAppDispatch();
  if (!banner || dismissed) return null;
  const link = toSafeLink(banner.link);
  return (
    <section className="top-banner" aria-label="Announcement">
      <div className="container top-banner__inner">
        <p className="top-banner__text">
          <span>{banner.content}</span>
          {link ? (
            <SmartLink link={link} className="top-banner__link">
              View the offer
              <ArrowRightIcon className="icon--sm" />
            </SmartLink>
          ) : null}
        </p>
        <button
          type="button"
          className="icon-button top-banner__close"
          aria-label="Dismiss announcement"
          onClick={() => dispatch(uiActions.dismissTopBanner())}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
