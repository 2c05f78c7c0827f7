import {
  batchSale,
  COUPON_REFUSAL_MESSAGES,
  couponDiscount,
  couponRefusal,
  DEFAULT_COIN_RULES,
  DEFAULT_TIME_ZONE,
  instalmentAlert,
  priceBreakdown,
  scheduleFromTemplate,
  splitInstalments,
  type BatchSale,
  type CoinRules,
  type CouponRefusal,
  type CouponTerms,
  type InstalmentAlert,
  type ScheduledInstalment,
} from '@atelier/domain';
import type { Executor } from '../../db/query.js';
import { instalmentPlans, instalments } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import * as repo from './checkout.repository.js';

/*
 * Prices, coupons, seats and instalment plans (issue 14; decision 0017). The rules themselves
 * are the domain's (`packages/domain/src/commerce.ts`); this file reads the rows they need, and
 * writes reservations and plans in the caller's transaction.
 */

export type CheckoutCurrency = 'INR' | 'USD';

/** The settings a quote depends on beyond the database (configuration; defaults when absent). */
export interface CheckoutSettings {
  coinRules?: CoinRules | undefined;
  /** The platform's time zone: whose calendar day "today" is (late joining, due dates). */
  tz?: string | undefined;
}

export interface QuoteInput extends CheckoutSettings {
  batchId: number;
  plan: 'full' | 'instalments';
  couponCode?: string | undefined;
  /** Coins the buyer asks to spend; capped by the configured share of the price. */
  coins?: number | undefined;
  currency: CheckoutCurrency;
  /** The buyer (null for a visitor's preview). */
  userId: number | null;
  now: Date;
  /** Inside initiate's transaction: lock the batch row so seats are counted and held atomically. */
  forUpdate?: boolean;
}

export interface CheckoutQuote {
  batchId: number;
  workshopId: number;
  workshopTitle: string;
  currency: CheckoutCurrency;
  /** The batch's price in `currency`, before anything is taken off. */
  listMinor: number;
  slashMinor: number | null;
  discountMinor: number;
  coupon: { id: number; code: string } | null;
  coinsUsed: number;
  /** What `coinsUsed` is worth in minor units. */
  coinsValueMinor: number;
  /** What the buyer pays in all: list − discount − coins value. */
  totalMinor: number;
  plan: 'full' | 'instalments';
  /** What this order charges now: `totalMinor` (full) or the first instalment. */
  dueNowMinor: number;
  /** The plan as it will be fixed (empty for `full`); sums to `totalMinor`. */
  instalments: { sequence: number; dueDate: string; amountMinor: number }[];
  /** Seats left before this purchase (null = unlimited). */
  seatsLeft: number | null;
}

/** A whole rupee / dollar catalogue price in minor units; null when the batch has none. */
export function listPriceMinor(
  batch: Pick<repo.BatchRow, 'amount' | 'dollar'>,
  currency: CheckoutCurrency,
): number | null {
  const major = currency === 'INR' ? batch.amount : batch.dollar;
  return major === null ? null : major * 100;
}

export function slashPriceMinor(
  batch: Pick<repo.BatchRow, 'slashAmount' | 'slashDollar'>,
  currency: CheckoutCurrency,
): number | null {
  const major = currency === 'INR' ? batch.slashAmount : batch.slashDollar;
  return major === null ? null : major * 100;
}

/** A batch's sale state today (late joining, rule 10). */
export function saleOf(batch: repo.BatchRow, now: Date, tz: string = DEFAULT_TIME_ZONE): BatchSale {
  return batchSale({ ...batch, isActive: batch.isActive && batch.workshopPublished }, now, tz);
}

/** The schedule of a batch's plan template at list prices for a purchase at `now` (empty: no plan). */
export function templateSchedule(
  rows: readonly repo.TemplateRow[],
  currency: CheckoutCurrency,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): ScheduledInstalment[] {
  return scheduleFromTemplate(
    rows.map((r) => ({
      sequence: r.sequence,
      dueDate: r.dueDate,
      dueAfterDays: r.dueAfterDays,
      amountMinor: currency === 'INR' ? r.amountInrMinor : r.amountUsdMinor,
    })),
    now,
    tz,
  );
}

