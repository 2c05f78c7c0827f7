import { randomUUID } from 'node:crypto';
import type { CurrencyCode } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { ProviderError, type ProviderPayment } from '../../integrations/payments/types.js';
import type { AppContext } from '../../platform/context.js';
import {
  checkoutSettings,
  fixInstalmentPlan,
  markInstalmentPaid,
  quoteCheckout,
  reserveCoupon,
  settleCoupon,
  type CheckoutQuote,
} from '../checkout/index.js';
import { enqueueReceipt, issueInvoice } from '../invoices/index.js';
import { enqueuePurchaseConversion } from '../leads/index.js';
import { moveCoins, rewardReferrerOnPaidOrder } from '../wallet/index.js';
import * as repo from './payments.repository.js';
import { requestRefund } from './refunds.js';

/*
 * The order machinery (decision 0015): every purchase kind goes through `createOrder` →
 * (provider checkout) → `fulfilOrder`, or `releaseOrderHolds` when it ends unpaid.
 *
 * State machine of `orders.status`:
 *   created ──(payment.failed)──▶ attempted ──(retry)──▶ …
 *   created | attempted ──(captured payment that matches)──▶ paid   (terminal for this module)
 *   created | attempted ──(cancel, provider failure)──▶ failed      (holds released once)
 *   created | attempted ──(TTL, reconciliation)──▶ expired          (holds released once)
 *   paid ──(refund, owned by purchases)──▶ refunded
 * A mismatched payment does not move the status: the order is flagged (`flaggedAt`) and nobody
 * is enrolled. Every transition locks the order row first, so the browser's verification, any
 * number of webhooks and the reconciliation job may race: exactly one of them fulfils.
 */

/** What the buyer pays for. */
export type OrderSpec =
  | {
      /** A course batch, in full or by its instalment plan: priced by `quoteCheckout`. */
      kind: 'course';
      userId: number;
      batchId: number;
      plan: 'full' | 'instalments';
      couponCode?: string | undefined;
      coins?: number | undefined;
      currency: CurrencyCode;
      gstin?: string | undefined;
      guest?: GuestOrigin | undefined;
      idempotencyKey?: string | undefined;
    }
  | {
      /**
       * Any other kind (instalment, recording, competition, consultation, custom, coins): the
       * caller (purchases) decided the amount on the server. `coinsUsed` coins are debited.
       */
      kind: Exclude<repo.OrderKind, 'course'>;
      userId: number;
      amountMinor: number;
      currency: CurrencyCode;
      description: string;
      batchId?: number | null;
      instalmentId?: number | null;
      consultationPackageId?: number | null;
      couponId?: number | null;
      discountMinor?: number;
      coinsUsed?: number;
      details?: Record<string, unknown>;
      gstin?: string | undefined;
      guest?: GuestOrigin | undefined;
      idempotencyKey?: string | undefined;
    };

/** A guest checkout's contact details and whether it created the buyer's account. */
export interface GuestOrigin {
  checkoutId: number;
  name: string;
  email: string;
  mobile: string;
  accountCreated: boolean;
}

export interface CreatedOrder {
  order: repo.OrderRow;
  /** What the provider's checkout needs; null when nothing is left to pay (paid at once). */
  providerOrderId: string | null;
  description: string;
  quote: CheckoutQuote | null;
}

/** The coins ledger references of an order (each applied at most once by the wallet). */
export const coinsSpendRef = (orderId: number) => `order:${orderId}:coins`;
export const coinsReturnRef = (orderId: number) => `order:${orderId}:coins-return`;

/** Per-kind effects of a paid order that another module owns (purchases registers them). */
export type OrderKindEffect = (tx: repo.Executor, order: repo.OrderRow, now: Date) => Promise<void>;
const kindEffects = new Map<repo.OrderKind, OrderKindEffect>();

/**
 * Registers what a paid order of `kind` does besides being paid (e.g. a recording's access, a
 * competition entry). Runs inside the transaction that marks the order paid. Course and
 * instalment orders are handled here.
 */
export function registerOrderKindEffect(
  kind: Exclude<repo.OrderKind, 'course' | 'instalment'>,
  effect: OrderKindEffect,
): void {
  kindEffects.set(kind, effect);
}

