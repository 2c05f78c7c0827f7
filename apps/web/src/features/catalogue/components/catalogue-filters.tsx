import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { useResetOnChange } from '../../../lib/hooks';
import type { CatalogueFilter } from '../catalogue-address';
import '../../../lib/forms.css';

/** Typing pauses this long before the address (and the results) follow the search box. */
const SEARCH_DEBOUNCE_MS = 250;

interface CatalogueFiltersProps {
  filter: CatalogueFilter;
  categories: readonly { id: number; name: string }[];
  subcategories: readonly { id: number; name: string }[];
  onChange: (filter: CatalogueFilter, replace?: boolean) => void;
  /**
   * Follow the search box while typing (after a pause). Off where each change is a page load:
   * the search then goes with Enter or the Search button.
   */
  searchAsYouType?: boolean;
}

const TYPES = [
  { value: null, label: 'All' },
  { value: 'masterclass', label: 'Masterclasses' },
  { value: 'course', label: 'Courses' },
] as const;

/**
 * The search box and filters; each change updates the address (typing after a short pause, when
 * `searchAsYouType`). A plain GET form: it also works before (or without) JavaScript.
 */
export function CatalogueFilters({
  filter,
  categories,
  subcategories,
  onChange,
  searchAsYouType = true,
}: CatalogueFiltersProps) {
  // One filter form per page: a fixed id (an island hydrates as its own root, where useId differs).
  const id = 'catalogue-filters';
  const [query, setQuery] = useState(filter.q);
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  });

  // The box follows the address when it changes from elsewhere (back button, "Clear filters").
  useResetOnChange(filter.q, () => setQuery(filter.q));

  useEffect(() => {
    if (!searchAsYouType || query.trim() === latest.current.q) return;
    const timer = setTimeout(
      () => onChange({ ...latest.current, q: query.trim() }, true),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, onChange, searchAsYouType]);

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
