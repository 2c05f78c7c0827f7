/**
 * Checkout rules (issue 14, decision 0017): coupon discounts, the coins cap, splitting a total
 * into an instalment plan and the late-joining rule. Money is always an integer in minor units
 * (paise, cents); every function here returns whole, non-negative minor units and never reads the
 * clock (callers pass today's day number or `now`).
 */

import { formatDayNumber, NO_DATE, parseWireDate, resolveTimeZone, todayIn } from './calendar.js';
import { DEFAULT_TIME_ZONE, SESSION_TYPE } from './constants.js';

/** The currencies Atelier sells in (spec §9: INR in India, USD elsewhere). */
export type CommerceCurrency = 'INR' | 'USD';

/** Days a dated live batch stays on sale after its start (rule 10), unless the batch says otherwise. */
export const DEFAULT_LATE_JOIN_DAYS = 7;

/** The defaults of the coin rules (configuration may override them; README "Configuration"). */
export const DEFAULT_COIN_RULES: CoinRules = Object.freeze({
  valueMinor: Object.freeze({ INR: 100, USD: 1 }),
  maxSharePercent: 50,
});

/** What a coin is worth and how much of a price coins may pay. */
export interface CoinRules {
  /** Minor units one coin is worth, per currency (₹1 = 100 paise; 1 ¢). */
  valueMinor: Readonly<Record<CommerceCurrency, number>>;
  /** The largest share (0–100 %) of a price, after any coupon, that coins may pay. */
  maxSharePercent: number;
}

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

function assertMinor(name: string, n: number): void {
  if (!isWhole(n)) throw new RangeError(`${name} must be a whole, non-negative number of minor units`);
}

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** A coupon as its rule needs it. */
export interface CouponTerms {
  kind: 'percent' | 'flat';
  /** Percent coupons: the whole percentage 1–100. */
  percent?: number | null;
  /** Flat coupons: the amount off in each currency it is valid in (minor units). */
  flatMinor?: Partial<Record<CommerceCurrency, number | null>> | null;
}

/**
 * The discount a coupon gives on `priceMinor` in `currency`, in whole minor units, or `null` when
 * the coupon has no amount in that currency (a flat coupon set for INR only).
 *
 * - percent: `floor(price × percent / 100)` — rounded down to a whole minor unit, so 10 % of
 *   ₹999.99 is ₹99.99 and 15 % of 1 ¢ is 0.
 * - flat: the currency's amount, never more than the price (the price never goes below 0).
 */
export function couponDiscount(
  terms: CouponTerms,
  priceMinor: number,
  currency: CommerceCurrency,
): number | null {
  assertMinor('priceMinor', priceMinor);
  if (terms.kind === 'percent') {
    const percent = terms.percent ?? 0;
    if (!Number.isInteger(percent) || percent < 0) return null;
    const clamped = Math.min(percent, 100);
    return Number((BigInt(priceMinor) * BigInt(clamped)) / 100n);
  }
  const flat = terms.flatMinor?.[currency];
  if (flat === null || flat === undefined || !isWhole(flat) || flat === 0) return null;
  return Math.min(flat, priceMinor);
}

/** Why a coupon cannot be used, in words a buyer reads. */
export type CouponRefusal =
  | 'unknown'
  | 'not_started'
  | 'expired'
  | 'not_for_this_course'
  | 'live_only'
  | 'not_in_currency'
  | 'used_up'
  | 'already_used';

export const COUPON_REFUSAL_MESSAGES: Readonly<Record<CouponRefusal, string>> = Object.freeze({
  unknown: 'This coupon code does not exist.',
  not_started: 'This coupon cannot be used yet.',
  expired: 'This coupon has expired.',
  not_for_this_course: 'This coupon is not valid for this course.',
  live_only: 'This coupon is valid for live batches only.',
  not_in_currency: 'This coupon cannot be used in your currency.',
  used_up: 'This coupon has been used up.',
  already_used: 'This coupon has already been used by you.',
});

