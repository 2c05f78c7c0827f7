import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRow, queryRows } from '../../db/query.js';
import { instant, jsonColumn } from '../../db/rows.js';
import type { BlogMeta } from '../../db/schema/index.js';

const BlogCategoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  sequence: z.number(),
});
export type BlogCategoryRow = z.infer<typeof BlogCategoryRowSchema>;

const BlogRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  cover: z.string().nullable(),
  authorName: z.string().nullable(),
  readingMinutes: z.number().nullable(),
  isTrending: z.boolean(),
  isFeatured: z.boolean(),
  publishedAt: instant,
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  categorySlug: z.string().nullable(),
  categorySequence: z.number().nullable(),
});
export type BlogRow = z.infer<typeof BlogRowSchema>;

const BlogArticleRowSchema = BlogRowSchema.extend({
  content: z.string(),
  meta: jsonColumn<BlogMeta>(),
  updatedAt: instant,
});
export type BlogArticleRow = z.infer<typeof BlogArticleRowSchema>;

const cardColumns = sql.raw(`b.id, b.title, b.url, b.excerpt, b.cover, b.author_name as "authorName",
  b.reading_minutes as "readingMinutes", b.is_trending as "isTrending", b.is_featured as "isFeatured",
  b.published_at as "publishedAt", c.id as "categoryId", c.name as "categoryName", c.slug as "categorySlug",
  c.sequence as "categorySequence"`);

/** A blog is public once its publication instant has come. */
const published = (now: Date) => sql`b.published_at is not null and b.published_at <= ${now}`;

/** Every blog category, by sequence. */
export async function listBlogCategories(db: Db): Promise<BlogCategoryRow[]> {
  return queryRows(
    db,
    sql`select id, name, slug, sequence from blog_categories order by sequence, id`,
    BlogCategoryRowSchema,
  );
}

/** Published blogs matching `where` (extra conditions), newest first, at most `limit` from `offset`. */
export async function listPublishedBlogs(
  db: Db,
  now: Date,
  opts: { where?: SQL; orderFeaturedFirst?: boolean; limit: number; offset?: number },
): Promise<BlogRow[]> {
  const order = opts.orderFeaturedFirst
    ? sql`b.is_featured desc, b.published_at desc, b.id desc`
    : sql`b.published_at desc, b.id desc`;
  return queryRows(
    db,
    sql`select ${cardColumns} from blogs b left join blog_categories c on c.id = b.category_id
        where ${published(now)} ${opts.where ? sql`and ${opts.where}` : sql``}
        order by ${order} limit ${opts.limit} offset ${opts.offset ?? 0}`,
    BlogRowSchema,
  );
}

/** How many published blogs match `where`. */
export async function countPublishedBlogs(db: Db, now: Date, where?: SQL): Promise<number> {
  const row = await queryRow(
    db,
    sql`select count(*)::int as n from blogs b left join blog_categories c on c.id = b.category_id
        where ${published(now)} ${where ? sql`and ${where}` : sql``}`,
    z.object({ n: z.number() }),
  );
  return row?.n ?? 0;
}

/** Trending and featured flags as conditions. */
export const isTrending = sql`b.is_trending`;
export const isFeatured = sql`b.is_featured`;

/** Blogs of the category with `slug`. */
export const inCategory = (slug: string) => sql`c.slug = ${slug}`;

/** Blogs whose title, excerpt or meta keywords contain the LIKE `pattern` (escaped with `\`). */
export const matching = (pattern: string) =>
  sql`(b.title ilike ${pattern} escape '\\' or b.excerpt ilike ${pattern} escape '\\'
       or coalesce(b.meta->>'keywords', '') ilike ${pattern} escape '\\')`;

/** One published blog with its content, or null. */
export async function findPublishedBlog(db: Db, id: number, now: Date): Promise<BlogArticleRow | null> {
  const row = await queryRow(
    db,
    sql`select ${cardColumns}, b.content, b.meta, b.updated_at as "updatedAt"
        from blogs b left join blog_categories c on c.id = b.category_id
        where b.id = ${id} and ${published(now)}`,
    BlogArticleRowSchema,
  );
  return row ?? null;
}

/** Address and dates of every published blog, for the sitemap. */
export async function listBlogSitemapRows(
  db: Db,
  now: Date,
): Promise<{ id: number; url: string; categoryName: string | null; lastmod: Date | string }[]> {
  return queryRows(
    db,
    sql`select b.id, b.url, c.name as "categoryName", greatest(b.updated_at, b.published_at) as lastmod
        from blogs b left join blog_categories c on c.id = b.category_id
        where ${published(now)} order by b.published_at desc, b.id desc`,
    z.object({ id: z.number(), url: z.string(), categoryName: z.string().nullable(), lastmod: instant }),
  );
}
