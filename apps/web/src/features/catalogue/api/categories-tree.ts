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

/**
 * The category tree by `sequence` at every level; spec §8: empty when the load fails. Loaded only
 * when `needed` (it is the largest catalogue answer; pages fetch it when they use it). `isReady`
 * is false until it has answered (or failed).
 */
export function useCategoriesTree(needed = true): { tree: readonly Category[]; isReady: boolean } {
  const { currentData, isSuccess, isError } = categoriesTreeApi.useListCategoriesTreeQuery(undefined, {
    skip: !needed,
  });
  const tree = useMemo(() => (currentData ? sortCategories(currentData) : NO_CATEGORIES), [currentData]);
  return { tree, isReady: isSuccess || isError };
}
