import {
  DEFAULT_PAGE_SIZE,
  type BlogArticle,
  type BlogCard,
  type BlogList,
  type BlogListQuery,
  type TrendingAndFeaturedBlogs,
} from '@atelier/contract';
import { blogPath } from '@atelier/domain';
import type { SQL } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { likePattern } from '../../db/query.js';
import { sanitizeBlogHtml } from './blog-html.js';
import * as repo from './blogs.repository.js';

/** How many blogs the trending and featured rails, and the home page, show. */
const RAIL_SIZE = 6;

const iso = (value: Date | string): string => new Date(value).toISOString();

function toCard(row: repo.BlogRow): BlogCard {
  const category =
    row.categoryId !== null && row.categoryName !== null && row.categorySlug !== null
      ? {
          id: row.categoryId,
          name: row.categoryName,
          slug: row.categorySlug,
          sequence: row.categorySequence ?? 0,
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    path: blogPath({ id: row.id, url: row.url, category: row.categoryName }),
    excerpt: row.excerpt,
    cover: row.cover,
    authorName: row.authorName,
    readingMinutes: row.readingMinutes,
    isTrending: row.isTrending,
    isFeatured: row.isFeatured,
    publishedAt: iso(row.publishedAt),
    category,
  };
}

/** `GET /api/blogs/trending-and-featured`: both rails, newest first. */
export async function getTrendingAndFeatured(db: Db, now: Date): Promise<TrendingAndFeaturedBlogs> {
  const [trending, featured] = await Promise.all([
    repo.listPublishedBlogs(db, now, { where: repo.isTrending, limit: RAIL_SIZE }),
    repo.listPublishedBlogs(db, now, { where: repo.isFeatured, limit: RAIL_SIZE }),
  ]);
  return { trending: trending.map(toCard), featured: featured.map(toCard) };
}

/** The newest published blogs (home page). */
export async function listLatestBlogs(db: Db, now: Date, limit = RAIL_SIZE): Promise<BlogCard[]> {
  return (await repo.listPublishedBlogs(db, now, { limit })).map(toCard);
}

/**
 * `GET /api/blogs/all`: one page of published blogs, newest first, filtered by a literal search
 * text and a category slug, with the total and every category.
 */
export async function listBlogs(db: Db, now: Date, query: BlogListQuery): Promise<BlogList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.query) conditions.push(repo.matching(likePattern(query.query)));
  if (query.category) conditions.push(repo.inCategory(query.category));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, total, categories] = await Promise.all([
    repo.listPublishedBlogs(db, now, {
      ...(where ? { where } : {}),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    repo.countPublishedBlogs(db, now, where),
    repo.listBlogCategories(db),
  ]);
  return { data: rows.map(toCard), total, page, pageSize, categories };
}

/** `GET /api/blogs/{id}`: the published article with sanitised HTML. */
export async function getBlogArticle(db: Db, now: Date, id: number): Promise<BlogArticle> {
  const row = await repo.findPublishedBlog(db, id, now);
  if (!row) throw notFound('That blog');
  return {
    ...toCard(row),
    content: sanitizeBlogHtml(row.content),
    meta: {
      title: row.meta.title ?? null,
      description: row.meta.description ?? null,
      keywords: row.meta.keywords ?? null,
    },
    updatedAt: iso(row.updatedAt),
  };
}

/** `POST /api/consultation/page/blogs`: featured first, then the newest. */
export async function listConsultationPageBlogs(db: Db, now: Date, limit = 3): Promise<BlogCard[]> {
  return (await repo.listPublishedBlogs(db, now, { orderFeaturedFirst: true, limit })).map(toCard);
}

/** Every published blog's page and last change, for the sitemap. */
export async function listBlogPages(db: Db, now: Date): Promise<{ path: string; lastmod: string }[]> {
  const rows = await repo.listBlogSitemapRows(db, now);
  return rows.map((r) => ({
    path: blogPath({ id: r.id, url: r.url, category: r.categoryName }),
    lastmod: iso(r.lastmod),
  }));
}
