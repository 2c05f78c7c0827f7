import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SellerConfig } from '../../config.js';
import type { Executor } from '../../db/query.js';
import {
  batches,
  consultationPackages,
  invoiceCounters,
  invoices,
  orders,
  payments,
  users,
  workshops,
  type InvoiceSeller,
  type InvoiceSnapshot,
} from '../../db/schema/index.js';
import { invoiceNumber, invoiceSeries } from './tax.js';

/*
 * Issuing invoices (decision 0019). `issueInvoice` runs in the caller's transaction — the one that
 * marks the order paid — so the number exists only if the payment commits:
 *   1. the order row is locked (`FOR UPDATE`), so two payers of the same order queue up and the
 *      second finds the first one's invoice (idempotent per order);
 *   2. the series counter is bumped with `INSERT … ON CONFLICT DO UPDATE … RETURNING`, which locks
 *      the counter row until commit: a concurrent payment waits and takes the next number, and a
 *      rolled-back payment gives its number back. Numbers never skip or repeat.
 */

/** The order row an invoice is made from. */
type OrderRow = typeof orders.$inferSelect;

const ORDER_KIND_LABELS: Record<string, string> = {
  course: 'Course enrolment',
  instalment: 'Course instalment',
  recording: 'Course recording',
  custom: 'Payment',
  competition: 'Competition entry',
  consultation: 'Consultation',
  coins: 'Course enrolment (paid with coins)',
};

function textDetail(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** What the invoice says about the buyer and the item, read from the order and its links. */
async function snapshotOf(tx: Executor, order: OrderRow): Promise<InvoiceSnapshot> {
  const [user] = order.userId
    ? await tx
        .select({ name: users.name, email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, order.userId))
    : [];
  const [course] = order.batchId
    ? await tx
        .select({ workshopId: workshops.id, title: workshops.title, startDate: batches.startDate })
        .from(batches)
        .innerJoin(workshops, eq(workshops.id, batches.workshopId))
        .where(eq(batches.id, order.batchId))
    : [];
  const [consultation] = order.consultationPackageId
    ? await tx
        .select({ name: consultationPackages.name })
        .from(consultationPackages)
        .where(eq(consultationPackages.id, order.consultationPackageId))
    : [];
  const label = ORDER_KIND_LABELS[order.kind] ?? 'Payment';
  const subject =
    course?.title ??
    consultation?.name ??
    textDetail(order.details, 'purpose') ??
    textDetail(order.details, 'title') ??
    null;
  const batchNote = course?.startDate ? ` (batch starting ${course.startDate})` : '';
  return {
    buyer: {
      name: user?.name ?? order.guestName ?? null,
      email: user?.email ?? order.guestEmail ?? null,
      mobile: user?.mobile ?? order.guestMobile ?? null,
      gstin: textDetail(order.details, 'gstin')?.toUpperCase() ?? null,
    },
    item: {
      kind: order.kind,
      description: subject ? `${label}: ${subject}${batchNote}` : label,
      workshopId: course?.workshopId ?? null,
      batchId: order.batchId ?? null,
    },
    amountMinor: order.amountMinor,
    discountMinor: order.discountMinor,
    coinsUsed: order.coinsUsed,
    currency: order.currency,
  };
}

/** Gives a paid order the next number of the gap-free series (idempotent per order). */
export async function issueInvoice(
  tx: Executor,
  input: { orderId: number; now: Date },
): Promise<{ number: string }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
  if (!order) throw new Error(`issueInvoice: order ${input.orderId} does not exist`);
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, order.id));
  if (existing) return existing;

  const series = invoiceSeries(input.now);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.series,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const number = invoiceNumber(series, sequence);
  await tx.insert(invoices).values({
    orderId: order.id,
    series,
    sequence,
    number,
    issuedAt: input.now,
    snapshot: await snapshotOf(tx, order),
  });
  return { number };
}

/** An invoice with the order facts its PDF and receipt need. */
export interface InvoiceView {
  orderId: number;
  userId: number | null;
  orderStatus: string;
  number: string;
  issuedAt: Date;
  paidAt: Date | null;
  snapshot: InvoiceSnapshot;
  seller: InvoiceSeller;
  receiptQueuedAt: Date | null;
  payment: { method: string | null; providerPaymentId: string | null; provider: string };
}

/**
 * The invoice of `orderId` with its seller frozen: the first reader after issue (the receipt job,
 * or the first download) writes the configured seller into the row, so a later change of address
 * or name does not rewrite an issued invoice.
 */
export async function loadInvoice(
  tx: Executor,
  orderId: number,
  seller: SellerConfig,
): Promise<InvoiceView | undefined> {
  const [row] = await tx
    .select({
      invoice: invoices,
      userId: orders.userId,
      status: orders.status,
      paidAt: orders.paidAt,
      provider: orders.provider,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  if (!row) return undefined;
  let frozen = row.invoice.seller;
  if (!frozen) {
    const value: InvoiceSeller = { ...seller };
    const [updated] = await tx
      .update(invoices)
      .set({ seller: value })
      .where(and(eq(invoices.id, row.invoice.id), isNull(invoices.seller)))
      .returning({ seller: invoices.seller });
    frozen = updated?.seller ?? value;
  }
  const [payment] = await tx
    .select({ method: payments.method, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), inArray(payments.status, ['captured', 'authorized', 'refunded'])),
    )
    .orderBy(desc(payments.capturedAt), desc(payments.id))
    .limit(1);
  return {
    orderId,
    userId: row.userId,
    orderStatus: row.status,
    number: row.invoice.number,
    issuedAt: row.invoice.issuedAt,
    paidAt: row.paidAt,
    snapshot: row.invoice.snapshot,
    seller: frozen,
    receiptQueuedAt: row.invoice.receiptQueuedAt,
    payment: {
      method: payment?.method ?? (row.invoice.snapshot.amountMinor === 0 ? 'coins' : null),
      providerPaymentId: payment?.providerPaymentId ?? null,
      provider: row.provider,
    },
  };
}

/** Whether an order's status means money was taken (an invoice may be shown). */
export const INVOICED_STATUSES: readonly string[] = ['paid', 'refunded'];

/**
 * The invoice of an order `userId` owns and paid, issuing it now when the payment predates
 * invoicing; undefined for anyone else's order or an unpaid one (the caller answers 404).
 */
export async function invoiceForOwner(
  tx: Executor,
  input: { orderId: number; userId: number; seller: SellerConfig; now: Date },
): Promise<InvoiceView | undefined> {
  const [order] = await tx
    .select({ userId: orders.userId, status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order || order.userId !== input.userId || !INVOICED_STATUSES.includes(order.status)) return undefined;
  await issueInvoice(tx, { orderId: input.orderId, now: order.paidAt ?? input.now });
  return loadInvoice(tx, input.orderId, input.seller);
}

/**
 * The invoice of any paid (or refunded) order, for the staff console (issue 17 point 5): issued
 * now when the order has none yet, like the owner's download. Undefined for an unpaid order.
 */
export async function invoiceForStaff(
  tx: Executor,
  input: { orderId: number; seller: SellerConfig; now: Date },
): Promise<InvoiceView | undefined> {
  const [order] = await tx
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order || !INVOICED_STATUSES.includes(order.status)) return undefined;
  await issueInvoice(tx, { orderId: input.orderId, now: order.paidAt ?? input.now });
  return loadInvoice(tx, input.orderId, input.seller);
}