/** Seconds → the order's expiry. */
function expiryOf(ctx: Pick<AppContext, 'config'>, now: Date): Date {
  return new Date(now.getTime() + ctx.config.orderTtlSeconds * 1000);
}

/**
 * Creates an order and its provider order (decision 0015). One transaction prices it, inserts
 * it (`created`, expiring after ORDER_TTL_SECONDS) and holds its seat (by its status), coupon and
 * coins; after the commit — never inside a transaction — the provider order is created for the
 * stored amount with receipt `order_{id}`. When the provider fails, the holds are released and
 * the caller gets 503. A zero amount (coins, a 100 % coupon) is paid at once, without a provider.
 */
export async function createOrder(ctx: AppContext, spec: OrderSpec): Promise<CreatedOrder> {
  const db = ctx.database.db;
  const now = ctx.clock();
  const created = await db.transaction(async (tx) => {
    let quote: CheckoutQuote | null = null;
    let values: Omit<repo.NewOrder, 'provider'>;
    let description: string;
    if (spec.kind === 'course') {
      if (await repo.isEnrolled(tx, spec.userId, spec.batchId)) {
        throw new AppError('CONFLICT', 'You are already enrolled in this batch.');
      }
      quote = await quoteCheckout(tx, {
        batchId: spec.batchId,
        plan: spec.plan,
        couponCode: spec.couponCode,
        coins: spec.coins,
        currency: spec.currency,
        userId: spec.userId,
        now,
        forUpdate: true,
        // The deployment's coin value and share, and its calendar (not the defaults).
        ...checkoutSettings(ctx.config),
      });
      description =
        quote.plan === 'instalments' ? `${quote.workshopTitle} (instalment 1)` : quote.workshopTitle;
      values = {
        userId: spec.userId,
        kind: 'course',
        batchId: spec.batchId,
        amountMinor: quote.dueNowMinor,
        discountMinor: quote.discountMinor,
        coinsUsed: quote.coinsUsed,
        currency: quote.currency,
        couponId: quote.coupon?.id ?? null,
        details: {
          description,
          plan: quote.plan,
          listMinor: quote.listMinor,
          totalMinor: quote.totalMinor,
          coinsValueMinor: quote.coinsValueMinor,
          ...(quote.coupon ? { couponCode: quote.coupon.code } : {}),
          // The schedule as offered now: fixed exactly so when the first instalment is paid.
          ...(quote.plan === 'instalments' ? { instalments: quote.instalments } : {}),
          ...(spec.gstin ? { gstin: spec.gstin } : {}),
        },
      };
    } else {
      if (!Number.isInteger(spec.amountMinor) || spec.amountMinor < 0) {
        throw new Error(`createOrder: amountMinor must be a non-negative integer (${spec.amountMinor})`);
      }
      description = spec.description;
      values = {
        userId: spec.userId,
        kind: spec.kind,
        batchId: spec.batchId ?? null,
        instalmentId: spec.instalmentId ?? null,
        consultationPackageId: spec.consultationPackageId ?? null,
        amountMinor: spec.amountMinor,
        discountMinor: spec.discountMinor ?? 0,
        coinsUsed: spec.coinsUsed ?? 0,
        currency: spec.currency,
        couponId: spec.couponId ?? null,
        details: { ...spec.details, description, ...(spec.gstin ? { gstin: spec.gstin } : {}) },
      };
    }
    const order = await repo.insertOrder(tx, {
      ...values,
      status: 'created',
      provider: ctx.payments.name,
      expiresAt: expiryOf(ctx, now),
      idempotencyKey: spec.idempotencyKey ?? null,
      ...(spec.guest
        ? {
            checkoutId: spec.guest.checkoutId,
            guestName: spec.guest.name,
            guestEmail: spec.guest.email,
            guestMobile: spec.guest.mobile,
            accountCreatedByCheckout: spec.guest.accountCreated,
          }
        : {}),
      createdAt: now,
      updatedAt: now,
    });
    if (order.couponId !== null) {
      await reserveCoupon(tx, { couponId: order.couponId, userId: spec.userId, orderId: order.id });
    }
    if (order.coinsUsed > 0) {
      await moveCoins(tx, {
        userId: spec.userId,
        delta: -order.coinsUsed,
        reason: 'spend',
        ref: coinsSpendRef(order.id),
        orderId: order.id,
        note: description,
      });
    }
    if (order.amountMinor === 0) {
      const paid = await fulfilLocked(tx, order, null, now);
      return { order: paid.order, description, quote };
    }
    return { order, description, quote };
  });

  if (created.order.status === 'paid') {
    return {
      order: created.order,
      providerOrderId: null,
      description: created.description,
      quote: created.quote,
    };
  }

  const { order } = created;
  let providerOrderId: string;
  try {
    const providerOrder = await ctx.payments.createOrder({
      amountMinor: order.amountMinor,
      currency: order.currency,
      receipt: `order_${order.id}`,
      notes: { orderId: String(order.id), kind: order.kind },
    });
    if (providerOrder.amountMinor !== order.amountMinor || providerOrder.currency !== order.currency) {
      throw new ProviderError(
        `the provider order ${providerOrder.id} is for ${providerOrder.amountMinor} ${providerOrder.currency}, not ${order.amountMinor} ${order.currency}`,
        false,
      );
    }
    providerOrderId = providerOrder.id;
  } catch (error) {
    await db.transaction((tx) => releaseOrderHolds(tx, order.id, 'failed', ctx.clock()));
    if (error instanceof ProviderError) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The payment service is not answering right now. Nothing was charged; please try again in a minute.',
      );
    }
    throw error;
  }
  await repo.setProviderOrderId(db, order.id, providerOrderId, ctx.clock());
  return {
    order: { ...order, providerOrderId },
    providerOrderId,
    description: created.description,
    quote: created.quote,
  };
}

