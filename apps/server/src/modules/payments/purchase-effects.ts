/*
 * What a paid order of the "other" kinds does (issue 14 "Other purchases", decision 0016), run by
 * the order machinery inside the transaction that marks the order paid (`registerOrderKindEffect`),
 * and how an expired order's holds are taken again when its payment came late (`retakeOrderHolds`).
 * Every effect is idempotent: a second run changes nothing.
 *
 *   recording    → an enrolment on the batch with dashboard access to its recordings, not a live
 *                  seat (`isEnrolled` false): it does not count against the batch's capacity.
 *   competition  → the learner's registration `confirmed`, linked to the order, and its
 *                  confirmation message queued (the same one free registration queues).
 *   consultation → nothing besides the paid order (staff book the session from it; receipt mailed).
 *   custom       → the payment link marked paid by this order (a second order paying the same link
 *                  is refunded in full).
 *   coins        → a course bought wholly with coins: the seat is checked under the batch's lock
 *                  and the learner enrolled (the coins were debited when the order was created).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import type { orders } from '../../db/schema/index.js';
import { competitionRegistrations, enrolments, instalments, paymentLinks } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { enqueueNotification } from '../notifications/index.js';
import { moveCoins } from '../wallet/index.js';
import { quoteCheckout, reserveCoupon, type CheckoutCurrency } from '../checkout/index.js';
import { requestRefund } from './refunds.js';

type OrderRow = typeof orders.$inferSelect;

/** The purchase kinds whose effect lives here. */
export const PURCHASE_EFFECT_KINDS = ['recording', 'competition', 'consultation', 'custom', 'coins'] as const;
export type PurchaseEffectKind = (typeof PURCHASE_EFFECT_KINDS)[number];

/** Ledger reference of coins taken again for a revived order (the first spend's ref is used). */
export const coinsRespendRef = (orderId: number) => `order:${orderId}:coins-again`;

function detailNumber(order: OrderRow, key: string): number {
  const value = order.details[key];
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`order ${order.id} has no ${key} in its details`);
  return n;
}

function buyerOf(order: OrderRow): number {
  if (order.userId === null) throw new Error(`order ${order.id} has no buyer`);
  return order.userId;
}

/**
 * Checks, under the batch row's lock, that `order`'s batch is on sale and has a seat for its buyer
 * (the checkout's own count: live enrolments and open course orders). Throws AppError SOLD_OUT or
 * NOT_FOUND otherwise. The lock is `FOR NO KEY UPDATE`: it serialises seat counts with the
 * checkout's `FOR UPDATE` but not with the key-share locks that concurrent orders' foreign keys
 * take on the batch row — taking `FOR UPDATE` here, after the wallet's lock, deadlocked 20
 * concurrent coin purchases on PostgreSQL.
 */
async function checkSeat(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  await tx.execute(sql`SELECT id FROM batches WHERE id = ${order.batchId} FOR NO KEY UPDATE`);
  await quoteCheckout(tx, {
    batchId: order.batchId!,
    plan: 'full',
    currency: order.currency as CheckoutCurrency,
    userId: order.userId,
    now,
  });
}

async function isEnrolledIn(tx: Executor, userId: number, batchId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(eq(enrolments.userId, userId), eq(enrolments.batchId, batchId), eq(enrolments.isRefund, false)),
    );
  return row !== undefined;
}

