import {
  BlogListSchema,
  endpoints,
  HomepageBlogsSchema,
  TrendingAndFeaturedBlogsSchema,
  BlogArticleSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import * as blogs from './blogs.service.js';

/** Pages of the unfiltered list kept in the public cache; deeper pages and searches are built per request. */
const CACHED_PAGES = 5;

/**
 * Blog lists and articles. Everything here is the same for every visitor, so lists and articles
 * are served from the public cache as pre-compressed bytes; only free-text searches and deep
 * pages (unbounded keys) are built per request.
 */
export async function blogsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['blogs'];
  const trendingKey = 'blogs:trending-featured';
  const homepageKey = 'blogs:homepage';

  defineRoute(
    api,
    endpoints.blogsTrendingAndFeatured,
    { summary: 'Trending and featured blogs', tags },
    (request, reply) => {
      const body = ctx.publicCache.get(trendingKey, TrendingAndFeaturedBlogsSchema, () =>
        blogs.getTrendingAndFeatured(db, ctx.clock()),
      );
      return sendCachedBody(request, reply, body);
    },
  );
  ctx.cachedAnswers.add(endpoints.blogsTrendingAndFeatured.path, { key: trendingKey });

  defineRoute(
    api,
    endpoints.homepageBlogs,
    { summary: 'The newest blogs for the home page (data.data)', tags },
    async (request, reply) => {
      const body = await ctx.publicCache.get(homepageKey, HomepageBlogsSchema, async () => ({
        data: await blogs.listLatestBlogs(db, ctx.clock()),
      }));
      return sendCached(request, reply, body);
    },
  );
  ctx.cachedAnswers.add(endpoints.homepageBlogs.path, { key: homepageKey });

  defineRoute(
    api,
    endpoints.blogsAll,
    {
      summary: 'A page of blogs with search, category filter and every category',
      tags,
      // Searches are built per request: limited per client IP; the cached pages are not counted.
      config: {
        rateLimit: ipRateLimit(60, '1 minute', ctx.clock, (request) => {
          const q = request.query as { query?: string; category?: unknown; page?: string };
          return !q.query && q.category === undefined && Number(q.page ?? 1) <= CACHED_PAGES;
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const page = query.page ?? 1;
      if (!query.query && !query.category && page <= CACHED_PAGES) {
        const key = `blogs:all:${page}:${query.pageSize ?? ''}`;
        const body = await ctx.publicCache.get(key, BlogListSchema, () =>
          blogs.listBlogs(db, ctx.clock(), query),
        );
        return sendCached(request, reply, body);
      }
      return { code: 200, message: 'OK', data: await blogs.listBlogs(db, ctx.clock(), query) };
    },
  );

  defineRoute(
    api,
    endpoints.blogArticle,
    { summary: 'One blog article with sanitised HTML (beyond the spec: the article page needs it)', tags },
    async (request, reply) => {
      const { id } = request.params;
      const body = await ctx.publicCache.get(`blogs:article:${id}`, BlogArticleSchema, () =>
        blogs.getBlogArticle(db, ctx.clock(), id),
      );
      return sendCached(request, reply, body);
    },
  );

  defineRoute(
    api,
    endpoints.consultationPageBlogs,
    {
      summary: 'Blogs for the consultation page',
      tags,
      config: { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) },
    },
    async (request) => {
      const limit = request.body?.limit ?? 3;
      return {
        code: 200,
        message: 'OK',
        data: await blogs.listConsultationPageBlogs(db, ctx.clock(), limit),
      };
    },
  );
}
