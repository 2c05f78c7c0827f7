import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import * as pages from './checkout.pages.service.js';
import { checkoutSettings, visitorCurrency } from './checkout.settings.js';

/**
 * The payment page, coupons, instalments and pending payments (issue 14). The currency is the
 * server's (visitor country); the buyer is the session's; amounts are computed, never read.
 */
export async function checkoutRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['checkout'];
  const settings = checkoutSettings(ctx.config);
  /** The signed-in caller of a public route, or null (an invalid token is still a 401). */
  const optionalUserId = async (request: FastifyRequest, reply: FastifyReply) => {
    await ctx.authGuard.optionalUser(request, reply);
    return request.session?.userId ?? null;
  };

  await api.register(async (scope) => {
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.checkoutDetails,
      {
        summary:
          "The payment page: the batch and the workshop's batches on sale, prices in the visitor's currency, plans, coupon preview, coins",
        tags,
        // A read, though a POST: a moderator's read-only view of a learner may open it.
        config: { rateLimit: ipRateLimit(120, '1 minute', ctx.clock), moderatorViewAllowed: true },
      },
      async (request, reply) =>
        ok(
          await pages.checkoutDetails(db, {
            ...settings,
            batchId: request.body.batchId,
            couponCode: request.body.couponCode,
            currency: visitorCurrency(request, ctx),
            userId: await optionalUserId(request, reply),
            now: ctx.clock(),
          }),
        ),
    );

    // Claims are the coupon-guessing surface (checklist F12): limited per client IP.
    defineRoute(
      scope,
      endpoints.couponClaim,
      {
        summary: 'What a coupon takes off a batch (a preview; reserved only when an order is created)',
        tags,
        config: { rateLimit: ipRateLimit(20, '1 minute', ctx.clock), moderatorViewAllowed: true },
      },
      async (request, reply) =>
        ok(
          await pages.previewCoupon(db, {
            ...settings,
            code: request.body.code,
            batchId: request.body.batchId,
            currency: visitorCurrency(request, ctx),
            userId: await optionalUserId(request, reply),
            now: ctx.clock(),
          }),
          'Coupon applied',
        ),
    );

    defineRoute(
      scope,
      endpoints.couponClaimCount,
      {
        summary: 'Uses of a coupon: claimed, the limit and what is left',
        tags,
        config: { rateLimit: ipRateLimit(30, '1 minute', ctx.clock) },
      },
      async (request) => ok(await pages.couponClaimCount(db, request.query.code)),
    );

    defineRoute(
      scope,
      endpoints.instalment,
      { summary: "One of the caller's instalments with its plan (another's is 404)", tags },
      async (request) =>
        ok(
          await pages.getInstalment(db, {
            instalmentId: request.params.id,
            userId: sessionOf(request).userId,
          }),
        ),
    );

    defineRoute(
      scope,
      endpoints.pendingPayments,
      { summary: "The caller's courses with instalments left to pay", tags },
      async (request) => ok(await pages.pendingPayments(db, sessionOf(request).userId)),
    );

    defineRoute(
      scope,
      endpoints.pendingPaymentsByUser,
      { summary: 'Pending payments and the coins wallet of the caller (own id only; another is 404)', tags },
      async (request) =>
        ok(
          await pages.pendingPaymentsByUser(db, {
            userId: sessionOf(request).userId,
            requestedId: request.params.id,
          }),
        ),
    );
  });
}
