import type { AdminPage } from '@atelier/contract';
import { ADMIN_PAGE_SIZES } from '@atelier/contract';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import type { ApiError } from '../../../lib/api/base-query';
import { useAppDispatch } from '../../../lib/store';
import type { AdminListEndpoint } from '../api/admin-api';
import { exportCsv } from './export-csv';
import type { ListState } from './list-state';

/** A filter above a list: a select of the values the server accepts. */
export interface ListFilter {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** What an RTK Query list hook gives the table. */
export interface ListResult<T> {
  data?: AdminPage<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** The list's name, as its caption ("Leads"). */
  caption: string;
  columns: ColumnDef<T, unknown>[];
  /** Columns the server sorts by (their ids are the sort keys). */
  sortable: readonly string[];
  list: ListState;
  result: ListResult<T>;
  /** What the search box searches, for its label ("Search name, e-mail or mobile"). */
  searchLabel: string;
  filters?: readonly ListFilter[];
  /** The list's endpoint, for "Export CSV", and the file name when the server gives none. */
  endpoint: AdminListEndpoint;
  exportName: string;
  /** What a list without rows says ("No leads match."). */
  emptyText: string;
  /** A row's own details, shown under it when its toggle is pressed. */
  renderDetails?: (row: T) => ReactNode;
  /** The row's id (React key, details toggle). */
  rowId: (row: T) => number;
}

const SEARCH_DELAY_MS = 300;
const SKELETON_ROWS = 5;

function toSorting(sort: string): SortingState {
  return sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];
}

function errorText(error: unknown): string {
  const message = (error as Partial<ApiError> | undefined)?.message;
  return typeof message === 'string' && message ? message : 'The list could not be loaded.';
}

/**
 * The console's one table: rows come a page at a time from the server, which also sorts, searches
 * and filters (TanStack Table renders, in manual mode). Everything a person changes goes into the
 * address (`ListState`). Column headers of sortable columns are buttons (`aria-sort` on the
 * header cell); the search waits for a pause in typing; "Export CSV" downloads the same filtered
 * list from the server.
 */
export function DataTable<T>({
  caption,
  columns,
  sortable,
  list,
  result,
  searchLabel,
  filters = [],
  endpoint,
  exportName,
  emptyText,
  renderDetails,
  rowId,
}: DataTableProps<T>) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, error, refetch } = result;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<{ tone: 'error' | 'status'; text: string } | null>(null);

  // The search box: typed text stays local until typing pauses, then goes into the address.
  const [text, setText] = useState(list.q);
  const sent = useRef(list.q);
  useEffect(() => {
    // The address changed by itself (back, a link): show its search.
    if (list.q !== sent.current) {
      sent.current = list.q;
      setText(list.q);
    }
  }, [list.q]);
  const update = list.update;
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      update({ q: text });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, update]);

  const table = useReactTable<T>({
    data: data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: data?.total ?? 0,
    state: { sorting: toSorting(list.sort) },
    getRowId: (row) => String(rowId(row)),
  });

  const sortBy = (column: string) => {
    const current = toSorting(list.sort)[0];
    const next = current?.id === column && !current.desc ? `-${column}` : column;
    update({ sort: next });
  };

  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / list.pageSize));
  const shown = data?.items.length ?? 0;
  const first = shown === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = shown === 0 ? 0 : Math.min(total, (list.page - 1) * list.pageSize + shown);
  const columnCount = columns.length + (renderDetails ? 1 : 0);
  const rows = table.getRowModel().rows;

  const download = async () => {
    setExporting(true);
    setExportMessage(null);
    try {
      const name = await dispatch(exportCsv(endpoint, list.params, exportName));
      setExportMessage({ tone: 'status', text: `Downloaded ${name}.` });
    } catch (failure) {
      setExportMessage({
        tone: 'error',
        text: failure instanceof Error ? failure.message : 'The export failed. Try again.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="data-table">
      <div className="data-table__tools" role="search" aria-label={`${caption} search and filters`}>
        <label className="data-table__search">
          <span className="data-table__label">{searchLabel}</span>
          <input
            type="search"
            className="form-field__input"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {filters.map((filter) => (
          <label key={filter.name} className="data-table__filter">
            <span className="data-table__label">{filter.label}</span>
            <select
              className="form-field__input form-field__select"
              value={list.filters[filter.name] ?? ''}
              onChange={(event) => update({ filters: { [filter.name]: event.target.value } })}
            >
              <option value="">All</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button
          type="button"
          className="button button--quiet data-table__export"
          onClick={() => void download()}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exportMessage ? (
        <p
          className={`data-table__message data-table__message--${exportMessage.tone}`}
          role={exportMessage.tone === 'error' ? 'alert' : 'status'}
        >
          {exportMessage.text}
        </p>
      ) : null}

      {error && !isFetching ? (
        <div className="data-table__error" role="alert">
          <p>{errorText(error)}</p>
          <button type="button" className="button button--primary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : null}

      <div className="data-table__scroll">
        <table
          className="data-table__table"
          aria-busy={isFetching || undefined}
          aria-describedby={`${id}-range`}
        >
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {renderDetails ? (
                  <th scope="col" className="data-table__toggle-cell">
                    <span className="visually-hidden">Details</span>
                  </th>
                ) : null}
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const sorted = header.column.getIsSorted();
                  const canSort = sortable.includes(header.column.id);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        canSort
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={() => sortBy(header.column.id)}
                        >
                          {label}
                          <span aria-hidden="true" className="data-table__sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isLoading ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={`skeleton-${index}`} className="data-table__skeleton" aria-hidden="true">
                  {Array.from({ length: columnCount }, (__, cell) => (
                    <td key={cell}>
                      <span className="data-table__bone" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 && !error ? (
              <tr>
                <td colSpan={columnCount} className="data-table__empty">
                  {total > 0 ? (
                    <>
                      This page is past the end of the list.{' '}
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => update({ page: 1 })}
                      >
                        Go to the first page
                      </button>
                    </>
                  ) : (
                    emptyText
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const key = rowId(row.original);
                const expanded = open.has(key);
                return (
                  <Fragment key={row.id}>
                    <tr>
                      {renderDetails ? (
                        <td className="data-table__toggle-cell">
                          <button
                            type="button"
                            className="data-table__toggle"
                            aria-expanded={expanded}
                            aria-controls={`${id}-details-${key}`}
                            onClick={() =>
                              setOpen((current) => {
                                const next = new Set(current);
                                if (next.has(key)) next.delete(key);
                                else next.add(key);
                                return next;
                              })
                            }
                          >
                            <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                            <span className="visually-hidden">Details of row {key}</span>
                          </button>
                        </td>
                      ) : null}
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                      ))}
                    </tr>
                    {renderDetails && expanded ? (
                      <tr id={`${id}-details-${key}`} className="data-table__details">
                        <td colSpan={columnCount}>{renderDetails(row.original)}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <div className="data-table__pager">
        <p id={`${id}-range`} className="data-table__range" aria-live="polite">
          {data ? `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}` : ''}
        </p>
        <label className="data-table__filter">
          <span className="data-table__label">Rows per page</span>
          <select
            className="form-field__input form-field__select"
            value={String(list.pageSize)}
            onChange={(event) => update({ pageSize: Number(event.target.value) })}
          >
            {ADMIN_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--quiet"
          disabled={list.page <= 1}
          onClick={() => update({ page: list.page - 1 })}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={list.page >= pageCount}
          onClick={() => update({ page: list.page + 1 })}
        >
          Next
        </button>
      </div>
    </div>
  );
}
