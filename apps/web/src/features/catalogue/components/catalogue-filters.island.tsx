import { useState } from 'react';
import { defineIsland } from '../../../components/ui/island';
import { catalogueSearch, type CatalogueFilter } from '../catalogue-address';
import { CatalogueFilters } from './catalogue-filters';

interface Option {
  id: number;
  name: string;
}

/**
 * The catalogue's filters in a public document: a change loads the filtered page (server-rendered
 * with its results; speculation rules and the browser's cache make it quick). The choice shows at
 * once, before the new page arrives.
 */
function CatalogueFiltersIsland({
  filter,
  categories,
  subcategories,
}: {
  filter: CatalogueFilter;
  categories: Option[];
  subcategories: Option[];
}) {
  const [current, setCurrent] = useState(filter);
  const go = (next: CatalogueFilter) => {
    setCurrent(next);
    window.location.assign(`/courses-and-workshops${catalogueSearch(next)}`);
  };
  return (
    <CatalogueFilters
      filter={current}
      categories={categories}
      subcategories={current.category === filter.category ? subcategories : []}
      onChange={go}
      searchAsYouType={false}
    />
  );
}

/** At the top of the catalogue: hydrated as soon as it is in view (at once). */
export default defineIsland('catalogue-filters', CatalogueFiltersIsland, 'visible');
