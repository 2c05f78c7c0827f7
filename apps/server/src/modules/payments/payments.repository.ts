import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import {
  batches,
  checkouts,
  enrolments,
  orders,
  paymentWebhookEvents,
  payments,
  workshops,
  type ORDER_KINDS,
  type ORDER_STATUSES,
  type PAYMENT_PROVIDERS,
  type PAYMENT_STATUSES,
} from '../../db/schema/index.js';

export type { Executor };
export type OrderKind = (typeof ORDER_KINDS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type ProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type OrderRow = typeof orders.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

/** Statuses in which an order still waits for its payment (and holds its seat, coupon and coins). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['created', 'attempted'];

export function isOpen(status: OrderStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export async function findOrder(db: Executor, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The order row, locked until the transaction ends (every state change goes through this). */
export async function lockOrder(db: Executor, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findOrderByProviderOrderId(
  db: Executor,
  providerOrderId: string,
): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return row ?? null;
}

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(db: Executor, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function setProviderOrderId(
  db: Executor,
  id: number,
  providerOrderId: string,
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerOrderId, updatedAt: now })
    .where(and(eq(orders.id, id), isNull(orders.providerOrderId)));
}

export async function updateOrder(
  db: Executor,
  id: number,
  values: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'flaggedAt' | 'flagReason' | 'holdsReleasedAt'>>,
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: now })
    .where(eq(orders.id, id));
}

/** Whether the user already holds a live (not refunded) enrolment in the batch. */
export async function isEnrolled(db: Executor, userId: number, batchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(eq(enrolments.userId, userId), eq(enrolments.batchId, batchId), eq(enrolments.isRefund, false)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Enrols the buyer once per (user, batch): a new row carries the paying order; a refunded
 * enrolment bought again is restored. Returns whether anything changed.
 */
export async function enrol(
  db: Executor,
  values: { userId: number; batchId: number; orderId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(enrolments)
    .values({
      userId: values.userId,
      batchId: values.batchId,
      sourceOrderId: values.orderId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [enrolments.userId, enrolments.batchId],
      set: { isRefund: false, isEnrolled: true, isDashboardAccess: true, updatedAt: values.now },
      setWhere: sql`${enrolments.isRefund} = true`,
    })
    .returning({ id: enrolments.id });
  return rows.length > 0;
}

export async function countEnrolments(db: Executor, userId: number, batchId: number): Promise<number> {
  const rows = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.batchId, batchId)));
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/** Records a provider payment once (unique provider payment id); a later report updates its status. */
export async function upsertPayment(
  db: Executor,
  values: {
    orderId: number;
    providerPaymentId: string;
    amountMinor: number;
    currency: string;
    status: PaymentStatus;
    method: string | null;
    signatureVerified: boolean;
    capturedAt: Date | null;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = values;
  await db
    .insert(payments)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        status: rest.status,
        capturedAt: sql`coalesce(${payments.capturedAt}, excluded.captured_at)`,
        signatureVerified: sql`${payments.signatureVerified} OR excluded.signature_verified`,
        updatedAt: now,
      },
      // A captured or refunded payment never goes back to authorized or failed.
      setWhere: sql`${payments.status} NOT IN ('captured', 'refunded') OR excluded.status = 'refunded'`,
    });
}

export async function paymentsOfOrder(db: Executor, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId));
}

// ---------------------------------------------------------------------------------------------
// Guest checkouts
// ---------------------------------------------------------------------------------------------

export async function insertCheckout(
  db: Executor,
  values: typeof checkouts.$inferInsert,
): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

/** A live checkout by its token hash (not expired). */
export async function findLiveCheckout(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.tokenHash, tokenHash), gt(checkouts.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function findCheckoutByTokenHash(db: Executor, tokenHash: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Locks the checkout row (account creation for it happens once). */
export async function lockCheckout(db: Executor, id: number): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  return row ?? null;
}

export async function setCheckoutAccount(
  db: Executor,
  id: number,
  userId: number,
  createdAccount: boolean,
): Promise<void> {
  await db.update(checkouts).set({ userId, createdAccount }).where(eq(checkouts.id, id));
}

export async function batchExists(db: Executor, batchId: number): Promise<boolean> {
  const [row] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId)).limit(1);
  return row !== undefined;
}

/** The workshop of a batch, for answers and the provider's description. */
export async function workshopOfBatch(db: Executor, batchId: number) {
  const [row] = await db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      brochureUrl: workshops.brochureUrl,
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(batches.id, batchId))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Webhook inbox
// ---------------------------------------------------------------------------------------------

/** Stores an event once; null when its event id was stored before (a redelivery). */
export async function insertWebhookEvent(
  db: Executor,
  values: {
    provider: ProviderName;
    providerEventId: string;
    eventType: string;
    payload: Record<string, unknown>;
    now: Date;
  },
): Promise<number | null> {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values({
      provider: values.provider,
      providerEventId: values.providerEventId,
      eventType: values.eventType,
      payload: values.payload,
      receivedAt: values.now,
    })
    .onConflictDoNothing({ target: paymentWebhookEvents.providerEventId })
    .returning({ id: paymentWebhookEvents.id });
  return rows[0]?.id ?? null;
}

export async function lockWebhookEvent(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, id))
    .for('update');
  return row ?? null;
}

export async function finishWebhookEvent(
  db: Executor,
  id: number,
  values: { processedAt: Date | null; lastError: string | null },
): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ ...values, attempts: sql`${paymentWebhookEvents.attempts} + 1` })
    .where(eq(paymentWebhookEvents.id, id));
}

export async function ordersByIds(db: Executor, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}
