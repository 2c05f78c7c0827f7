import type { MasterclassesAndCourses, ResponseOf, WorkshopCard } from '@atelier/contract';
import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { api } from './base-api';
import { endpointRequest } from './paths';

/** A category of the every-page list with its workshops, in the server's catalogue order. */
export type WorkshopCategory = MasterclassesAndCourses['categories'][number];

/** A workshop of the every-page list with its category name added on the client (spec §3). */
export type CatalogueWorkshop = WorkshopCard & { Category: { name: string } };

const workshopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/masterclasses-and-courses` → `data.categories`, each with its `Workshops`. */
    listMasterclassesAndCourses: build.query<WorkshopCategory[], void>({
      query: () => endpointRequest('masterclassesAndCourses'),
      transformResponse: (data: ResponseOf<'masterclassesAndCourses'>) => data.categories,
    }),
  }),
});

export const workshopsQuery = workshopsApi.endpoints.listMasterclassesAndCourses;

/**
 * Every workshop once, each with `Category: { name }` of the first category listing it (spec §3:
 * "a Category name added on the client").
 */
export function flattenWorkshops(categories: readonly WorkshopCategory[]): CatalogueWorkshop[] {
  const seen = new Set<number>();
  const workshops: CatalogueWorkshop[] = [];
  for (const category of categories) {
    for (const workshop of Array.isArray(category.Workshops) ? category.Workshops : []) {
      if (seen.has(workshop.id)) continue;
      seen.add(workshop.id);
      workshops.push({ ...workshop, Category: { name: category.name } });
    }
  }
  return workshops;
}

const NO_CATEGORIES: readonly WorkshopCategory[] = [];

/** Every workshop of the cached list, flattened (for route loaders; empty when not loaded). */
export const selectCatalogueWorkshops = createSelector([workshopsQuery.select()], (result) =>
  flattenWorkshops(result.data ?? NO_CATEGORIES),
);

/** What pages read from the list: categories with workshops, and every workshop once. */
export interface WorkshopList {
  categories: readonly WorkshopCategory[];
  workshops: readonly CatalogueWorkshop[];
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
}

/**
 * The masterclass and course list. Spec §8: empty lists when the load fails (and while it runs).
 */
export function useWorkshopList(): WorkshopList {
  const { currentData, isLoading } = workshopsApi.useListMasterclassesAndCoursesQuery();
  const categories = currentData ?? NO_CATEGORIES;
  const workshops = useMemo(() => flattenWorkshops(categories), [categories]);
  return { categories, workshops, isLoading };
}
