import { and, asc, eq, inArray, isNotNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import { jsonColumn } from '../../db/rows.js';
import { likePattern, queryRow, queryRows, type Executor } from '../../db/query.js';
import {
  categories,
  courseCategories,
  metaTags,
  subcategories,
  workshops,
  type Testimonial as StoredTestimonial,
  type WorkshopHero,
  type WorkshopSections,
} from '../../db/schema/index.js';

/*
 * The typed query builder, except where raw SQL earns it: `json_agg` of a batch's schedules, a
 * lateral `jsonb_array_elements` over stored testimonials, and the hero numbers' six counts in one
 * round trip. Those rows are parsed by their schemas (db/query.ts).
 */

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
export async function findPublishedWorkshop(db: Executor, id: number): Promise<WorkshopPageRow | null> {
  const [row] = await db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      description: workshops.description,
      markAs: workshops.markAs,
      searchKeys: workshops.searchKeys,
      thumbnail: workshops.thumbnail,
      brochureUrl: workshops.brochureUrl,
      amount: workshops.amount,
      dollar: workshops.dollar,
      slashAmount: workshops.slashAmount,
      slashDollar: workshops.slashDollar,
      hero: workshops.hero,
      sections: workshops.sections,
    })
    .from(workshops)
    .where(and(eq(workshops.id, id), sql`${workshops.isPublished}`));
  return row ?? null;
}

const BatchDetailRowSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionType: z.number(),
  lateJoinDays: z.number(),
  amount: z.number().nullable(),
  dollar: z.number().nullable(),
  slashAmount: z.number().nullable(),
  slashDollar: z.number().nullable(),
  capacity: z.number().nullable(),
  schedules: z
    .array(z.object({ id: z.number(), day: z.number(), startTime: z.string(), endTime: z.string() }))
    .nullable(),
});
export type BatchDetailRow = z.infer<typeof BatchDetailRowSchema>;

/**
 * Every active batch of a workshop still open to learners, with its schedules, in `Batches`
 * order: newest start date first, undated last (the same order that picks a card's `Batches[0]`).
 * A dated live batch whose last day (its end date, else its start date) is before `today` is over
 * and left out; recorded and undated batches stay. One query.
 */
export async function listActiveBatches(
  db: Executor,
  workshopId: number,
  today: string,
): Promise<BatchDetailRow[]> {
  return queryRows(
    db,
    sql`select b.id, b.name, to_char(b.start_date, 'YYYY-MM-DD') as "startDate",
          to_char(b.end_date, 'YYYY-MM-DD') as "endDate", b.session_type as "sessionType", b.late_join_days as "lateJoinDays",
          b.amount, b.dollar, b.slash_amount as "slashAmount", b.slash_dollar as "slashDollar", b.capacity,
          (select json_agg(json_build_object('id', s.id, 'day', s.day,
                    'startTime', to_char(s.start_time, 'HH24:MI:SS'), 'endTime', to_char(s.end_time, 'HH24:MI:SS'))
                  order by s.day, s.start_time, s.id)
             from batch_schedules s where s.batch_id = b.id) as schedules
        from batches b
        where b.workshop_id = ${workshopId} and b.is_active
          and (b.session_type = 2 or coalesce(b.end_date, b.start_date) is null
               or coalesce(b.end_date, b.start_date) >= ${today}::date)
        order by b.start_date desc nulls last, b.id`,
    BatchDetailRowSchema,
  );
}

export type MetaTagsRow = { title: string; description: string; keywords: string };

/** The workshop's meta tags (the first row when several exist). */
export async function findMetaTags(db: Executor, workshopId: number): Promise<MetaTagsRow | null> {
  const [row] = await db
    .select({ title: metaTags.title, description: metaTags.description, keywords: metaTags.keywords })
    .from(metaTags)
    .where(eq(metaTags.workshopId, workshopId))
    .orderBy(asc(metaTags.id))
    .limit(1);
  return row ?? null;
}

export type PlacementRow = {
  categoryId: number;
  categoryName: string;
  subcategoryId: number;
  subcategoryName: string;
};

/** The workshop's first place in the catalogue (category, subcategory, link by sequence). */
export async function findFirstPlacement(db: Executor, workshopId: number): Promise<PlacementRow | null> {
  const [row] = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      subcategoryId: subcategories.id,
      subcategoryName: subcategories.name,
    })
    .from(courseCategories)
    .innerJoin(subcategories, eq(subcategories.id, courseCategories.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(
      and(
        eq(courseCategories.workshopId, workshopId),
        sql`${categories.isActive} AND ${subcategories.isActive}`,
      ),
    )
    .orderBy(
      asc(categories.sequence),
      asc(categories.id),
      asc(subcategories.sequence),
      asc(subcategories.id),
      asc(courseCategories.sequence),
      asc(courseCategories.id),
    )
    .limit(1);
  return row ?? null;
}

export type WorkshopSectionsRow = {
  id: number;
  title: string;
  shortTitle: string;
  sections: WorkshopSections;
};

/** Sections of the given published workshops (every published one when `ids` is omitted), by id. */
export async function listWorkshopSections(
  db: Executor,
  ids?: readonly number[],
): Promise<WorkshopSectionsRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: workshops.id,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      sections: workshops.sections,
    })
    .from(workshops)
    .where(and(sql`${workshops.isPublished}`, ids ? inArray(workshops.id, [...ids]) : undefined))
    .orderBy(asc(workshops.id));
}

