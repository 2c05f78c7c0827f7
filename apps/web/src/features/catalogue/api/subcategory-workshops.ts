import type { ResponseOf } from '@atelier/contract';
import { MAX_PAGE_SIZE } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';
import type { WorkshopCategory } from '../../../lib/api/workshops';

const NO_CATEGORIES: readonly WorkshopCategory[] = [];

const subcategoryWorkshopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every course of one subcategory, by its categories in catalogue order:
     * `GET /api/masterclasses-and-courses?subcategoryId=` (the category tree carries only each
     * subcategory's first few, and the every-page list only each category's first ones).
     */
    listSubcategoryWorkshops: build.query<WorkshopCategory[], number>({
      query: (subcategoryId) =>
        endpointRequest('masterclassesAndCourses', { query: { subcategoryId, pageSize: MAX_PAGE_SIZE } }),
      transformResponse: (data: ResponseOf<'masterclassesAndCourses'>) => data.categories,
    }),
  }),
});

export const subcategoryWorkshopsQuery = subcategoryWorkshopsApi.endpoints.listSubcategoryWorkshops;

/**
 * The workshops of subcategory `id` (skipped when null). Spec §8: empty when the load fails.
 * `isReady` is false until it has answered (or failed).
 */
export function useSubcategoryWorkshops(id: number | null): {
  categories: readonly WorkshopCategory[];
  isReady: boolean;
} {
  const { currentData, isSuccess, isError } = subcategoryWorkshopsApi.useListSubcategoryWorkshopsQuery(
    id ?? 0,
    {
      skip: id === null,
    },
  );
  return { categories: currentData ?? NO_CATEGORIES, isReady: isSuccess || isError };
}
