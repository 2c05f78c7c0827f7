import type { CampaignBanner, ResponseOf } from '@atelier/contract';
import { api } from './base-api';
import { endpointRequest } from './paths';

const NO_BANNERS: readonly CampaignBanner[] = [];

const campaignBannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/campaign/banners`: `data` is a list (spec §7). */
    listCampaignBanners: build.query<ResponseOf<'campaignBanners'>, void>({
      query: () => endpointRequest('campaignBanners'),
    }),
  }),
});

export const campaignBannersQuery = campaignBannersApi.endpoints.listCampaignBanners;

/** Campaign banners; spec §8: a failed load is swallowed as an empty list (also while loading). */
export function useCampaignBanners(): readonly CampaignBanner[] {
  return campaignBannersApi.useListCampaignBannersQuery().currentData ?? NO_BANNERS;
}
