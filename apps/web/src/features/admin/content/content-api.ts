import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';
import { adminListUrl, type AdminListParams } from '../api/admin-api';

/*
 * The console's content calls (issue 17 point 2): blogs and trips, injected with the console's
 * chunk. A save refetches the lists (`AdminList`) and the item it saved (`AdminContent`).
 */

const contentApi = api.enhanceEndpoints({ addTagTypes: ['AdminList', 'AdminContent'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminBlogs: build.query<ResponseOf<'adminBlogs'>, AdminListParams>({
      query: (params) => adminListUrl('adminBlogs', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminBlog: build.query<ResponseOf<'adminBlog'>, number>({
      query: (id) => endpointRequest('adminBlog', { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminContent', id: `blog-${id}` }],
      keepUnusedDataFor: 0,
    }),
    getAdminBlogCategories: build.query<ResponseOf<'adminBlogCategories'>, void>({
      query: () => endpointRequest('adminBlogCategories'),
      keepUnusedDataFor: 300,
    }),
    /** `POST /api/admin/blogs` (no id) or `PUT /api/admin/blogs/{id}`. */
    saveAdminBlog: build.mutation<
      ResponseOf<'adminBlog'>,
      { id: number | null; body: BodyOf<'adminBlogCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminBlogCreate', { body })
          : endpointRequest('adminBlogUpdate', { params: { id }, body }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : ['AdminList', { type: 'AdminContent', id: `blog-${result.id}` }],
    }),
    getAdminTrips: build.query<ResponseOf<'adminContentTrips'>, AdminListParams>({
      query: (params) => adminListUrl('adminContentTrips', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminTrip: build.query<ResponseOf<'adminContentTrip'>, number>({
      query: (id) => endpointRequest('adminContentTrip', { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminContent', id: `trip-${id}` }],
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/admin/trips` (no id) or `PUT /api/admin/trips/{id}`. */
    saveAdminTrip: build.mutation<
      ResponseOf<'adminContentTrip'>,
      { id: number | null; body: BodyOf<'adminContentTripCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminContentTripCreate', { body })
          : endpointRequest('adminContentTripUpdate', { params: { id }, body }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : ['AdminList', { type: 'AdminContent', id: `trip-${result.id}` }],
    }),
  }),
});

export const {
  useGetAdminBlogsQuery,
  useGetAdminBlogQuery,
  useGetAdminBlogCategoriesQuery,
  useSaveAdminBlogMutation,
  useGetAdminTripsQuery,
  useGetAdminTripQuery,
  useSaveAdminTripMutation,
} = contentApi;
