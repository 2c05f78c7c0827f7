import { CompetitionDetailsSchema, CompetitionListSchema, endpoints } from '@atelier/contract';
import { toWireDate } from '@atelier/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { ipRateLimit, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as competitions from './competitions.service.js';

/**
 * The competition list and pages are public and the same for everyone: served from the public
 * cache like the trips. Their phase depends on the platform's day, so the day is part of the
 * cache key — at midnight the next request builds the new day's answer instead of serving
 * yesterday's "open" until the entry's TTL. Registration is the caller's own.
 */
export async function competitionsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['competitions'];
  // The platform's day, worked out once a minute (the list's key is read on every request of the
  // hot path; a day always starts on a whole minute in every time zone).
  let memo = { minute: Number.NaN, day: '' };
  const today = () => {
    const now = ctx.clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== memo.minute) memo = { minute, day: toWireDate(now, ctx.config.tz) };
    return memo.day;
  };
  const listKey = () => `competitions:list:${today()}`;

  defineRoute(
    api,
    endpoints.competitions,
    { summary: 'Every active competition, open ones first', tags },
    (request, reply) =>
      sendCachedBody(
        request,
        reply,
        ctx.publicCache.get(listKey(), CompetitionListSchema, () =>
          competitions.listCompetitions(db, ctx.clock(), ctx.config.tz),
        ),
      ),
  );
  ctx.cachedAnswers.add(endpoints.competitions.path, { key: listKey });

  defineRoute(
    api,
    endpoints.competitionDetails,
    { summary: 'One competition with its brief; inactive or unknown → 404', tags },
    async (request, reply) => {
      const { id } = request.params;
      const body = await ctx.publicCache.get(
        `competitions:details:${id}:${today()}`,
        CompetitionDetailsSchema,
        () => competitions.getCompetitionDetails(db, id, ctx.clock(), ctx.config.tz),
      );
      return sendCached(request, reply, body);
    },
  );

  defineRoute(
    api,
    endpoints.competitionRegistration,
    { summary: 'Your registration for a competition, or null', tags },
    async (request) =>
      ok(await competitions.getRegistration(db, sessionOf(request).userId, request.params.id)),
  );

  defineRoute(
    api,
    endpoints.competitionRegister,
    {
      summary: 'Register for a free competition',
      description:
        'Free and open: 201 with the confirmed registration; asking again answers the same registration (201). A competition with a fee → 409 (pay with POST /api/competition/payment/initiate); registration closed or competition over → 409; inactive or unknown → 404.',
      tags,
      config: { rateLimit: ipRateLimit(30, '1 minute', ctx.clock) },
    },
    async (request, reply) => {
      const { registration, created } = await competitions.registerFree(
        { db, clock: ctx.clock, tz: ctx.config.tz },
        sessionOf(request).userId,
        request.body,
      );
      return reply
        .code(201)
        .send(ok(registration, created ? 'Registered' : 'You are already registered', 201));
    },
  );
}
