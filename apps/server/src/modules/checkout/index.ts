/*
 * The checkout module's face (issue 14; owner: the checkout work): prices, coupons, seats,
 * instalment plans and late joining. The payments module calls these inside its transactions.
 * SKELETON: the signatures are fixed; the bodies are replaced by the implementation.
 */
import type { Executor } from '../../db/query.js';

export type CheckoutCurrency = 'INR' | 'USD';

export interface QuoteInput {
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

/**
 * The price of a batch for a buyer. Throws AppError: NOT_FOUND (no batch, or not on sale),
 * SOLD_OUT, COUPON_INVALID / COUPON_EXHAUSTED (with the reason), VALIDATION_FAILED (no
 * instalment plan for this batch).
 */
export async function quoteCheckout(_db: Executor, _input: QuoteInput): Promise<CheckoutQuote> {
  throw new Error('quoteCheckout: not implemented yet');
}

/** Reserves one use of a coupon for an order (one per user; never past `maxClaims`). */
export async function reserveCoupon(
  _tx: Executor,
  _input: { couponId: number; userId: number; orderId: number },
): Promise<void> {
  throw new Error('reserveCoupon: not implemented yet');
}

/** Counts (`used`) or frees (`released`) the order's coupon reservation, exactly once. */
export async function settleCoupon(
  _tx: Executor,
  _input: { orderId: number; outcome: 'used' | 'released' },
): Promise<void> {
  throw new Error('settleCoupon: not implemented yet');
}

/** Fixes the plan bought by `orderId` (its first instalment paid by that order). Idempotent per order. */
export async function fixInstalmentPlan(
  _tx: Executor,
  _input: {
    userId: number;
    batchId: number;
    orderId: number;
    currency: CheckoutCurrency;
    instalments: { sequence: number; dueDate: string; amountMinor: number }[];
    now: Date;
  },
): Promise<{ planId: number }> {
  throw new Error('fixInstalmentPlan: not implemented yet');
}

/** The caller's unpaid instalment, or null (missing, another's, already paid). */
export async function payableInstalment(
  _db: Executor,
  _input: { instalmentId: number; userId: number },
): Promise<{
  id: number;
  planId: number;
  batchId: number;
  sequence: number;
  amountMinor: number;
  currency: CheckoutCurrency;
  workshopTitle: string;
} | null> {
  throw new Error('payableInstalment: not implemented yet');
}

/** Marks an instalment paid by an order; `already` when it was. */
export async function markInstalmentPaid(
  _tx: Executor,
  _input: { instalmentId: number; orderId: number; now: Date },
): Promise<'paid' | 'already'> {
  throw new Error('markInstalmentPaid: not implemented yet');
}