/** What happened to an order when a payment was reported. */
export type FulfilOutcome =
  /** This call marked it paid (and enrolled, invoiced, queued the receipt). */
  | 'paid'
  /** It was paid before (another call won the race): nothing changed. */
  | 'already'
  /** The payment's amount or currency differs from the order: flagged, nobody enrolled. */
  | 'flagged'
  /** The payment is not a captured payment of this order: nothing changed. */
  | 'not_captured'
  /** The order had ended unpaid (expired, failed, refunded): see `onLateCapture`. */
  | 'closed';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: repo.OrderRow;
}

/**
 * A captured payment for an order that had already expired or failed: `purchases` decides
 * (honour it when the seat and coupon can be taken again, else refund). Called after the
 * transaction that found the order closed. Default: logged and left for staff.
 */
export type LateCaptureHandler = (
  ctx: AppContext,
  input: { order: repo.OrderRow; payment: ProviderPayment },
) => Promise<FulfilResult | void>;
let lateCaptureHandler: LateCaptureHandler | null = null;

export function setLateCaptureHandler(handler: LateCaptureHandler): void {
  lateCaptureHandler = handler;
}

/**
 * Marks an order paid exactly once, whoever reports the payment first (the browser's
 * verification, a webhook, reconciliation), in one transaction on the locked order row:
 * checks the payment against the order (amount, currency, provider order), records it, enrols
 * (ON CONFLICT (user, batch)), applies the kind's effects (coupon counted, instalment plan fixed
 * or instalment paid), rewards the referrer, issues the invoice and queues the receipt.
 * `payment` null only for a zero-amount order.
 */
export async function fulfilOrder(
  ctx: AppContext,
  input: { orderId: number; payment: ProviderPayment | null; signatureVerified?: boolean },
): Promise<FulfilResult> {
  const db: Db = ctx.database.db;
  const now = ctx.clock();
  const result = await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, input.orderId);
    if (!order) throw new Error(`fulfilOrder: no order ${input.orderId}`);
    return fulfilLocked(tx, order, input.payment, now, input.signatureVerified ?? false);
  });
  if (result.outcome === 'closed' && input.payment && lateCaptureHandler) {
    const handled = await lateCaptureHandler(ctx, { order: result.order, payment: input.payment });
    if (handled) return handled;
  }
  return result;
}

