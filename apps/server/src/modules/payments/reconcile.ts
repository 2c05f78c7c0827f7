/*
 * Reconciliation (issue 14 rule 7, checklist F10 and F13; decision 0016). Webhooks can stop (an
 * endpoint down for a day is disabled by Razorpay), a browser can close before it verifies, a
 * payment can stay `authorized`. Every RECONCILE_INTERVAL_SECONDS one sweep job runs — one per
 * period across all instances, because its dedupe key names the period — and enqueues one
 * `payments.reconcile.order` job per order left `created`/`attempted` (and, every few periods,
 * per order expired in the last day, for captures that came late). The job queue claims those
 * jobs with `FOR UPDATE SKIP LOCKED`, so each order is settled by one runner at a time, with
 * retries and backoff when the provider is down. Each order job asks the provider (outside any
 * transaction) and then, in a transaction that re-reads the order under a row lock:
 *   captured → the order is fulfilled (the machinery's `fulfilOrder`, idempotent);
 *   authorized → captured at the provider (amount and currency checked first), then fulfilled;
 *   nothing and past `expiresAt` → expired, its coupon, coins and seat released exactly once;
 *   captured for an order already expired → honoured when its seat (and coupon, and coins) can
 *   be taken again, otherwise refunded and the buyer told (`settleLateCapture`).
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { orders, payments, refunds, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { MessageSender } from '../../integrations/messaging/message-sender.js';
import type { PaymentProviderAdapter, ProviderPayment } from '../../integrations/payments/types.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import { requestRefund } from './refunds.js';
import { retakeOrderHolds } from './purchase-effects.js';

export const RECONCILE_SWEEP_TOPIC = 'payments.reconcile';
export const RECONCILE_ORDER_TOPIC = 'payments.reconcile.order';

/** Orders younger than this are left to the browser and the webhooks. */
const GRACE_MS = 60_000;
/** Expired orders are re-checked for late captures for this long, every LATE_SWEEP_EVERY periods. */
const LATE_WINDOW_MS = 24 * 3600_000;
const LATE_SWEEP_EVERY = 5;
/** Orders handled per sweep (the next sweep takes the rest). */
const SWEEP_LIMIT = 500;

/** The order machinery (`payments`): what reconciliation drives. */
export interface OrderMachinery {
  /** Marks the order paid with this captured payment and applies its effect, idempotently. */
  fulfilOrder(deps: ReconcileDeps, input: { orderId: number; payment: ProviderPayment }): Promise<unknown>;
  /** Releases the order's coupon, coins and seat and sets `status`, exactly once. */
  releaseOrderHolds(tx: Executor, orderId: number, status: 'expired' | 'failed'): Promise<unknown>;
}

export interface ReconcileDeps {
  config: AppConfig;
  database: { db: Db };
  clock: () => Date;
  payments: PaymentProviderAdapter;
  messages: MessageSender;
}

// ── scheduling ──────────────────────────────────────────────────────────────────────────────

/** The period (slot) an instant falls in. */
export function reconcileSlot(at: Date, intervalSeconds: number): number {
  return Math.floor(at.getTime() / (intervalSeconds * 1000));
}

/**
 * Enqueues the sweep of `slot` (default: the current one), due at the slot's start. Its dedupe
 * key names the slot, so every instance may call this and one sweep per period exists.
 */
export async function scheduleReconcile(
  db: Pick<Db, 'insert'>,
  opts: { intervalSeconds: number; now: Date; slot?: number },
): Promise<number> {
  const slot = opts.slot ?? reconcileSlot(opts.now, opts.intervalSeconds);
  await enqueue(db, {
    topic: RECONCILE_SWEEP_TOPIC,
    payload: { slot },
    dedupeKey: `payments.reconcile:${opts.intervalSeconds}:${slot}`,
    runAt: new Date(slot * opts.intervalSeconds * 1000),
    maxAttempts: 3,
  });
  return slot;
}

