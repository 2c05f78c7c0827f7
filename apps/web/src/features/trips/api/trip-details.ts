import type { TripDetails } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { apiPath } from '../../../lib/api/paths';

const tripDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/trip/{id}/details`: the trip page (itinerary, inclusions, seats). */
    getTripDetails: build.query<TripDetails, number>({
      query: (id) => apiPath(endpoints.tripDetails.path, { id }),
    }),
  }),
});

export const tripDetailsQuery = tripDetailsApi.endpoints.getTripDetails;

/** Trip `id`, or `null` while it loads and when the call failed (unknown ids are 404s in the loader). */
export function useTripDetails(id: number | null): TripDetails | null {
  return tripDetailsApi.useGetTripDetailsQuery(id ?? skipToken).currentData ?? null;
}
