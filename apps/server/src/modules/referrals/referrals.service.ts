import type { WorkshopCard } from '@atelier/contract';
import { isNoDate, WORKSHOP_TYPE } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import { getMasterclassesAndCourses } from '../catalogue/index.js';

/** Most courses on the referral landing page. */
const LANDING_LIMIT = 8;

/**
 * `GET /api/referral/landing-page/courses`: the courses a referred friend can join — published
 * courses (type 2) whose first batch has a date, top sellers first, then the catalogue order.
 */
export async function listReferralLandingCourses(db: Db): Promise<WorkshopCard[]> {
  const { categories } = await getMasterclassesAndCourses(db);
  const courses = categories
    .flatMap((c) => c.Workshops)
    .filter((w) => w.type === WORKSHOP_TYPE.course && !isNoDate(w.Batches[0]?.startDate));
  return [...courses.filter((c) => c.markAs), ...courses.filter((c) => !c.markAs)].slice(0, LANDING_LIMIT);
}