/** The effect of a paid order of `order.kind` (see the file comment). */
export async function applyPurchaseEffect(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  switch (order.kind) {
    case 'recording': {
      await tx
        .insert(enrolments)
        .values({
          userId: buyerOf(order),
          batchId: order.batchId!,
          sourceOrderId: order.id,
          isEnrolled: false,
          isDashboardAccess: true,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      return;
    }
    case 'coins': {
      const userId = buyerOf(order);
      if (await isEnrolledIn(tx, userId, order.batchId!))
        throw new AppError('CONFLICT', 'You are already enrolled in this batch.');
      await checkSeat(tx, order, now);
      await tx
        .insert(enrolments)
        .values({ userId, batchId: order.batchId!, sourceOrderId: order.id, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      return;
    }
    case 'competition': {
      const competitionId = detailNumber(order, 'competitionId');
      const confirmed = await tx
        .insert(competitionRegistrations)
        .values({ competitionId, userId: buyerOf(order), orderId: order.id, status: 'confirmed' })
        .onConflictDoUpdate({
          target: [competitionRegistrations.competitionId, competitionRegistrations.userId],
          set: { status: 'confirmed', orderId: order.id },
          setWhere: sql`${competitionRegistrations.status} <> 'confirmed'`,
        })
        .returning({ id: competitionRegistrations.id, userId: competitionRegistrations.userId });
      // Nothing returned: it was confirmed already (its message went then).
      for (const registration of confirmed)
        await enqueueNotification(
          tx,
          {
            kind: 'competition-registration',
            to: { userId: registration.userId },
            registrationId: registration.id,
          },
          `competition-registration:${registration.id}`,
        );
      return;
    }
    case 'custom': {
      const linkId = detailNumber(order, 'paymentLinkId');
      const marked = await tx
        .update(paymentLinks)
        .set({ paidOrderId: order.id, paidAt: now })
        .where(and(eq(paymentLinks.id, linkId), isNull(paymentLinks.paidOrderId)))
        .returning({ id: paymentLinks.id });
      if (marked.length === 0) {
        const [link] = await tx
          .select({ paidOrderId: paymentLinks.paidOrderId })
          .from(paymentLinks)
          .where(eq(paymentLinks.id, linkId));
        if (link?.paidOrderId !== order.id)
          await requestRefund(tx, {
            orderId: order.id,
            reason: 'This payment link had already been paid by another order',
            idempotencyKey: `link-paid-twice:${order.id}`,
          });
      }
      return;
    }
    case 'consultation':
      return;
    default:
      return;
  }
}

/**
 * Takes an expired order's holds again so that a payment that came late can be honoured: the
 * seat (course, coins), the coupon, the coins, and for the one-off kinds that the thing is still
 * unpaid. False (or an AppError) when any of them is gone; the caller runs this in a savepoint.
 */
export async function retakeOrderHolds(tx: Executor, order: OrderRow, now: Date): Promise<boolean> {
  const userId = order.userId;
  if (order.kind === 'course' || order.kind === 'coins' || order.kind === 'recording') {
    if (userId !== null && order.batchId !== null && (await isEnrolledIn(tx, userId, order.batchId)))
      return false;
  }
  if (order.kind === 'course' || order.kind === 'coins') {
    await checkSeat(tx, order, now); // SOLD_OUT or NOT_FOUND: not honoured
  }
  if (order.kind === 'instalment' && order.instalmentId !== null) {
    const [row] = await tx
      .select({ paidAt: instalments.paidAt })
      .from(instalments)
      .where(eq(instalments.id, order.instalmentId))
      .for('update');
    if (!row || row.paidAt !== null) return false;
  }
  if (order.kind === 'custom') {
    const [link] = await tx
      .select({ paidOrderId: paymentLinks.paidOrderId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, detailNumber(order, 'paymentLinkId')))
      .for('update');
    if (!link || link.paidOrderId !== null) return false;
  }
  if (order.kind === 'competition') {
    const [reg] = await tx
      .select({ status: competitionRegistrations.status })
      .from(competitionRegistrations)
      .where(
        and(
          eq(competitionRegistrations.competitionId, detailNumber(order, 'competitionId')),
          eq(competitionRegistrations.userId, order.userId ?? 0),
        ),
      );
    if (reg?.status === 'confirmed') return false;
  }
  if (order.couponId !== null && userId !== null)
    await reserveCoupon(tx, { couponId: order.couponId, userId, orderId: order.id });
  if (order.coinsUsed > 0 && userId !== null)
    await moveCoins(tx, {
      userId,
      delta: -order.coinsUsed,
      reason: 'spend',
      ref: coinsRespendRef(order.id),
      orderId: order.id,
      note: 'Paid after expiry: coins taken again',
    });
  return true;
}
