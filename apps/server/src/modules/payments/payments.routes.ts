import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ipRateLimit, reportMassAssignment, securityLogOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import { currencyForCountry, visitorCountry } from '../catalogue/index.js';
import * as payments from './payments.service.js';
import { purchasesRoutes } from './purchases.routes.js';

/** Payment bodies are small. */
const PAYMENT_BODY_LIMIT = 16 * 1024;
/** A Razorpay webhook is a few KiB; anything far larger is not one. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Orders, guest checkout, verification, cancellation, the success page, provider webhooks and the
 * sandbox (issue 14; decision 0015). Money-moving calls take `Idempotency-Key`
 * (`http/idempotency.ts`, opted in through `config.idempotency`).
 */
export async function paymentsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['payments'];
  const limit = (max: number, window = '1 minute') => ipRateLimit(max, window, ctx.clock);
  const header = ctx.config.countryHeader;
  const currencyOf = (request: FastifyRequest) => {
    const raw = header ? request.headers[header] : undefined;
    const value = Array.isArray(raw) ? raw[0] : raw;
    return currencyForCountry(visitorCountry(value, request.ip, ctx.ipCountry));
  };
  const idempotencyKeyOf = (request: FastifyRequest) => {
    const raw = request.headers['idempotency-key'];
    return typeof raw === 'string' ? raw.slice(0, 255) : undefined;
  };

  ctx.jobs.registerHandler(payments.WEBHOOK_TOPIC, async (job) => {
    await payments.processWebhookEvent(ctx, api.log, job.payload);
  });

  // Calls a visitor or a learner may make: a session, when presented, identifies the buyer.
  await api.register(async (scope) => {
    scope.addHook('onRequest', ctx.authGuard.optionalUser);
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.paymentAddUser,
      {
        summary: "A guest's contact details bound to a short-lived checkout id (signs nobody in)",
        tags,
        config: { rateLimit: limit(20) },
        bodyLimit: PAYMENT_BODY_LIMIT,
      },
      async (request) => ok(await payments.addGuestCheckout(ctx, request.body)),
    );

    defineRoute(
      scope,
      endpoints.paymentInitiate,
      {
        summary:
          'Create an order for a batch (the server sets currency and every amount) and its provider order',
        description:
          'Send `Idempotency-Key` to make a retry safe: the same key and body replay the first answer.',
        tags,
        config: { rateLimit: limit(30), idempotency: { scope: 'payment.initiate' } },
        bodyLimit: PAYMENT_BODY_LIMIT,
      },
      async (request) =>
        ok(
          await payments.initiatePayment(ctx, {
            session: request.session,
            body: request.body,
            currency: currencyOf(request),
            idempotencyKey: idempotencyKeyOf(request),
          }),
        ),
    );

    defineRoute(
      scope,
      endpoints.paymentVerify,
      {
        summary:
          "Confirm a payment with the provider checkout's signature; enrols once and answers the order token",
        tags,
        config: { rateLimit: limit(30), idempotency: { scope: 'payment.verify' } },
        bodyLimit: PAYMENT_BODY_LIMIT,
      },
      async (request) =>
        ok(
          await payments.verifyPayment(ctx, {
            orderId: request.params.id,
            body: request.body,
            security: securityLogOf(request, ctx.clock),
          }),
          'Payment confirmed',
        ),
    );

    defineRoute(
      scope,
      endpoints.paymentCancel,
      {
        summary: 'The payer closed the checkout: the order ends and gives back its seat, coupon and coins',
        tags,
        config: { rateLimit: limit(30), idempotency: { scope: 'payment.cancel' } },
        bodyLimit: PAYMENT_BODY_LIMIT,
      },
      async (request) =>
        ok(
          await payments.cancelOrder(ctx, {
            orderId: request.params.id,
            session: request.session,
            checkoutId: request.body?.checkoutId,
          }),
        ),
    );

    defineRoute(
      scope,
      endpoints.orderSuccess,
      {
        summary: "The success page of an order: its owner's session, or the order's one-time token",
        tags,
        config: { rateLimit: limit(60) },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(
          await payments.orderSuccess(ctx, {
            orderId: request.params.id,
            session: request.session,
            token: request.query.token,
          }),
        );
      },
    );

    if (ctx.config.env !== 'production') {
      defineRoute(
        scope,
        endpoints.paymentSandboxPay,
        {
          summary: 'Sandbox only, outside production: pay or fail an order as the payer would',
          tags,
          config: { rateLimit: limit(120) },
          bodyLimit: PAYMENT_BODY_LIMIT,
        },
        async (request) => ok(await payments.sandboxPayOrder(ctx, request.body)),
      );
    }

    if (ctx.payments.name === 'sandbox') {
      defineRoute(
        scope,
        endpoints.paymentSandboxCheckout,
        {
          summary: "The sandbox checkout page's own call: pay or fail a sandbox provider order",
          tags,
          config: { rateLimit: limit(60) },
          bodyLimit: PAYMENT_BODY_LIMIT,
        },
        async (request) => ok(await payments.sandboxPay(ctx, request.body)),
      );
    }
  });

  // The provider's webhook: the raw body (its signature covers the exact bytes), small, JSON only.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      endpoints.paymentWebhookRazorpay,
      {
        summary: 'Razorpay webhooks: verified over the raw body, stored once, processed by a job',
        tags,
        config: { rateLimit: limit(600) },
        bodyLimit: WEBHOOK_BODY_LIMIT,
      },
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(
          await payments.receiveWebhook(ctx, {
            rawBody: raw,
            signature: typeof signature === 'string' ? signature : undefined,
            eventId: typeof eventId === 'string' ? eventId : undefined,
            security: securityLogOf(request, ctx.clock),
          }),
        );
      },
    );
  });
  await purchasesRoutes(api, ctx); // reconciliation, refunds, other purchases (decision 0016)
}
