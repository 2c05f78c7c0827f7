import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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
export type BatchRow = {
  id: number;
  workshopId: number;
  startDate: string | null;
  endDate: string | null;
  sessionType: number;
  amount: number | null;
  dollar: number | null;
  slashAmount: number | null;
  slashDollar: number | null;
};

export type ScheduleRow = {
  id: number;
  batchId: number;
  startTime: string;
  endTime: string;
};

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

const workshopColumns =
  sql.raw(`w.id, w.type, w.title, w.short_title as "shortTitle", w.slug, w.mark_as as "markAs",
  w.search_keys as "searchKeys", w.thumbnail, w.amount, w.dollar, w.slash_amount as "slashAmount",
  w.slash_dollar as "slashDollar"`);

/** Active categories and their subcategories. */
export async function listCategoryRows(
  db: Db,
): Promise<{ categories: CategoryRow[]; subcategories: SubcategoryRow[] }> {
  const categories = await db.execute<CategoryRow>(
    sql`select id, name, sequence from categories where is_active order by sequence, id`,
  );
  const subcategories = await db.execute<SubcategoryRow>(
    sql`select s.id, s.category_id as "categoryId", s.name, s.sequence
        from subcategories s join categories c on c.id = s.category_id
        where c.is_active order by s.sequence, s.id`,
  );
  return { categories: categories.rows, subcategories: subcategories.rows };
}

/** Links of published workshops to subcategories. */
export async function listCourseCategoryRows(db: Db): Promise<CourseCategoryRow[]> {
  const result = await db.execute<CourseCategoryRow>(
    sql`select cc.subcategory_id as "subcategoryId", cc.sequence, cc.workshop_id as "workshopId"
        from course_categories cc join workshops w on w.id = cc.workshop_id
        where w.is_published order by cc.sequence, cc.id`,
  );
  return result.rows;
}

/** Every published workshop. */
export async function listPublishedWorkshops(db: Db): Promise<WorkshopRow[]> {
  const result = await db.execute<WorkshopRow>(
    sql`select ${workshopColumns} from workshops w where w.is_published order by w.id`,
  );
  return result.rows;
}

/**
 * The first batch of each published workshop: its newest active batch by start date, undated
 * batches last (a workshop's `Batches[0]`, from which cards read dates and prices).
 */
const firstBatches = sql`select distinct on (b.workshop_id) b.*
  from batches b join workshops w on w.id = b.workshop_id
  where b.is_active and w.is_published
  order by b.workshop_id, b.start_date desc nulls last, b.id`;

/** Each published workshop's first batch (see `firstBatches`). */
export async function listFirstBatches(db: Db): Promise<BatchRow[]> {
  const result = await db.execute<BatchRow>(
    sql`select f.id, f.workshop_id as "workshopId",
          to_char(f.start_date, 'YYYY-MM-DD') as "startDate", to_char(f.end_date, 'YYYY-MM-DD') as "endDate",
          f.session_type as "sessionType", f.amount, f.dollar, f.slash_amount as "slashAmount",
          f.slash_dollar as "slashDollar"
        from (${firstBatches}) f`,
  );
  return result.rows;
}

/** Schedules of every workshop's first batch, in day and time order. */
export async function listFirstBatchSchedules(db: Db): Promise<ScheduleRow[]> {
  const result = await db.execute<ScheduleRow>(
    sql`select s.id, s.batch_id as "batchId", to_char(s.start_time, 'HH24:MI:SS') as "startTime",
          to_char(s.end_time, 'HH24:MI:SS') as "endTime"
        from batch_schedules s join (${firstBatches}) f on f.id = s.batch_id
        order by s.batch_id, s.day, s.start_time, s.id`,
  );
  return result.rows;
}

export type TopBannerRow = {
  content: string;
  link: string | null;
};

/** The newest active top banner, if any. */
export async function findActiveTopBanner(db: Db): Promise<TopBannerRow | null> {
  const result = await db.execute<TopBannerRow>(
    sql`select content, link from top_banners where is_active order by id desc limit 1`,
  );
  return result.rows[0] ?? null;
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
export async function listRunningCampaignBanners(db: Db, now: Date): Promise<CampaignBannerRow[]> {
  const result = await db.execute<CampaignBannerRow>(
    sql`select b.id, b.type, b.title, b.image, b.link, c.id as "campaignId", c.name as "campaignName",
          c.is_popup as "isPopup", c.is_sidebar as "isSidebar"
        from campaign_banners b join campaigns c on c.id = b.campaign_id
        where (c.starts_at is null or c.starts_at <= ${now}) and (c.ends_at is null or c.ends_at > ${now})
        order by b.type, b.sequence, b.id`,
  );
  return result.rows;
}

export type EventObjectRow = {
  id: number;
  name: string;
  startsAt: Date | null;
  endsAt: Date | null;
  payload: Record<string, unknown>;
};

/** Events not yet over at `now`, soonest first. */
export async function listCurrentEvents(db: Db, now: Date): Promise<EventObjectRow[]> {
  const result = await db.execute<EventObjectRow>(
    sql`select id, name, starts_at as "startsAt", ends_at as "endsAt", payload
        from event_objects where ends_at is null or ends_at > ${now}
        order by starts_at nulls last, id`,
  );
  return result.rows;
}
