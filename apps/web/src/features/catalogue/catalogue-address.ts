/*
 * The catalogue's filter as its address carries it: plain functions without the catalogue's data,
 * shared by the page and its filters island (which must not load the store).
 */

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
