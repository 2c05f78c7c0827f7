import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likePattern } from '../../db/query.js';
import type {
  Testimonial as StoredTestimonial,
  WorkshopHero,
  WorkshopSections,
} from '../../db/schema/index.js';

/** A published workshop with everything its detail page reads. */
export type WorkshopPageRow = {
  id: number;
  type: number;
  title: string;
  shortTitle: string;
  slug: string;
  description: string;
  markAs: string | null;
  searchKeys: string | null;
  thumbnail: string | null;
  brochureUrl: string | null;
  amount: number | null;
  dollar: number | null;
  slashAmount: number | null;
  slashDollar: number | null;
  hero: WorkshopHero;
  sections: WorkshopSections;
};

/** One published workshop, or null (unpublished workshops do not exist for the public). */
export async function findPublishedWorkshop(db: Db, id: number): Promise<WorkshopPageRow | null> {
  const result = await db.execute<WorkshopPageRow>(
    sql`select w.id, w.type, w.title, w.short_title as "shortTitle", w.slug, w.description, w.mark_as as "markAs",
          w.search_keys as "searchKeys", w.thumbnail, w.brochure_url as "brochureUrl", w.amount, w.dollar,
          w.slash_amount as "slashAmount", w.slash_dollar as "slashDollar", w.hero, w.sections
        from workshops w where w.id = ${id} and w.is_published`,
  );
  return result.rows[0] ?? null;
}

export type BatchDetailRow = {
  id: number;
  name: string | null;
  startDate: string | null;
  endDate: string | null;
  sessionType: number;
  amount: number | null;
  dollar: number | null;
  slashAmount: number | null;
  slashDollar: number | null;
  capacity: number | null;
  schedules: { id: number; day: number; startTime: string; endTime: string }[] | null;
};

/**
 * Every active batch of a workshop still open to learners, with its schedules, in `Batches`
 * order: newest start date first, undated last (the same order that picks a card's `Batches[0]`).
 * A dated live batch whose last day (its end date, else its start date) is before `today` is over
 * and left out; recorded and undated batches stay. One query.
 */
export async function listActiveBatches(
  db: Db,
  workshopId: number,
  today: string,
): Promise<BatchDetailRow[]> {
  const result = await db.execute<BatchDetailRow>(
    sql`select b.id, b.name, to_char(b.start_date, 'YYYY-MM-DD') as "startDate",
          to_char(b.end_date, 'YYYY-MM-DD') as "endDate", b.session_type as "sessionType", b.amount, b.dollar,
          b.slash_amount as "slashAmount", b.slash_dollar as "slashDollar", b.capacity,
          (select json_agg(json_build_object('id', s.id, 'day', s.day,
                    'startTime', to_char(s.start_time, 'HH24:MI:SS'), 'endTime', to_char(s.end_time, 'HH24:MI:SS'))
                  order by s.day, s.start_time, s.id)
             from batch_schedules s where s.batch_id = b.id) as schedules
        from batches b
        where b.workshop_id = ${workshopId} and b.is_active
          and (b.session_type = 2 or coalesce(b.end_date, b.start_date) is null
               or coalesce(b.end_date, b.start_date) >= ${today}::date)
        order by b.start_date desc nulls last, b.id`,
  );
  return result.rows;
}

export type MetaTagsRow = { title: string; description: string; keywords: string };

/** The workshop's meta tags (the first row when several exist). */
export async function findMetaTags(db: Db, workshopId: number): Promise<MetaTagsRow | null> {
  const result = await db.execute<MetaTagsRow>(
    sql`select title, description, keywords from meta_tags where workshop_id = ${workshopId} order by id limit 1`,
  );
  return result.rows[0] ?? null;
}

export type PlacementRow = {
  categoryId: number;
  categoryName: string;
  subcategoryId: number;
  subcategoryName: string;
};

/** The workshop's first place in the catalogue (category, subcategory, link by sequence). */
export async function findFirstPlacement(db: Db, workshopId: number): Promise<PlacementRow | null> {
  const result = await db.execute<PlacementRow>(
    sql`select c.id as "categoryId", c.name as "categoryName", s.id as "subcategoryId", s.name as "subcategoryName"
        from course_categories cc
        join subcategories s on s.id = cc.subcategory_id
        join categories c on c.id = s.category_id
        where cc.workshop_id = ${workshopId} and c.is_active
        order by c.sequence, c.id, s.sequence, s.id, cc.sequence, cc.id
        limit 1`,
  );
  return result.rows[0] ?? null;
}

export type WorkshopSectionsRow = {
  id: number;
  title: string;
  shortTitle: string;
  sections: WorkshopSections;
};

