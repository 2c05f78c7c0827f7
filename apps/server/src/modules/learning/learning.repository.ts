import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { batches, batchSchedules, enrolments, workshops } from '../../db/schema/index.js';

/** The learner's enrolments with their batch and workshop, newest enrolment first. */
export async function enrolmentsOf(db: Executor, userId: number) {
  return db
    .select({
      id: enrolments.id,
      isRefund: enrolments.isRefund,
      isDashboardAccess: enrolments.isDashboardAccess,
      isEnrolled: enrolments.isEnrolled,
      batchId: batches.id,
      sessionType: batches.sessionType,
      startDate: batches.startDate,
      endDate: batches.endDate,
      workshop: {
        id: workshops.id,
        type: workshops.type,
        title: workshops.title,
        shortTitle: workshops.shortTitle,
        slug: workshops.slug,
      },
    })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(enrolments.userId, userId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
}

/** The weekly schedules of `batchIds`, by day then start time. */
export async function schedulesOf(db: Executor, batchIds: number[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      id: batchSchedules.id,
      batchId: batchSchedules.batchId,
      day: batchSchedules.day,
      startTime: sql<string>`to_char(${batchSchedules.startTime}, 'HH24:MI:SS')`,
      endTime: sql<string>`to_char(${batchSchedules.endTime}, 'HH24:MI:SS')`,
    })
    .from(batchSchedules)
    .where(inArray(batchSchedules.batchId, batchIds))
    .orderBy(asc(batchSchedules.day), asc(batchSchedules.startTime), asc(batchSchedules.id));
}

/**
 * Published workshops the learner has no enrolment in (through any batch): badged ones (`markAs`,
 * e.g. "Top Seller") first, then the newest.
 */
export async function suggestionsFor(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      thumbnail: workshops.thumbnail,
    })
    .from(workshops)
    .where(
      and(
        eq(workshops.isPublished, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(enrolments)
            .innerJoin(batches, eq(batches.id, enrolments.batchId))
            .where(and(eq(enrolments.userId, userId), eq(batches.workshopId, workshops.id))),
        ),
      ),
    )
    .orderBy(sql`${workshops.markAs} IS NULL`, desc(workshops.id))
    .limit(limit);
}
