import { ADMIN_CSV_MAX_ROWS, type AdminPage } from '@atelier/contract';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../../http/app-error.js';

/*
 * What every console list shares: the sort (`col` / `-col`, from the columns the list names; an
 * unknown one is a 400 naming them), the search pattern, and the window (one page, or the whole
 * filtered list up to ADMIN_CSV_MAX_ROWS for a CSV export).
 */

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
  format: 'json' | 'csv';
}

/** The ORDER BY of `sort` among `columns` (ties broken by `id` in the same direction). */
export function orderBy(
  sort: string | undefined,
  fallback: string,
  columns: Record<string, AnyColumn | SQL>,
  id: AnyColumn,
): SQL[] {
  const wanted = sort ?? fallback;
  const descending = wanted.startsWith('-');
  const name = descending ? wanted.slice(1) : wanted;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) {
    const allowed = Object.keys(columns).join(', ');
    throw new AppError(
      'VALIDATION_FAILED',
      `This list sorts by ${allowed} (with - in front for descending).`,
      [{ path: 'sort', message: `must be one of ${allowed}, with - in front for descending` }],
    );
  }
  const direction = descending ? desc : asc;
  return [direction(column), direction(id)];
}

/** `%q%` for ILIKE, with the pattern's own characters escaped; undefined for no (or a blank) search. */
export function searchPattern(q: string | undefined): string | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE pattern` for any of `columns`. */
export function matchesAny(pattern: string, columns: (AnyColumn | SQL)[]): SQL {
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ILIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/** LIMIT and OFFSET: one page, or the whole list (capped) for CSV. */
export function windowOf(query: ListQuery): { limit: number; offset: number } {
  if (query.format === 'csv') return { limit: ADMIN_CSV_MAX_ROWS, offset: 0 };
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export function pageOf<T>(query: ListQuery, items: T[], total: number): AdminPage<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export const iso = (d: Date): string => d.toISOString();
