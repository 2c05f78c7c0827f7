import '../api/admin-addresses';
import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';
import { adminListUrl, type AdminListParams } from '../api/admin-api';

/*
 * Catalogue authoring's calls (issue 17 point 1), injected when the console's chunk loads. Reads
 * are tagged `AdminCatalogue`; every write refetches them afterwards (nothing is changed
 * optimistically, except the order of a list while its reorder call is on its way).
 */

type WithId<N extends Parameters<typeof endpointRequest>[0]> = { id: number; body: BodyOf<N> };

const catalogueApi = api.enhanceEndpoints({ addTagTypes: ['AdminCatalogue', 'AdminList'] }).injectEndpoints({
  endpoints: (build) => {
    const changed = (_result: unknown, error: unknown) =>
      error ? [] : ['AdminCatalogue' as const, 'AdminList' as const];
    return {
      getAdminCategories: build.query<ResponseOf<'adminCategories'>, void>({
        query: () => endpointRequest('adminCategories'),
        providesTags: ['AdminCatalogue'],
        keepUnusedDataFor: 30,
      }),
      createAdminCategory: build.mutation<ResponseOf<'adminCategoryCreate'>, BodyOf<'adminCategoryCreate'>>({
        query: (body) => endpointRequest('adminCategoryCreate', { body }),
        invalidatesTags: changed,
      }),
      updateAdminCategory: build.mutation<ResponseOf<'adminCategoryUpdate'>, WithId<'adminCategoryUpdate'>>({
        query: ({ id, body }) => endpointRequest('adminCategoryUpdate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      reorderAdminCategories: build.mutation<ResponseOf<'adminCategoriesReorder'>, number[]>({
        query: (ids) => endpointRequest('adminCategoriesReorder', { body: { ids } }),
        invalidatesTags: changed,
      }),
      createAdminSubcategory: build.mutation<
        ResponseOf<'adminSubcategoryCreate'>,
        WithId<'adminSubcategoryCreate'>
      >({
        query: ({ id, body }) => endpointRequest('adminSubcategoryCreate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      updateAdminSubcategory: build.mutation<
        ResponseOf<'adminSubcategoryUpdate'>,
        WithId<'adminSubcategoryUpdate'>
      >({
        query: ({ id, body }) => endpointRequest('adminSubcategoryUpdate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      reorderAdminSubcategories: build.mutation<
        ResponseOf<'adminSubcategoriesReorder'>,
        { categoryId: number; ids: number[] }
      >({
        query: ({ categoryId, ids }) =>
          endpointRequest('adminSubcategoriesReorder', { params: { id: categoryId }, body: { ids } }),
        invalidatesTags: changed,
      }),
      getAdminWorkshops: build.query<ResponseOf<'adminWorkshops'>, AdminListParams>({
        query: (params) => adminListUrl('adminWorkshops', params),
        providesTags: ['AdminList', 'AdminCatalogue'],
        keepUnusedDataFor: 30,
      }),
      getAdminWorkshop: build.query<ResponseOf<'adminWorkshop'>, number>({
        query: (id) => endpointRequest('adminWorkshop', { params: { id } }),
        providesTags: ['AdminCatalogue'],
        keepUnusedDataFor: 0,
      }),
      createAdminWorkshop: build.mutation<ResponseOf<'adminWorkshopCreate'>, BodyOf<'adminWorkshopCreate'>>({
        query: (body) => endpointRequest('adminWorkshopCreate', { body }),
        invalidatesTags: changed,
      }),
      updateAdminWorkshop: build.mutation<ResponseOf<'adminWorkshopUpdate'>, WithId<'adminWorkshopUpdate'>>({
        query: ({ id, body }) => endpointRequest('adminWorkshopUpdate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      publishAdminWorkshop: build.mutation<
        ResponseOf<'adminWorkshopPublish'>,
        { id: number; isPublished: boolean }
      >({
        query: ({ id, isPublished }) =>
          endpointRequest('adminWorkshopPublish', { params: { id }, body: { isPublished } }),
        invalidatesTags: changed,
      }),
      setAdminWorkshopInstructors: build.mutation<
        ResponseOf<'adminWorkshopInstructors'>,
        { id: number; userIds: number[] }
      >({
        query: ({ id, userIds }) =>
          endpointRequest('adminWorkshopInstructors', { params: { id }, body: { userIds } }),
        invalidatesTags: changed,
      }),
      getAdminInstructors: build.query<ResponseOf<'adminInstructors'>, void>({
        query: () => endpointRequest('adminInstructors'),
        keepUnusedDataFor: 60,
      }),
      getAdminWorkshopBatches: build.query<ResponseOf<'adminWorkshopBatches'>, number>({
        query: (id) => endpointRequest('adminWorkshopBatches', { params: { id } }),
        providesTags: ['AdminCatalogue'],
        keepUnusedDataFor: 0,
      }),
      createAdminBatch: build.mutation<ResponseOf<'adminBatchCreate'>, WithId<'adminBatchCreate'>>({
        query: ({ id, body }) => endpointRequest('adminBatchCreate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      updateAdminBatch: build.mutation<ResponseOf<'adminBatchUpdate'>, WithId<'adminBatchUpdate'>>({
        query: ({ id, body }) => endpointRequest('adminBatchUpdate', { params: { id }, body }),
        invalidatesTags: changed,
      }),
      getAdminBatchInstalments: build.query<ResponseOf<'adminBatchInstalments'>, number>({
        query: (id) => endpointRequest('adminBatchInstalments', { params: { id } }),
        providesTags: ['AdminCatalogue'],
        keepUnusedDataFor: 0,
      }),
      saveAdminBatchInstalments: build.mutation<
        ResponseOf<'adminBatchInstalmentsSave'>,
        WithId<'adminBatchInstalmentsSave'>
      >({
        query: ({ id, body }) => endpointRequest('adminBatchInstalmentsSave', { params: { id }, body }),
        invalidatesTags: changed,
      }),
    };
  },
});

export const {
  useGetAdminCategoriesQuery,
  useCreateAdminCategoryMutation,
  useUpdateAdminCategoryMutation,
  useReorderAdminCategoriesMutation,
  useCreateAdminSubcategoryMutation,
  useUpdateAdminSubcategoryMutation,
  useReorderAdminSubcategoriesMutation,
  useGetAdminWorkshopsQuery,
  useGetAdminWorkshopQuery,
  useCreateAdminWorkshopMutation,
  useUpdateAdminWorkshopMutation,
  usePublishAdminWorkshopMutation,
  useSetAdminWorkshopInstructorsMutation,
  useGetAdminInstructorsQuery,
  useGetAdminWorkshopBatchesQuery,
  useCreateAdminBatchMutation,
  useUpdateAdminBatchMutation,
  useGetAdminBatchInstalmentsQuery,
  useSaveAdminBatchInstalmentsMutation,
} = catalogueApi;
