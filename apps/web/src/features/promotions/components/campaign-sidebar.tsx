import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { SmartLink } from '../../../components/ui/smart-link';
import { toSafeLink } from '../../../lib/links';
import { useSidebarBanners } from '../banners';
import '../promotions.css';

/** Type-2 campaign banners (spec §9 "2 sidebar") as offer cards for a page's sidebar. */
export function CampaignSidebar() {
  const banners = useSidebarBanners();
  if (banners.length === 0) return null;
  return (
    <aside className="campaign-sidebar" aria-label="Offers">
      {banners.map((banner) => {
        const link = toSafeLink(banner.link);
        return (
          <article key={banner.id} className="offer-card">
            {banner.image ? (
              <ResponsiveImage
                className="offer-card__image"
                src={banner.image}
                width={300}
                height={169}
                sizes="(min-width: 1100px) 300px, 90vw"
              />
            ) : null}
            <p className="eyebrow">{banner.campaign.name}</p>
            <h2 className="offer-card__title">{banner.title}</h2>
            {link ? (
              <SmartLink link={link} className="offer-card__link">
                See the offer
                <ArrowRightIcon className="icon--sm" />
              </SmartLink>
            ) : null}
          </article>
        );
      })}
    </aside>
  );
}
