import type { ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/*
 * The dashboard home's learning calls (issue 15): the learner's notifications (and marking them
 * read), suggested courses and trip applications. Enrolled courses and pending payments come from
 * the money slice (lib/api/money-api.ts). Every query takes the signed-in user's id, so a
 * different user in the same tab never sees a cached answer of the previous one.
 */

export const NOTIFICATIONS_TAG = 'HomeNotifications' as const;

/** How many suggestions the home asks for. */
export const SUGGESTED_LIMIT = 4;

/** The most ids one `notificationsRead` call takes (the contract's limit). */
export const READ_BATCH_MAX = 200;

export type HomeNotification = ResponseOf<'userNotifications'>[number];
export type TripApplication = ResponseOf<'profileTripApplications'>[number];
export type SuggestedCourse = ResponseOf<'profileSuggestedCourses'>['suggestedCourses'][number];

const learningHomeApi = api.enhanceEndpoints({ addTagTypes: [NOTIFICATIONS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/{id}/notifications` (own id): newest first. */
    getHomeNotifications: build.query<ResponseOf<'userNotifications'>, number>({
      query: (id) => endpointRequest('userNotifications', { params: { id } }),
      providesTags: [NOTIFICATIONS_TAG],
      keepUnusedDataFor: 30,
    }),
    /**
     * `POST /api/user/notifications/read { ids }`. The list (and so the unread count) changes at
     * once; if the call fails the change is undone and the list is fetched again.
     */
    markNotificationsRead: build.mutation<
      ResponseOf<'notificationsRead'>,
      { userId: number; ids: readonly number[] }
    >({
      query: ({ ids }) => endpointRequest('notificationsRead', { body: { ids: [...ids] } }),
      async onQueryStarted({ userId, ids }, { dispatch, queryFulfilled }) {
        const marked = new Set(ids);
        const patch = dispatch(
          learningHomeApi.util.updateQueryData('getHomeNotifications', userId, (draft) => {
            for (const notification of draft) {
              if (marked.has(notification.id)) notification.isRead = true;
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
          dispatch(learningHomeApi.util.invalidateTags([NOTIFICATIONS_TAG]));
        }
      },
    }),
    /** `POST /api/user/profile/course/suggested { limit }`: published courses to try next. */
    getHomeSuggestedCourses: build.query<ResponseOf<'profileSuggestedCourses'>, number>({
      query: () => endpointRequest('profileSuggestedCourses', { body: { limit: SUGGESTED_LIMIT } }),
      keepUnusedDataFor: 300,
    }),
    /** `GET /api/user/profile/trip/applications`: the learner's trip applications, newest first. */
    getHomeTripApplications: build.query<ResponseOf<'profileTripApplications'>, number>({
      query: () => endpointRequest('profileTripApplications'),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useGetHomeNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetHomeSuggestedCoursesQuery,
  useGetHomeTripApplicationsQuery,
} = learningHomeApi;

/** Ids in groups the read call accepts. */
export function readBatches(ids: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += READ_BATCH_MAX) batches.push(ids.slice(i, i + READ_BATCH_MAX));
  return batches;
}
