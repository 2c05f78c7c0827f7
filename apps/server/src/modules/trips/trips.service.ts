import type { TripCard, TripDetails, TripHomepage } from '@atelier/contract';
import { slugify, toWireDate, wireDateOrNone } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import * as repo from './trips.repository.js';

/** Wire value for "no date" (DESIGN.md). */

/**
 * A trip's page. Beyond the spec (it lists no trip route): `/trip/{slug}?id={id}`, shaped like the
 * workshop and blog pages, with the slug from the domain's `slugify` of the stored slug.
 */
export function tripPath(trip: { id: number; slug: string }): string {
  return `/trip/${slugify(trip.slug) || 'trip'}?id=${trip.id}`;
}

/** Calendar days from `start` to `end` inclusive (wire dates), or null when either is missing. */
function dayCount(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const days =
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
  return days >= 1 ? days : null;
}

function toCard(row: repo.TripRow): TripCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    path: tripPath(row),
    location: row.location,
    startDate: wireDateOrNone(row.startDate),
    endDate: wireDateOrNone(row.endDate),
    days: dayCount(row.startDate, row.endDate),
    price: row.price,
    dollar: row.dollar,
    thumbnail: row.thumbnail,
    summary: row.details.summary ?? '',
  };
}

/** `GET /api/dashboard/trips/list`: every active trip by start date, undated last. */
export async function listTrips(db: Db): Promise<TripCard[]> {
  return (await repo.listActiveTrips(db)).map(toCard);
}

/**
 * `GET /api/trip/homepage`: trips not over yet (ending today or later in the platform's time
 * zone, or undated) soonest start first, and trips that are over, latest first.
 */
export async function getTripHomepage(db: Db, now: Date, tz: string): Promise<TripHomepage> {
  const today = toWireDate(now, tz);
  const rows = await repo.listActiveTrips(db);
  const isOver = (r: repo.TripRow) =>
    (r.endDate ?? r.startDate) !== null && (r.endDate ?? r.startDate)! < today;
  const upcoming = rows.filter((r) => !isOver(r));
  const past = rows.filter(isOver).reverse();
  return { upcoming: upcoming.map(toCard), past: past.map(toCard) };
}

/** Upcoming trips for the home page, soonest first. */
export async function listUpcomingTrips(db: Db, now: Date, tz: string, limit: number): Promise<TripCard[]> {
  return (await getTripHomepage(db, now, tz)).upcoming.slice(0, limit);
}

/** `GET /api/trip/{id}/details`. */
export async function getTripDetails(db: Db, id: number): Promise<TripDetails> {
  const row = await repo.findActiveTrip(db, id);
  if (!row) throw notFound('That trip');
  const d = row.details;
  return {
    ...toCard(row),
    highlights: d.highlights ?? [],
    itinerary: [...(d.itinerary ?? [])].sort((a, b) => a.day - b.day),
    inclusions: d.inclusions ?? [],
    exclusions: d.exclusions ?? [],
    seats: d.seats ?? null,
  };
}

/** Every active trip's page and last change, for the sitemap. */
export async function listTripPages(db: Db): Promise<{ path: string; lastmod: string }[]> {
  return (await repo.listActiveTrips(db)).map((r) => ({
    path: tripPath(r),
    lastmod: new Date(r.createdAt).toISOString(),
  }));
}
