import { ADMIN_PAGE_SIZES } from '@atelier/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminListParams } from '../api/admin-api';

export const DEFAULT_PAGE_SIZE = 25;

/** A list's state, kept in the address's query so reload, back and a shared link keep it. */
export interface ListState {
  page: number;
  pageSize: number;
  /** `col` or `-col`; the list's default when the address names none. */
  sort: string;
  q: string;
  /** The list's own filters that are set (`crmStatus`, `status`, …). */
  filters: Record<string, string>;
  /** The query to send: only what differs from the server's defaults, all as strings. */
  params: AdminListParams;
  /** Changes some of the state; anything but a page change goes back to page 1. */
  update: (
    patch: Partial<{ page: number; pageSize: number; sort: string; q: string }> & {
      filters?: Record<string, string>;
    },
  ) => void;
}

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : fallback;
}

/**
 * The state of one console list from the address: `page`, `pageSize`, `sort`, `q` and the list's
 * `filterNames`. Unknown or malformed values fall back to the defaults, so a hand-edited address
 * never becomes a 400.
 */
export function useListState(defaultSort: string, filterNames: readonly string[]): ListState {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const filterKey = filterNames.join(',');
  const state = useMemo(() => {
    const page = positive(search.get('page'), 1);
    const size = positive(search.get('pageSize'), DEFAULT_PAGE_SIZE);
    const pageSize = (ADMIN_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
    const sortText = search.get('sort') ?? '';
    const sort = /^-?[a-zA-Z]{1,40}$/.test(sortText) ? sortText : defaultSort;
    const q = (search.get('q') ?? '').slice(0, 100);
    const filters: Record<string, string> = {};
    for (const name of filterKey.split(',').filter(Boolean)) {
      const value = search.get(name);
      if (value) filters[name] = value;
    }
    const params: AdminListParams = { page: String(page), pageSize: String(pageSize), sort };
    if (q.trim()) params.q = q.trim();
    Object.assign(params, filters);
    return { page, pageSize, sort, q, filters, params };
    // `key` is the address's query: the state changes exactly when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, defaultSort, filterKey]);

  const update = useCallback<ListState['update']>(
    (patch) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (name: string, value: string | undefined) => {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          };
          if (patch.pageSize !== undefined)
            put('pageSize', patch.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(patch.pageSize));
          if (patch.sort !== undefined) put('sort', patch.sort === defaultSort ? undefined : patch.sort);
          if (patch.q !== undefined) put('q', patch.q.trim());
          for (const [name, value] of Object.entries(patch.filters ?? {})) put(name, value);
          put('page', patch.page !== undefined && patch.page > 1 ? String(patch.page) : undefined);
          return next;
        },
        { replace: patch.q !== undefined },
      );
    },
    [setSearch, defaultSort],
  );

  return { ...state, update };
}
