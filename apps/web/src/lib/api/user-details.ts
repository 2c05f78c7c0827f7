import type { OwnProfile, ResponseOf } from '@atelier/contract';
import { useEffect } from 'react';
import { isLoggedIn, readSession, updateSessionUser, useSession } from '../session';
import type { AppDispatch } from '../store';
import { api, settle } from './base-api';
import { endpointRequest } from './paths';

/** Tag of the signed-in user's own profile: sign-ins, logout and profile edits refresh it. */
export const ME_TAG = 'Me' as const;

export const accountApi = api.enhanceEndpoints({ addTagTypes: [ME_TAG] });

const userDetailsApi = accountApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The user-details v2 call (`GET /api/user/v2/details`): the signed-in user's own profile,
     * `secretKey` included. The argument is the stored user's id, so a different sign-in in the
     * same page load never reads another user's cached answer.
     */
    getUserDetails: build.query<ResponseOf<'userDetailsV2'>, number>({
      query: () => endpointRequest('userDetailsV2'),
      providesTags: [ME_TAG],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const userDetailsQuery = userDetailsApi.endpoints.getUserDetails;

/**
 * Spec §1: "User details are loaded if the local check says the user is logged in". Run by the
 * every-page prefetch; in the browser only (the server never holds a session).
 */
export async function prefetchUserDetails(dispatch: AppDispatch): Promise<void> {
  const session = isLoggedIn() ? readSession() : null;
  if (!session) return;
  await settle(dispatch(userDetailsQuery.initiate(session.user.id)));
}

/**
 * The signed-in user's fresh profile, or `null` while signed out, while it loads, and when the
 * call fails (spec §8: "User details v2: a response code other than 200 is treated as empty").
 * A 401 ends the session in the base query. A fresh answer also refreshes the stored user.
 */
export function useUserDetails(): OwnProfile | null {
  const session = useSession();
  const { currentData } = userDetailsApi.useGetUserDetailsQuery(session?.user.id ?? 0, { skip: !session });
  useEffect(() => {
    if (currentData && session && currentData.id === session.user.id) updateSessionUser(currentData);
  }, [currentData, session]);
  return session && currentData?.id === session.user.id ? currentData : null;
}

/** Whether the user details call is still running for the signed-in user (for loading states). */
export function useUserDetailsLoading(): boolean {
  const session = useSession();
  const { isLoading, isFetching, currentData } = userDetailsApi.useGetUserDetailsQuery(
    session?.user.id ?? 0,
    {
      skip: !session,
    },
  );
  return Boolean(session) && !currentData && (isLoading || isFetching);
}

/** Puts a profile the API just returned (sign-in, edit) into the cache and the stored user. */
export function rememberProfile(dispatch: AppDispatch, profile: OwnProfile): void {
  void dispatch(userDetailsApi.util.upsertQueryData('getUserDetails', profile.id, profile));
  updateSessionUser(profile);
}
