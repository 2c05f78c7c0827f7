/*
 * The other purchases (issue 14 "Other purchases" and "Instalments", decision 0016), each through
 * the same order machinery as a course (`createOrder` → provider checkout → `fulfilOrder`): the
 * server decides every amount and the currency (the visitor-country rule; a payment link's own
 * currency), the client sends only what it buys.
 *
 *   instalment   — the caller's next unpaid instalment (`payableInstalment`), its own order.
 *   recording    — a batch's recordings: `recordingAmount`/`recordingDollar`, default half the
 *                  live price rounded up to a whole rupee or dollar.
 *   competition  — an active competition before its registration deadline: `amount`/`dollar`.
 *   consultation — an active consultation package: `price`/`dollar`.
 *   custom       — a staff payment link: its amount and currency; signed in or a guest checkout.
 *   coins        — a batch paid wholly with coins: enrolled at once, or 409 INSUFFICIENT_COINS.
 */
import type { CurrencyCode, InitiatePayment } from '@atelier/contract';
import { toWireDate } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import {
  batches,
  competitionRegistrations,
  competitions,
  consultationPackages,
  enrolments,
  workshops,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionIdentity } from '../../platform/identity.js';
import { payableInstalment, quoteCheckout } from '../checkout/index.js';
import { coinBalance } from '../wallet/index.js';
import { createOrder } from './orders.service.js';
import { initiateAnswer, resolveBuyer } from './payments.service.js';
import { findPaymentLink, linkStatus } from './payment-links.js';

/** Whole rupees or dollars (the catalogue's unit) → minor units. */
const minor = (whole: number) => whole * 100;

/** A catalogue price pair in the buyer's currency, in minor units; USD falls back to nothing (not sold). */
function priceIn(currency: CurrencyCode, inr: number | null, usd: number | null): number | null {
  const whole = currency === 'INR' ? inr : usd;
  return whole === null || whole === undefined ? null : minor(whole);
}

/** The recording price of a batch in `currency` (minor units), or null when it has no live price. */
export function recordingPrice(
  batch: {
    amount: number | null;
    dollar: number | null;
    recordingAmount: number | null;
    recordingDollar: number | null;
  },
  currency: CurrencyCode,
): number | null {
  const explicit = priceIn(currency, batch.recordingAmount, batch.recordingDollar);
  if (explicit !== null) return explicit;
  const live = currency === 'INR' ? batch.amount : batch.dollar;
  return live === null ? null : minor(Math.ceil(live / 2));
}

export interface PurchaseInput {
  session: SessionIdentity;
  currency: CurrencyCode;
  idempotencyKey?: string | undefined;
}

async function batchWithWorkshop(ctx: AppContext, batchId: number) {
  const [row] = await ctx.database.db
    .select({ batch: batches, title: workshops.title })
    .from(batches)
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(batches.id, batchId));
  if (!row || !row.batch.isActive) throw notFound('This batch');
  return row;
}

async function isEnrolled(ctx: AppContext, userId: number, batchId: number): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(eq(enrolments.userId, userId), eq(enrolments.batchId, batchId), eq(enrolments.isRefund, false)),
    );
  return row !== undefined;
}