/** Sections of the given published workshops (every published one when `ids` is omitted), by id. */
export async function listWorkshopSections(db: Db, ids?: readonly number[]): Promise<WorkshopSectionsRow[]> {
  if (ids && ids.length === 0) return [];
  const filter = ids
    ? sql`and w.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<WorkshopSectionsRow>(
    sql`select w.id, w.title, w.short_title as "shortTitle", w.sections
        from workshops w where w.is_published ${filter} order by w.id`,
  );
  return result.rows;
}

export type TestimonialRow = { workshopId: number; workshopTitle: string; testimonial: StoredTestimonial };

/**
 * Testimonials stored in published workshops' sections, those with a video first, then by
 * workshop id and position; of one workshop when `workshopId` is given. At most `limit` rows,
 * so that the home page never reads every workshop's sections.
 */
export async function listTestimonialRows(
  db: Db,
  opts: { workshopId?: number; videoOnly?: boolean; limit: number },
): Promise<TestimonialRow[]> {
  const result = await db.execute<TestimonialRow>(
    sql`select w.id as "workshopId", w.title as "workshopTitle", t.value as testimonial
        from workshops w
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(w.sections->'testimonials') = 'array' then w.sections->'testimonials' else '[]'::jsonb end
        ) with ordinality as t(value, position)
        where w.is_published and jsonb_typeof(t.value) = 'object'
          ${opts.workshopId !== undefined ? sql`and w.id = ${opts.workshopId}` : sql``}
          ${opts.videoOnly ? sql`and t.value ? 'videoUrl'` : sql``}
        order by (t.value ? 'videoUrl') desc, w.id, t.position
        limit ${opts.limit}`,
  );
  return result.rows;
}

/** Ids of published workshops whose title, short title or search keys contain `text` (literally). */
export async function searchWorkshopIds(db: Db, text: string): Promise<number[]> {
  const pattern = likePattern(text);
  const result = await db.execute<{ id: number }>(
    sql`select w.id from workshops w
        where w.is_published and (w.title ilike ${pattern} escape '\\' or w.short_title ilike ${pattern} escape '\\'
          or w.search_keys ilike ${pattern} escape '\\')`,
  );
  return result.rows.map((r) => r.id);
}

export type BrochureRow = {
  id: number;
  title: string;
  shortTitle: string;
  description: string;
  brochureUrl: string;
};

/** The brochure of a published workshop, or null when it has none. */
export async function findBrochureByWorkshop(db: Db, workshopId: number): Promise<BrochureRow | null> {
  const result = await db.execute<BrochureRow>(
    sql`select id, title, short_title as "shortTitle", description, brochure_url as "brochureUrl"
        from workshops where id = ${workshopId} and is_published and brochure_url is not null`,
  );
  return result.rows[0] ?? null;
}

/** The published workshop whose stored brochure is at one of `urls` (as stored), or null. */
export async function findBrochureByUrl(db: Db, urls: readonly string[]): Promise<BrochureRow | null> {
  const result = await db.execute<BrochureRow>(
    sql`select id, title, short_title as "shortTitle", description, brochure_url as "brochureUrl"
        from workshops where is_published and brochure_url in (${sql.join(
          urls.map((u) => sql`${u}`),
          sql`, `,
        )})
        order by id limit 1`,
  );
  return result.rows[0] ?? null;
}

export type HeroStatsRow = {
  learners: number;
  workshops: number;
  masterclasses: number;
  courses: number;
  categories: number;
  trips: number;
};

/** The home page's hero numbers in one query. */
export async function countHeroStats(db: Db): Promise<HeroStatsRow> {
  const result = await db.execute<HeroStatsRow>(
    sql`select
          (select count(*)::int from users where role = 'learner') as learners,
          (select count(*)::int from workshops where is_published) as workshops,
          (select count(*)::int from workshops where is_published and type = 1) as masterclasses,
          (select count(*)::int from workshops where is_published and type = 2) as courses,
          (select count(*)::int from categories where is_active) as categories,
          (select count(*)::int from trips where is_active) as trips`,
  );
  return result.rows[0]!;
}

/** Address fields and last change of every published workshop, for the sitemap. */
export async function listWorkshopSitemapRows(
  db: Db,
): Promise<{ id: number; type: number; shortTitle: string; updatedAt: Date | string }[]> {
  const result = await db.execute<{ id: number; type: number; shortTitle: string; updatedAt: Date | string }>(
    sql`select id, type, short_title as "shortTitle", updated_at as "updatedAt" from workshops where is_published order by id`,
  );
  return result.rows;
}