/** The sweep job: schedules the next period first (so a failure never ends the chain), then sweeps. */
export function reconcileSweepHandler(deps: ReconcileDeps): JobHandler {
  return async (job) => {
    const slot = Number(job.payload.slot);
    if (!Number.isInteger(slot)) throw new PermanentJobError('payments.reconcile: no slot');
    const intervalSeconds = deps.config.reconcileIntervalSeconds;
    const { db } = deps.database;
    const current = reconcileSlot(deps.clock(), intervalSeconds);
    await scheduleReconcile(db, { intervalSeconds, now: deps.clock(), slot: Math.max(slot, current) + 1 });
    await sweep(deps, { includeExpired: slot % LATE_SWEEP_EVERY === 0, slot });
  };
}

/**
 * One sweep: orders without a provider order (the provider never answered) that are past their
 * expiry are expired here; every other candidate gets its own order job.
 */
export async function sweep(
  deps: Pick<ReconcileDeps, 'database' | 'clock'> & { machinery?: OrderMachinery },
  opts: { includeExpired: boolean; slot: number },
): Promise<{ enqueued: number }> {
  const now = deps.clock();
  const { db } = deps.database;
  const pending = inArray(orders.status, ['created', 'attempted']);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(
          pending,
          isNotNull(orders.providerOrderId),
          lte(orders.createdAt, new Date(now.getTime() - GRACE_MS)),
        ),
        and(pending, isNull(orders.providerOrderId), lte(orders.expiresAt, now)),
        opts.includeExpired
          ? and(
              eq(orders.status, 'expired'),
              isNotNull(orders.providerOrderId),
              gte(orders.expiresAt, new Date(now.getTime() - LATE_WINDOW_MS)),
            )
          : sql`false`,
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(SWEEP_LIMIT);
  let enqueued = 0;
  for (const { id } of rows) {
    const added = await enqueue(db, {
      topic: RECONCILE_ORDER_TOPIC,
      payload: { orderId: id },
      dedupeKey: `payments.reconcile.order:${id}:${opts.slot}`,
      maxAttempts: 4,
    });
    if (added !== null) enqueued += 1;
  }
  return { enqueued };
}

// ── one order ───────────────────────────────────────────────────────────────────────────────

export type ReconcileOutcome =
  | 'gone'
  | 'settled'
  | 'fulfilled'
  | 'captured'
  | 'expired'
  | 'waiting'
  | 'late-honoured'
  | 'late-refunded'
  | 'late-released';

export function reconcileOrderHandler(deps: ReconcileDeps, machinery: OrderMachinery): JobHandler {
  return async (job) => {
    const orderId = Number(job.payload.orderId);
    if (!Number.isInteger(orderId)) throw new PermanentJobError('payments.reconcile.order: no orderId');
    await reconcileOrder(deps, machinery, orderId);
  };
}

/** Brings one order in line with what the provider knows. Safe to run any number of times, concurrently. */
export async function reconcileOrder(
  deps: ReconcileDeps,
  machinery: OrderMachinery,
  orderId: number,
): Promise<ReconcileOutcome> {
  const { db } = deps.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'gone';
  const isPending = order.status === 'created' || order.status === 'attempted';
  if (!isPending && order.status !== 'expired') return 'settled';
  if (!order.providerOrderId) {
    // A coins-only order is paid at once; one without a provider order never reached the provider.
    return isPending && (await expireOrder(deps, machinery, orderId)) ? 'expired' : 'waiting';
  }

  const found = await deps.payments.fetchOrderPayments(order.providerOrderId);
  // A refunded payment was settled before (fulfilled, or refunded as a late capture): not looked at again.
  const captured = found.find((p) => p.status === 'captured');
  const authorized = found.find((p) => p.status === 'authorized');

  if (order.status === 'expired') {
    const late = captured ?? authorized;
    return late ? settleLateCapture(deps, machinery, { orderId, payment: late }) : 'waiting';
  }
  if (captured) {
    await machinery.fulfilOrder(deps, { orderId, payment: captured });
    return 'fulfilled';
  }
  if (authorized) {
    const payment = await captureIfMatching(deps, order, authorized);
    if (payment) {
      await machinery.fulfilOrder(deps, { orderId, payment });
      return 'captured';
    }
  }
  if (order.expiresAt && order.expiresAt.getTime() <= deps.clock().getTime())
    return (await expireOrder(deps, machinery, orderId)) ? 'expired' : 'settled';
  return 'waiting';
}

