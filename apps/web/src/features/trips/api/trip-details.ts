import type { ResponseOf, TripDetails } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const tripDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/trip/{id}/details`: the trip page (itinerary, inclusions, seats). */
    getTripDetails: build.query<ResponseOf<'tripDetails'>, number>({
      query: (id) => endpointRequest('tripDetails', { params: { id } }),
    }),
  }),
});

export const tripDetailsQuery = tripDetailsApi.endpoints.getTripDetails;

/** Trip `id`, or `null` while it loads and when the call failed (unknown ids are 404s in the loader). */
export function useTripDetails(id: number | null): TripDetails | null {
  return tripDetailsApi.useGetTripDetailsQuery(id ?? skipToken).currentData ?? null;
}
