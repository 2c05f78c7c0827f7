import type { TripHomepage } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';

const tripHomepageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/trip/homepage`: active trips, upcoming (soonest first) and past (latest first). */
    getTripHomepage: build.query<TripHomepage, void>({
      query: () => endpoints.tripHomepage.path,
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
