/*
 * Refunds (issue 14, checklist F8 and F18; decision 0016). A refund is asked for in the caller's
 * transaction (`requestRefund`): the limits are checked under a lock of the payment row (never
 * more than captured, partial refunds never summing over it), a `pending` row is written with its
 * idempotency key (same key → the same refund, never a second one) and a `payments.refund` job is
 * enqueued; the job calls the provider after the commit, outside any transaction. The provider's
 * `refund.processed` (webhook, or the provider's answer) settles it (`applyProcessedRefund`):
 * idempotently, the row is processed, and once the payment is refunded in full the order is
 * `refunded`, its coins go back and the access it bought is revoked (`isRefund`).
 *
 * This file imports nothing of the order machinery, so the machinery may call it (no cycle).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { competitionRegistrations, enrolments, orders, payments, refunds } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { PaymentProviderAdapter, ProviderRefund } from '../../integrations/payments/types.js';
import { ProviderError } from '../../integrations/payments/types.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import type { PublicCache } from '../../platform/cache/index.js';
import { learnerCachePrefix } from '../learning/index.js';
import { moveCoins } from '../wallet/index.js';

/** The `method` of a payment staff recorded as received offline (`recordOfflineCourseOrder`). */
export const OFFLINE_METHOD = 'offline';

/** The job that sends a pending refund to the provider. */
export const REFUND_TOPIC = 'payments.refund';

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundRequest {
  orderId: number;
  /** The payment to refund; default: the order's captured payment. */
  paymentId?: number | undefined;
  /** Minor units; default: what is left of the payment. */
  amountMinor?: number | undefined;
  reason: string;
  /** Same key → the same refund (a retry never refunds twice). */
  idempotencyKey: string;
}

/** What refunds need of the application (a subset of `AppContext`). */
export interface RefundDeps {
  database: { db: Db };
  clock: () => Date;
  payments: PaymentProviderAdapter;
  /**
   * The invalidation bus (the app's): a refund that revokes access drops the learner's cached
   * personal answers (the course dashboard, decision 0022) on every instance. Without it they
   * expire within `DASHBOARD_CACHE_SECONDS`.
   */
  publicCache?: PublicCache;
}

/** Minor units of `paymentId` already refunded or on their way (pending or processed). */
async function committedRefunds(tx: Executor, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'processed'])));
  return Number(row?.total ?? 0);
}

/**
 * Asks for a refund inside the caller's transaction. Returns the refund (the existing one when the
 * key was seen). Throws AppError: NOT_FOUND (no such order or captured payment), CONFLICT (nothing
 * left to refund, or more than what is left), IDEMPOTENCY_KEY_REUSED (the key names another refund).
 */
export async function requestRefund(tx: Executor, request: RefundRequest): Promise<RefundRow> {
  return (await requestRefundOutcome(tx, request)).refund;
}

/**
 * {@link requestRefund}, telling also whether this call created the refund (`created`) or found the
 * one an earlier call with the same key made (a repeat, possibly a simultaneous one).
 */
export async function requestRefundOutcome(
  tx: Executor,
  request: RefundRequest,
): Promise<{ refund: RefundRow; created: boolean }> {
  const [seen] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (seen) return { refund: sameRefund(seen, request), created: false };

  const paymentRows = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, request.orderId),
        request.paymentId === undefined
          ? eq(payments.status, 'captured')
          : eq(payments.id, request.paymentId),
      ),
    )
    .orderBy(payments.id)
    .limit(1)
    .for('update');
  const payment = paymentRows[0];
  if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded'))
    throw new AppError('NOT_FOUND', 'No captured payment of this order was found.');
  // A payment staff recorded as made offline never went through the provider: it cannot come back
  // through it either (the provider would refuse an id it never issued, and the job would die).
  if (payment.method === OFFLINE_METHOD)
    throw new AppError(
      'CONFLICT',
      "This order was paid offline: return the money the way it came, then revoke the learner's access from their page.",
    );

  // A concurrent request with the same key may have committed while we waited for the lock.
  const [raced] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (raced) return { refund: sameRefund(raced, request), created: false };

  const left = payment.amountMinor - (await committedRefunds(tx, payment.id));
  const amountMinor = request.amountMinor ?? left;
  if (!Number.isInteger(amountMinor) || amountMinor <= 0 || left <= 0)
    throw new AppError('CONFLICT', 'Nothing is left to refund on this payment.');
  if (amountMinor > left)
    throw new AppError(
      'CONFLICT',
      `A refund cannot exceed what was captured: at most ${left} minor units are left to refund.`,
    );
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      amountMinor,
      currency: payment.currency,
      status: 'pending',
      reason: request.reason.slice(0, 500),
      idempotencyKey: request.idempotencyKey,
    })
    .returning();
  await enqueue(tx, { topic: REFUND_TOPIC, payload: { refundId: row!.id }, dedupeKey: `refund:${row!.id}` });
  return { refund: row!, created: true };
}

function sameRefund(seen: RefundRow, request: RefundRequest): RefundRow {
  const sameOrder = seen.orderId === request.orderId;
  const samePayment = request.paymentId === undefined || seen.paymentId === request.paymentId;
  const sameAmount = request.amountMinor === undefined || seen.amountMinor === request.amountMinor;
  if (!sameOrder || !samePayment || !sameAmount)
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another refund.');
  return seen;
}

/** Asks for a refund in its own transaction (staff, late captures). */
export async function refundOrder(
  deps: Pick<RefundDeps, 'database'>,
  request: RefundRequest,
): Promise<RefundRow> {
  return deps.database.db.transaction((tx) => requestRefund(tx, request));
}

