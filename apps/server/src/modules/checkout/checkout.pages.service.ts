import type {
  CheckoutBatch,
  CheckoutDetails,
  CouponPreview,
  Instalment,
  InstalmentDetail,
  PendingPayment,
} from '@atelier/contract';
import {
  COUPON_REFUSAL_MESSAGES,
  couponDiscount,
  DEFAULT_COIN_RULES,
  DEFAULT_TIME_ZONE,
  maxCoinsFor,
  splitInstalments,
  wireDateOrNone,
} from '@atelier/domain';
import type { Executor } from '../../db/query.js';
import { notFound } from '../../http/app-error.js';
import { coinBalance } from '../wallet/index.js';
import * as repo from './checkout.repository.js';
import {
  checkCoupon,
  couponError,
  listPriceMinor,
  saleOf,
  seatsLeftIn,
  slashPriceMinor,
  templateSchedule,
  type CheckoutCurrency,
  type CheckoutSettings,
} from './checkout.service.js';

/*
 * What the payment page, the coupon calls and the pending-payment calls read (issue 14 "Calls").
 * Every amount is computed here from the database; a request never carries one.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-03` → `3 Mar`. */
function shortDate(wire: string): string {
  const [, month, day] = wire.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1] ?? ''}`;
}

const workshopOf = (
  b: Pick<
    repo.BatchRow,
    'workshopId' | 'workshopType' | 'workshopTitle' | 'workshopShortTitle' | 'workshopSlug'
  >,
) => ({
  id: b.workshopId,
  type: b.workshopType,
  title: b.workshopTitle,
  shortTitle: b.workshopShortTitle,
  slug: b.workshopSlug,
});

/** `POST /api/course/ws/details`: the payment page's data in the visitor's currency. */
export async function checkoutDetails(
  db: Executor,
  input: CheckoutSettings & {
    batchId: number;
    couponCode?: string | undefined;
    currency: CheckoutCurrency;
    userId: number | null;
    now: Date;
  },
): Promise<CheckoutDetails> {
  const tz = input.tz ?? DEFAULT_TIME_ZONE;
  const coinRules = input.coinRules ?? DEFAULT_COIN_RULES;
  const { currency, now } = input;
  const chosen = await repo.findBatch(db, input.batchId);
  if (!chosen || !saleOf(chosen, now, tz).onSale || listPriceMinor(chosen, currency) === null) {
    throw notFound('That batch');
  }
  const onSale = (await repo.listWorkshopBatches(db, chosen.workshopId)).filter(
    (b) => saleOf(b, now, tz).onSale && listPriceMinor(b, currency) !== null,
  );
  const ids = onSale.map((b) => b.id);
  const schedules = await repo.listSchedules(db, ids);
  const batches: CheckoutBatch[] = [];
  for (const b of onSale) {
    const sale = saleOf(b, now, tz);
    batches.push({
      id: b.id,
      name: b.name,
      startDate: wireDateOrNone(b.startDate),
      endDate: wireDateOrNone(b.endDate),
      sessionType: b.sessionType === 2 ? 2 : 1,
      BatchSchedules: schedules
        .filter((s) => s.batchId === b.id)
        .map((s) => ({ id: s.id, day: s.day, startTime: s.startTime, endTime: s.endTime })),
      seatsLeft: await seatsLeftIn(db, b, now, input.userId),
      hasStarted: sale.hasStarted,
      onSaleUntil: sale.onSaleUntil,
      amountMinor: listPriceMinor(b, currency) ?? 0,
      slashMinor: slashPriceMinor(b, currency),
    });
  }
  const batch = batches.find((b) => b.id === chosen.id)!;
  const fullMinor = batch.amountMinor;

  // The coupon, when one is given: the plans below show what each costs with it.
  let coupon: CouponPreview | null = null;
  let terms = null;
  if (input.couponCode !== undefined) {
    const check = await checkCoupon(db, {
      code: input.couponCode,
      batch: chosen,
      userId: input.userId,
      currency,
      now,
    });
    if (check.ok) {
      terms = check.terms;
      const discountMinor = couponDiscount(check.terms, fullMinor, currency) ?? 0;
      coupon = {
        code: check.coupon.code,
        applied: true,
        discountMinor,
        finalAmountMinor: fullMinor - discountMinor,
        currency,
      };
    } else {
      coupon = {
        code: input.couponCode,
        applied: false,
        discountMinor: 0,
        finalAmountMinor: fullMinor,
        currency,
        message: COUPON_REFUSAL_MESSAGES[check.refusal],
      };
    }
  }
  const afterCoupon = (list: number) => list - (terms ? (couponDiscount(terms, list, currency) ?? 0) : 0);

  const template = (await repo.listTemplates(db, [chosen.id])).get(chosen.id) ?? [];
  const schedule = templateSchedule(template, currency, now, tz);
  const instalmentsList = schedule.reduce((sum, i) => sum + i.amountMinor, 0);
  const instalmentsTotal = afterCoupon(instalmentsList);
  const fullTotal = afterCoupon(fullMinor);

  let coins: CheckoutDetails['coins'] = null;
  if (input.userId !== null) {
    const balance = await coinBalance(db, input.userId);
    coins = {
      balance,
      maxUsable: Math.min(balance, maxCoinsFor(fullTotal, currency, coinRules)),
      valueMinor: coinRules.valueMinor[currency],
    };
  }

  return {
    batch,
    batches,
    Workshop: workshopOf(chosen),
    currency,
    amountMinor: fullMinor,
    slashMinor: batch.slashMinor,
    plans: {
      full: { amountMinor: fullTotal },
      instalments:
        schedule.length >= 2
          ? { totalMinor: instalmentsTotal, instalments: splitInstalments(schedule, instalmentsTotal) }
          : null,
    },
    coupon,
    coins,
    notice: batch.hasStarted
      ? `Started on ${shortDate(batch.startDate)}: recordings of the sessions you missed are included. On sale until ${shortDate(batch.onSaleUntil)}.`
      : null,
  };
}

/**
 * `POST /api/coupon/claim`: what a coupon takes off a batch's full price for this buyer, or
 * COUPON_INVALID / COUPON_EXHAUSTED saying why. A preview: nothing is reserved (that happens
 * when the order is created, with the discount computed again).
 */
export async function previewCoupon(
  db: Executor,
  input: CheckoutSettings & {
    code: string;
    batchId: number;
    currency: CheckoutCurrency;
    userId: number | null;
    now: Date;
  },
): Promise<CouponPreview> {
  const tz = input.tz ?? DEFAULT_TIME_ZONE;
  const batch = await repo.findBatch(db, input.batchId);
  const fullMinor = batch ? listPriceMinor(batch, input.currency) : null;
  if (!batch || fullMinor === null || !saleOf(batch, input.now, tz).onSale) throw notFound('That batch');
  const check = await checkCoupon(db, { ...input, batch });
  if (!check.ok) throw couponError(check.refusal);
  const discountMinor = couponDiscount(check.terms, fullMinor, input.currency) ?? 0;
  return {
    code: check.coupon.code,
    applied: true,
    discountMinor,
    finalAmountMinor: fullMinor - discountMinor,
    currency: input.currency,
  };
}

/** `GET /api/coupon/claim/count?code=`: uses reserved or paid, the limit and what is left. */
export async function couponClaimCount(db: Executor, code: string) {
  const row = await repo.couponCount(db, code);
  if (!row) throw notFound('That coupon');
  return {
    code: row.code,
    claimed: row.claimed,
    maxClaims: row.maxClaims,
    remaining: row.maxClaims === null ? null : Math.max(0, row.maxClaims - row.claimed),
  };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const currencyOf = (c: string): CheckoutCurrency => (c === 'USD' ? 'USD' : 'INR');

function detailOf(row: repo.InstalmentRow): InstalmentDetail {
  return {
    id: row.id,
    sequence: row.sequence,
    dueDate: row.dueDate,
    amountMinor: row.amountMinor,
    paid: row.paidAt !== null,
    paidAt: iso(row.paidAt),
  };
}

/** `GET /api/payment/instalment/{id}`: the caller's own instalment with its plan; another's is 404. */
export async function getInstalment(
  db: Executor,
  input: { instalmentId: number; userId: number },
): Promise<Instalment> {
  const row = await repo.findInstalment(db, input.instalmentId, input.userId);
  if (!row) throw notFound('That instalment');
  const all = await repo.listPlanInstalments(db, [row.planId]);
  return {
    ...detailOf(row),
    currency: currencyOf(row.currency),
    batchId: row.batchId,
    Workshop: workshopOf(row),
    plan: {
      id: row.planId,
      totalMinor: row.totalMinor,
      paidMinor: all.filter((i) => i.paidAt !== null).reduce((sum, i) => sum + i.amountMinor, 0),
      instalments: all.map(detailOf),
    },
  };
}

/** `GET /api/user/pending/payment/notification`: the caller's courses with instalments left to pay. */
export async function pendingPayments(db: Executor, userId: number): Promise<PendingPayment[]> {
  const rows = (await repo.listUserActiveInstalments(db, userId)).filter((r) => r.paidAt === null);
  const byPlan = new Map<number, repo.InstalmentRow[]>();
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row]);
  return [...byPlan.values()].map((unpaid) => {
    const first = unpaid[0]!;
    return {
      batchId: first.batchId,
      pendingAmount: unpaid.reduce((sum, i) => sum + i.amountMinor, 0),
      currency: currencyOf(first.currency),
      instalmentDetails: unpaid.map(detailOf),
      Workshop: workshopOf(first),
    };
  });
}

/** `GET /api/user/{id}/pending/payment/notification`: own id only (another's is 404), with the wallet. */
export async function pendingPaymentsByUser(db: Executor, input: { userId: number; requestedId: number }) {
  if (input.requestedId !== input.userId) throw notFound('That user');
  const user = await repo.userWithWallet(db, input.userId);
  if (!user) throw notFound('That user');
  return {
    courses: await pendingPayments(db, input.userId),
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      CoinsWallet: {
        id: user.walletId,
        walletCoins: user.walletCoins,
        isCoinPopupSeen: user.isCoinPopupSeen,
      },
    },
  };
}
