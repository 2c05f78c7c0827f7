import { catalogueOrder, WORKSHOP_TYPE } from '@atelier/domain';
import type { CatalogueWorkshop, WorkshopCategory } from '../../lib/api/workshops';
import { flattenWorkshops } from '../../lib/api/workshops';

/** The catalogue's filters, as the address carries them (`?q=&type=&category=&subcategory=`). */
export interface CatalogueFilter {
  /** Free text, matched against a workshop's search keys, titles and category name. */
  q: string;
  type: 'masterclass' | 'course' | null;
  category: number | null;
  subcategory: number | null;
}

export const NO_FILTER: CatalogueFilter = { q: '', type: null, category: null, subcategory: null };

/** Longest search text kept from the address. */
const MAX_QUERY_LENGTH = 100;

function readNumber(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The filter an address names; anything malformed is ignored rather than an error. */
export function readCatalogueFilter(search: URLSearchParams): CatalogueFilter {
  const type = search.get('type');
  return {
    q: (search.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    type: type === 'masterclass' || type === 'course' ? type : null,
    category: readNumber(search.get('category')),
    subcategory: readNumber(search.get('subcategory')),
  };
}

/** The address query of a filter, with only the set values (shareable, server-rendered). */
export function catalogueSearch(filter: CatalogueFilter): string {
  const search = new URLSearchParams();
  if (filter.q) search.set('q', filter.q);
  if (filter.type) search.set('type', filter.type);
  if (filter.category !== null) search.set('category', String(filter.category));
  if (filter.subcategory !== null) search.set('subcategory', String(filter.subcategory));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function isFiltered(filter: CatalogueFilter): boolean {
  return filter.q !== '' || filter.type !== null || filter.category !== null || filter.subcategory !== null;
}

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
