import type {
  AdminBlog,
  AdminBlogBodySchema,
  AdminBlogRow,
  AdminBlogsQuerySchema,
  AdminTrip,
  AdminTripBodySchema,
  AdminTripsQuerySchema,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import { blogCategories, blogs, trips } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import type { Invalidation } from '../../../platform/cache/index.js';
import { sanitizeBlogHtml } from '../../blogs/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { iso, matchesAny, orderBy, searchPattern, windowOf, count, all } from '../listing.js';
import type { Listed } from '../listing.js';

/*
 * The console's content (issue 17 point 2): blogs and trips. Each write runs in one transaction
 * with its audit row; the caller then drops the public cache entries named by the returned
 * `invalidation` (after the commit, so no visitor re-caches the old row).
 */

/** Whether `error` is PostgreSQL's unique violation (23505) of `constraint`, however the driver wraps it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505')
      return (
        pg.constraint === undefined || pg.constraint === constraint || String(pg.message).includes(constraint)
      );
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const slugTaken = (what: string, field: string) =>
  new AppError('CONFLICT', `Another ${what} already uses this slug; choose another.`, [
    { path: field, message: 'is already used by another ' + what },
  ]);

/** What the public pages of blogs show, which a blog write makes stale (lists, articles, home, sitemap). */
export const BLOG_INVALIDATION: Invalidation = {
  prefixes: ['blogs:', 'homepage:', 'seo:'],
  tags: ['blogs'],
};
/** Likewise for trips. */
export const TRIP_INVALIDATION: Invalidation = {
  prefixes: ['trips:', 'homepage:', 'seo:'],
  tags: ['trips'],
};

// ---------------------------------------------------------------------------------------------
// Blogs
// ---------------------------------------------------------------------------------------------

const blogStatus = (now: Date) => sql<AdminBlogRow['status']>`CASE
  WHEN ${blogs.publishedAt} IS NULL THEN 'draft'
  WHEN ${blogs.publishedAt} > ${now.toISOString()}::timestamptz THEN 'scheduled'
  ELSE 'published' END`;

const statusOf = (publishedAt: Date | null, now: Date): AdminBlogRow['status'] =>
  publishedAt === null ? 'draft' : publishedAt > now ? 'scheduled' : 'published';

export async function listBlogs(
  db: Executor,
  query: z.output<typeof AdminBlogsQuerySchema>,
  now: Date,
): Promise<Listed<AdminBlogRow>> {
  const pattern = searchPattern(query.q);
  const status = blogStatus(now);
  const where = all(
    pattern ? matchesAny(pattern, [blogs.title, blogs.url]) : undefined,
    query.status ? sql`${status} = ${query.status}` : undefined,
    query.categoryId ? eq(blogs.categoryId, query.categoryId) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      url: blogs.url,
      categoryId: blogCategories.id,
      categoryName: blogCategories.name,
      authorName: blogs.authorName,
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-updatedAt',
        { updatedAt: blogs.updatedAt, publishedAt: blogs.publishedAt, title: blogs.title },
        blogs.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(blogs).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      url: r.url,
      category: r.categoryId === null ? null : { id: r.categoryId, name: r.categoryName ?? '' },
      authorName: r.authorName,
      status: statusOf(r.publishedAt, now),
      publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
      updatedAt: iso(r.updatedAt),
    })),
    total: total?.n ?? 0,
  };
}

export const blogColumns = [
  { header: 'Id', value: (r: AdminBlogRow) => r.id },
  { header: 'Title', value: (r: AdminBlogRow) => r.title },
  { header: 'Slug', value: (r: AdminBlogRow) => r.url },
  { header: 'Category', value: (r: AdminBlogRow) => r.category?.name ?? '' },
  { header: 'Author', value: (r: AdminBlogRow) => r.authorName ?? '' },
  { header: 'Status', value: (r: AdminBlogRow) => r.status },
  { header: 'Published at', value: (r: AdminBlogRow) => r.publishedAt ?? '' },
  { header: 'Updated at', value: (r: AdminBlogRow) => r.updatedAt },
];

export async function getBlog(db: Executor, id: number, now: Date): Promise<AdminBlog> {
  const [r] = await db
    .select({ blog: blogs, categoryName: blogCategories.name })
    .from(blogs)
    .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .where(eq(blogs.id, id));
  if (!r) throw notFound('The blog');
  const b = r.blog;
  return {
    id: b.id,
    title: b.title,
    url: b.url,
    categoryId: b.categoryId,
    category: b.categoryId === null ? null : { id: b.categoryId, name: r.categoryName ?? '' },
    authorName: b.authorName,
    status: statusOf(b.publishedAt, now),
    publishedAt: b.publishedAt ? iso(b.publishedAt) : null,
    updatedAt: iso(b.updatedAt),
    createdAt: iso(b.createdAt),
    excerpt: b.excerpt,
    content: b.content,
    cover: b.cover,
    readingMinutes: b.readingMinutes,
    isTrending: b.isTrending,
    isFeatured: b.isFeatured,
    meta: b.meta,
  };
}

type BlogBody = z.output<typeof AdminBlogBodySchema>;

/** The row to store: the HTML cleaned by the public blog page's own allow-list, empty texts as null. */
function blogValues(body: BlogBody, now: Date) {
  const meta = Object.fromEntries(
    Object.entries(body.meta).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as BlogBody['meta'];
  return {
    title: body.title,
    url: body.url,
    categoryId: body.categoryId,
    excerpt: body.excerpt,
    content: sanitizeBlogHtml(body.content),
    cover: body.cover || null,
    authorName: body.authorName || null,
    readingMinutes: body.readingMinutes,
    isTrending: body.isTrending,
    isFeatured: body.isFeatured,
    publishedAt: body.publishedAt ? new Date(body.publishedAt) : null,
    meta,
    updatedAt: now,
  };
}

async function assertCategory(tx: Executor, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [row] = await tx
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.id, categoryId));
  if (!row)
    throw new AppError('VALIDATION_FAILED', 'That blog category does not exist.', [
      { path: 'categoryId', message: 'must be an existing category' },
    ]);
}

