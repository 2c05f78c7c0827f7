import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { Island } from '../../components/ui/island';
import { useCurrencyCode } from '../../lib/api/currency';
import { useMenuCategories } from '../../lib/api/menu-categories';
import { useWorkshopList } from '../../lib/api/workshops';
import { usePageHead } from '../../lib/head-context';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useSubcategoryWorkshops } from './api/subcategory-workshops';
import { filterCatalogue, isFiltered, readCatalogueFilter } from './catalogue-filter';
import { catalogueSummary, catalogueView, OVERVIEW_PER_CATEGORY } from './catalogue-view';
import CatalogueFiltersIsland from './components/catalogue-filters.island';
import { WorkshopCard } from './components/workshop-card';
import '../../lib/forms.css';
import './catalogue.css';

/**
 * `/courses-and-workshops`: the catalogue by category, with a search over each workshop's search
 * keys and titles and filters by type, category and subcategory. The filter lives in the address
 * (`?q=&type=&category=&subcategory=`), so a filtered view is shareable and server-rendered; the
 * form also works without JavaScript (a plain GET).
 */
export function CataloguePage() {
  const { categories, isLoading: isListLoading } = useWorkshopList();
  const menu = useMenuCategories();
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  const [searchParams] = useSearchParams();
  // A change of filter loads the filtered page (the filters are an island: a public document has
  // no router; see components/catalogue-filters.tsx).
  const filter = useMemo(() => readCatalogueFilter(searchParams), [searchParams]);
  // A topic (subcategory) is listed whole from the server's search, fetched when chosen; the rest
  // filters the every-page list.
  const topic = useSubcategoryWorkshops(filter.subcategory);
  const source = filter.subcategory === null ? categories : topic.categories;
  const isLoading = filter.subcategory === null ? isListLoading : !topic.isReady;
  const groups = useMemo(() => filterCatalogue(source, filter), [source, filter]);
  const filtered = isFiltered(filter);
  // The cards and the summary's counts come from one computation, so they agree.
  const view = useMemo(() => catalogueView(groups, filtered), [groups, filtered]);
  const total = view.total;
  const category = menu.find((c) => c.id === filter.category) ?? null;
  const subcategories = category?.Subcategory ?? [];

  usePageHead({
    title: category ? `${category.name} courses and workshops` : 'Courses and workshops',
    canonical: `/courses-and-workshops${category ? `?category=${category.id}` : ''}`,
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Courses and workshops', '/courses-and-workshops'],
      ]),
    ],
  });

  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Catalogue</p>
          <h1 className="page-intro__title">{category ? category.name : 'Courses and workshops'}</h1>
          <p className="page-intro__lede">
            Live masterclasses and cohort courses across architecture, interiors, landscape and technology.
          </p>
        </div>
      </header>

      <div className="container catalogue">
        <Island
          of={CatalogueFiltersIsland}
          props={{
            filter,
            categories: menu.map(({ id, name }) => ({ id, name })),
            subcategories: subcategories.map(({ id, name }) => ({ id, name })),
          }}
        />

        <p className="catalogue__summary" role="status" aria-live="polite">
          {isLoading ? 'Loading the catalogue…' : catalogueSummary(view)}
          {filtered && !isLoading ? (
            <>
              {filter.q ? <> for “{filter.q}”</> : null}
              {' · '}
              <Link to="/courses-and-workshops" className="text-link" preventScrollReset>
                Clear filters
              </Link>
            </>
          ) : null}
        </p>

        {total === 0 && !isLoading ? (
          <div className="empty-state">
            <h2 className="empty-state__title">
              {filtered ? 'No programmes match these filters' : 'The catalogue is being updated'}
            </h2>
            <p className="section-lede">
              {filtered
                ? 'Try fewer words, another discipline, or both masterclasses and courses.'
                : 'Please check back in a little while.'}
            </p>
            {filtered ? (
              <Link to="/courses-and-workshops" className="button button--quiet">
                Show all programmes
              </Link>
            ) : null}
          </div>
        ) : (
          view.sections.map(({ group, cards }, index) => (
            <HydrationBoundary key={group.id}>
              <section
                // The first discipline is on the first screen; the rest wait (docs/decisions/0034).
                className={index === 0 ? 'workshop-section' : 'workshop-section below-fold'}
                aria-labelledby={`category-${group.id}`}
              >
                <h2 id={`category-${group.id}`} className="section-title">
                  {group.name}
                  <span className="section-title__count">{group.total}</span>
                </h2>
                {group.workshops.length > 0 ? (
                  <>
                    <ul className="card-grid">
                      {cards.map((workshop) => (
                        <li key={workshop.id}>
                          <WorkshopCard workshop={workshop} currency={currency} />
                        </li>
                      ))}
                    </ul>
                    {filter.category !== null && group.total > group.workshops.length ? (
                      <p className="catalogue__more section-lede">
                        Showing the first {group.workshops.length} of {group.total}: search to find the
                        others.
                      </p>
                    ) : null}
                    {!filtered && group.total > OVERVIEW_PER_CATEGORY ? (
                      <p className="catalogue__more">
                        <Link
                          to={`/courses-and-workshops?category=${group.id}`}
                          className="button button--quiet"
                        >
                          All {group.total} in {group.name}
                        </Link>
                      </p>
                    ) : null}
                  </>
                ) : (
                  <p className="empty-note">New programmes in {group.name} are on their way.</p>
                )}
              </section>
            </HydrationBoundary>
          ))
        )}
      </div>
    </>
  );
}
