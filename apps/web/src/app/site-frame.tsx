import { Island } from '../components/ui/island';
import { usePopupBanners } from '../features/promotions/banners';
import PopupsIsland from '../features/promotions/components/popups.island';
import TopBannerIsland from '../features/promotions/components/top-banner.island';
import { useMenuCategories } from '../lib/api/menu-categories';
import { useTopBanner } from '../lib/api/top-banner';
import { FOOTER_CATEGORY_COUNT } from './site-footer';
import SiteFooterIsland from './site-footer.island';
import { headerCategories } from './site-header';
import SiteHeaderIsland from './site-header.island';

/*
 * The site's frame as islands (docs/decisions/0032): each reads its data from the store here and
 * hands it to the island as props, so that in a public document the island hydrates on its own,
 * without the store.
 */

export function SiteHeader() {
  const categories = useMenuCategories();
  return <Island of={SiteHeaderIsland} props={{ categories: headerCategories(categories) }} />;
}

export function SiteFooter() {
  const categories = useMenuCategories()
    .slice(0, FOOTER_CATEGORY_COUNT)
    .map(({ id, name }) => ({ id, name }));
  return <Island of={SiteFooterIsland} props={{ categories }} />;
}

export function TopBanner() {
  const banner = useTopBanner();
  // No banner: nothing to hydrate, no island.
  return banner ? <Island of={TopBannerIsland} props={{ banner }} /> : null;
}

export function Popups() {
  const [popupBanner] = usePopupBanners();
  return <Island of={PopupsIsland} props={{ popupBanner: popupBanner ?? null }} />;
}
