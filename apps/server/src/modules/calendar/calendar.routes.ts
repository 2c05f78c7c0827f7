import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import type { AppContext } from '../../platform/context.js';
import { buildFeed, FEED_MAX_AGE_SECONDS, feedOwner, feedSessions } from './calendar.service.js';

/** The calendar calls (issue 15): the learner's private iCalendar feed. */
export async function calendarRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(
    api,
    endpoints.calendarFeed,
    {
      summary: 'The learner’s sessions as an iCalendar feed (RFC 5545) for calendar subscriptions',
      description:
        'No sign-in: the address’s `secretKey` (the owner’s private calendar key, shown in their profile) is the credential. One event per dated session of the owner’s courses (enrolled, not refunded), in the platform time zone (VTIMEZONE + TZID); sessions without a time are all-day events. An unknown or rotated key answers 404. Cached privately for 5 minutes.',
      tags: ['calendar'],
      produces: ['text/calendar'],
      config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock) },
    },
    async (request, reply) => {
      const owner = await feedOwner(db, request.params.secretKey);
      if (!owner)
        throw new AppError(
          'NOT_FOUND',
          'There is no calendar at this address. Copy the current link from your profile.',
        );
      const ics = buildFeed({
        sessions: await feedSessions(db, owner.id),
        now: ctx.clock(),
        publicUrl: ctx.config.publicUrl,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', 'inline; filename="atelier-sessions.ics"')
        .send(ics);
    },
  );
}
