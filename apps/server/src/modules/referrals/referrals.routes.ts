import { endpoints, ReferralLandingCoursesSchema } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached } from '../../platform/cache/index.js';
import { callerOf, ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import { idempotencyKeyOf } from '../wallet/index.js';
import * as program from './referral-program.service.js';
import * as referrals from './referrals.service.js';

/**
 * Referrals: the landing page's courses (public, cached), the referrer behind a code (public), and
 * the learner's side of the programme — entering a friend's code, their overview, payout requests.
 */
export async function referralsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const deps: program.ReferralDeps = { db, config: ctx.config };
  const caller = (request: FastifyRequest) => callerOf(request, ctx.clock);
  const tags = ['referrals'];
  defineRoute(
    api,
    endpoints.referralLandingCourses,
    { summary: 'Courses promoted on the referral landing page', tags },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await ctx.publicCache.get('referrals:landing', ReferralLandingCoursesSchema, () =>
          referrals.listReferralLandingCourses(db),
        ),
      ),
  );

  await api.register(async (scope) => {
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.referrer,
      {
        summary: 'The referrer behind a code: first name and the offer, nothing else',
        tags,
        config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock) },
      },
      async (request) => ok(await program.getReferrer(deps, request.params.referCode)),
    );

    defineRoute(
      scope,
      endpoints.userReferred,
      {
        summary: "Enter a friend's referral code: once, never one's own, only before the first paid order",
        tags,
        config: { rateLimit: ipRateLimit(30, '1 minute', ctx.clock) },
      },
      async (request) =>
        ok(
          await program.recordReferral(deps, sessionOf(request), request.body.referCode),
          'Referral recorded',
        ),
    );

    defineRoute(
      scope,
      endpoints.referralOverview,
      {
        summary:
          "The caller's referrals: share link and code, friends and rewards, payout requests (own id only)",
        tags,
      },
      async (request) =>
        ok(await program.getReferralOverview(deps, sessionOf(request), request.params.id, caller(request))),
    );

    defineRoute(
      scope,
      endpoints.referralClaimForm,
      {
        summary:
          'Ask for a payout of coins to a UPI id: holds them until staff settle it (never beyond the balance)',
        tags,
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            ok(
              await program.claimPayout(
                deps,
                sessionOf(request),
                request.body,
                idempotencyKeyOf(request.headers['idempotency-key']),
              ),
              'Payout requested',
              201,
            ),
          ),
    );
  });
}
