import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/*
 * The learner's own trip application calls (issue 16 "Trips and competitions"): the application
 * for one trip, applying, editing or withdrawing it, and e-mailing the itinerary. Each answer is
 * the caller's own, so the queries are keyed by the signed-in user's id too: another user in the
 * same tab never sees the previous one's application.
 */

export const TRIP_APPLICATION_TAG = 'TripApplication' as const;

export interface TripApplicationKey {
  tripId: number;
  userId: number;
}

const tripApplicationsApi = api.enhanceEndpoints({ addTagTypes: [TRIP_APPLICATION_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/trips/application/details`: the live (or latest) application, or null. */
    tripApplicationDetails: build.query<ResponseOf<'tripApplicationDetails'>, TripApplicationKey>({
      query: ({ tripId }) => endpointRequest('tripApplicationDetails', { body: { tripId } }),
      providesTags: [TRIP_APPLICATION_TAG],
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/trips/application/add` (201); the page's application becomes the answer. */
    addTripApplication: build.mutation<
      ResponseOf<'tripApplicationAdd'>,
      { userId: number; body: BodyOf<'tripApplicationAdd'> }
    >({
      query: ({ body }) => endpointRequest('tripApplicationAdd', { body }),
      async onQueryStarted({ userId, body }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(
            tripApplicationsApi.util.upsertQueryData(
              'tripApplicationDetails',
              { tripId: Number(body.tripId), userId },
              { application: data },
            ),
          );
        } catch {
          // the form shows the failure
        }
      },
    }),
    /** `POST /api/trips/application/update`: edit while `submitted`, or withdraw. */
    updateTripApplication: build.mutation<
      ResponseOf<'tripApplicationUpdate'>,
      { userId: number; body: BodyOf<'tripApplicationUpdate'> }
    >({
      query: ({ body }) => endpointRequest('tripApplicationUpdate', { body }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(
            tripApplicationsApi.util.upsertQueryData(
              'tripApplicationDetails',
              { tripId: data.tripId, userId },
              { application: data },
            ),
          );
        } catch {
          // A 409 (reviewed meanwhile): the status on the page may be old; fetch it again.
          dispatch(tripApplicationsApi.util.invalidateTags([TRIP_APPLICATION_TAG]));
        }
      },
    }),
    /** `POST /api/trips/itinerary/send`: to the caller's own verified address. */
    sendItinerary: build.mutation<ResponseOf<'itinerarySend'>, BodyOf<'itinerarySend'>>({
      query: (body) => endpointRequest('itinerarySend', { body }),
    }),
  }),
});

export const {
  useTripApplicationDetailsQuery,
  useAddTripApplicationMutation,
  useUpdateTripApplicationMutation,
  useSendItineraryMutation,
} = tripApplicationsApi;
