import { z } from 'zod';
import { PageSchema, PageSizeSchema, SearchTextSchema } from './workshops.js';
import { IdSchema } from './wire.js';

/** A blog category (`/blogs?category={slug}` filter). */
export const BlogCategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  sequence: z.number().int(),
});
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

/**
 * A blog in lists. `path` is the article page from the domain's `blogPath`
 * (`/blog/{category}/{url}?id={id}`); `publishedAt` is an ISO instant.
 */
export const BlogCardSchema = z.object({
  id: IdSchema,
  title: z.string(),
  url: z.string(),
  path: z.string(),
  excerpt: z.string(),
  cover: z.string().nullable(),
  authorName: z.string().nullable(),
  readingMinutes: z.number().int().nullable(),
  isTrending: z.boolean(),
  isFeatured: z.boolean(),
  publishedAt: z.string(),
  category: BlogCategorySchema.nullable(),
});
export type BlogCard = z.infer<typeof BlogCardSchema>;

/** `GET /api/blogs/trending-and-featured`: newest first, at most 6 each. */
export const TrendingAndFeaturedBlogsSchema = z.object({
  trending: z.array(BlogCardSchema),
  featured: z.array(BlogCardSchema),
});
export type TrendingAndFeaturedBlogs = z.infer<typeof TrendingAndFeaturedBlogsSchema>;

/** `GET /api/homepage/blogs`: the client reads `response.data.data` (spec §7): the 6 newest. */
export const HomepageBlogsSchema = z.object({ data: z.array(BlogCardSchema) });
export type HomepageBlogs = z.infer<typeof HomepageBlogsSchema>;

/**
 * `GET /api/blogs/all?query=&category=&page=&pageSize=`: `query` matches title, excerpt and
 * meta keywords literally (`%`, `_` are not wildcards); `category` is a category slug;
 * `pageSize` is clamped to 50.
 */
export const BlogListQuerySchema = z
  .object({
    query: SearchTextSchema.optional(),
    category: z
      .string()
      .max(80, 'must be at most 80 characters')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a category slug')
      .optional(),
    page: PageSchema.optional(),
    pageSize: PageSizeSchema.optional(),
  })
  .strict();
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

/** `GET /api/blogs/all`: one page of published blogs (newest first) and every category. */
export const BlogListSchema = z.object({
  data: z.array(BlogCardSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  categories: z.array(BlogCategorySchema),
});
export type BlogList = z.infer<typeof BlogListSchema>;

/**
 * `GET /api/blogs/{id}` (beyond the spec's list: the article page needs it): the article with its
 * HTML `content` sanitised on the server against an allow-list (checklist E8), search-engine
 * `meta`, and `updatedAt`. Unpublished or unknown → 404.
 */
export const BlogArticleSchema = BlogCardSchema.extend({
  content: z.string(),
  meta: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    keywords: z.string().nullable(),
  }),
  updatedAt: z.string(),
});
export type BlogArticle = z.infer<typeof BlogArticleSchema>;

/** `POST /api/consultation/page/blogs` body: how many (1–12, default 3). */
export const ConsultationPageBlogsBodySchema = z
  .object({
    limit: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(12, 'must be at most 12')
      .optional(),
  })
  .strict();
export type ConsultationPageBlogsBody = z.infer<typeof ConsultationPageBlogsBodySchema>;

/** `POST /api/consultation/page/blogs`: featured blogs first, then the newest. */
export const ConsultationPageBlogsSchema = z.array(BlogCardSchema);
