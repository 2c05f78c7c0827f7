import type { ResponseOf, TopBanner } from '@atelier/contract';
import { api } from './base-api';
import { endpointRequest } from './paths';

/** A banner with no text is no banner; an empty link is none. */
function readTopBanner(data: ResponseOf<'topBanner'>): TopBanner {
  if (data === null || data.content.trim() === '') return null;
  return { content: data.content, link: data.link === '' ? null : data.link };
}

const topBannerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/top-banner` → `{ content, link }`, or `null` when no banner runs. */
    getTopBanner: build.query<TopBanner, void>({
      query: () => endpointRequest('topBanner'),
      transformResponse: readTopBanner,
    }),
  }),
});

export const topBannerQuery = topBannerApi.endpoints.getTopBanner;

/** The top banner, or `null` when there is none, while it loads, or when the load failed. */
export function useTopBanner(): TopBanner {
  return topBannerApi.useGetTopBannerQuery().currentData ?? null;
}
