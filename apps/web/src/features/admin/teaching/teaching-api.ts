import '../api/admin-addresses';
import type { BodyOf, ResponseOf } from '@atelier/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api/base-api';
import { prepareHeaders, type ApiTransport } from '../../../lib/api/base-query';
import { endpointRequest } from '../../../lib/api/paths';

/*
 * The teaching console's calls (issue 17 points 1 and 4), injected when the console's chunk loads.
 * Every write refetches what it changed (`Teaching` tag); nothing is optimistic: a review's points
 * must be what the server kept.
 */

type WithId<N extends Parameters<typeof endpointRequest>[0]> = { id: number; body: BodyOf<N> };

const teachingApi = api.enhanceEndpoints({ addTagTypes: ['Teaching'] }).injectEndpoints({
  endpoints: (build) => ({
    getTeachingBatches: build.query<ResponseOf<'adminTeachingBatches'>, void>({
      query: () => endpointRequest('adminTeachingBatches'),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 30,
    }),
    getTeachingCurriculum: build.query<ResponseOf<'adminTeachingCurriculum'>, number>({
      query: (id) => endpointRequest('adminTeachingCurriculum', { params: { id } }),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 30,
    }),
    getTeachingResponses: build.query<
      ResponseOf<'adminTeachingResponses'>,
      { id: number; status: 'pending' | 'reviewed' | 'all'; page: number }
    >({
      query: ({ id, status, page }) =>
        endpointRequest('adminTeachingResponses', {
          params: { id },
          query: { status, page, pageSize: 25 },
        }),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 0,
    }),
    getTeachingAttendance: build.query<ResponseOf<'adminTeachingAttendance'>, number>({
      query: (id) => endpointRequest('adminTeachingAttendance', { params: { id } }),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 0,
    }),
    getTeachingQuizStats: build.query<ResponseOf<'adminTeachingQuizStats'>, number>({
      query: (id) => endpointRequest('adminTeachingQuizStats', { params: { id } }),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 0,
    }),
    getTeachingProgress: build.query<ResponseOf<'adminTeachingProgress'>, number>({
      query: (id) => endpointRequest('adminTeachingProgress', { params: { id } }),
      providesTags: ['Teaching'],
      keepUnusedDataFor: 0,
    }),
    createTeachingModule: build.mutation<
      ResponseOf<'adminTeachingModuleCreate'>,
      WithId<'adminTeachingModuleCreate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingModuleCreate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    updateTeachingModule: build.mutation<
      ResponseOf<'adminTeachingModuleUpdate'>,
      WithId<'adminTeachingModuleUpdate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingModuleUpdate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    createTeachingSession: build.mutation<
      ResponseOf<'adminTeachingSessionCreate'>,
      WithId<'adminTeachingSessionCreate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingSessionCreate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    updateTeachingSession: build.mutation<
      ResponseOf<'adminTeachingSessionUpdate'>,
      WithId<'adminTeachingSessionUpdate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingSessionUpdate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    generateTeachingSessions: build.mutation<
      ResponseOf<'adminTeachingSessionsGenerate'>,
      WithId<'adminTeachingSessionsGenerate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingSessionsGenerate', { params: { id }, body }),
      invalidatesTags: (result, error) => (error || !result?.created ? [] : ['Teaching']),
    }),
    createTeachingAssignment: build.mutation<
      ResponseOf<'adminTeachingAssignmentCreate'>,
      WithId<'adminTeachingAssignmentCreate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingAssignmentCreate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    updateTeachingAssignment: build.mutation<
      ResponseOf<'adminTeachingAssignmentUpdate'>,
      WithId<'adminTeachingAssignmentUpdate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingAssignmentUpdate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    saveTeachingQuiz: build.mutation<
      ResponseOf<'adminTeachingQuizUpdate'>,
      WithId<'adminTeachingQuizUpdate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingQuizUpdate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    createTeachingQuestion: build.mutation<
      ResponseOf<'adminTeachingQuestionCreate'>,
      WithId<'adminTeachingQuestionCreate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingQuestionCreate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    updateTeachingQuestion: build.mutation<
      ResponseOf<'adminTeachingQuestionUpdate'>,
      WithId<'adminTeachingQuestionUpdate'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingQuestionUpdate', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    deleteTeachingQuestion: build.mutation<ResponseOf<'adminTeachingQuestionDelete'>, number>({
      query: (id) => endpointRequest('adminTeachingQuestionDelete', { params: { id } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    reviewTeachingResponse: build.mutation<
      ResponseOf<'adminTeachingResponseReview'>,
      WithId<'adminTeachingResponseReview'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingResponseReview', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
    markTeachingAttendance: build.mutation<
      ResponseOf<'adminTeachingAttendanceMark'>,
      WithId<'adminTeachingAttendanceMark'>
    >({
      query: ({ id, body }) => endpointRequest('adminTeachingAttendanceMark', { params: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Teaching']),
    }),
  }),
});

export const {
  useGetTeachingBatchesQuery,
  useGetTeachingCurriculumQuery,
  useGetTeachingResponsesQuery,
  useGetTeachingAttendanceQuery,
  useGetTeachingQuizStatsQuery,
  useGetTeachingProgressQuery,
  useCreateTeachingModuleMutation,
  useUpdateTeachingModuleMutation,
  useCreateTeachingSessionMutation,
  useUpdateTeachingSessionMutation,
  useGenerateTeachingSessionsMutation,
  useCreateTeachingAssignmentMutation,
  useUpdateTeachingAssignmentMutation,
  useSaveTeachingQuizMutation,
  useCreateTeachingQuestionMutation,
  useUpdateTeachingQuestionMutation,
  useDeleteTeachingQuestionMutation,
  useReviewTeachingResponseMutation,
  useMarkTeachingAttendanceMutation,
} = teachingApi;

/**
 * Opens a learner's PDF answer in a new tab. The download needs the bearer token, so a plain link
 * cannot fetch it: the tab is opened at once (a popup blocker allows it during the click) and
 * given the fetched file. Rejects with a sentence for the page to show.
 */
export function openAnswerPdf(url: string): ThunkAction<Promise<void>, unknown, ApiTransport, UnknownAction> {
  return async (_dispatch, _getState, transport) => {
    const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
    const { headers } = prepareHeaders(new Headers(), {});
    headers.set('accept', 'application/pdf');
    try {
      const response = await transport.fetch(`${transport.origin}${url}`, { headers });
      if (!response.ok) throw new Error(`The PDF could not be opened (${response.status}).`);
      const blob = await response.blob();
      const href = URL.createObjectURL(blob);
      if (tab) tab.location.href = href;
      else window.location.assign(href);
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (error) {
      tab?.close();
      throw error instanceof Error && error.message.startsWith('The PDF')
        ? error
        : new Error('The PDF could not be opened. Check the connection and try again.');
    }
  };
}
