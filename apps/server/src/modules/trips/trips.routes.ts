import { endpoints, TripDetailsSchema, TripHomepageSchema, TripListSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import * as trips from './trips.service.js';

/** Trip lists and pages: public and the same for everyone, so served from the public cache. */
export async function tripsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['trips'];
  const listKey = 'trips:list';
  const homepageKey = 'trips:homepage';

  defineRoute(api, endpoints.tripsList, { summary: 'Every active trip', tags }, (request, reply) =>
    sendCachedBody(
      request,
      reply,
      ctx.publicCache.get(listKey, TripListSchema, () => trips.listTrips(db)),
    ),
  );
  ctx.cachedAnswers.add(endpoints.tripsList.path, { key: listKey });

  defineRoute(api, endpoints.tripHomepage, { summary: 'Upcoming and past trips', tags }, (request, reply) =>
    sendCachedBody(
      request,
      reply,
      ctx.publicCache.get(homepageKey, TripHomepageSchema, () =>
        trips.getTripHomepage(db, ctx.clock(), ctx.config.tz),
      ),
    ),
  );
  ctx.cachedAnswers.add(endpoints.tripHomepage.path, { key: homepageKey });

  defineRoute(
    api,
    endpoints.tripDetails,
    { summary: 'One trip with its itinerary', tags },
    async (request, reply) => {
      const { id } = request.params;
      const body = await ctx.publicCache.get(`trips:details:${id}`, TripDetailsSchema, () =>
        trips.getTripDetails(db, id),
      );
      return sendCached(request, reply, body);
    },
  );
}