/**
 * Captures an authorized payment whose amount and currency are the order's. A payment that does
 * not match is not captured (the provider returns an uncaptured authorization to the payer).
 */
async function captureIfMatching(
  deps: ReconcileDeps,
  order: typeof orders.$inferSelect,
  authorized: ProviderPayment,
): Promise<ProviderPayment | null> {
  if (authorized.amountMinor !== order.amountMinor || authorized.currency !== order.currency) return null;
  return deps.payments.capturePayment({
    paymentId: authorized.id,
    amountMinor: authorized.amountMinor,
    currency: authorized.currency,
  });
}

/**
 * Expires a pending order past its expiry and releases its holds, exactly once: the row lock
 * and the status test make a second (or concurrent) run a no-op. True when this call expired it.
 */
export async function expireOrder(
  deps: Pick<ReconcileDeps, 'database' | 'clock'>,
  machinery: OrderMachinery,
  orderId: number,
): Promise<boolean> {
  const now = deps.clock();
  return deps.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || (order.status !== 'created' && order.status !== 'attempted')) return false;
    if (!order.expiresAt || order.expiresAt.getTime() > now.getTime()) return false;
    await machinery.releaseOrderHolds(tx, orderId, 'expired');
    await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['created', 'attempted'])));
    return true;
  });
}

/**
 * A payment captured (or authorized) for an order that had already expired (from reconciliation,
 * or from the machinery's webhook handling). When the order's holds can be taken again — seat,
 * coupon, coins, an unpaid instalment or link — the order is revived and fulfilled; otherwise a
 * captured payment is refunded in full and an authorized one is left uncaptured (the provider
 * voids it), and the buyer is told either way.
 */
export async function settleLateCapture(
  deps: ReconcileDeps,
  machinery: OrderMachinery,
  input: { orderId: number; payment: ProviderPayment },
): Promise<'late-honoured' | 'late-refunded' | 'late-released' | 'settled'> {
  const now = deps.clock();
  const { db } = deps.database;
  const revived = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order || order.status !== 'expired') return null;
    // Already being refunded (a late capture settled before): never revived after that.
    const [refunded] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .limit(1);
    if (refunded) return null;
    if (input.payment.amountMinor !== order.amountMinor || input.payment.currency !== order.currency)
      return false;
    // An authorized payment may still fail to capture and the order expire again; its coins could
    // then not be returned a second time (the return's ledger ref is used), so it is not revived.
    if (input.payment.status !== 'captured' && order.coinsUsed > 0) return false;
    const ok = await inSavepoint(tx, (sp) => retakeOrderHolds(sp, order, now));
    if (!ok) return false;
    const ttlMs = Math.max(
      GRACE_MS,
      (order.expiresAt?.getTime() ?? now.getTime()) - order.createdAt.getTime(),
    );
    await tx
      .update(orders)
      .set({
        status: 'attempted',
        expiresAt: new Date(now.getTime() + ttlMs),
        // Its holds are held again: a later expiry must give them back again.
        holdsReleasedAt: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    return true;
  });
  if (revived === null) return 'settled';

  if (revived) {
    let payment = input.payment;
    if (payment.status === 'authorized') {
      payment = await deps.payments.capturePayment({
        paymentId: payment.id,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
    }
    await machinery.fulfilOrder(deps, { orderId: input.orderId, payment });
    return 'late-honoured';
  }

  // Not honoured: refund a captured payment in full; tell the buyer.
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order || order.status !== 'expired') return 'settled';
    const captured = input.payment.status === 'captured';
    const paymentId = await upsertProviderPayment(tx, order.id, input.payment, now);
    if (captured) {
      await requestRefund(tx, {
        orderId: order.id,
        paymentId,
        amountMinor: input.payment.amountMinor,
        reason: 'Paid after the order expired; its seat or offer could not be held again',
        idempotencyKey: `late-capture:${input.payment.id}`,
      }).catch((error: unknown) => {
        // Refunded before (same key) or already refunded in full: nothing more to do.
        if (!(error instanceof AppError)) throw error;
      });
    }
    await tellBuyer(deps.messages, tx, order, captured, input.payment.id);
    return captured ? 'late-refunded' : 'late-released';
  });
}

