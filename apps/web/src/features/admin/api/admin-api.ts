import './admin-addresses';
import { adminEndpointPaths, type BodyOf, type ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { apiPath, endpointRequest } from '../../../lib/api/paths';

/*
 * The staff console's calls (issue 17), injected into the app's one API when the console's chunk
 * loads (never on a public page). Lists are keyed by their whole query (the URL's state), kept
 * briefly: a list is fresh each time staff come back to it. A retry or a review refetches the
 * list it came from (`AdminList` tag), nothing is changed optimistically.
 */

/** The console's list endpoints, each answering one page `{ items, total, page, pageSize }`. */
export const ADMIN_LIST_ENDPOINTS = [
  'adminLeads',
  'adminFormSubmissions',
  'adminOutbox',
  'adminTripApplications',
  'adminCompetitionRegistrations',
  'adminAudit',
  // Learners, payouts and staff (issue 17 point 3; their queries live in learners/learners-api.ts).
  'adminLearners',
  'adminPayouts',
  'adminStaff',
  // Money (issue 17 point 5).
  'adminOrders',
  'adminCoupons',
  'adminPaymentLinks',
  'adminInstalmentPlans',
  'adminInvoices',
  // Content (issue 17 point 2)
  'adminBlogs',
  'adminContentTrips',
  'adminCompetitions',
  'adminTopBanners',
  'adminCampaigns',
  'adminEventObjects',
  'adminResourceFolders',
  'adminResourceFiles',
  // Catalogue (issue 17 point 1).
  'adminWorkshops',
] as const;
export type AdminListEndpoint = (typeof ADMIN_LIST_ENDPOINTS)[number];

/** A list's query as the URL carries it: every value a string (the server coerces). */
export type AdminListParams = Record<string, string>;

/** The address of one page (or, with `format: 'csv'`, the export) of list `name`. */
export function adminListUrl(name: AdminListEndpoint, params: AdminListParams): string {
  return apiPath(adminEndpointPaths[name].path, {}, params);
}

function listQuery(name: AdminListEndpoint) {
  return (params: AdminListParams) => adminListUrl(name, params);
}

const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminList'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/admin/me`: who the console is for and which sections it shows (404 for non-staff). */
    getAdminMe: build.query<ResponseOf<'adminMe'>, number>({
      query: () => endpointRequest('adminMe'),
      keepUnusedDataFor: 0,
    }),
    getAdminLeads: build.query<ResponseOf<'adminLeads'>, AdminListParams>({
      query: listQuery('adminLeads'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminFormSubmissions: build.query<ResponseOf<'adminFormSubmissions'>, AdminListParams>({
      query: listQuery('adminFormSubmissions'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminOutbox: build.query<ResponseOf<'adminOutbox'>, AdminListParams>({
      query: listQuery('adminOutbox'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminTripApplications: build.query<ResponseOf<'adminTripApplications'>, AdminListParams>({
      query: listQuery('adminTripApplications'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminCompetitionRegistrations: build.query<
      ResponseOf<'adminCompetitionRegistrations'>,
      AdminListParams
    >({
      query: listQuery('adminCompetitionRegistrations'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminAudit: build.query<ResponseOf<'adminAudit'>, AdminListParams>({
      query: listQuery('adminAudit'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    /** `POST /api/admin/outbox/{id}/retry`: the job runs again now; the list is read again after. */
    retryAdminJob: build.mutation<ResponseOf<'adminOutboxRetry'>, number>({
      query: (id) => endpointRequest('adminOutboxRetry', { params: { id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    /** `POST /api/admin/trip-applications/{id}/review`: shortlist, accept or reject, with a note. */
    reviewTripApplication: build.mutation<
      ResponseOf<'adminTripApplicationReview'>,
      { id: number; body: BodyOf<'adminTripApplicationReview'> }
    >({
      query: ({ id, body }) => endpointRequest('adminTripApplicationReview', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
  }),
});

export const {
  useGetAdminMeQuery,
  useGetAdminLeadsQuery,
  useGetAdminFormSubmissionsQuery,
  useGetAdminOutboxQuery,
  useGetAdminTripApplicationsQuery,
  useGetAdminCompetitionRegistrationsQuery,
  useGetAdminAuditQuery,
  useRetryAdminJobMutation,
  useReviewTripApplicationMutation,
} = adminApi;