/** A coupon row's terms for the domain rule. */
export function couponTerms(coupon: repo.CouponRow): CouponTerms {
  if (coupon.kind === 'percent') return { kind: 'percent', percent: coupon.value };
  return {
    kind: 'flat',
    flatMinor: {
      INR: coupon.flatInrMinor ?? (coupon.currency === 'INR' ? coupon.value : null),
      USD: coupon.flatUsdMinor ?? (coupon.currency === 'USD' ? coupon.value : null),
    },
  };
}

/** The error a refusal answers: used up → COUPON_EXHAUSTED (409), anything else COUPON_INVALID (400). */
export function couponError(refusal: CouponRefusal): AppError {
  return new AppError(
    refusal === 'used_up' ? 'COUPON_EXHAUSTED' : 'COUPON_INVALID',
    COUPON_REFUSAL_MESSAGES[refusal],
  );
}

export type CouponCheck =
  { ok: true; coupon: repo.CouponRow; terms: CouponTerms } | { ok: false; refusal: CouponRefusal };

/** Whether a coupon code applies to a batch for a buyer now, in a currency. */
export async function checkCoupon(
  db: Executor,
  input: {
    code: string;
    batch: Pick<repo.BatchRow, 'workshopId' | 'sessionType'>;
    userId: number | null;
    currency: CheckoutCurrency;
    now: Date;
  },
): Promise<CouponCheck> {
  const coupon = await repo.findCoupon(db, input.code);
  if (!coupon) return { ok: false, refusal: 'unknown' };
  const alreadyUsedByBuyer =
    input.userId !== null && (await repo.hasActiveClaim(db, coupon.id, input.userId));
  const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));
  const refusal = couponRefusal(
    {
      isActive: coupon.isActive,
      startsAt: toDate(coupon.startsAt),
      expiresAt: toDate(coupon.expiresAt),
      workshopIds:
        coupon.workshopId === null ? coupon.workshopIds : [coupon.workshopId, ...coupon.workshopIds],
      liveOnly: coupon.liveOnly,
      maxClaims: coupon.maxClaims,
      claimedCount: coupon.claimedCount,
    },
    {
      workshopId: input.batch.workshopId,
      sessionType: input.batch.sessionType,
      now: input.now,
      alreadyUsedByBuyer,
    },
  );
  if (refusal) return { ok: false, refusal };
  const terms = couponTerms(coupon);
  if (couponDiscount(terms, 0, input.currency) === null) return { ok: false, refusal: 'not_in_currency' };
  return { ok: true, coupon, terms };
}

/** Seats left in a batch for a buyer (null = unlimited). */
export async function seatsLeftIn(
  db: Executor,
  batch: Pick<repo.BatchRow, 'id' | 'capacity'>,
  now: Date,
  userId: number | null,
): Promise<number | null> {
  if (batch.capacity === null) return null;
  const taken = await repo.seatsTaken(db, batch.id, now, userId);
  return Math.max(0, batch.capacity - taken);
}

/**
 * The price of a batch for a buyer. Throws AppError: NOT_FOUND (no batch, or not on sale),
 * SOLD_OUT, COUPON_INVALID / COUPON_EXHAUSTED (with the reason), VALIDATION_FAILED (no
 * instalment plan for this batch).
 */