/** A coupon's limits as stored. */
export interface CouponLimits {
  isActive: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  /** Workshops it is valid for; empty = every workshop. */
  workshopIds: readonly number[];
  liveOnly: boolean;
  maxClaims: number | null;
  claimedCount: number;
}

/**
 * Whether a coupon may be applied to a batch now: `null` when it may, else the first reason it
 * may not, checked in this order: inactive (as unknown), validity (starts at ≤ now < expires at),
 * workshop, live only (session type 1), uses left, already used by this buyer.
 */
export function couponRefusal(
  coupon: CouponLimits,
  target: { workshopId: number; sessionType: number; now: Date; alreadyUsedByBuyer: boolean },
): CouponRefusal | null {
  const t = target.now.getTime();
  if (!coupon.isActive) return 'unknown';
  if (coupon.startsAt !== null && t < coupon.startsAt.getTime()) return 'not_started';
  if (coupon.expiresAt !== null && t >= coupon.expiresAt.getTime()) return 'expired';
  if (coupon.workshopIds.length > 0 && !coupon.workshopIds.includes(target.workshopId))
    return 'not_for_this_course';
  if (coupon.liveOnly && target.sessionType !== SESSION_TYPE.live) return 'live_only';
  if (target.alreadyUsedByBuyer) return 'already_used';
  if (coupon.maxClaims !== null && coupon.claimedCount >= coupon.maxClaims) return 'used_up';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Coins
// ---------------------------------------------------------------------------------------------

/**
 * The most coins that may pay `priceMinor` (after any coupon): the configured share of the price,
 * rounded down to whole minor units, divided by a coin's value and rounded down — so coins never
 * pay more than that share and never make a price negative.
 */
export function maxCoinsFor(priceMinor: number, currency: CommerceCurrency, rules: CoinRules): number {
  assertMinor('priceMinor', priceMinor);
  const value = rules.valueMinor[currency];
  if (!Number.isSafeInteger(value) || value <= 0) return 0;
  const share = Math.max(0, Math.min(100, Math.floor(rules.maxSharePercent)));
  const cap = (BigInt(priceMinor) * BigInt(share)) / 100n;
  return Number(cap / BigInt(value));
}

/** Coins actually used when the buyer asks for `requested`: at most {@link maxCoinsFor}. */
export function coinsToUse(
  requested: number,
  priceMinor: number,
  currency: CommerceCurrency,
  rules: CoinRules,
): { coins: number; valueMinor: number } {
  const wanted = Number.isSafeInteger(requested) && requested > 0 ? requested : 0;
  const coins = Math.min(wanted, maxCoinsFor(priceMinor, currency, rules));
  return { coins, valueMinor: coins * rules.valueMinor[currency] };
}

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/** Everything taken off a list price and what is left to pay. */
export interface PriceBreakdown {
  listMinor: number;
  discountMinor: number;
  coinsUsed: number;
  coinsValueMinor: number;
  totalMinor: number;
}

/**
 * List price − coupon − coins: the coupon first (on the list price), then coins on what is left
 * (capped by the coin rules). Every part is a whole, non-negative number and
 * `totalMinor = listMinor − discountMinor − coinsValueMinor ≥ 0`.
 */
export function priceBreakdown(input: {
  listMinor: number;
  currency: CommerceCurrency;
  coupon?: CouponTerms | null;
  coinsRequested?: number;
  coinRules: CoinRules;
}): PriceBreakdown {
  const { listMinor, currency } = input;
  assertMinor('listMinor', listMinor);
  const discountMinor = input.coupon ? (couponDiscount(input.coupon, listMinor, currency) ?? 0) : 0;
  const afterCoupon = listMinor - discountMinor;
  const coins = coinsToUse(input.coinsRequested ?? 0, afterCoupon, currency, input.coinRules);
  return {
    listMinor,
    discountMinor,
    coinsUsed: coins.coins,
    coinsValueMinor: coins.valueMinor,
    totalMinor: afterCoupon - coins.valueMinor,
  };
}

// ---------------------------------------------------------------------------------------------
// Instalment plans
// ---------------------------------------------------------------------------------------------

/** One instalment of a batch's plan template: a fixed due date or days after purchase. */
export interface InstalmentTemplateItem {
  sequence: number;
  /** Wire date; null when the instalment falls due `dueAfterDays` after purchase. */
  dueDate: string | null;
  dueAfterDays: number | null;
  amountMinor: number;
}

/** One instalment as offered or fixed. */
export interface ScheduledInstalment {
  sequence: number;
  dueDate: string;
  amountMinor: number;
}

/**
 * The dated schedule of a template for a purchase made at `now` (its calendar day in `tz` is the
 * purchase day), at list prices:
 * instalment 1 is due on the purchase day; each later one on its fixed date or `dueAfterDays`
 * after purchase. A later instalment whose date is today or already past is folded into the
 * first (what is due by the purchase is paid with it). Sequences are renumbered 1…n in due order;
 * the sum is unchanged.
 */
export function scheduleFromTemplate(
  items: readonly InstalmentTemplateItem[],
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): ScheduledInstalment[] {
  const today = todayIn(now, resolveTimeZone(tz));
  const sorted = [...items].sort((a, b) => a.sequence - b.sequence);
  if (sorted.length === 0) return [];
  const dated = sorted.map((item, index) => {
    assertMinor('amountMinor', item.amountMinor);
    const fixed = parseWireDate(item.dueDate);
    const due =
      index === 0 ? today : fixed !== null ? fixed : today + Math.max(0, Math.floor(item.dueAfterDays ?? 0));
    return { due, amountMinor: item.amountMinor };
  });
  let first = 0;
  const later: { due: number; amountMinor: number }[] = [];
  for (const [index, item] of dated.entries()) {
    if (index === 0 || item.due <= today) first += item.amountMinor;
    else later.push(item);
  }
  later.sort((a, b) => a.due - b.due);
  return [{ due: today, amountMinor: first }, ...later].map((item, index) => ({
    sequence: index + 1,
    dueDate: formatDayNumber(item.due),
    amountMinor: item.amountMinor,
  }));
}

/**
 * Splits `totalMinor` (what the buyer pays after coupon and coins) over a schedule at list prices
 * in proportion to each instalment's list amount (largest remainder: each gets
 * `floor(amount × total / listTotal)`, the units left go one by one to the largest fractions,
 * earlier instalments first on ties). So a discount lowers every instalment by the same share.
 * The result sums to `totalMinor` exactly; every amount is a whole, non-negative number;
 * instalments that come to 0 are dropped and the rest renumbered 1…n. An empty schedule, or a
 * list total of 0, leaves one instalment of `totalMinor` when it is above 0.
 */
export function splitInstalments(
  schedule: readonly ScheduledInstalment[],
  totalMinor: number,
): ScheduledInstalment[] {
  assertMinor('totalMinor', totalMinor);
  if (totalMinor === 0 || schedule.length === 0) return [];
  const listTotal = schedule.reduce((sum, item) => sum + BigInt(item.amountMinor), 0n);
  if (listTotal === 0n) {
    return [{ sequence: 1, dueDate: schedule[0]!.dueDate, amountMinor: totalMinor }];
  }
  const total = BigInt(totalMinor);
  const parts = schedule.map((item, index) => {
    const product = BigInt(item.amountMinor) * total;
    return { index, share: product / listTotal, remainder: product % listTotal };
  });
  let left = total - parts.reduce((sum, p) => sum + p.share, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts
    .map((p) => ({ dueDate: schedule[p.index]!.dueDate, amountMinor: Number(p.share) }))
    .filter((p) => p.amountMinor > 0)
    .map((p, index) => ({ sequence: index + 1, ...p }));
}

// ---------------------------------------------------------------------------------------------
// Late joining (rule 10)
// ---------------------------------------------------------------------------------------------

/** A batch as the sale rule reads it. */
export interface BatchOnSaleInput {
  isActive: boolean;
  sessionType: number;
  /** Wire dates; null when undated. */
  startDate: string | null;
  endDate: string | null;
  lateJoinDays?: number | null;
}

/** Whether a batch is sold today, and how it is labelled. */
export interface BatchSale {
  onSale: boolean;
  /** A live batch whose start is before today but which is still sold. */
  hasStarted: boolean;
  /** The last day it is sold; `'0000-00-00'` when there is no limit. */
  onSaleUntil: string;
}

/**
 * The late-joining rule: a recorded batch (session type 2) and an undated live batch are always
 * on sale. A dated live batch is sold until `start + lateJoinDays` (default 7), and never after
 * its last day (`endDate`) — whichever comes first; once its start day is past it is labelled
 * started. An inactive batch is never sold. "Today" is `now`'s calendar day in `tz`.
 */
export function batchSale(batch: BatchOnSaleInput, now: Date, tz: string = DEFAULT_TIME_ZONE): BatchSale {
  const today = todayIn(now, resolveTimeZone(tz));
  const start = parseWireDate(batch.startDate);
  if (!batch.isActive) return { onSale: false, hasStarted: false, onSaleUntil: NO_DATE };
  const until = parseWireDate(lastJoinDay(batch));
  if (until === null || start === null) return { onSale: true, hasStarted: false, onSaleUntil: NO_DATE };
  return {
    onSale: today <= until,
    hasStarted: today > start,
    onSaleUntil: formatDayNumber(until),
  };
}

/**
 * The last day a batch is sold by the late-joining rule ({@link batchSale}): `start +
 * lateJoinDays` (default 7), never after its last day; `'0000-00-00'` when there is no limit (a
 * recorded or undated batch). A fixed date, so a cached answer may carry it; whether it has
 * passed is the caller's comparison with today.
 */
export function lastJoinDay(batch: Omit<BatchOnSaleInput, 'isActive'>): string {
  const start = parseWireDate(batch.startDate);
  if (batch.sessionType !== SESSION_TYPE.live || start === null) return NO_DATE;
  const lateJoin =
    batch.lateJoinDays !== null && batch.lateJoinDays !== undefined && Number.isInteger(batch.lateJoinDays)
      ? Math.max(0, batch.lateJoinDays)
      : DEFAULT_LATE_JOIN_DAYS;
  const end = parseWireDate(batch.endDate);
  return formatDayNumber(end === null ? start + lateJoin : Math.max(start, Math.min(start + lateJoin, end)));
}

/**
 * Where a batch stands on `today` (a wire date in the platform's zone), as a card says it:
 * `recorded` (learn at your pace), `undated`, `upcoming` (its first day is today or later),
 * `joining` (started, still sold: `joinUntil` not passed), `closed` (started, no longer sold,
 * not over), `ended` (its last day has passed). `joinUntil` is {@link lastJoinDay}'s answer;
 * without it a started batch is `closed` only once it ends (the rule's limit is unknown).
 */
export type BatchPhase = 'recorded' | 'undated' | 'upcoming' | 'joining' | 'closed' | 'ended';

export function batchPhase(
  batch: { sessionType: number; startDate: string | null; endDate: string | null; joinUntil?: string | null },
  today: string,
): BatchPhase {
  if (batch.sessionType !== SESSION_TYPE.live) return 'recorded';
  const start = parseWireDate(batch.startDate);
  const day = parseWireDate(today);
  if (start === null || day === null) return 'undated';
  if (day <= start) return 'upcoming';
  const end = parseWireDate(batch.endDate);
  if (end !== null && day > end) return 'ended';
  const until = parseWireDate(batch.joinUntil ?? null);
  return until !== null && day > until ? 'closed' : 'joining';
}
