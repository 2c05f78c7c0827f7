import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';
import { useCurrencyCode } from '../../lib/api/currency';
import { useMenuCategories } from '../../lib/api/menu-categories';
import { useWorkshopList } from '../../lib/api/workshops';
import { usePageHead } from '../../lib/head-context';
import { useResetOnChange } from '../../lib/hooks';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useSubcategoryWorkshops } from './api/subcategory-workshops';
import {
  catalogueSearch,
  filterCatalogue,
  isFiltered,
  readCatalogueFilter,
  type CatalogueFilter,
} from './catalogue-filter';
import { catalogueSummary, catalogueView, OVERVIEW_PER_CATEGORY } from './catalogue-view';
import { WorkshopCard } from './components/workshop-card';
import '../../lib/forms.css';
import './catalogue.css';

/** Typing pauses this long before the address (and the results) follow the search box. */
const SEARCH_DEBOUNCE_MS = 250;

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
  const [searchParams, setSearchParams] = useSearchParams();
  const addressFilter = useMemo(() => readCatalogueFilter(searchParams), [searchParams]);
  // A change shows at once, before the router commits the new address (its navigation renders
  // in a transition): else a controlled radio or select springs back until then.
  const [pending, setPending] = useState<CatalogueFilter | null>(null);
  useResetOnChange(addressFilter, () => setPending(null));
  const filter = pending ?? addressFilter;
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

  const apply = useCallback(
    (next: CatalogueFilter, replace = false) => {
      setPending(next);
      setSearchParams(new URLSearchParams(catalogueSearch(next)), { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

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
        <CatalogueFilters filter={filter} categories={menu} subcategories={subcategories} onChange={apply} />

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
          view.sections.map(({ group, cards }) => (
            <HydrationBoundary key={group.id}>
              <section className="workshop-section" aria-labelledby={`category-${group.id}`}>
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

interface CatalogueFiltersProps {
  filter: CatalogueFilter;
  categories: readonly { id: number; name: string }[];
  subcategories: readonly { id: number; name: string }[];
  onChange: (filter: CatalogueFilter, replace?: boolean) => void;
}

const TYPES = [
  { value: null, label: 'All' },
  { value: 'masterclass', label: 'Masterclasses' },
  { value: 'course', label: 'Courses' },
] as const;

/** The search box and filters; each change updates the address (typing after a short pause). */
function CatalogueFilters({ filter, categories, subcategories, onChange }: CatalogueFiltersProps) {
  const id = useId();
  const [query, setQuery] = useState(filter.q);
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  });

  // The box follows the address when it changes from elsewhere (back button, "Clear filters").
  useResetOnChange(filter.q, () => setQuery(filter.q));

  useEffect(() => {
    if (query.trim() === latest.current.q) return;
    const timer = setTimeout(
      () => onChange({ ...latest.current, q: query.trim() }, true),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, onChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filter, q: query.trim() });
  };

  return (
    <form
      className="filters"
      role="search"
      aria-label="Search the catalogue"
      method="get"
      action="/courses-and-workshops"
      onSubmit={submit}
    >
      <div className="filters__search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search courses and workshops
        </label>
        <SearchIcon className="filters__search-icon" />
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          className="input filters__input"
          placeholder="Search Revit, Grasshopper, interiors…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
        />
        {query ? (
          <button
            type="button"
            className="icon-button filters__clear"
            aria-label="Clear search"
            onClick={() => {
              setQuery('');
              onChange({ ...filter, q: '' }, true);
            }}
          >
            <CloseIcon className="icon--sm" />
          </button>
        ) : null}
      </div>

      <fieldset className="filters__types">
        <legend className="visually-hidden">Type</legend>
        {TYPES.map((type) => (
          <label key={type.label} className="segment">
            <input
              type="radio"
              name="type"
              value={type.value ?? ''}
              checked={filter.type === type.value}
              onChange={() => onChange({ ...filter, type: type.value })}
            />
            <span>{type.label}</span>
          </label>
        ))}
      </fieldset>

      <div className="filters__selects">
        <div className="field">
          <label htmlFor={`${id}-category`} className="field__label">
            Discipline
          </label>
          <select
            id={`${id}-category`}
            name="category"
            className="input select"
            value={filter.category ?? ''}
            onChange={(event) =>
              onChange({ ...filter, category: Number(event.target.value) || null, subcategory: null })
            }
          >
            <option value="">All disciplines</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-subcategory`} className="field__label">
            Topic
          </label>
          <select
            id={`${id}-subcategory`}
            name="subcategory"
            className="input select"
            value={filter.subcategory ?? ''}
            disabled={subcategories.length === 0}
            onChange={(event) => onChange({ ...filter, subcategory: Number(event.target.value) || null })}
          >
            <option value="">
              {subcategories.length === 0 ? 'Choose a discipline first' : 'All topics'}
            </option>
            {subcategories.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary filters__submit">
          Search
        </button>
      </div>
    </form>
  );
}
