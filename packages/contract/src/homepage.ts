import { z } from 'zod';
import { BlogCardSchema } from './blogs.js';
import { EventObjectSchema, WorkshopCardSchema } from './catalogue.js';
import { TripCardSchema } from './trips.js';
import { TestimonialSchema } from './workshops.js';
import { IdSchema } from './wire.js';

/** Numbers for the home page hero. */
export const HeroStatsSchema = z.object({
  /** Learners with an account. */
  learners: z.number().int().min(0),
  /** Published workshops, and of them masterclasses (type 1) and courses (type 2). */
  workshops: z.number().int().min(0),
  masterclasses: z.number().int().min(0),
  courses: z.number().int().min(0),
  /** Active categories. */
  categories: z.number().int().min(0),
  /** Active trips. */
  trips: z.number().int().min(0),
});
export type HeroStats = z.infer<typeof HeroStatsSchema>;

/**
 * `GET /api/homepage/sections/all/v2`: everything the home page shows, in one cached call.
 * - `liveMasterclasses`: masterclasses (type 1) whose first batch is live (session type 1), dated
 *   and not over (domain `courseTiming` is not `completed`), in catalogue order; at most 8.
 * - `coursesByCategory`: each active category with its courses (type 2) in catalogue order, at
 *   most 8 per category; categories without courses are left out.
 * - `trips`: upcoming active trips, soonest first; at most 4.
 * - `blogs`: the 6 newest published blogs.
 * - `testimonials`: up to 6 distinct learner testimonials, those with a video first.
 * - `events`: the current event objects (as `GET /api/event/objects`).
 */
export const HomepageSectionsSchema = z.object({
  heroStats: HeroStatsSchema,
  liveMasterclasses: z.array(WorkshopCardSchema),
  coursesByCategory: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      sequence: z.number().int(),
      Workshops: z.array(WorkshopCardSchema),
    }),
  ),
  trips: z.array(TripCardSchema),
  blogs: z.array(BlogCardSchema),
  testimonials: z.array(TestimonialSchema),
  events: z.array(EventObjectSchema),
});
export type HomepageSections = z.infer<typeof HomepageSectionsSchema>;
