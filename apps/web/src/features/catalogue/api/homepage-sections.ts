import type { HomepageSections, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const homepageSectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/homepage/sections/all/v2`: everything the home page shows, in one call. */
    getHomepageSections: build.query<ResponseOf<'homepageSections'>, void>({
      query: () => endpointRequest('homepageSections'),
    }),
  }),
});

export const homepageSectionsQuery = homepageSectionsApi.endpoints.getHomepageSections;

/**
 * The home page's sections, or `null` while loading and when the call failed: the page then
 * builds its masterclass and course rails from the every-page list, and the trips, blogs and
 * testimonials rows stay out (spec §8: failed loads of events and blogs are swallowed).
 */
export function useHomepageSections(): HomepageSections | null {
  return homepageSectionsApi.useGetHomepageSectionsQuery().currentData ?? null;
}
