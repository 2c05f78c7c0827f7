import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../../db/query.js';
import {
  campaignBanners,
  campaigns,
  categories,
  courseCategories,
  eventObjects,
  subcategories,
  topBanners,
  workshops,
} from '../../db/schema/index.js';

/** A category row with its subcategories' rows, before workshops are attached. */
export type CategoryRow = {
  id: number;
  name: string;
  sequence: number;
};

export type SubcategoryRow = CategoryRow & {
  categoryId: number;
};

/** A batch as cards show it: dates, type, prices; the first of a workshop's batches. */
const BatchRowSchema = z.object({
  id: z.number(),
  workshopId: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionType: z.number(),
  lateJoinDays: z.number(),
  amount: z.number().nullable(),
  dollar: z.number().nullable(),
  slashAmount: z.number().nullable(),
  slashDollar: z.number().nullable(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

const ScheduleRowSchema = z.object({
  id: z.number(),
  batchId: z.number(),
  startTime: z.string(),
  endTime: z.string(),
});
export type ScheduleRow = z.infer<typeof ScheduleRowSchema>;

export type WorkshopRow = {
  id: number;
  type: number;
  title: string;
  shortTitle: string;
  slug: string;
  markAs: string | null;
  searchKeys: string | null;
  thumbnail: string | null;
  amount: number | null;
  dollar: number | null;
  slashAmount: number | null;
  slashDollar: number | null;
};

export type CourseCategoryRow = {
  subcategoryId: number;
  sequence: number;
  workshopId: number;
};

/** Active categories and their active subcategories. */
export async function listCategoryRows(
  db: Executor,
): Promise<{ categories: CategoryRow[]; subcategories: SubcategoryRow[] }> {
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(sql`${categories.isActive}`)
    .orderBy(asc(categories.sequence), asc(categories.id));
  const subcategoryRows = await db
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
      sequence: subcategories.sequence,
    })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(sql`${categories.isActive} AND ${subcategories.isActive}`)
    .orderBy(asc(subcategories.sequence), asc(subcategories.id));
  return { categories: categoryRows, subcategories: subcategoryRows };
}

/** Links of published workshops to subcategories. */
export async function listCourseCategoryRows(db: Executor): Promise<CourseCategoryRow[]> {
  return db
    .select({
      subcategoryId: courseCategories.subcategoryId,
      sequence: courseCategories.sequence,
      workshopId: courseCategories.workshopId,
    })
    .from(courseCategories)
    .innerJoin(workshops, eq(workshops.id, courseCategories.workshopId))
    .where(sql`${workshops.isPublished}`)
    .orderBy(asc(courseCategories.sequence), asc(courseCategories.id));
}

/** Every published workshop. */
export async function listPublishedWorkshops(db: Executor): Promise<WorkshopRow[]> {
  return db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      markAs: workshops.markAs,
      searchKeys: workshops.searchKeys,
      thumbnail: workshops.thumbnail,
      amount: workshops.amount,
      dollar: workshops.dollar,
      slashAmount: workshops.slashAmount,
      slashDollar: workshops.slashDollar,
    })
    .from(workshops)
    .where(sql`${workshops.isPublished}`)
    .orderBy(asc(workshops.id));
}

/*
 * Raw SQL: DISTINCT ON, and dates and times formatted by PostgreSQL (`to_char`) as the wire shows
 * them. Rows are parsed by their schemas.
 */

/**
 * The first batch of each published workshop: its newest active batch by start date, undated
 * batches last (a workshop's `Batches[0]`, from which cards read dates and prices).
 */
const firstBatches = sql`select distinct on (b.workshop_id) b.*
  from batches b join workshops w on w.id = b.workshop_id
  where b.is_active and w.is_published
  order by b.workshop_id, b.start_date desc nulls last, b.id`;

/** Each published workshop's first batch (see `firstBatches`). */
export async function listFirstBatches(db: Executor): Promise<BatchRow[]> {
  return queryRows(
    db,
    sql`select f.id, f.workshop_id as "workshopId",
          to_char(f.start_date, 'YYYY-MM-DD') as "startDate", to_char(f.end_date, 'YYYY-MM-DD') as "endDate",
          f.session_type as "sessionType", f.late_join_days as "lateJoinDays", f.amount, f.dollar, f.slash_amount as "slashAmount",
          f.slash_dollar as "slashDollar"
        from (${firstBatches}) f`,
    BatchRowSchema,
  );
}

/** Schedules of every workshop's first batch, in day and time order. */
export async function listFirstBatchSchedules(db: Executor): Promise<ScheduleRow[]> {
  return queryRows(
    db,
    sql`select s.id, s.batch_id as "batchId", to_char(s.start_time, 'HH24:MI:SS') as "startTime",
          to_char(s.end_time, 'HH24:MI:SS') as "endTime"
        from batch_schedules s join (${firstBatches}) f on f.id = s.batch_id
        order by s.batch_id, s.day, s.start_time, s.id`,
    ScheduleRowSchema,
  );
}

export type TopBannerRow = {
  content: string;
  link: string | null;
};

/** The newest active top banner, if any. */
export async function findActiveTopBanner(db: Executor): Promise<TopBannerRow | null> {
  const [row] = await db
    .select({ content: topBanners.content, link: topBanners.link })
    .from(topBanners)
    .where(sql`${topBanners.isActive}`)
    .orderBy(desc(topBanners.id))
    .limit(1);
  return row ?? null;
}

export type CampaignBannerRow = {
  id: number;
  type: number;
  title: string;
  image: string | null;
  link: string | null;
  campaignId: number;
  campaignName: string;
  isPopup: boolean;
  isSidebar: boolean;
};

/** Banners of campaigns running at `now`. */
export async function listRunningCampaignBanners(db: Executor, now: Date): Promise<CampaignBannerRow[]> {
  return db
    .select({
      id: campaignBanners.id,
      type: campaignBanners.type,
      title: campaignBanners.title,
      image: campaignBanners.image,
      link: campaignBanners.link,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      isPopup: campaigns.isPopup,
      isSidebar: campaigns.isSidebar,
    })
    .from(campaignBanners)
    .innerJoin(campaigns, eq(campaigns.id, campaignBanners.campaignId))
    .where(
      and(
        or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
        or(isNull(campaigns.endsAt), gt(campaigns.endsAt, now)),
      ),
    )
    .orderBy(asc(campaignBanners.type), asc(campaignBanners.sequence), asc(campaignBanners.id));
}

export type EventObjectRow = {
  id: number;
  name: string;
  startsAt: Date | null;
  endsAt: Date | null;
  payload: Record<string, unknown>;
};

/** Events not yet over at `now`, soonest first. */
export async function listCurrentEvents(db: Executor, now: Date): Promise<EventObjectRow[]> {
  return db
    .select({
      id: eventObjects.id,
      name: eventObjects.name,
      startsAt: eventObjects.startsAt,
      endsAt: eventObjects.endsAt,
      payload: eventObjects.payload,
    })
    .from(eventObjects)
    .where(or(isNull(eventObjects.endsAt), gt(eventObjects.endsAt, now)))
    .orderBy(sql`${eventObjects.startsAt} nulls last`, asc(eventObjects.id));
}
