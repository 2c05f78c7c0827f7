import type { CampaignBanner } from '@atelier/contract';
import { CAMPAIGN_BANNER_TYPE } from '@atelier/domain';
import { useMemo } from 'react';
import { useCampaignBanners } from '../../lib/api/campaign-banners';

/** Type-1 banners of campaigns that run as a popup (spec §3, §9). */
export function usePopupBanners(): readonly CampaignBanner[] {
  const banners = useCampaignBanners();
  return useMemo(
    () => banners.filter((b) => b.type === CAMPAIGN_BANNER_TYPE.popup && b.campaign.isPopup),
    [banners],
  );
}

/** Type-2 banners of campaigns that run in the sidebar (spec §3, §9). */
export function useSidebarBanners(): readonly CampaignBanner[] {
  const banners = useCampaignBanners();
  return useMemo(
    () => banners.filter((b) => b.type === CAMPAIGN_BANNER_TYPE.sidebar && b.campaign.isSidebar),
    [banners],
  );
}
