import type { BodyOf, CompetitionCard, CompetitionDetails, ResponseOf } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/*
 * The competition calls (issue 16): the public list and pages (server-rendered from the loaders'
 * prefetch), and the caller's own registration, keyed by the signed-in user's id so another user
 * in the same tab never sees the previous one's.
 */

export const COMPETITION_REGISTRATION_TAG = 'CompetitionRegistration' as const;

const competitionsApi = api
  .enhanceEndpoints({ addTagTypes: [COMPETITION_REGISTRATION_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `GET /api/competitions`: open ones first (by deadline), then the rest. */
      getCompetitions: build.query<ResponseOf<'competitions'>, void>({
        query: () => endpointRequest('competitions'),
      }),
      /** `GET /api/competition/{id}/details`: the page; unknown or inactive → 404. */
      getCompetitionDetails: build.query<ResponseOf<'competitionDetails'>, number>({
        query: (id) => endpointRequest('competitionDetails', { params: { id } }),
      }),
      /** `GET /api/user/competition/{id}/registration`: the caller's registration, or null. */
      getCompetitionRegistration: build.query<
        ResponseOf<'competitionRegistration'>,
        { competitionId: number; userId: number }
      >({
        query: ({ competitionId }) =>
          endpointRequest('competitionRegistration', { params: { id: competitionId } }),
        providesTags: [COMPETITION_REGISTRATION_TAG],
        keepUnusedDataFor: 0,
      }),
      /** `POST /api/competition/register` (free competitions; 201, idempotent). */
      registerForCompetition: build.mutation<
        ResponseOf<'competitionRegister'>,
        { userId: number; body: BodyOf<'competitionRegister'> }
      >({
        query: ({ body }) => endpointRequest('competitionRegister', { body }),
        async onQueryStarted({ userId, body }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            void dispatch(
              competitionsApi.util.upsertQueryData(
                'getCompetitionRegistration',
                { competitionId: Number(body.competitionId), userId },
                { registration: data },
              ),
            );
          } catch {
            // the page shows the failure
          }
        },
      }),
    }),
  });

export const competitionsQuery = competitionsApi.endpoints.getCompetitions;
export const competitionDetailsQuery = competitionsApi.endpoints.getCompetitionDetails;

export const { useGetCompetitionRegistrationQuery, useRegisterForCompetitionMutation } = competitionsApi;

const NO_COMPETITIONS: readonly CompetitionCard[] = [];

/** The competitions page's list; empty while loading and when the call failed. */
export function useCompetitions(): {
  competitions: readonly CompetitionCard[];
  isLoading: boolean;
  isError: boolean;
} {
  const { currentData, isLoading, isError } = competitionsApi.useGetCompetitionsQuery();
  return { competitions: currentData ?? NO_COMPETITIONS, isLoading, isError };
}

/** Competition `id`, or null while it loads and when the call failed. */
export function useCompetitionDetails(id: number | null): CompetitionDetails | null {
  return competitionsApi.useGetCompetitionDetailsQuery(id ?? skipToken).currentData ?? null;
}