/** `fulfilOrder` on an order row the caller has locked (or just inserted) in `tx`. */
async function fulfilLocked(
  tx: repo.Executor,
  order: repo.OrderRow,
  payment: ProviderPayment | null,
  now: Date,
  signatureVerified = false,
): Promise<FulfilResult> {
  if (order.status === 'paid' || order.status === 'refunded') {
    if (payment) await recordPayment(tx, order, payment, signatureVerified, now);
    return { outcome: 'already', order };
  }
  if (payment) {
    if (payment.orderId !== order.providerOrderId) return { outcome: 'not_captured', order };
    if (payment.status !== 'captured' && payment.status !== 'authorized') {
      // A failed (or not yet attempted) payment moves no money: recorded, nothing else.
      if (payment.status !== 'created') await recordPayment(tx, order, payment, signatureVerified, now);
      return { outcome: 'not_captured', order };
    }
    if (payment.amountMinor !== order.amountMinor || payment.currency !== order.currency) {
      const reason = `payment ${payment.id} is ${payment.amountMinor} ${payment.currency}; the order is ${order.amountMinor} ${order.currency}`;
      await recordPayment(tx, order, payment, signatureVerified, now);
      if (order.flaggedAt === null)
        await repo.updateOrder(tx, order.id, { flaggedAt: now, flagReason: reason }, now);
      // Money we cannot honour goes back (checklist F8): a captured mismatch is refunded in full,
      // once (the key names the payment); an authorized one is never captured, so it lapses.
      if (payment.status === 'captured') {
        const row = await repo.findPaymentByProviderId(tx, payment.id);
        if (row)
          await requestRefund(tx, {
            orderId: order.id,
            paymentId: row.id,
            reason: `Payment does not match its order: ${reason}`,
            idempotencyKey: `mismatch:${payment.id}`,
          });
      }
      return {
        outcome: 'flagged',
        order: { ...order, flaggedAt: order.flaggedAt ?? now, flagReason: order.flagReason ?? reason },
      };
    }
    if (payment.status !== 'captured') {
      // Authorized, not captured yet: recorded; the capture (webhook, reconciliation) pays it.
      await recordPayment(tx, order, payment, signatureVerified, now);
      return { outcome: 'not_captured', order };
    }
    if (!repo.isOpen(order.status)) {
      await recordPayment(tx, order, payment, signatureVerified, now);
      return { outcome: 'closed', order };
    }
    await recordPayment(tx, order, payment, signatureVerified, now);
  } else if (order.amountMinor !== 0 || !repo.isOpen(order.status)) {
    throw new Error(`fulfilOrder: order ${order.id} needs a payment`);
  }
  if (order.flaggedAt !== null) {
    // A flagged order waits for staff even if a matching payment arrives later.
    return { outcome: 'flagged', order };
  }

  await repo.updateOrder(tx, order.id, { status: 'paid', paidAt: now }, now);
  const paid: repo.OrderRow = { ...order, status: 'paid', paidAt: now };
  const userId = order.userId;
  if (userId === null) throw new Error(`fulfilOrder: order ${order.id} has no buyer`);

  if (order.kind === 'course') {
    await repo.enrol(tx, { userId, batchId: order.batchId!, orderId: order.id, now });
    if (order.couponId !== null) await settleCoupon(tx, { orderId: order.id, outcome: 'used' });
    const details = order.details as {
      plan?: string;
      instalments?: { sequence: number; dueDate: string; amountMinor: number }[];
    };
    if (details.plan === 'instalments' && details.instalments) {
      await fixInstalmentPlan(tx, {
        userId,
        batchId: order.batchId!,
        orderId: order.id,
        currency: order.currency as CurrencyCode,
        instalments: details.instalments,
        now,
      });
    }
  } else if (order.kind === 'instalment') {
    if (order.instalmentId === null)
      throw new Error(`fulfilOrder: instalment order ${order.id} has no instalment`);
    await markInstalmentPaid(tx, { instalmentId: order.instalmentId, orderId: order.id, now });
    if (order.couponId !== null) await settleCoupon(tx, { orderId: order.id, outcome: 'used' });
  } else {
    if (order.couponId !== null) await settleCoupon(tx, { orderId: order.id, outcome: 'used' });
    const effect = kindEffects.get(order.kind);
    if (effect) await effect(tx, paid, now);
  }
  await rewardReferrerOnPaidOrder(tx, { userId, orderId: order.id, now });
  await issueInvoice(tx, { orderId: order.id, now });
  await enqueueReceipt(tx, { orderId: order.id });
  // The ad tracker's Purchase conversion, with the buyer's consent on record only (issue 16).
  await enqueuePurchaseConversion(tx, { orderId: order.id, now });
  return { outcome: 'paid', order: paid };
}

