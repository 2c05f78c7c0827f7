import type { ResponseOf, TripHomepage } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const tripHomepageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/trip/homepage`: active trips, upcoming (soonest first) and past (latest first). */
    getTripHomepage: build.query<ResponseOf<'tripHomepage'>, void>({
      query: () => endpointRequest('tripHomepage'),
    }),
  }),
});

export const tripHomepageQuery = tripHomepageApi.endpoints.getTripHomepage;

const NO_TRIPS: TripHomepage = { upcoming: [], past: [] };

/** Trips for the trips page; empty lists while loading and when the call failed. */
export function useTripHomepage(): { trips: TripHomepage; isLoading: boolean; isError: boolean } {
  const { currentData, isLoading, isError } = tripHomepageApi.useGetTripHomepageQuery();
  return { trips: currentData ?? NO_TRIPS, isLoading, isError };
}
