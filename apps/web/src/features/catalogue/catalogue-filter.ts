import { catalogueOrder, WORKSHOP_TYPE } from '@atelier/domain';
import type { CatalogueWorkshop, WorkshopCategory } from '../../lib/api/workshops';
import { flattenWorkshops } from '../../lib/api/workshops';
import { isFiltered, type CatalogueFilter } from './catalogue-address';

export {
  catalogueSearch,
  isFiltered,
  NO_FILTER,
  readCatalogueFilter,
  type CatalogueFilter,
} from './catalogue-address';

/** Lower-cased words of a text, accents folded (`'Façade'` → `'facade'`). */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether every word of the query begins a word of the workshop's search keys, titles or category. */
export function matchesQuery(workshop: CatalogueWorkshop, query: string): boolean {
  const wanted = words(query);
  if (wanted.length === 0) return true;
  const haystack = words(
    [workshop.searchKeys ?? '', workshop.title, workshop.shortTitle, workshop.Category.name].join(' '),
  );
  return wanted.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

/** A category of the results with its matching workshops, in catalogue order. */
export interface CatalogueGroup {
  id: number;
  name: string;
  workshops: CatalogueWorkshop[];
  /**
   * How many workshops the category has in all: the every-page list carries at most
   * `EVERY_PAGE_WORKSHOPS_PER_CATEGORY` of them (contract), so this may exceed `workshops`.
   */
  total: number;
}

/**
 * Applies a filter to a list of categories with workshops: the every-page list, or with a
 * subcategory the server's list of that subcategory (which this function does not narrow
 * further by subcategory): category membership from the list, type (1 masterclass, any other
 * course — spec §9) and the text. Groups keep the list's category order; inside each, workshops
 * follow the domain's `catalogueOrder`.
 */
export function filterCatalogue(
  categories: readonly WorkshopCategory[],
  filter: CatalogueFilter,
): CatalogueGroup[] {
  return categories
    .filter((category) => filter.category === null || category.id === filter.category)
    .map((category) => {
      const workshops = catalogueOrder(flattenWorkshops([category])).filter(
        (w) =>
          (filter.type === null ||
            (filter.type === 'masterclass') === (w.type === WORKSHOP_TYPE.masterclass)) &&
          matchesQuery(w, filter.q),
      );
      return {
        id: category.id,
        name: category.name,
        workshops,
        // Narrowed by anything but the category, the count is what matched in the list.
        total:
          filter.q === '' && filter.type === null && filter.subcategory === null
            ? Math.max(category.workshopCount ?? 0, workshops.length)
            : workshops.length,
      };
    })
    .filter((group) => group.workshops.length > 0 || !isFiltered(filter));
}