export async function quoteCheckout(db: Executor, input: QuoteInput): Promise<CheckoutQuote> {
  const tz = input.tz ?? DEFAULT_TIME_ZONE;
  const coinRules = input.coinRules ?? DEFAULT_COIN_RULES;
  const batch = await repo.findBatch(db, input.batchId, input.forUpdate === true);
  if (!batch || !saleOf(batch, input.now, tz).onSale) throw notFound('That batch');
  const fullMinor = listPriceMinor(batch, input.currency);
  if (fullMinor === null) throw notFound('That batch');

  let schedule: ScheduledInstalment[] = [];
  if (input.plan === 'instalments') {
    const templates = (await repo.listTemplates(db, [batch.id])).get(batch.id) ?? [];
    schedule = templateSchedule(templates, input.currency, input.now, tz);
    if (schedule.length < 2) {
      throw new AppError('VALIDATION_FAILED', 'This batch cannot be paid in instalments.', [
        { path: 'plan', message: 'this batch has no instalment plan' },
      ]);
    }
  }
  const listMinor =
    input.plan === 'instalments' ? schedule.reduce((sum, i) => sum + i.amountMinor, 0) : fullMinor;

  let coupon: CouponCheck | null = null;
  if (input.couponCode !== undefined) {
    coupon = await checkCoupon(db, {
      code: input.couponCode,
      batch,
      userId: input.userId,
      currency: input.currency,
      now: input.now,
    });
    if (!coupon.ok) throw couponError(coupon.refusal);
  }

  const price = priceBreakdown({
    listMinor,
    currency: input.currency,
    coupon: coupon?.ok ? coupon.terms : null,
    coinsRequested: input.coins ?? 0,
    coinRules,
  });

  const seatsLeft = await seatsLeftIn(db, batch, input.now, input.userId);
  if (seatsLeft !== null && seatsLeft <= 0) throw new AppError('SOLD_OUT', 'This batch is sold out.');

  const plan = input.plan === 'instalments' ? splitInstalments(schedule, price.totalMinor) : [];
  return {
    batchId: batch.id,
    workshopId: batch.workshopId,
    workshopTitle: batch.workshopTitle,
    currency: input.currency,
    listMinor,
    slashMinor: slashPriceMinor(batch, input.currency),
    discountMinor: price.discountMinor,
    coupon: coupon?.ok ? { id: coupon.coupon.id, code: coupon.coupon.code } : null,
    coinsUsed: price.coinsUsed,
    coinsValueMinor: price.coinsValueMinor,
    totalMinor: price.totalMinor,
    plan: input.plan,
    dueNowMinor: input.plan === 'instalments' ? (plan[0]?.amountMinor ?? 0) : price.totalMinor,
    instalments: plan,
    seatsLeft,
  };
}

// ---- coupon reservations ------------------------------------------------------------------

/**
 * Reserves one use of a coupon for an order (one per user; never past `maxClaims`): the claim row
 * first (the partial unique index decides "already used by you" without aborting the
 * transaction), then the conditional increment. Throws COUPON_INVALID (already used by you) or
 * COUPON_EXHAUSTED (used up); the caller's transaction then rolls back.
 */
export async function reserveCoupon(
  tx: Executor,
  input: { couponId: number; userId: number; orderId: number },
): Promise<void> {
  if (!(await repo.insertClaim(tx, input))) throw couponError('already_used');
  if (!(await repo.incrementClaims(tx, input.couponId))) throw couponError('used_up');
}

/**
 * Counts (`used`) or frees (`released`) the order's coupon reservation, exactly once: only a
 * `reserved` claim moves, so a second call (or a concurrent one, which waits for the row) finds
 * nothing to do; a release gives the use back to the coupon's count. Answers the order's claim
 * status afterwards (null: the order has no claim).
 */
export async function settleCoupon(
  tx: Executor,
  input: { orderId: number; outcome: 'used' | 'released' },
): Promise<'reserved' | 'used' | 'released' | null> {
  const moved = await repo.settleClaims(tx, input.orderId, input.outcome);
  if (input.outcome === 'released') {
    for (const couponId of moved) await repo.decrementClaims(tx, couponId);
  }
  return (await repo.claimOfOrder(tx, input.orderId))?.status ?? null;
}

// ---- instalment plans ---------------------------------------------------------------------

/** Fixes the plan bought by `orderId` (its first instalment paid by that order). Idempotent per order. */
export async function fixInstalmentPlan(
  tx: Executor,
  input: {
    userId: number;
    batchId: number;
    orderId: number;
    currency: CheckoutCurrency;
    instalments: { sequence: number; dueDate: string; amountMinor: number }[];
    now: Date;
  },
): Promise<{ planId: number }> {
  const existing = await repo.planOfOrder(tx, input.orderId);
  if (existing) return { planId: existing.id };
  const items = [...input.instalments].sort((a, b) => a.sequence - b.sequence);
  if (items.length === 0 || items.some((i) => !Number.isSafeInteger(i.amountMinor) || i.amountMinor <= 0)) {
    throw new Error('fixInstalmentPlan: a plan needs instalments of whole, positive amounts');
  }
  if (await repo.livePlanOf(tx, input.userId, input.batchId)) {
    throw new AppError('CONFLICT', 'You already have an instalment plan for this batch.');
  }
  const totalMinor = items.reduce((sum, i) => sum + i.amountMinor, 0);
  const [plan] = await tx
    .insert(instalmentPlans)
    .values({
      userId: input.userId,
      batchId: input.batchId,
      orderId: input.orderId,
      totalMinor,
      currency: input.currency,
      status: items.length === 1 ? 'completed' : 'active',
      createdAt: input.now,
    })
    .returning({ id: instalmentPlans.id });
  if (!plan) throw new Error('fixInstalmentPlan: the plan was not created');
  await tx.insert(instalments).values(
    items.map((item, index) => ({
      planId: plan.id,
      sequence: index + 1,
      dueDate: item.dueDate,
      amountMinor: item.amountMinor,
      ...(index === 0 ? { paidOrderId: input.orderId, paidAt: input.now } : {}),
    })),
  );
  return { planId: plan.id };
}

