/**
 * Column builders shared by every schema file, so that each table spells ids, timestamps and
 * money the same way: integer identity keys, `timestamp with time zone` instants, `date` calendar
 * days as 'YYYY-MM-DD' strings, and money as integers (never floating point; see DESIGN.md).
 *
 * Column names are given explicitly in snake_case so that queries work whatever `casing` option
 * the drizzle client is created with.
 */
import { sql, type SQL } from 'drizzle-orm';
import { bigint, date, integer, timestamp } from 'drizzle-orm/pg-core';

/** Integer identity primary key (`GENERATED ALWAYS AS IDENTITY`); ids are positive integers on the wire. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** An instant (`timestamp with time zone`), read and written as a JS `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`, set by the database. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** `updated_at`, set by the database on insert; writers set it on update. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A calendar day (`date`), read and written as a 'YYYY-MM-DD' string. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

/**
 * An amount in minor units (paise, cents) as `bigint`. Read as a JS number: every amount we
 * handle is far below 2^53, and numbers serialise to JSON without ceremony.
 */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });

/**
 * The values of a CHECK constraint's `IN (…)` list, e.g. `'a', 'b'` or `1, 2`. Only for our own
 * constants (they are inlined into DDL, not bound as parameters).
 */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.raw(
    values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', '),
  );
}
