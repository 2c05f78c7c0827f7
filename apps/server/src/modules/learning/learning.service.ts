import type { ProfileCourses, TripApplicationItem } from '@atelier/contract';
import { wireDateOrNone } from '@atelier/domain';
import type { Executor } from '../../db/query.js';
import { AppError } from '../../http/app-error.js';
import type { SessionIdentity } from '../../platform/identity.js';
import {
  enrolmentsOf,
  markNotificationsRead,
  notificationsOf,
  schedulesOf,
  suggestionsFor,
  tripApplicationsOf,
  unreadCount,
} from './learning.repository.js';

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

/** `POST /api/user/profile/course/suggested`: published courses the caller is not enrolled in. */
export async function suggestedCourses(db: Executor, userId: number, limit?: number) {
  return { suggestedCourses: await suggestionsFor(db, userId, limit ?? SUGGESTED_COURSES) };
}

/** `GET /api/user/profile/trip/applications`: the caller's trip applications, newest first. */
export async function tripApplications(db: Executor, userId: number): Promise<TripApplicationItem[]> {
  const rows = await tripApplicationsOf(db, userId);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    Trip: {
      id: r.trip.id,
      title: r.trip.title,
      slug: r.trip.slug,
      location: r.trip.location,
      startDate: wireDateOrNone(r.trip.startDate),
      endDate: wireDateOrNone(r.trip.endDate),
    },
  }));
}

/** Most notifications listed at once (newest first). */
export const NOTIFICATIONS_LIMIT = 50;

/** `GET /api/user/{id}/notifications`: the caller's own only; any other id is 404. */
export async function userNotifications(db: Executor, session: SessionIdentity, id: number) {
  if (id !== session.userId) throw new AppError('NOT_FOUND', 'Those notifications were not found.');
  const rows = await notificationsOf(db, session.userId, NOTIFICATIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    link: r.link,
    isRead: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** `POST /api/user/notifications/read`: only the caller's rows change; other ids are ignored. */
export async function readNotifications(db: Executor, userId: number, ids: number[], now: Date) {
  const updated = await markNotificationsRead(db, userId, [...new Set(ids)], now);
  return { updated, unread: await unreadCount(db, userId) };
}
