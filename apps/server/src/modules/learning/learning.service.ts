import type { ProfileCourses } from '@atelier/contract';
import { wireDateOrNone } from '@atelier/domain';
import type { Executor } from '../../db/query.js';
import { enrolmentsOf, schedulesOf, suggestionsFor } from './learning.repository.js';

/** How many courses the dashboard suggests. */
export const SUGGESTED_COURSES = 4;

/**
 * `GET /api/user/profile/courses`: the learner's enrolments in the dashboard's shape (read fresh,
 * so an enrolment made by a payment a moment ago is listed) and a few published courses to try.
 */
export async function profileCourses(db: Executor, userId: number): Promise<ProfileCourses> {
  const rows = await enrolmentsOf(db, userId);
  const schedules = await schedulesOf(
    db,
    rows.map((r) => r.batchId),
  );
  const suggested = await suggestionsFor(db, userId, SUGGESTED_COURSES);
  return {
    enrolledCourses: rows.map((r) => ({
      id: r.id,
      isRefund: r.isRefund,
      isDashboardAccess: r.isDashboardAccess,
      isEnrolled: r.isEnrolled,
      Batch: {
        id: r.batchId,
        sessionType: r.sessionType === 2 ? 2 : 1,
        startDate: wireDateOrNone(r.startDate),
        endDate: wireDateOrNone(r.endDate),
        Workshop: r.workshop,
        BatchSchedules: schedules
          .filter((s) => s.batchId === r.batchId)
          .map(({ id, day, startTime, endTime }) => ({ id, day, startTime, endTime })),
      },
    })),
    suggestedCourses: suggested,
  };
}