async function recordPayment(
  tx: repo.Executor,
  order: repo.OrderRow,
  payment: ProviderPayment,
  signatureVerified: boolean,
  now: Date,
): Promise<void> {
  await repo.upsertPayment(tx, {
    orderId: order.id,
    providerPaymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status === 'created' ? 'created' : payment.status,
    method: payment.method,
    signatureVerified,
    capturedAt: payment.status === 'captured' ? now : null,
    now,
  });
}

/**
 * Ends an unpaid order and gives back what it held, exactly once: the coupon reservation
 * (released once by the checkout module), the coins (returned once, ledger ref
 * `order:{id}:coins-return`) and the seat (held by the open status, freed by `status`). Returns
 * false (nothing done) when the order is not open any more: paid, or already released.
 * Run it in the caller's transaction; it locks the order row.
 */
export async function releaseOrderHolds(
  tx: repo.Executor,
  orderId: number,
  status: 'failed' | 'expired',
  now: Date = new Date(),
): Promise<boolean> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order || !repo.isOpen(order.status) || order.holdsReleasedAt !== null) return false;
  await repo.updateOrder(tx, order.id, { status, holdsReleasedAt: now }, now);
  if (order.couponId !== null) await settleCoupon(tx, { orderId: order.id, outcome: 'released' });
  if (order.coinsUsed > 0 && order.userId !== null) {
    await moveCoins(tx, {
      userId: order.userId,
      delta: order.coinsUsed,
      reason: 'refund',
      ref: coinsReturnRef(order.id),
      orderId: order.id,
      note: `order ${order.id} ${status}`,
    });
  }
  return true;
}

/** A payment failed at the provider: the order stays open for a retry (`attempted`). */
export async function markAttempted(tx: repo.Executor, orderId: number, now: Date): Promise<boolean> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order || order.status !== 'created') return false;
  await repo.updateOrder(tx, orderId, { status: 'attempted' }, now);
  return true;
}

/**
 * A course seat paid outside the provider (bank transfer, cash; issue 17 point 3), recorded by
 * staff in the caller's transaction: a `course` order for the amount received, marked
 * `details.offline` with the payment's reference and who recorded it, and a captured payment
 * `offline:{orderId}` (method `offline`), fulfilled like any paid order — enrolment, referral
 * reward, invoice, receipt — so reports and invoices see it. The provider is never called; the
 * order's `provider` is the deployment's (the column's list), its provider order id
 * `offline:{uuid}`. The caller checks that the learner is not enrolled yet.
 */
export async function recordOfflineCourseOrder(
  tx: repo.Executor,
  input: {
    provider: repo.ProviderName;
    userId: number;
    batchId: number;
    amountMinor: number;
    currency: CurrencyCode;
    description: string;
    reference: string;
    recordedBy: number;
    now: Date;
  },
): Promise<repo.OrderRow> {
  const providerOrderId = `offline:${randomUUID()}`;
  const order = await repo.insertOrder(tx, {
    userId: input.userId,
    kind: 'course',
    batchId: input.batchId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    status: 'created',
    provider: input.provider,
    providerOrderId,
    details: {
      description: input.description,
      plan: 'full',
      listMinor: input.amountMinor,
      totalMinor: input.amountMinor,
      offline: { reference: input.reference, recordedBy: input.recordedBy },
    },
    createdAt: input.now,
    updatedAt: input.now,
  });
  const result = await fulfilLocked(
    tx,
    order,
    {
      id: `offline:${order.id}`,
      orderId: providerOrderId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      status: 'captured',
      method: 'offline',
      errorDescription: null,
      createdAt: input.now,
    },
    input.now,
    true,
  );
  if (result.outcome !== 'paid')
    throw new Error(`recordOfflineCourseOrder: order ${order.id} ${result.outcome}`);
  return result.order;
}
