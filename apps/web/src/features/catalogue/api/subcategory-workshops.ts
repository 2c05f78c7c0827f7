import type { MasterclassesAndCoursesPage } from '@atelier/contract';
import { endpoints, MAX_PAGE_SIZE } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
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
        `${endpoints.masterclassesAndCourses.path}?subcategoryId=${subcategoryId}&pageSize=${MAX_PAGE_SIZE}`,
      transformResponse: (data: unknown) => {
        const categories = (data as Partial<MasterclassesAndCoursesPage> | null)?.categories;
        return Array.isArray(categories) ? categories : [];
      },
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
