import { z } from 'zod';

/*
 * Column schemas for the rows of raw queries (see `queryRows` in db/query.ts): the shapes the
 * PostgreSQL drivers return, written once.
 */

/** A `timestamptz` column: node-postgres gives a Date, PGlite may give the ISO text. */
export const instant = z.union([z.date(), z.string()]);

/**
 * A `jsonb` column whose shape the application wrote through the typed schema (`$type<T>()`):
 * it is taken as `T` (its own writers validate it); the row schema only checks it is present.
 */
export const jsonColumn = <T>() => z.custom<T>((value) => value !== undefined);
