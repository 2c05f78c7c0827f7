import type { TopBanner } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { api } from './base-api';

function readTopBanner(data: unknown): TopBanner {
  if (typeof data !== 'object' || data === null) return null;
  const { content, link } = data as Record<string, unknown>;
  if (typeof content !== 'string' || content.trim() === '') return null;
  return { content, link: typeof link === 'string' && link !== '' ? link : null };
}

const topBannerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/top-banner` → `{ content, link }`, or `null` when no banner runs. */
    getTopBanner: build.query<TopBanner, void>({
      query: () => endpoints.topBanner.path,
      transformResponse: readTopBanner,
    }),
  }),
});

export const topBannerQuery = topBannerApi.endpoints.getTopBanner;

/** The top banner, or `null` when there is none, while it loads, or when the load failed. */
export function useTopBanner(): TopBanner {
  return topBannerApi.useGetTopBannerQuery().currentData ?? null;
}
