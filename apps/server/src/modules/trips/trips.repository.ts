import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Executor, queryRow, queryRows } from '../../db/query.js';
import type { TripDetails } from '../../db/schema/index.js';
import { instant, jsonColumn } from '../../db/rows.js';

const TripRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  location: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  price: z.number().nullable(),
  dollar: z.number().nullable(),
  thumbnail: z.string().nullable(),
  details: jsonColumn<TripDetails>(),
  createdAt: instant,
});
export type TripRow = z.infer<typeof TripRowSchema>;

const tripColumns =
  sql.raw(`t.id, t.title, t.slug, t.location, to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
  to_char(t.end_date, 'YYYY-MM-DD') as "endDate", t.price, t.dollar, t.thumbnail, t.details, t.created_at as "createdAt"`);

/** Every active trip by start date, undated last. */
export async function listActiveTrips(db: Db): Promise<TripRow[]> {
  return queryRows(
    db,
    sql`select ${tripColumns} from trips t where t.is_active order by t.start_date nulls last, t.id`,
    TripRowSchema,
  );
}

/** One active trip, or null. */
export async function findActiveTrip(db: Db, id: number): Promise<TripRow | null> {
  return (
    (await queryRow(
      db,
      sql`select ${tripColumns} from trips t where t.id = ${id} and t.is_active`,
      TripRowSchema,
    )) ?? null
  );
}

/** One trip, active or not (an application outlives its trip going off sale), or null. */
export async function findTrip(db: Executor, id: number): Promise<TripRow | null> {
  return (
    (await queryRow(db, sql`select ${tripColumns} from trips t where t.id = ${id}`, TripRowSchema)) ?? null
  );
}
