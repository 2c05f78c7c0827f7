import { z } from 'zod';
import { IdSchema, WireDateSchema } from './wire.js';

/**
 * A trip in lists (spec §3 "Trips: startDate"). Dates are wire dates (`0000-00-00` = no date);
 * `price` (rupees) and `dollar` are whole amounts like catalogue prices; `path` is the trip page
 * `/trip/{slug}?id={id}`.
 */
export const TripCardSchema = z.object({
  id: IdSchema,
  title: z.string(),
  slug: z.string(),
  path: z.string(),
  location: z.string(),
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  /** Calendar days from start to end inclusive; null when undated. */
  days: z.number().int().min(1).nullable(),
  price: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  summary: z.string(),
});
export type TripCard = z.infer<typeof TripCardSchema>;

/** `GET /api/dashboard/trips/list`: every active trip, by start date (undated last). */
export const TripListSchema = z.array(TripCardSchema);

/**
 * `GET /api/trip/homepage`: active trips split on the platform's today — `upcoming` (not over:
 * ending today or later, or undated; soonest start first, undated last) and `past` (over, latest
 * first).
 */
export const TripHomepageSchema = z.object({
  upcoming: z.array(TripCardSchema),
  past: z.array(TripCardSchema),
});
export type TripHomepage = z.infer<typeof TripHomepageSchema>;

/** One day of a trip's itinerary. */
export const ItineraryDaySchema = z.object({
  day: z.number().int().min(1),
  title: z.string(),
  description: z.string(),
});

/** `GET /api/trip/{id}/details`: the trip page. Inactive or unknown → 404. */
export const TripDetailsSchema = TripCardSchema.extend({
  highlights: z.array(z.string()),
  itinerary: z.array(ItineraryDaySchema),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  /** Seats on the trip; null = not stated. */
  seats: z.number().int().nullable(),
});
export type TripDetails = z.infer<typeof TripDetailsSchema>;