/** `POST /api/payment/instalment/initiate`: the caller's unpaid instalment (another's → 404). */
export async function initiateInstalment(
  ctx: AppContext,
  input: PurchaseInput & { instalmentId: number; gstin?: string | undefined },
): Promise<InitiatePayment> {
  const userId = input.session.userId;
  const instalment = await payableInstalment(ctx.database.db, { instalmentId: input.instalmentId, userId });
  if (!instalment) throw notFound('This instalment');
  const created = await createOrder(ctx, {
    kind: 'instalment',
    userId,
    amountMinor: instalment.amountMinor,
    currency: instalment.currency,
    description: `${instalment.workshopTitle} (instalment ${instalment.sequence})`,
    batchId: instalment.batchId,
    instalmentId: instalment.id,
    details: { planId: instalment.planId, sequence: instalment.sequence },
    gstin: input.gstin,
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

/** `POST /api/user/recording/payment`: the recordings of a batch the caller is not enrolled in. */
export async function initiateRecording(
  ctx: AppContext,
  input: PurchaseInput & { batchId: number },
): Promise<InitiatePayment> {
  const userId = input.session.userId;
  const { batch, title } = await batchWithWorkshop(ctx, input.batchId);
  const amountMinor = recordingPrice(batch, input.currency);
  if (amountMinor === null) throw notFound("This batch's recording");
  if (await isEnrolled(ctx, userId, batch.id))
    throw new AppError('CONFLICT', 'You already have this batch, recordings included.');
  const created = await createOrder(ctx, {
    kind: 'recording',
    userId,
    amountMinor,
    currency: input.currency,
    description: `${title} — recordings`,
    batchId: batch.id,
    details: { access: 'recordings' },
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

/** `POST /api/competition/payment/initiate`: registration, confirmed once paid. */
export async function initiateCompetition(
  ctx: AppContext,
  input: PurchaseInput & { competitionId: number },
): Promise<InitiatePayment> {
  const userId = input.session.userId;
  const now = ctx.clock();
  const [competition] = await ctx.database.db
    .select()
    .from(competitions)
    .where(eq(competitions.id, input.competitionId));
  if (!competition || !competition.isActive) throw notFound('This competition');
  // A free competition has no order to pay: it is registered at once by its own call.
  if (competition.amount === 0)
    throw new AppError(
      'CONFLICT',
      'This competition is free: register with POST /api/competition/register, no payment needed.',
    );
  // The deadline is a day of the platform's calendar (as the competition pages show it).
  const today = toWireDate(now, ctx.config.tz);
  if (competition.registrationDeadline !== null && competition.registrationDeadline < today)
    throw new AppError('CONFLICT', 'Registration for this competition has closed.');
  const [registration] = await ctx.database.db
    .select({ status: competitionRegistrations.status })
    .from(competitionRegistrations)
    .where(
      and(
        eq(competitionRegistrations.competitionId, competition.id),
        eq(competitionRegistrations.userId, userId),
      ),
    );
  if (registration?.status === 'confirmed') throw new AppError('CONFLICT', 'You are already registered.');
  const amountMinor =
    priceIn(input.currency, competition.amount, competition.dollar) ?? minor(competition.amount);
  const currency: CurrencyCode =
    priceIn(input.currency, competition.amount, competition.dollar) === null ? 'INR' : input.currency;
  const created = await createOrder(ctx, {
    kind: 'competition',
    userId,
    amountMinor,
    currency,
    description: `${competition.title} — registration`,
    details: { competitionId: competition.id },
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

/** `POST /api/consultation/payment/initiate`: a consultation package. */
export async function initiateConsultation(
  ctx: AppContext,
  input: PurchaseInput & { packageId: number },
): Promise<InitiatePayment> {
  const [pack] = await ctx.database.db
    .select()
    .from(consultationPackages)
    .where(eq(consultationPackages.id, input.packageId));
  if (!pack || !pack.isActive) throw notFound('This consultation package');
  const usd = priceIn(input.currency, pack.price, pack.dollar);
  const currency: CurrencyCode = usd === null ? 'INR' : input.currency;
  const amountMinor = usd ?? minor(pack.price);
  if (amountMinor <= 0) throw notFound('This consultation package');
  const created = await createOrder(ctx, {
    kind: 'consultation',
    userId: input.session.userId,
    amountMinor,
    currency,
    description: `Design consultation — ${pack.name}`,
    consultationPackageId: pack.id,
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

/** `POST /api/custom/payment/initiate`: a payment link, by a signed-in learner or a guest checkout. */
export async function initiateCustom(
  ctx: AppContext,
  input: {
    session: SessionIdentity | null;
    linkToken: string;
    checkoutId?: string | undefined;
    gstin?: string | undefined;
    idempotencyKey?: string | undefined;
  },
): Promise<InitiatePayment> {
  const now = ctx.clock();
  const link = await findPaymentLink(ctx.database.db, input.linkToken);
  const status = linkStatus(link, now);
  if (status === 'paid') throw new AppError('CONFLICT', 'This payment link has already been paid.');
  if (status === 'expired')
    throw new AppError('CONFLICT', 'This payment link has expired. Please ask us for a new one.');
  const buyer = await resolveBuyer(ctx, {
    session: input.session,
    checkoutId: input.checkoutId,
    target: { linkToken: input.linkToken },
  });
  const created = await createOrder(ctx, {
    kind: 'custom',
    userId: buyer.userId,
    amountMinor: link.amountMinor,
    currency: link.currency as CurrencyCode,
    description: link.purpose,
    details: { paymentLinkId: link.id },
    gstin: input.gstin,
    guest: buyer.guest,
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}

/** What one coin is worth in `currency`'s minor units (COIN_VALUE_MINOR_INR / _USD). */
export function coinValueMinor(config: AppConfig, currency: CurrencyCode): number {
  return config.coinRules.valueMinor[currency];
}

/**
 * `POST /api/coins/payment/initiate`: a batch paid wholly with coins — its full price in coins,
 * debited and enrolled in one transaction (no provider order). A balance short of the price →
 * 409 INSUFFICIENT_COINS and nothing changes; 20 concurrent attempts on a balance for one → one.
 */
export async function payWithCoins(
  ctx: AppContext,
  input: PurchaseInput & { batchId: number },
): Promise<InitiatePayment> {
  const userId = input.session.userId;
  if (await isEnrolled(ctx, userId, input.batchId))
    throw new AppError('CONFLICT', 'You are already enrolled in this batch.');
  // The checkout's price: on sale (late joining included), a seat left, the list price in this currency.
  const quote = await quoteCheckout(ctx.database.db, {
    batchId: input.batchId,
    plan: 'full',
    currency: input.currency,
    userId,
    now: ctx.clock(),
    tz: ctx.config.tz,
    coinRules: ctx.config.coinRules,
  });
  const listMinor = quote.listMinor;
  const title = quote.workshopTitle;
  const batch = { id: quote.batchId };
  const coins = Math.ceil(listMinor / coinValueMinor(ctx.config, input.currency));
  const balance = await coinBalance(ctx.database.db, userId);
  if (balance < coins)
    throw new AppError('INSUFFICIENT_COINS', `This course costs ${coins} coins; your wallet has ${balance}.`);
  const created = await createOrder(ctx, {
    kind: 'coins',
    userId,
    amountMinor: 0,
    discountMinor: 0,
    coinsUsed: coins,
    currency: input.currency,
    description: `${title} (paid with ${coins} coins)`,
    batchId: batch.id,
    details: { listMinor, coins },
    idempotencyKey: input.idempotencyKey,
  });
  return initiateAnswer(ctx, created);
}
