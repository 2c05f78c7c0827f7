import '../api/admin-addresses';
import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';
import { adminListUrl, type AdminListParams } from '../api/admin-api';

/*
 * The console's learners, payout requests and staff calls (issue 17 point 3), injected when the
 * console's chunk loads. A learner's page is tagged by the learner's id: every action on the
 * learner reads the page (and the lists, `AdminList`) again; nothing is changed optimistically.
 */

const learnersApi = api.enhanceEndpoints({ addTagTypes: ['AdminList', 'AdminLearner'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminLearners: build.query<ResponseOf<'adminLearners'>, AdminListParams>({
      query: (params) => adminListUrl('adminLearners', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminLearner: build.query<ResponseOf<'adminLearner'>, number>({
      query: (id) => endpointRequest('adminLearner', { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminLearner', id }],
      keepUnusedDataFor: 0,
    }),
    enrolLearner: build.mutation<
      ResponseOf<'adminLearnerEnrol'>,
      { id: number; body: BodyOf<'adminLearnerEnrol'> }
    >({
      query: ({ id, body }) => endpointRequest('adminLearnerEnrol', { params: { id }, body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'AdminLearner', id }, 'AdminList']),
    }),
    adjustLearnerCoins: build.mutation<
      ResponseOf<'adminLearnerCoins'>,
      { id: number; body: BodyOf<'adminLearnerCoins'> }
    >({
      query: ({ id, body }) => endpointRequest('adminLearnerCoins', { params: { id }, body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'AdminLearner', id }, 'AdminList']),
    }),
    moveEnrolment: build.mutation<
      ResponseOf<'adminEnrolmentMove'>,
      { id: number; learnerId: number; body: BodyOf<'adminEnrolmentMove'> }
    >({
      query: ({ id, body }) => endpointRequest('adminEnrolmentMove', { params: { id }, body }),
      invalidatesTags: (_r, error, { learnerId }) =>
        error ? [] : [{ type: 'AdminLearner', id: learnerId }, 'AdminList'],
    }),
    revokeEnrolment: build.mutation<
      ResponseOf<'adminEnrolmentRevoke'>,
      { id: number; learnerId: number; body: BodyOf<'adminEnrolmentRevoke'> }
    >({
      query: ({ id, body }) => endpointRequest('adminEnrolmentRevoke', { params: { id }, body }),
      invalidatesTags: (_r, error, { learnerId }) =>
        error ? [] : [{ type: 'AdminLearner', id: learnerId }, 'AdminList'],
    }),
    getAdminPayouts: build.query<ResponseOf<'adminPayouts'>, AdminListParams>({
      query: (params) => adminListUrl('adminPayouts', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    settlePayout: build.mutation<
      ResponseOf<'adminPayoutSettle'>,
      { id: number; learnerId: number; body: BodyOf<'adminPayoutSettle'> }
    >({
      query: ({ id, body }) => endpointRequest('adminPayoutSettle', { params: { id }, body }),
      invalidatesTags: (_r, error, { learnerId }) =>
        error ? [] : [{ type: 'AdminLearner', id: learnerId }, 'AdminList'],
    }),
    getAdminStaff: build.query<ResponseOf<'adminStaff'>, AdminListParams>({
      query: (params) => adminListUrl('adminStaff', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    addStaff: build.mutation<ResponseOf<'adminStaffAdd'>, BodyOf<'adminStaffAdd'>>({
      query: (body) => endpointRequest('adminStaffAdd', { body }),
      invalidatesTags: (_r, error) => (error ? [] : ['AdminList']),
    }),
    changeUserRole: build.mutation<
      ResponseOf<'adminUserRole'>,
      { id: number; body: BodyOf<'adminUserRole'> }
    >({
      query: ({ id, body }) => endpointRequest('adminUserRole', { params: { id }, body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'AdminLearner', id }, 'AdminList']),
    }),
    setUserDisabled: build.mutation<
      ResponseOf<'adminUserDisabled'>,
      { id: number; body: BodyOf<'adminUserDisabled'> }
    >({
      query: ({ id, body }) => endpointRequest('adminUserDisabled', { params: { id }, body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'AdminLearner', id }, 'AdminList']),
    }),
  }),
});

export const {
  useGetAdminLearnersQuery,
  useGetAdminLearnerQuery,
  useEnrolLearnerMutation,
  useAdjustLearnerCoinsMutation,
  useMoveEnrolmentMutation,
  useRevokeEnrolmentMutation,
  useGetAdminPayoutsQuery,
  useSettlePayoutMutation,
  useGetAdminStaffQuery,
  useAddStaffMutation,
  useChangeUserRoleMutation,
  useSetUserDisabledMutation,
} = learnersApi;
