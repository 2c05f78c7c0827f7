import { Outlet } from 'react-router';
import { useSidebarBanners } from '../features/promotions/banners';
import { CampaignSidebar } from '../features/promotions/components/campaign-sidebar';
import { LayoutSlotsProvider } from '../lib/layout-slots';
import { SiteFooter, SiteHeader, TopBanner } from './site-frame';

/** The public pages' frame (everything outside /dashboard): top banner, header, main, footer. */
export function SiteLayout() {
  const hasSidebarBanners = useSidebarBanners().length > 0;
  return (
    <LayoutSlotsProvider value={{ campaignSidebar: hasSidebarBanners ? <CampaignSidebar /> : null }}>
      <div className="site">
        <TopBanner />
        <SiteHeader />
        <main id="main" className="site__main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </LayoutSlotsProvider>
  );
}
