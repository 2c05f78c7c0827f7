import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../../../http/auth-guard.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import { toCsv, type CsvColumn } from '../csv.js';
import { pageOf, type ListQuery } from '../listing.js';
import type { Listed } from '../lists.service.js';
import * as content from './content.service.js';

/*
 * The console's content calls (issue 17 point 2), admins only: blogs and trips. A write commits
 * with its audit row, then drops the public cache entries it made stale, so the public pages show
 * it at once.
 */
export async function adminContentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['admin'];
  const csv = ['text/csv'];

  const answer = <T>(
    reply: FastifyReply,
    query: ListQuery,
    name: string,
    columns: readonly CsvColumn<T>[],
    listed: Listed<T>,
  ) => {
    if (query.format !== 'csv') return ok(pageOf(query, listed.items, listed.total));
    const day = ctx.clock().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(columns, listed.items));
  };

  // Blogs ------------------------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminBlogs,
    {
      summary: 'Blogs, drafts and scheduled ones included (admins)',
      description: 'Sorts by updatedAt (default -updatedAt), publishedAt or title; searches title and slug.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'blogs',
        content.blogColumns,
        await content.listBlogs(db, request.query, ctx.clock()),
      ),
  );

  defineRoute(
    api,
    endpoints.adminBlogCategories,
    { summary: 'Every blog category (admins)', tags },
    async () => ok(await content.listBlogCategories(db)),
  );

  defineRoute(
    api,
    endpoints.adminBlog,
    { summary: 'One blog with its stored HTML (admins)', tags },
    async (request) => ok(await content.getBlog(db, request.params.id, ctx.clock())),
  );

  defineRoute(
    api,
    endpoints.adminBlogCreate,
    {
      summary: 'Create a blog; its HTML is sanitised with the public allow-list (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public blog pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveBlog(
        db,
        sessionOf(request),
        { id: request.id },
        null,
        request.body,
        ctx.clock(),
      );
      await ctx.publicCache.invalidate(content.BLOG_INVALIDATION);
      return ok(saved, 'Blog created.');
    },
  );

  defineRoute(
    api,
    endpoints.adminBlogUpdate,
    {
      summary:
        'Edit (or publish, unpublish) a blog; its HTML is sanitised with the public allow-list (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public blog pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveBlog(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
        ctx.clock(),
      );
      await ctx.publicCache.invalidate(content.BLOG_INVALIDATION);
      return ok(saved, 'Blog saved.');
    },
  );

  // Trips ------------------------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminContentTrips,
    {
      summary: 'Trips, inactive ones included (admins)',
      description: 'Sorts by startDate (default -startDate) or title; searches title, slug and location.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(reply, request.query, 'trips', content.tripColumns, await content.listTrips(db, request.query)),
  );

  defineRoute(
    api,
    endpoints.adminContentTrip,
    { summary: 'One trip with its page details (admins)', tags },
    async (request) => ok(await content.getTrip(db, request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminContentTripCreate,
    { summary: 'Create a trip (admins)', description: '409 when the slug is taken. Audited.', tags },
    async (request) => {
      const saved = await content.saveTrip(db, sessionOf(request), { id: request.id }, null, request.body);
      await ctx.publicCache.invalidate(content.TRIP_INVALIDATION);
      return ok(saved, 'Trip created.');
    },
  );

  defineRoute(
    api,
    endpoints.adminContentTripUpdate,
    {
      summary: 'Edit a trip, or (de)activate it on the public pages (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public trip pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveTrip(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
      );
      await ctx.publicCache.invalidate(content.TRIP_INVALIDATION);
      return ok(saved, 'Trip saved.');
    },
  );
}