/**
 * The `payments.refund` job: sends one pending refund to the provider (outside any transaction),
 * with the refund's own idempotency key so a retried job never refunds twice, then records the
 * provider's answer. A 4xx refusal marks the refund failed (its amount is free again).
 */
export function refundJobHandler(deps: RefundDeps): JobHandler {
  return async (job) => {
    const refundId = Number(job.payload.refundId);
    if (!Number.isInteger(refundId)) throw new PermanentJobError('payments.refund: no refundId');
    const { db } = deps.database;
    const [row] = await db
      .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, refundId));
    if (!row) throw new PermanentJobError(`payments.refund: refund ${refundId} does not exist`);
    if (row.refund.status !== 'pending' || row.refund.providerRefundId) return;
    let answer: ProviderRefund;
    try {
      answer = await deps.payments.refundPayment({
        paymentId: row.providerPaymentId,
        amountMinor: row.refund.amountMinor,
        idempotencyKey: row.refund.idempotencyKey ?? `refund-${row.refund.id}`,
        notes: { refundId: String(row.refund.id), orderId: String(row.refund.orderId) },
      });
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        await db
          .update(refunds)
          .set({ status: 'failed' })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
        return;
      }
      throw error;
    }
    await recordProviderRefund(deps, refundId, answer);
  };
}

/** Stores the provider's refund id on our row and settles it when the provider says processed or failed. */
async function recordProviderRefund(
  deps: RefundDeps,
  refundId: number,
  answer: ProviderRefund,
): Promise<void> {
  await deps.database.db
    .update(refunds)
    .set({ providerRefundId: answer.id })
    .where(and(eq(refunds.id, refundId), sql`${refunds.providerRefundId} IS NULL`));
  if (answer.status === 'processed') await applyProcessedRefund(deps, answer);
  if (answer.status === 'failed')
    await deps.database.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

export type RefundOutcome = 'processed' | 'already' | 'unknown-payment';

/**
 * Settles a refund the provider reports processed (`refund.processed`, or its answer to the
 * call), idempotently: any number of deliveries, in any order, have one effect. A refund made
 * outside Atelier (the provider's dashboard) is recorded too. When the payment's processed
 * refunds reach what was captured: payment and order `refunded`, the coins spent on the order
 * returned, the enrolment it bought marked `isRefund` with access revoked, a competition entry
 * cancelled.
 */
export async function applyProcessedRefund(
  deps: Pick<RefundDeps, 'database' | 'clock' | 'publicCache'>,
  refund: ProviderRefund,
): Promise<RefundOutcome> {
  const now = deps.clock();
  let revokedUserId: number | null = null;
  const outcome = await deps.database.db.transaction(async (tx): Promise<RefundOutcome> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, refund.paymentId))
      .for('update');
    if (!payment) return 'unknown-payment';

    let [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
    if (!row) {
      // Our call's answer may not be stored yet: the oldest pending refund of that amount is it.
      [row] = await tx
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.paymentId, payment.id),
            eq(refunds.status, 'pending'),
            eq(refunds.amountMinor, refund.amountMinor),
            sql`${refunds.providerRefundId} IS NULL`,
          ),
        )
        .orderBy(refunds.id)
        .limit(1);
      if (row) {
        await tx.update(refunds).set({ providerRefundId: refund.id }).where(eq(refunds.id, row.id));
      } else {
        [row] = await tx
          .insert(refunds)
          .values({
            paymentId: payment.id,
            orderId: payment.orderId,
            providerRefundId: refund.id,
            amountMinor: refund.amountMinor,
            currency: refund.currency,
            status: 'pending',
            reason: 'Refunded at the provider',
          })
          .returning();
      }
    }
    if (row!.status === 'processed') return 'already';
    await tx.update(refunds).set({ status: 'processed', processedAt: now }).where(eq(refunds.id, row!.id));

    const [done] = await tx
      .select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'processed')));
    if (Number(done?.total ?? 0) >= payment.amountMinor) {
      revokedUserId = await revokeRefundedOrder(tx, payment, now);
    }
    return 'processed';
  });
  if (revokedUserId !== null && deps.publicCache) {
    await deps.publicCache.invalidate({ prefixes: [learnerCachePrefix(revokedUserId)] });
  }
  return outcome;
}

/**
 * The effects of a payment refunded in full, each applied at most once. Answers the learner whose
 * access was revoked, if any.
 */
async function revokeRefundedOrder(
  tx: Executor,
  payment: typeof payments.$inferSelect,
  now: Date,
): Promise<number | null> {
  await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  // Only a paid order moves to refunded and gives back what it bought. An order that had ended
  // unpaid (a late capture refunded) keeps its status: its holds were released when it ended.
  if (!order || order.status !== 'paid') return null;
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
  await tx
    .update(enrolments)
    .set({ isRefund: true, isDashboardAccess: false, isEnrolled: false, updatedAt: now })
    .where(eq(enrolments.sourceOrderId, order.id));
  await tx
    .update(competitionRegistrations)
    .set({ status: 'cancelled' })
    .where(eq(competitionRegistrations.orderId, order.id));
  if (order.coinsUsed > 0 && order.userId !== null)
    await moveCoins(tx, {
      userId: order.userId,
      delta: order.coinsUsed,
      reason: 'refund',
      ref: `order:${order.id}:refund-coins`,
      orderId: order.id,
      note: 'Coins returned with the refund of this order',
    });
  return order.userId;
}
