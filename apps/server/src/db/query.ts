import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client.js';

/*
 * One way to query (docs/decisions/0013): repositories use the typed query builder by default.
 * Raw SQL is kept only where it earns it (DISTINCT ON, json_agg, recursive or set-returning
 * queries) and then goes through `queryRows`, which parses every row with a zod schema instead of
 * trusting a generic cast: a renamed column or a changed type fails loudly at the query, not three
 * calls later in a response serializer.
 */

/** What a repository runs on: the database or an open transaction (both have the same surface). */
export type Executor = Pick<
  Db,
  'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;

/** The rows of a raw query, each parsed by `row` (an array schema is built from it). */
export async function queryRows<Row extends z.ZodType>(
  executor: Pick<Db, 'execute'>,
  query: SQL,
  row: Row,
): Promise<z.output<Row>[]> {
  const result = await executor.execute(query);
  return result.rows.map((raw, index) => {
    const parsed = row.safeParse(raw);
    if (!parsed.success) {
      throw new Error(`Row ${index} of a raw query does not match its schema: ${parsed.error.message}`);
    }
    return parsed.data;
  });
}

/** The first row of a raw query parsed by `row`, or undefined when there is none. */
export async function queryRow<Row extends z.ZodType>(
  executor: Pick<Db, 'execute'>,
  query: SQL,
  row: Row,
): Promise<z.output<Row> | undefined> {
  return (await queryRows(executor, query, row))[0];
}

/** `%`, `_` and `\` of user text made literal for `LIKE … ESCAPE '\'` (checklist D3, E6). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
