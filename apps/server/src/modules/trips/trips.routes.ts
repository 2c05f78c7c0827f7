import { envelope, IdParamsSchema, TripDetailsSchema, TripHomepageSchema, TripListSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import * as trips from './trips.service.js';

/** Trip lists and pages: public and the same for everyone, so served from the public cache. */
export async function tripsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const tags = ['trips'];
  const listKey = 'trips:list';
  const homepageKey = 'trips:homepage';

  app.get(
    '/dashboard/trips/list',
    { schema: { summary: 'Every active trip', tags, response: { 200: envelope(TripListSchema) } } },
    (request, reply) =>
      sendCachedBody(request, reply, ctx.publicCache.get(listKey, TripListSchema, () => trips.listTrips(db))),
  );
  ctx.cachedAnswers.add(`${api.prefix}/dashboard/trips/list`, { key: listKey });

  app.get(
    '/trip/homepage',
    { schema: { summary: 'Upcoming and past trips', tags, response: { 200: envelope(TripHomepageSchema) } } },
    (request, reply) =>
      sendCachedBody(
        request,
        reply,
        ctx.publicCache.get(homepageKey, TripHomepageSchema, () =>
          trips.getTripHomepage(db, ctx.clock(), ctx.config.tz),
        ),
      ),
  );
  ctx.cachedAnswers.add(`${api.prefix}/trip/homepage`, { key: homepageKey });

  app.get(
    '/trip/:id/details',
    {
      schema: { summary: 'One trip with its itinerary', tags, params: IdParamsSchema, response: { 200: envelope(TripDetailsSchema) } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await ctx.publicCache.get(`trips:details:${id}`, TripDetailsSchema, () => trips.getTripDetails(db, id));
      return sendCached(request, reply, body);
    },
  );
}
