import { endpoints, type CurrencyCode } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ipRateLimit } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionIdentity } from '../../platform/identity.js';
import { currencyForCountry, visitorCountry } from '../catalogue/index.js';
import {
  fulfilOrder,
  registerOrderKindEffect,
  releaseOrderHolds,
  setLateCaptureHandler,
} from './orders.service.js';
import { setRefundProcessedHandler } from './payments.service.js';
import { describePaymentLink } from './payment-links.js';
import { applyPurchaseEffect, PURCHASE_EFFECT_KINDS } from './purchase-effects.js';
import * as purchases from './purchases.js';
import {
  reconcileOrderHandler,
  reconcileSweepHandler,
  RECONCILE_ORDER_TOPIC,
  RECONCILE_SWEEP_TOPIC,
  scheduleReconcile,
  settleLateCapture,
  type OrderMachinery,
} from './reconcile.js';
import { applyProcessedRefund, refundJobHandler, REFUND_TOPIC } from './refunds.js';

/** Purchase bodies are tiny. */
const BODY_LIMIT = 8 * 1024;

/** The order machinery as reconciliation drives it. */
export function orderMachinery(ctx: AppContext): OrderMachinery {
  return {
    fulfilOrder: (_deps, input) => fulfilOrder(ctx, input),
    releaseOrderHolds: (tx, orderId, status) => releaseOrderHolds(tx, orderId, status, ctx.clock()),
  };
}

/**
 * The other purchases, payment links, refunds and reconciliation (issue 14; decision 0016):
 * their routes, the jobs (reconciliation sweep and per-order settling, refunds) and the hooks
 * the order machinery calls (per-kind effects, late captures, processed refunds).
 */
export async function purchasesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['payments'];
  const limit = (max: number) => ipRateLimit(max, '1 minute', ctx.clock);
  const header = ctx.config.countryHeader;
  const currencyOf = (request: FastifyRequest): CurrencyCode => {
    const raw = header ? request.headers[header] : undefined;
    const value = Array.isArray(raw) ? raw[0] : raw;
    return currencyForCountry(visitorCountry(value, request.ip, ctx.ipCountry));
  };
  const idempotencyKeyOf = (request: FastifyRequest) => {
    const raw = request.headers['idempotency-key'];
    return typeof raw === 'string' ? raw.slice(0, 255) : undefined;
  };
  const buyer = (request: FastifyRequest) => ({
    session: request.session as SessionIdentity,
    currency: currencyOf(request),
    idempotencyKey: idempotencyKeyOf(request),
  });

  // Hooks of the order machinery and the jobs.
  const machinery = orderMachinery(ctx);
  for (const kind of PURCHASE_EFFECT_KINDS) registerOrderKindEffect(kind, applyPurchaseEffect);
  setLateCaptureHandler(async (c, { order, payment }) => {
    await settleLateCapture(c, machinery, { orderId: order.id, payment });
  });
  setRefundProcessedHandler(async (c, { refund }) => {
    await applyProcessedRefund(c, refund);
  });
  ctx.jobs.registerHandler(REFUND_TOPIC, refundJobHandler(ctx));
  ctx.jobs.registerHandler(RECONCILE_SWEEP_TOPIC, reconcileSweepHandler(ctx));
  ctx.jobs.registerHandler(RECONCILE_ORDER_TOPIC, reconcileOrderHandler(ctx, machinery));
  // The sweep chain is seeded by every process that runs the worker (a web-only instance,
  // JOBS_WORKER=off, leaves it to them), at ready and again every period: the period's dedupe key
  // keeps one sweep per period across instances, and a seed that fails (the database away at
  // start) neither blocks readiness nor ends the chain — the next period seeds it again.
  if (ctx.jobs.worker) {
    const intervalMs = ctx.config.reconcileIntervalSeconds * 1000;
    const seed = async () => {
      try {
        await scheduleReconcile(ctx.database.db, {
          intervalSeconds: ctx.config.reconcileIntervalSeconds,
          now: ctx.clock(),
        });
      } catch (error) {
        api.log.warn(
          { err: error },
          'payments.reconcile: could not seed the sweep; the next period tries again',
        );
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    api.addHook('onReady', async () => {
      void seed();
      timer = setInterval(() => void seed(), intervalMs);
      timer.unref();
    });
    api.addHook('onClose', async () => clearInterval(timer));
  }

  const money = (scope: string, max = 20) => ({ rateLimit: limit(max), idempotency: { scope } });
  const idem = 'Send `Idempotency-Key` to make a retry safe: the same key and body replay the first answer.';

  defineRoute(
    api,
    endpoints.instalmentInitiate,
    {
      summary: "Pay the caller's next instalment: its own order (another's instalment → 404)",
      description: idem,
      tags,
      config: money('instalment.initiate'),
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      ok(
        await purchases.initiateInstalment(ctx, {
          ...buyer(request),
          instalmentId: request.body.instalmentId,
          gstin: request.body.gstin,
        }),
      ),
  );

  defineRoute(
    api,
    endpoints.recordingPayment,
    {
      summary: "Buy a batch's recordings (dashboard access to them, not a live seat)",
      description: idem,
      tags,
      config: money('recording.initiate'),
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      ok(await purchases.initiateRecording(ctx, { ...buyer(request), batchId: request.body.batchId })),
  );

  defineRoute(
    api,
    endpoints.competitionPayment,
    {
      summary: 'Register for a competition; the registration is confirmed once paid',
      description: idem,
      tags,
      config: money('competition.initiate'),
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      ok(
        await purchases.initiateCompetition(ctx, {
          ...buyer(request),
          competitionId: request.body.competitionId,
        }),
      ),
  );

  defineRoute(
    api,
    endpoints.consultationPayment,
    {
      summary: 'Buy a design-consultation package',
      description: idem,
      tags,
      config: money('consultation.initiate'),
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      ok(await purchases.initiateConsultation(ctx, { ...buyer(request), packageId: request.body.packageId })),
  );

  defineRoute(
    api,
    endpoints.coinsPayment,
    {
      summary: 'Buy a batch wholly with coins: enrolled at once, or 409 INSUFFICIENT_COINS',
      description: idem,
      tags,
      config: money('coins.initiate'),
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      ok(await purchases.payWithCoins(ctx, { ...buyer(request), batchId: request.body.batchId })),
  );

  defineRoute(
    api,
    endpoints.paymentLink,
    {
      summary: 'What a staff payment link asks for (purpose, amount, currency, status)',
      tags,
      config: { rateLimit: limit(60) },
    },
    async (request) => ok(await describePaymentLink(ctx.database.db, request.params.linkToken, ctx.clock())),
  );

  // A visitor may pay a link with a guest checkout: a session, when presented, identifies the buyer.
  await api.register(async (scope) => {
    scope.addHook('onRequest', ctx.authGuard.optionalUser);
    defineRoute(
      scope,
      endpoints.customPayment,
      {
        summary: 'Pay a staff payment link (signed in, or a guest checkout from add-user with linkToken)',
        description: idem,
        tags,
        config: money('custom.initiate'),
        bodyLimit: BODY_LIMIT,
      },
      async (request) =>
        ok(
          await purchases.initiateCustom(ctx, {
            session: request.session ?? null,
            linkToken: request.body.linkToken,
            checkoutId: request.body.checkoutId,
            gstin: request.body.gstin,
            idempotencyKey: idempotencyKeyOf(request),
          }),
        ),
    );
  });
}