/** Runs `work` in a savepoint: an AppError (or a false answer) rolls back only the savepoint. */
async function inSavepoint(tx: Executor, work: (sp: Executor) => Promise<boolean>): Promise<boolean> {
  const runner = tx as unknown as { transaction<T>(fn: (sp: Executor) => Promise<T>): Promise<T> };
  const rollback = new Error('savepoint rollback');
  try {
    return await runner.transaction(async (sp) => {
      if (!(await work(sp))) throw rollback;
      return true;
    });
  } catch (error) {
    if (error === rollback || error instanceof AppError) return false;
    throw error;
  }
}

/** Our row of a provider payment (inserted when only the provider knew it). */
async function upsertProviderPayment(
  tx: Executor,
  orderId: number,
  payment: ProviderPayment,
  now: Date,
): Promise<number> {
  const [existing] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerPaymentId, payment.id))
    .for('update');
  if (existing) {
    if (payment.status === 'captured')
      await tx
        .update(payments)
        .set({ status: 'captured', capturedAt: now, updatedAt: now })
        .where(and(eq(payments.id, existing.id), inArray(payments.status, ['created', 'authorized'])));
    return existing.id;
  }
  const [row] = await tx
    .insert(payments)
    .values({
      orderId,
      providerPaymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      status: payment.status === 'refunded' ? 'captured' : payment.status,
      method: payment.method,
      capturedAt: payment.status === 'captured' ? now : null,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** The message to a buyer whose late payment could not be honoured (once per payment). */
async function tellBuyer(
  messages: MessageSender,
  tx: Executor,
  order: typeof orders.$inferSelect,
  captured: boolean,
  providerPaymentId: string,
): Promise<boolean> {
  let to = order.guestEmail;
  let name = order.guestName;
  if (order.userId !== null) {
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, order.userId));
    to = user?.email ?? to;
    name = user?.name ?? name;
  }
  if (!to) return false;
  // One message per late payment: the dedupe lives in the jobs table through the message's job.
  const [seen] = await tx
    .execute(
      sql`SELECT 1 AS one FROM jobs WHERE topic = 'message.send' AND payload->>'kind' = 'payment-late-refund'
          AND payload->>'body' LIKE ${`%${providerPaymentId}%`} LIMIT 1`,
    )
    .then((r) => r.rows);
  if (seen) return true;
  const amount = `${(order.amountMinor / 100).toFixed(2)} ${order.currency}`;
  await messages.send(tx, {
    channel: 'email',
    to,
    subject: captured ? 'Your payment is being refunded' : 'Your payment was not taken',
    body: [
      `Hello ${name ?? 'there'},`,
      '',
      `Your payment of ${amount} for order ${order.id} arrived after the order had expired, and the seat or offer it held could not be taken again.`,
      captured
        ? 'We have started a full refund; your bank shows it within 5–7 working days.'
        : 'The amount was only authorised, not taken: your bank releases it automatically.',
      '',
      `Payment reference: ${providerPaymentId}`,
    ].join('\n'),
    kind: 'payment-late-refund',
  });
  return true;
}
