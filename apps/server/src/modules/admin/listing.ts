import { ADMIN_CSV_MAX_ROWS, type AdminPage } from '@atelier/contract';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ok } from '../../http/envelope.js';
import { toCsv, type CsvColumn } from './csv.js';
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

/** What a list service answers: the page's (or the CSV's) rows and the filtered count. */
export interface Listed<T> {
  items: T[];
  total: number;
}

/** `count(*)` as an integer. */
export const count = sql<number>`count(*)::int`;

/** `conditions` joined with AND (undefined ones left out). */
export const all = (...conditions: (SQL | undefined)[]) => and(...conditions.filter((c) => c !== undefined));

/** The filtered count: the CSV's own length (the whole filtered list), else the counting query. */
export async function totalOf(
  query: { format: 'json' | 'csv' },
  counter: () => Promise<{ n: number }[]>,
  items: unknown[],
): Promise<number> {
  if (query.format === 'csv') return items.length;
  const [row] = await counter();
  return row?.n ?? 0;
}

/** `rows` as a CSV download named `fileName` (never cached). */
export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(toCsv(columns, rows));
}

/**
 * A list's answer: one page in the envelope, or with `format=csv` the whole filtered list as
 * `{name}-{day}.csv` (`now`'s day).
 */
export function answerList<T>(
  reply: FastifyReply,
  now: Date,
  query: ListQuery,
  name: string,
  columns: readonly CsvColumn<T>[],
  listed: Listed<T>,
) {
  if (query.format !== 'csv') return ok(pageOf(query, listed.items, listed.total));
  return sendCsv(reply, `${name}-${now.toISOString().slice(0, 10)}.csv`, columns, listed.items);
}