/** `POST /api/admin/blogs` and `PUT /api/admin/blogs/{id}` (id given): 409 when the slug is taken. */
export async function saveBlog(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: BlogBody,
  now: Date,
): Promise<AdminBlog> {
  try {
    return await db.transaction(async (tx) => {
      await assertCategory(tx, body.categoryId);
      const values = blogValues(body, now);
      let before: AdminBlog | null = null;
      let blogId: number;
      if (id === null) {
        const [row] = await tx.insert(blogs).values(values).returning({ id: blogs.id });
        blogId = row!.id;
      } else {
        const [locked] = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id)).for('update');
        if (!locked) throw notFound('The blog');
        before = await getBlog(tx, id, now);
        await tx.update(blogs).set(values).where(eq(blogs.id, id));
        blogId = id;
      }
      const after = await getBlog(tx, blogId, now);
      await recordAudit(tx, actor, request, {
        action: id === null ? 'blog.create' : 'blog.update',
        entity: 'blog',
        entityId: blogId,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'blogs_url_uq')) throw slugTaken('blog', 'url');
    throw error;
  }
}

export async function listBlogCategories(db: Executor) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug })
    .from(blogCategories)
    .orderBy(blogCategories.sequence, blogCategories.name);
}

// ---------------------------------------------------------------------------------------------
// Trips
// ---------------------------------------------------------------------------------------------

type TripRow = AdminTrip;

export async function listTrips(
  db: Executor,
  query: z.output<typeof AdminTripsQuerySchema>,
): Promise<Listed<Omit<TripRow, 'thumbnail' | 'details' | 'createdAt'>>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [trips.title, trips.slug, trips.location]) : undefined,
    query.active ? eq(trips.isActive, query.active === 'true') : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: trips.id,
      title: trips.title,
      slug: trips.slug,
      location: trips.location,
      startDate: trips.startDate,
      endDate: trips.endDate,
      price: trips.price,
      dollar: trips.dollar,
      isActive: trips.isActive,
    })
    .from(trips)
    .where(where)
    .orderBy(
      ...orderBy(query.sort, '-startDate', { startDate: trips.startDate, title: trips.title }, trips.id),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(trips).where(where);
  return { items: rows, total: total?.n ?? 0 };
}

type TripListRow = Awaited<ReturnType<typeof listTrips>>['items'][number];
export const tripColumns = [
  { header: 'Id', value: (r: TripListRow) => r.id },
  { header: 'Title', value: (r: TripListRow) => r.title },
  { header: 'Slug', value: (r: TripListRow) => r.slug },
  { header: 'Location', value: (r: TripListRow) => r.location },
  { header: 'Start date', value: (r: TripListRow) => r.startDate ?? '' },
  { header: 'End date', value: (r: TripListRow) => r.endDate ?? '' },
  { header: 'Price (INR)', value: (r: TripListRow) => r.price ?? '' },
  { header: 'Price (USD)', value: (r: TripListRow) => r.dollar ?? '' },
  { header: 'Active', value: (r: TripListRow) => (r.isActive ? 'yes' : 'no') },
];

export async function getTrip(db: Executor, id: number): Promise<AdminTrip> {
  const [t] = await db.select().from(trips).where(eq(trips.id, id));
  if (!t) throw notFound('The trip');
  return {
    id: t.id,
    title: t.title,
    slug: t.slug,
    location: t.location,
    startDate: t.startDate,
    endDate: t.endDate,
    price: t.price,
    dollar: t.dollar,
    thumbnail: t.thumbnail,
    isActive: t.isActive,
    details: {
      summary: t.details.summary ?? '',
      highlights: t.details.highlights ?? [],
      itinerary: t.details.itinerary ?? [],
      inclusions: t.details.inclusions ?? [],
      exclusions: t.details.exclusions ?? [],
      ...(t.details.seats === undefined ? {} : { seats: t.details.seats }),
    },
    createdAt: iso(t.createdAt),
  };
}

/** `POST /api/admin/trips` and `PUT /api/admin/trips/{id}` (id given): 409 when the slug is taken. */
export async function saveTrip(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminTripBodySchema>,
): Promise<AdminTrip> {
  const values = {
    title: body.title,
    slug: body.slug,
    location: body.location,
    startDate: body.startDate,
    endDate: body.endDate,
    price: body.price,
    dollar: body.dollar,
    thumbnail: body.thumbnail || null,
    isActive: body.isActive,
    details: body.details,
  };
  try {
    return await db.transaction(async (tx) => {
      let before: AdminTrip | null = null;
      let tripId: number;
      if (id === null) {
        const [row] = await tx.insert(trips).values(values).returning({ id: trips.id });
        tripId = row!.id;
      } else {
        const [locked] = await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, id)).for('update');
        if (!locked) throw notFound('The trip');
        before = await getTrip(tx, id);
        await tx.update(trips).set(values).where(eq(trips.id, id));
        tripId = id;
      }
      const after = await getTrip(tx, tripId);
      await recordAudit(tx, actor, request, {
        action: id === null ? 'trip.create' : 'trip.update',
        entity: 'trip',
        entityId: tripId,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'trips_slug_uq')) throw slugTaken('trip', 'slug');
    throw error;
  }
}
