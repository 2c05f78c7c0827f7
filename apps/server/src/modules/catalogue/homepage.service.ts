import type { HomepageSections, WorkshopCard } from '@atelier/contract';
import { catalogueOrder, courseTiming, isNoDate, SESSION_TYPE, WORKSHOP_TYPE } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import { listLatestBlogs } from '../blogs/index.js';
import { listUpcomingTrips } from '../trips/index.js';
import { getMasterclassesAndCourses, listEventObjects } from './catalogue.service.js';
import { countHeroStats } from './workshop-pages.repository.js';
import { listFeaturedTestimonials } from './workshop-pages.service.js';

/** Most cards per home page rail. */
const RAIL = 8;

/**
 * A masterclass is live on the home page when its first batch is a live one (session type 1)
 * with a date that is not over yet — "over" by the domain's `courseTiming` (for a masterclass,
 * its end date and the first schedule's end time in the platform's time zone).
 */
function isLiveMasterclass(card: WorkshopCard, now: Date, tz: string): boolean {
  const batch = card.Batches[0];
  return (
    card.type === WORKSHOP_TYPE.masterclass &&
    batch !== undefined &&
    batch.sessionType === SESSION_TYPE.live &&
    !isNoDate(batch.startDate) &&
    courseTiming({ Batch: { ...batch, Workshop: { id: card.id, type: card.type } } }, now, tz) !== 'completed'
  );
}

/** `GET /api/homepage/sections/all/v2`: every home page section in one call. */
export async function getHomepageSections(db: Db, now: Date, tz: string): Promise<HomepageSections> {
  const [heroStats, { categories }, trips, blogs, testimonials, events] = await Promise.all([
    countHeroStats(db),
    getMasterclassesAndCourses(db),
    listUpcomingTrips(db, now, tz, 4),
    listLatestBlogs(db, now, 6),
    listFeaturedTestimonials(db, 6),
    listEventObjects(db, now),
  ]);
  const liveMasterclasses = catalogueOrder(
    categories.flatMap((c) => c.Workshops).filter((w) => isLiveMasterclass(w, now, tz)),
  ).slice(0, RAIL);
  const coursesByCategory = categories
    .map((c) => ({
      ...c,
      Workshops: c.Workshops.filter((w) => w.type === WORKSHOP_TYPE.course).slice(0, RAIL),
    }))
    .filter((c) => c.Workshops.length > 0);
  return { heroStats, liveMasterclasses, coursesByCategory, trips, blogs, testimonials, events };
}
