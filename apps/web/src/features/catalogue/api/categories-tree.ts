import type { CategoriesTree, Category } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { sortCategories } from '@atelier/domain';
import { useMemo } from 'react';
import { api } from '../../../lib/api/base-api';

const NO_CATEGORIES: readonly Category[] = [];

const categoriesTreeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/v3/categories` → `data.categories` with subcategories and their workshops. */
    listCategoriesTree: build.query<Category[], void>({
      query: () => endpoints.categoriesTree.path,
      transformResponse: (data: unknown) => {
        const categories = (data as Partial<CategoriesTree> | null)?.categories;
        return Array.isArray(categories) ? categories : [];
      },
    }),
  }),
});

export const categoriesTreeQuery = categoriesTreeApi.endpoints.listCategoriesTree;

/** The category tree by `sequence` at every level; spec §8: empty when the load fails. */
export function useCategoriesTree(): readonly Category[] {
  const { currentData } = categoriesTreeApi.useListCategoriesTreeQuery();
  return useMemo(() => (currentData ? sortCategories(currentData) : NO_CATEGORIES), [currentData]);
}