const TestimonialRowSchema = z.object({
  workshopId: z.number(),
  workshopTitle: z.string(),
  testimonial: jsonColumn<StoredTestimonial>(),
});
export type TestimonialRow = z.infer<typeof TestimonialRowSchema>;

/**
 * Testimonials stored in published workshops' sections, those with a video first, then by
 * workshop id and position; of one workshop when `workshopId` is given. At most `limit` rows,
 * so that the home page never reads every workshop's sections.
 */
export async function listTestimonialRows(
  db: Executor,
  opts: { workshopId?: number; videoOnly?: boolean; limit: number },
): Promise<TestimonialRow[]> {
  return queryRows(
    db,
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
    TestimonialRowSchema,
  );
}

/** `column ilike pattern escape '\'`: the builder's `ilike` has no ESCAPE clause. */
const ilikeLiteral = (column: AnyColumn, pattern: string) => sql`${column} ilike ${pattern} escape '\\'`;

/** Ids of published workshops whose title, short title or search keys contain `text` (literally). */
export async function searchWorkshopIds(db: Executor, text: string): Promise<number[]> {
  const pattern = likePattern(text);
  const rows = await db
    .select({ id: workshops.id })
    .from(workshops)
    .where(
      and(
        sql`${workshops.isPublished}`,
        or(
          ilikeLiteral(workshops.title, pattern),
          ilikeLiteral(workshops.shortTitle, pattern),
          ilikeLiteral(workshops.searchKeys, pattern),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export type BrochureRow = {
  id: number;
  title: string;
  shortTitle: string;
  description: string;
  brochureUrl: string;
};

const brochureColumns = {
  id: workshops.id,
  title: workshops.title,
  shortTitle: workshops.shortTitle,
  description: workshops.description,
  brochureUrl: workshops.brochureUrl,
};

/** A brochure row once its (filtered) `brochure_url` is known to be present. */
function brochureRow(
  row: { brochureUrl: string | null } & Omit<BrochureRow, 'brochureUrl'>,
): BrochureRow | null {
  return row.brochureUrl === null ? null : { ...row, brochureUrl: row.brochureUrl };
}

/** The brochure of a published workshop, or null when it has none. */
export async function findBrochureByWorkshop(db: Executor, workshopId: number): Promise<BrochureRow | null> {
  const [row] = await db
    .select(brochureColumns)
    .from(workshops)
    .where(
      and(eq(workshops.id, workshopId), sql`${workshops.isPublished}`, isNotNull(workshops.brochureUrl)),
    );
  return row ? brochureRow(row) : null;
}

/** The published workshop whose stored brochure is at one of `urls` (as stored), or null. */
export async function findBrochureByUrl(db: Executor, urls: readonly string[]): Promise<BrochureRow | null> {
  const [row] = await db
    .select(brochureColumns)
    .from(workshops)
    .where(and(sql`${workshops.isPublished}`, inArray(workshops.brochureUrl, [...urls])))
    .orderBy(asc(workshops.id))
    .limit(1);
  return row ? brochureRow(row) : null;
}

const HeroStatsRowSchema = z.object({
  learners: z.number(),
  workshops: z.number(),
  masterclasses: z.number(),
  courses: z.number(),
  categories: z.number(),
  trips: z.number(),
});
export type HeroStatsRow = z.infer<typeof HeroStatsRowSchema>;

/** The home page's hero numbers in one query. */
export async function countHeroStats(db: Executor): Promise<HeroStatsRow> {
  const row = await queryRow(
    db,
    sql`select
          (select count(*)::int from users where role = 'learner') as learners,
          (select count(*)::int from workshops where is_published) as workshops,
          (select count(*)::int from workshops where is_published and type = 1) as masterclasses,
          (select count(*)::int from workshops where is_published and type = 2) as courses,
          (select count(*)::int from categories where is_active) as categories,
          (select count(*)::int from trips where is_active) as trips`,
    HeroStatsRowSchema,
  );
  return row!;
}

/** Address fields and last change of every published workshop, for the sitemap. */
export async function listWorkshopSitemapRows(
  db: Executor,
): Promise<{ id: number; type: number; shortTitle: string; updatedAt: Date | string }[]> {
  return db
    .select({
      id: workshops.id,
      type: workshops.type,
      shortTitle: workshops.shortTitle,
      updatedAt: workshops.updatedAt,
    })
    .from(workshops)
    .where(sql`${workshops.isPublished}`)
    .orderBy(asc(workshops.id));
}
