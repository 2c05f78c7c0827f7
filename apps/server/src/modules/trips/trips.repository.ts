import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TripDetails } from '../../db/schema/index.js';

export type TripRow = {
  id: number;
  title: string;
  slug: string;
  location: string;
  startDate: string | null;
  endDate: string | null;
  price: number | null;
  dollar: number | null;
  thumbnail: string | null;
  details: TripDetails;
  createdAt: Date | string;
};

const tripColumns = sql.raw(`t.id, t.title, t.slug, t.location, to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
  to_char(t.end_date, 'YYYY-MM-DD') as "endDate", t.price, t.dollar, t.thumbnail, t.details, t.created_at as "createdAt"`);

/** Every active trip by start date, undated last. */
export async function listActiveTrips(db: Db): Promise<TripRow[]> {
  const result = await db.execute<TripRow>(
    sql`select ${tripColumns} from trips t where t.is_active order by t.start_date nulls last, t.id`,
  );
  return result.rows;
}

/** One active trip, or null. */
export async function findActiveTrip(db: Db, id: number): Promise<TripRow | null> {
  const result = await db.execute<TripRow>(sql`select ${tripColumns} from trips t where t.id = ${id} and t.is_active`);
  return result.rows[0] ?? null;
}
