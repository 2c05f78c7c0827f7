import { endpoints, TripDetailsSchema, TripHomepageSchema, TripListSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { ipRateLimit, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as applications from './trip-applications.service.js';
import { sendItinerary } from './itinerary.service.js';
import * as trips from './trips.service.js';

/** Trip applications a client IP may send per minute (a person sends one; checklist D4). */
export const TRIP_APPLICATIONS_PER_MINUTE = 20;
/** Application edits a client IP may send per minute. */
export const TRIP_APPLICATION_EDITS_PER_MINUTE = 30;

/**
 * Trip lists and pages: public and the same for everyone, so served from the public cache. The
 * signed-in calls: applications (the applicant is the caller) and the itinerary e-mail.
 */
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

  const deps = { db, clock: ctx.clock, tz: ctx.config.tz };
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  defineRoute(
    api,
    endpoints.tripApplicationAdd,
    {
      summary: 'Apply for a trip (one live application per trip)',
      description:
        'The applicant is the caller. 404 for an unknown or inactive trip, 409 once it has started or while a live (submitted, shortlisted, accepted) application for it exists. Also forwarded to sales as a lead.',
      tags,
      config: { rateLimit: ipRateLimit(TRIP_APPLICATIONS_PER_MINUTE, '1 minute', ctx.clock) },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const application = await applications.addApplication(
        deps,
        sessionOf(request),
        request.body,
        meta(request),
      );
      return reply.code(201).send(ok(application, 'Application received', 201));
    },
  );

  defineRoute(
    api,
    endpoints.tripApplicationUpdate,
    {
      summary: 'Edit your trip application while it is not reviewed, or withdraw it',
      description:
        'Fields change only while the application is submitted (409 once reviewed). `withdraw: true` withdraws a submitted or shortlisted one; an accepted place is cancelled by contacting the team (409). Another user’s application → 404.',
      tags,
      config: { rateLimit: ipRateLimit(TRIP_APPLICATION_EDITS_PER_MINUTE, '1 minute', ctx.clock) },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const application = await applications.updateApplication(deps, sessionOf(request), request.body);
      return ok(application, request.body.withdraw ? 'Application withdrawn' : 'Application updated');
    },
  );

  defineRoute(
    api,
    endpoints.tripApplicationDetails,
    { summary: 'Your live (or latest) application for a trip, or null', tags },
    async (request) => ok(await applications.applicationDetails(db, sessionOf(request), request.body.tripId)),
  );

  defineRoute(
    api,
    endpoints.itinerarySend,
    {
      summary: 'E-mail a trip’s itinerary to your own verified address',
      description:
        'Never to an address from the body (the body names only the trip). 409 when the account has no verified e-mail; 429 beyond one per trip per hour, 10 per account per day, or 10 per client IP per hour.',
      tags,
      config: { rateLimit: ipRateLimit(10, '1 hour', ctx.clock) },
    },
    async (request) =>
      ok(await sendItinerary(deps, sessionOf(request), request.body.tripId), 'Itinerary sent'),
  );
}
