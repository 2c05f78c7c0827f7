import '../api/admin-addresses';
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
    getAdminCompetitions: build.query<ResponseOf<'adminCompetitions'>, AdminListParams>({
      query: (params) => adminListUrl('adminCompetitions', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminCompetition: build.query<ResponseOf<'adminCompetition'>, number>({
      query: (id) => endpointRequest('adminCompetition', { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminContent', id: `competition-${id}` }],
      keepUnusedDataFor: 0,
    }),
    saveAdminCompetition: build.mutation<
      ResponseOf<'adminCompetition'>,
      { id: number | null; body: BodyOf<'adminCompetitionCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminCompetitionCreate', { body })
          : endpointRequest('adminCompetitionUpdate', { params: { id }, body }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : ['AdminList', { type: 'AdminContent', id: `competition-${result.id}` }],
    }),
    getAdminConsultationPackages: build.query<ResponseOf<'adminConsultationPackages'>, void>({
      query: () => endpointRequest('adminConsultationPackages'),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 0,
    }),
    saveAdminConsultationPackage: build.mutation<
      ResponseOf<'adminConsultationPackageUpdate'>,
      { id: number; body: BodyOf<'adminConsultationPackageUpdate'> }
    >({
      query: ({ id, body }) => endpointRequest('adminConsultationPackageUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    getAdminTopBanners: build.query<ResponseOf<'adminTopBanners'>, AdminListParams>({
      query: (params) => adminListUrl('adminTopBanners', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    saveAdminTopBanner: build.mutation<
      ResponseOf<'adminTopBannerCreate'>,
      { id: number | null; body: BodyOf<'adminTopBannerCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminTopBannerCreate', { body })
          : endpointRequest('adminTopBannerUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    getAdminCampaigns: build.query<ResponseOf<'adminCampaigns'>, AdminListParams>({
      query: (params) => adminListUrl('adminCampaigns', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    getAdminCampaign: build.query<ResponseOf<'adminCampaign'>, number>({
      query: (id) => endpointRequest('adminCampaign', { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminContent', id: `campaign-${id}` }],
      keepUnusedDataFor: 0,
    }),
    saveAdminCampaign: build.mutation<
      ResponseOf<'adminCampaign'>,
      { id: number | null; body: BodyOf<'adminCampaignCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminCampaignCreate', { body })
          : endpointRequest('adminCampaignUpdate', { params: { id }, body }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : ['AdminList', { type: 'AdminContent', id: `campaign-${result.id}` }],
    }),
    getAdminEventObjects: build.query<ResponseOf<'adminEventObjects'>, AdminListParams>({
      query: (params) => adminListUrl('adminEventObjects', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    saveAdminEventObject: build.mutation<
      ResponseOf<'adminEventObjectCreate'>,
      { id: number | null; body: BodyOf<'adminEventObjectCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminEventObjectCreate', { body })
          : endpointRequest('adminEventObjectUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    getAdminResourceFolders: build.query<ResponseOf<'adminResourceFolders'>, AdminListParams>({
      query: (params) => adminListUrl('adminResourceFolders', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    saveAdminResourceFolder: build.mutation<
      ResponseOf<'adminResourceFolderCreate'>,
      { id: number | null; body: BodyOf<'adminResourceFolderCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminResourceFolderCreate', { body })
          : endpointRequest('adminResourceFolderUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    getAdminResourceFiles: build.query<ResponseOf<'adminResourceFiles'>, AdminListParams>({
      query: (params) => adminListUrl('adminResourceFiles', params),
      providesTags: ['AdminList'],
      keepUnusedDataFor: 30,
    }),
    saveAdminResourceFile: build.mutation<
      ResponseOf<'adminResourceFileCreate'>,
      { id: number | null; body: BodyOf<'adminResourceFileCreate'> }
    >({
      query: ({ id, body }) =>
        id === null
          ? endpointRequest('adminResourceFileCreate', { body })
          : endpointRequest('adminResourceFileUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminList']),
    }),
    /** `POST /api/admin/resource-files/upload`: the PDF into the storage; answers its path. */
    uploadAdminResourcePdf: build.mutation<ResponseOf<'adminResourceUpload'>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name);
        // Multipart: the table declares no JSON body for this call.
        return { ...endpointRequest('adminResourceUpload'), body: form };
      },
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
  useGetAdminCompetitionsQuery,
  useGetAdminCompetitionQuery,
  useSaveAdminCompetitionMutation,
  useGetAdminConsultationPackagesQuery,
  useSaveAdminConsultationPackageMutation,
  useGetAdminTopBannersQuery,
  useSaveAdminTopBannerMutation,
  useGetAdminCampaignsQuery,
  useGetAdminCampaignQuery,
  useSaveAdminCampaignMutation,
  useGetAdminEventObjectsQuery,
  useSaveAdminEventObjectMutation,
  useGetAdminResourceFoldersQuery,
  useSaveAdminResourceFolderMutation,
  useGetAdminResourceFilesQuery,
  useSaveAdminResourceFileMutation,
  useUploadAdminResourcePdfMutation,
} = contentApi;
