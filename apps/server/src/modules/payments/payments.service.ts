import { createHash, randomBytes } from 'node:crypto';
import type {
  CancelledOrderSchema,
  CurrencyCode,
  GuestCheckout,
  GuestCheckoutBody,
  InitiatePayment,
  InitiatePaymentBody,
  OrderSuccess,
  SandboxPay,
  VerifiedPayment,
  VerifyPaymentBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import type {
  ProviderPayment,
  ProviderRefund,
  ProviderWebhookEvent,
} from '../../integrations/payments/types.js';
import { ProviderError } from '../../integrations/payments/types.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionIdentity } from '../../platform/identity.js';
import { enqueue, PermanentJobError, type JobLog } from '../../platform/jobs/index.js';
import { securityLog, type SecurityLog } from '../../platform/security-events.js';
import { findOrCreateCheckoutAccount, isOrderTokenValid, issueOrderLoginToken } from '../auth/index.js';
import {
  createOrder,
  fulfilOrder,
  markAttempted,
  releaseOrderHolds,
  type CreatedOrder,
  type GuestOrigin,
} from './orders.service.js';
import * as repo from './payments.repository.js';

/** A guest checkout lives 30 minutes. */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;
/** The verification of a paid order may be repeated (a lost answer) for this long, with a new token. */
export const REVERIFY_WINDOW_MS = 30 * 60 * 1000;
/** The job topic of a stored webhook event. */
export const WEBHOOK_TOPIC = 'payment.webhook';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// ---------------------------------------------------------------------------------------------
// Guest checkout
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/payment/add-user`: binds a guest's contact details to a fresh checkout id (256
 * random bits; only its hash is stored) for 30 minutes. Looks no account up and signs nobody in,
 * so the answer is the same whether or not one exists.
 */
export async function addGuestCheckout(ctx: AppContext, body: GuestCheckoutBody): Promise<GuestCheckout> {
  const db = ctx.database.db;
  const now = ctx.clock();
  if (body.batchId !== undefined && !(await repo.batchExists(db, body.batchId))) throw notFound('The batch');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
  await repo.insertCheckout(db, {
    tokenHash: sha256(token),
    name: body.name,
    email: body.email,
    mobile: body.mobile,
    batchId: body.batchId ?? null,
    linkToken: body.linkToken ?? null,
    expiresAt,
    createdAt: now,
  });
  return { checkoutId: token, expiresAt: expiresAt.toISOString() };
}

/** Who pays: the signed-in user, or the account a guest checkout finds or creates. */
export interface Buyer {
  userId: number;
  guest: GuestOrigin | undefined;
}

/**
 * The buyer of a purchase call: the session's user, else the account of the live guest checkout
 * `checkoutId` (found by e-mail, then mobile, else created and marked as created by it; once per
 * checkout). `target` must match what the checkout was opened for. Neither → 401.
 */
export async function resolveBuyer(
  ctx: AppContext,
  input: {
    session: SessionIdentity | null;
    checkoutId: string | undefined;
    target?: { batchId: number } | { linkToken: string };
  },
): Promise<Buyer> {
  if (input.session) return { userId: input.session.userId, guest: undefined };
  if (!input.checkoutId)
    throw new AppError('UNAUTHORIZED', 'Sign in, or enter your name, e-mail and mobile to continue.');
  const checkoutId = input.checkoutId;
  const db = ctx.database.db;
  const now = ctx.clock();
  return db.transaction(async (tx) => {
    const found = await repo.findLiveCheckout(tx, sha256(checkoutId), now);
    const checkout = found ? await repo.lockCheckout(tx, found.id) : null;
    if (!checkout) {
      throw new AppError('VALIDATION_FAILED', 'Your checkout has expired. Please enter your details again.', [
        { path: 'checkoutId', message: 'has expired or is not valid' },
      ]);
    }
    const target = input.target;
    if (
      target &&
      (('batchId' in target && checkout.batchId !== null && checkout.batchId !== target.batchId) ||
        ('linkToken' in target && checkout.linkToken !== null && checkout.linkToken !== target.linkToken))
    ) {
      throw new AppError('VALIDATION_FAILED', 'This checkout was opened for something else.', [
        { path: 'checkoutId', message: 'belongs to another purchase' },
      ]);
    }
    let userId = checkout.userId;
    let created = checkout.createdAccount;
    if (userId === null) {
      const account = await findOrCreateCheckoutAccount(
        tx,
        { name: checkout.name, email: checkout.email, mobile: checkout.mobile },
        now,
      );
      if (account.disabled)
        throw new AppError('FORBIDDEN', 'This account cannot make purchases. Please contact us.');
      userId = account.userId;
      created = account.created;
      await repo.setCheckoutAccount(tx, checkout.id, userId, created);
    }
    return {
      userId,
      guest: {
        checkoutId: checkout.id,
        name: checkout.name,
        email: checkout.email,
        mobile: checkout.mobile,
        accountCreated: created,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Initiate
// ---------------------------------------------------------------------------------------------

/**
 * The answer of every `…/initiate` call for an order `createOrder` made: the provider order the
 * browser pays, or (nothing left to pay) the paid order with its one-time token.
 */
export async function initiateAnswer(ctx: AppContext, created: CreatedOrder): Promise<InitiatePayment> {
  const { order } = created;
  const db = ctx.database.db;
  const [buyer] = await db
    .select({ name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, order.userId!))
    .limit(1);
  const orderToken = order.status === 'paid' ? await issueOrderLoginToken(db, order.id, ctx.clock()) : null;
  return {
    orderId: order.id,
    status: order.status === 'paid' ? 'paid' : 'created',
    provider: order.provider,
    providerOrderId: created.providerOrderId,
    amountMinor: order.amountMinor,
    currency: order.currency as CurrencyCode,
    keyId: ctx.payments.keyId,
    description: created.description,
    prefill: {
      name: order.guestName ?? buyer?.name ?? '',
      email: order.guestEmail ?? buyer?.email ?? '',
      contact: order.guestMobile ?? buyer?.mobile ?? '',
    },
    expiresAt: (order.expiresAt ?? ctx.clock()).toISOString(),
    orderToken,
  };
}

/** `POST /api/payment/initiate`: a course batch in full or by instalments (the server sets every amount). */
export async function initiatePayment(
  ctx: AppContext,
  input: {
    session: SessionIdentity | null;
    body: InitiatePaymentBody;
    currency: CurrencyCode;
    idempotencyKey?: string;
  },
): Promise<InitiatePayment> {
  const { body } = input;
  const buyer = await resolveBuyer(ctx, {
    session: input.session,
    checkoutId: body.checkoutId,
    target: { batchId: body.batchId },
  });
  const created = await createOrder(ctx, {
    kind: 'course',
    userId: buyer.userId,
    batchId: body.batchId,
    plan: body.plan,
    couponCode: body.couponCode,
    coins: body.coins,
    currency: input.currency,
    gstin: body.gstin,
    guest: buyer.guest,
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

// ---------------------------------------------------------------------------------------------
// Verify (the browser's proof of payment)
// ---------------------------------------------------------------------------------------------

const invalidPayment = (message = 'We could not confirm this payment. Nothing was changed.') =>
  new AppError('PAYMENT_INVALID', message);

/**
 * `PUT /api/payment/order/{id}`: the provider checkout's signature is checked against the order's
 * STORED provider order id (a signature over another order, a flipped character or none → 400,
 * nothing changes); then the payment is read from the provider (outside any transaction) and
 * `fulfilOrder` decides. Answers the one-time order token; it signs in only an account this
 * order's checkout created (`signInWithToken`).
 */
export async function verifyPayment(
  ctx: AppContext,
  input: { orderId: number; body: VerifyPaymentBody; security: SecurityLog },
): Promise<VerifiedPayment> {
  const { body, security } = input;
  const db = ctx.database.db;
  const order = await repo.findOrder(db, input.orderId);
  const reject = (reason: string, message?: string) => {
    security('payment_rejected', { orderId: input.orderId, reason });
    return invalidPayment(message);
  };
  if (!order || order.providerOrderId === null) throw reject('no provider order');
  if (body.providerOrderId !== order.providerOrderId)
    throw reject('provider order differs from the stored one');
  const signed = ctx.payments.verifyCheckoutSignature({
    providerOrderId: order.providerOrderId,
    providerPaymentId: body.providerPaymentId,
    signature: body.signature,
  });
  if (!signed) throw reject('bad signature');

  let payment: ProviderPayment | undefined;
  try {
    const reported = await ctx.payments.fetchOrderPayments(order.providerOrderId);
    payment = reported.find((p) => p.id === body.providerPaymentId);
    if (
      payment &&
      payment.status === 'authorized' &&
      payment.amountMinor === order.amountMinor &&
      payment.currency === order.currency
    ) {
      payment = await ctx.payments.capturePayment({
        paymentId: payment.id,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
    }
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'We could not reach the payment service to confirm your payment. It is safe: try again in a minute, or we will confirm it ourselves shortly.',
      );
    }
    throw error;
  }
  if (!payment) throw reject('payment not found at the provider');
  const result = await fulfilOrder(ctx, { orderId: order.id, payment, signatureVerified: true });
  switch (result.outcome) {
    case 'paid':
      break;
    case 'already': {
      const paidAt = result.order.paidAt ?? ctx.clock();
      if (ctx.clock().getTime() - paidAt.getTime() > REVERIFY_WINDOW_MS) {
        throw new AppError('CONFLICT', 'This order was confirmed earlier. Sign in to see your course.');
      }
      break;
    }
    case 'flagged':
      security('payment_flagged', { orderId: order.id, reason: result.order.flagReason ?? 'mismatch' });
      throw invalidPayment(
        'This payment does not match the order, so it was not applied. Our team will review it and contact you.',
      );
    case 'not_captured':
      throw reject(`payment ${payment.status}`, 'This payment has not gone through. Please try again.');
    case 'closed':
      throw new AppError(
        'CONFLICT',
        'This order had expired before the payment arrived. We will honour or refund it and e-mail you.',
      );
  }
  const orderToken = await issueOrderLoginToken(db, order.id, ctx.clock());
  return { status: 'paid', orderId: order.id, orderToken, signInWithToken: order.accountCreatedByCheckout };
}

// ---------------------------------------------------------------------------------------------
// Cancel, success
// ---------------------------------------------------------------------------------------------

/** Whether the caller owns the order: its buyer's session, or the guest checkout that started it. */
async function ownsOrder(
  ctx: AppContext,
  order: repo.OrderRow,
  session: SessionIdentity | null,
  checkoutId: string | undefined,
): Promise<boolean> {
  if (session) return order.userId !== null && session.userId === order.userId && !session.isModeratorView;
  if (!checkoutId || order.checkoutId === null) return false;
  const checkout = await repo.findCheckoutByTokenHash(ctx.database.db, sha256(checkoutId));
  return checkout?.id === order.checkoutId;
}

/** `POST /api/payment/order/{id}/cancel`: the payer closed the checkout; the holds go back once. */
export async function cancelOrder(
  ctx: AppContext,
  input: { orderId: number; session: SessionIdentity | null; checkoutId: string | undefined },
): Promise<z.input<typeof CancelledOrderSchema>> {
  const db = ctx.database.db;
  const order = await repo.findOrder(db, input.orderId);
  if (!order || !(await ownsOrder(ctx, order, input.session, input.checkoutId))) throw notFound('The order');
  const now = ctx.clock();
  await db.transaction((tx) => releaseOrderHolds(tx, order.id, 'failed', now));
  const after = await repo.findOrder(db, order.id);
  return { orderId: order.id, status: after!.status };
}

/**
 * `GET /api/order/{id}/success`: the owner's session, or the order's live one-time token (checked,
 * not used up). Anyone else → 404, the same as a missing order.
 */
export async function orderSuccess(
  ctx: AppContext,
  input: { orderId: number; session: SessionIdentity | null; token: string | undefined },
): Promise<OrderSuccess> {
  const db = ctx.database.db;
  const order = await repo.findOrder(db, input.orderId);
  if (!order) throw notFound('The order');
  const byOwner = input.session !== null && order.userId === input.session.userId;
  const byToken = !byOwner && (await isOrderTokenValid(db, order.id, input.token, ctx.clock()));
  if (!byOwner && !byToken) throw notFound('The order');
  const [buyer] = await db
    .select({ name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, order.userId!))
    .limit(1);
  const workshop = order.batchId !== null ? await repo.workshopOfBatch(db, order.batchId) : null;
  return {
    // A guest sees the details they typed (never more of an account that existed before).
    name: order.guestName ?? buyer?.name ?? null,
    email: order.guestEmail ?? buyer?.email ?? null,
    mobile: order.guestMobile ?? buyer?.mobile ?? null,
    success: order.status === 'paid',
    brochure: workshop?.brochureUrl ?? null,
    orderId: order.id,
    status: order.status,
    kind: order.kind,
    amountMinor: order.amountMinor,
    currency: order.currency as CurrencyCode,
    paidAt: order.paidAt?.toISOString() ?? null,
    Workshop: workshop
      ? {
          id: workshop.id,
          type: workshop.type,
          title: workshop.title,
          shortTitle: workshop.shortTitle,
          slug: workshop.slug,
        }
      : null,
    batchId: order.batchId,
    hasInvoice: order.status === 'paid' && byOwner,
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/payment/webhook/razorpay`: checks the signature over the raw body (invalid, missing,
 * re-serialised → 400 and nothing stored), then stores the event once (unique event id) and
 * queues its processing in the same transaction. Answers at once; the job does the work.
 */
export async function receiveWebhook(
  ctx: AppContext,
  input: {
    rawBody: Buffer;
    signature: string | undefined;
    eventId: string | undefined;
    security: SecurityLog;
  },
): Promise<{ received: true; duplicate: boolean }> {
  const event = ctx.payments.parseWebhook({
    rawBody: input.rawBody,
    signature: input.signature,
    eventId: input.eventId,
  });
  if (!event) {
    input.security('webhook_rejected', { reason: 'signature or body invalid', userId: null });
    throw new AppError('PAYMENT_INVALID', 'The webhook signature is not valid.');
  }
  const now = ctx.clock();
  const inserted = await ctx.database.db.transaction(async (tx) => {
    const id = await repo.insertWebhookEvent(tx, {
      provider: ctx.payments.name,
      providerEventId: event.eventId,
      eventType: event.type,
      payload: event.payload,
      now,
    });
    if (id !== null) {
      await enqueue(tx, {
        topic: WEBHOOK_TOPIC,
        payload: { inboxId: id, event: serialisableEvent(event) },
        dedupeKey: `${WEBHOOK_TOPIC}:${event.eventId}`,
        maxAttempts: 12,
      });
    }
    return id !== null;
  });
  return { received: true, duplicate: !inserted };
}

/** The normalised event without its raw payload (stored in the inbox already). */
function serialisableEvent(event: ProviderWebhookEvent): Record<string, unknown> {
  return {
    eventId: event.eventId,
    type: event.type,
    payment: event.payment ? { ...event.payment, createdAt: event.payment.createdAt.toISOString() } : null,
    order: event.order,
    refund: event.refund,
  };
}

interface QueuedEvent {
  eventId: string;
  type: string;
  payment: (Omit<ProviderPayment, 'createdAt'> & { createdAt: string }) | null;
  order: { id: string } | null;
  refund: ProviderRefund | null;
}

/**
 * A processed `refund.processed` event: `purchases` owns refunds and registers this hook
 * (`setRefundProcessedHandler`); without one the event is recorded with an error for staff.
 */
export type RefundProcessedHandler = (
  ctx: AppContext,
  input: { order: repo.OrderRow | null; refund: ProviderRefund; eventId: string },
) => Promise<void>;
let refundProcessedHandler: RefundProcessedHandler | null = null;

export function setRefundProcessedHandler(handler: RefundProcessedHandler): void {
  refundProcessedHandler = handler;
}

/**
 * The `payment.webhook` job: applies one stored event, any number of times and in any order.
 * `payment.captured` and `order.paid` fulfil the order; `payment.authorized` captures a matching
 * payment the provider left uncaptured, then fulfils; `payment.failed` leaves the order open
 * (`attempted`) for a retry; `refund.processed` goes to the refund hook. Events for an order that
 * has reached a final state are ignored and logged. A provider outage throws (the job retries).
 */
export async function processWebhookEvent(
  ctx: AppContext,
  log: JobLog,
  payload: Record<string, unknown>,
): Promise<void> {
  const inboxId = payload.inboxId;
  const event = payload.event as QueuedEvent | undefined;
  if (typeof inboxId !== 'number' || !event)
    throw new PermanentJobError('payment.webhook: malformed payload');
  const db = ctx.database.db;
  const [inbox] = await db.transaction(async (tx) => [await repo.lockWebhookEvent(tx, inboxId)]);
  if (!inbox) throw new PermanentJobError(`payment.webhook: no inbox event ${inboxId}`);
  if (inbox.processedAt) return;
  const finish = (lastError: string | null) =>
    repo.finishWebhookEvent(db, inboxId, { processedAt: ctx.clock(), lastError });
  const payment: ProviderPayment | null = event.payment
    ? { ...event.payment, createdAt: new Date(event.payment.createdAt) }
    : null;
  const providerOrderId = payment?.orderId ?? event.order?.id ?? null;
  const order = providerOrderId ? await repo.findOrderByProviderOrderId(db, providerOrderId) : null;
  const context = { eventId: event.eventId, type: event.type, orderId: order?.id ?? null };

  if (event.type === 'refund.processed') {
    if (!event.refund) return finish('refund.processed without a refund');
    if (!refundProcessedHandler) {
      log.warn(context, 'payment webhook: refund.processed with no refund handler registered');
      return finish('no refund handler registered');
    }
    await refundProcessedHandler(ctx, { order, refund: event.refund, eventId: event.eventId });
    return finish(null);
  }
  if (!order) {
    log.warn(context, 'payment webhook: no order for this event; ignored');
    return finish('unknown order');
  }

  try {
    switch (event.type) {
      case 'payment.captured':
      case 'order.paid': {
        const captured =
          payment?.status === 'captured'
            ? payment
            : (await ctx.payments.fetchOrderPayments(order.providerOrderId!)).find(
                (p) => p.status === 'captured',
              );
        if (!captured) {
          log.warn(context, 'payment webhook: no captured payment found; ignored');
          return finish('no captured payment');
        }
        await applyCaptured(ctx, log, order, captured, context);
        return finish(null);
      }
      case 'payment.authorized': {
        if (!payment) return finish('payment.authorized without a payment');
        if (!repo.isOpen(order.status)) {
          log.info(context, `payment webhook: order already ${order.status}; event ignored`);
          return finish(null);
        }
        const fresh =
          (await ctx.payments.fetchOrderPayments(order.providerOrderId!)).find((p) => p.id === payment.id) ??
          payment;
        let current = fresh;
        if (
          fresh.status === 'authorized' &&
          fresh.amountMinor === order.amountMinor &&
          fresh.currency === order.currency
        ) {
          current = await ctx.payments.capturePayment({
            paymentId: fresh.id,
            amountMinor: fresh.amountMinor,
            currency: fresh.currency,
          });
        }
        await applyCaptured(ctx, log, order, current, context);
        return finish(null);
      }
      case 'payment.failed': {
        if (!repo.isOpen(order.status)) {
          log.info(context, `payment webhook: payment failed after the order was ${order.status}; ignored`);
          return finish(null);
        }
        await db.transaction(async (tx) => {
          await markAttempted(tx, order.id, ctx.clock());
        });
        if (payment) await fulfilOrder(ctx, { orderId: order.id, payment }); // records the failed payment only
        return finish(null);
      }
      default:
        log.info(context, 'payment webhook: event type not handled; stored only');
        return finish(null);
    }
  } catch (error) {
    if (error instanceof ProviderError && !error.retryable) {
      await finish(`provider: ${error.message}`);
      return;
    }
    throw error;
  }
}

async function applyCaptured(
  ctx: AppContext,
  log: JobLog,
  order: repo.OrderRow,
  payment: ProviderPayment,
  context: Record<string, unknown>,
): Promise<void> {
  const result = await fulfilOrder(ctx, { orderId: order.id, payment });
  if (result.outcome === 'already') log.info(context, 'payment webhook: order already paid; event ignored');
  else if (result.outcome === 'flagged') {
    log.warn(
      { ...context, reason: result.order.flagReason },
      'payment webhook: payment does not match its order; flagged',
    );
    const security = securityLog(
      log,
      { requestId: `webhook:${String(context.eventId)}`, ip: '', userId: () => order.userId },
      ctx.clock,
    );
    security('payment_flagged', { orderId: order.id, reason: result.order.flagReason ?? 'mismatch' });
  } else if (result.outcome === 'closed')
    log.warn(context, 'payment webhook: captured payment for a closed order');
  else if (result.outcome === 'not_captured')
    log.info(context, `payment webhook: payment ${payment.status}; nothing to do`);
}

// ---------------------------------------------------------------------------------------------
// Sandbox
// ---------------------------------------------------------------------------------------------

/** The sandbox adapter's extra: settle a sandbox order as the payer would (signed like Razorpay). */
interface SandboxPayer {
  pay(input: {
    providerOrderId: string;
    outcome: 'success' | 'failure';
  }): Promise<Omit<SandboxPay, 'outcome'> & { outcome?: SandboxPay['outcome'] }>;
}

function sandboxOf(ctx: AppContext): SandboxPayer {
  const adapter = ctx.payments as unknown as Partial<SandboxPayer>;
  if (ctx.payments.name !== 'sandbox' || typeof adapter.pay !== 'function') {
    throw notFound('The sandbox checkout');
  }
  return adapter as SandboxPayer;
}

/** Pays (or fails) a sandbox provider order. */
export async function sandboxPay(
  ctx: AppContext,
  input: { providerOrderId: string; outcome: 'success' | 'failure' },
): Promise<SandboxPay> {
  const sandbox = sandboxOf(ctx);
  const order = await repo.findOrderByProviderOrderId(ctx.database.db, input.providerOrderId);
  if (!order) throw notFound('The order');
  const result = await sandbox.pay(input);
  return { ...result, outcome: input.outcome };
}

/** `POST /api/payment/sandbox/pay { orderId }` (outside production): by our order id. */
export async function sandboxPayOrder(
  ctx: AppContext,
  input: { orderId: number; outcome: 'success' | 'failure' },
): Promise<SandboxPay> {
  const order = await repo.findOrder(ctx.database.db, input.orderId);
  if (!order || order.providerOrderId === null) throw notFound('The order');
  return sandboxPay(ctx, { providerOrderId: order.providerOrderId, outcome: input.outcome });
}