export interface PayableInstalment {
  id: number;
  planId: number;
  batchId: number;
  sequence: number;
  amountMinor: number;
  currency: CheckoutCurrency;
  workshopTitle: string;
}

/** The caller's unpaid instalment of an active plan, or null (missing, another's, already paid). */
export async function payableInstalment(
  db: Executor,
  input: { instalmentId: number; userId: number },
): Promise<PayableInstalment | null> {
  const row = await repo.findInstalment(db, input.instalmentId, input.userId);
  if (!row || row.paidAt !== null || row.planStatus !== 'active') return null;
  return {
    id: row.id,
    planId: row.planId,
    batchId: row.batchId,
    sequence: row.sequence,
    amountMinor: row.amountMinor,
    currency: row.currency === 'USD' ? 'USD' : 'INR',
    workshopTitle: row.workshopTitle,
  };
}

/** Marks an instalment paid by an order; `already` when it was. The plan completes with its last. */
export async function markInstalmentPaid(
  tx: Executor,
  input: { instalmentId: number; orderId: number; now: Date },
): Promise<'paid' | 'already'> {
  const paid = await repo.payInstalment(tx, input.instalmentId, input.orderId, input.now);
  if (!paid) return 'already';
  await repo.completePlanIfPaid(tx, paid.planId);
  return 'paid';
}

// ---- the EMI lock (spec §4; issue 14 rule 3) ------------------------------------------------

export interface InstalmentLockState extends InstalmentAlert {
  /** The earliest unpaid instalment (the one to pay now), when there is one. */
  instalment: { id: number; dueDate: string; amountMinor: number; currency: CheckoutCurrency } | null;
}

/** The EMI state of a learner's course: the domain's `instalmentAlert` over the unpaid instalments. */
export async function instalmentStatus(
  db: Executor,
  input: { userId: number; batchId: number; now: Date; tz?: string | undefined },
): Promise<InstalmentLockState> {
  const rows = (await repo.listUserActiveInstalments(db, input.userId, input.batchId)).filter(
    (r) => r.paidAt === null,
  );
  const alert = instalmentAlert(rows, input.now, input.tz ?? DEFAULT_TIME_ZONE);
  const first = rows[0];
  return {
    ...alert,
    instalment: first
      ? {
          id: first.id,
          dueDate: first.dueDate,
          amountMinor: first.amountMinor,
          currency: first.currency === 'USD' ? 'USD' : 'INR',
        }
      : null,
  };
}

/**
 * The server-side EMI lock for a learner's course data: throws 402 INSTALMENT_DUE while an unpaid
 * instalment of the batch is due within 1–5 days, today or overdue (spec §4); lifts as soon as it
 * is paid. Answers the state when not locked.
 */
export async function instalmentLock(
  db: Executor,
  input: { userId: number; batchId: number; now: Date; tz?: string | undefined },
): Promise<InstalmentLockState> {
  const state = await instalmentStatus(db, input);
  if (state.locked && state.instalment) {
    const { daysLeft, instalment } = state;
    const when =
      daysLeft === null || daysLeft < 0
        ? `was due on ${instalment.dueDate}`
        : daysLeft === 0
          ? 'is due today'
          : `is due on ${instalment.dueDate}`;
    throw new AppError(
      'INSTALMENT_DUE',
      `Your next instalment ${when}. Pay it to continue with this course.`,
    );
  }
  return state;
}
