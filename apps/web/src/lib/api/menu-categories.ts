import type { MenuCategories, ResponseOf } from '@atelier/contract';
import { sortCategories } from '@atelier/domain';
import { useMemo } from 'react';
import { api } from './base-api';
import { endpointRequest } from './paths';

/** A category of the header menu with its subcategories (no workshops). */
export type MenuCategory = MenuCategories['categories'][number];

const NO_CATEGORIES: readonly MenuCategory[] = [];

const menuCategoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/categories/all` → `data.categories`, each with its `Subcategory` list. */
    listMenuCategories: build.query<MenuCategory[], void>({
      query: () => endpointRequest('menuCategories'),
      transformResponse: (data: ResponseOf<'menuCategories'>) => data.categories,
    }),
  }),
});

export const menuCategoriesQuery = menuCategoriesApi.endpoints.listMenuCategories;

/**
 * Menu categories and their subcategories by `sequence` (spec §4 "Catalogue order"). Spec §8:
 * empty when the load fails; spec §4: cleared while a load is pending.
 */
export function useMenuCategories(): readonly MenuCategory[] {
  const { currentData } = menuCategoriesApi.useListMenuCategoriesQuery();
  return useMemo(() => (currentData ? sortCategories(currentData) : NO_CATEGORIES), [currentData]);
}
