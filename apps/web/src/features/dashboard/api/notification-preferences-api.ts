import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/*
 * The learner's message preferences (issue 16 "Messaging for real"): read, and changed key by
 * key. Keyed by the signed-in user's id, so another user in the same tab never sees them.
 */
const notificationPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/notification/preferences`: the choices and the kinds always sent. */
    getNotificationPreferences: build.query<ResponseOf<'notificationPreferences'>, number>({
      query: () => endpointRequest('notificationPreferences'),
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/user/notification/preferences`: only the keys given change; answers them all. */
    updateNotificationPreferences: build.mutation<
      ResponseOf<'notificationPreferencesUpdate'>,
      { userId: number; body: BodyOf<'notificationPreferencesUpdate'> }
    >({
      query: ({ body }) => endpointRequest('notificationPreferencesUpdate', { body }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(
            notificationPreferencesApi.util.upsertQueryData('getNotificationPreferences', userId, data),
          );
        } catch {
          // the section shows the failure; the learner's choices stay on screen
        }
      },
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } =
  notificationPreferencesApi;
