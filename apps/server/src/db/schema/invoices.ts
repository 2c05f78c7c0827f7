/**
 * Tax invoices (issue 14, decision 0019): one per paid order, numbered from a gap-free series
 * per Indian financial year (`ATL/2026-27/000001`). The series counter is a row locked by the
 * transaction that pays the order, so a number is taken only if that transaction commits and two
 * payments never share one.
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns.js';
import { orders } from './payments.js';

/** The last number given in each series (`ATL/2026-27`). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_last_number_ck', sql`${t.lastNumber} >= 1`)],
);

/** What the invoice says about the buyer and the sale, frozen when it is issued. */
export interface InvoiceSnapshot {
  buyer: { name: string | null; email: string | null; mobile: string | null; gstin: string | null };
  item: { kind: string; description: string; workshopId: number | null; batchId: number | null };
  amountMinor: number;
  discountMinor: number;
  coinsUsed: number;
  currency: string;
}

/** The seller as printed on the invoice, frozen from the configuration at the first use after issue. */
export interface InvoiceSeller {
  name: string;
  address: string;
  gstin: string;
  stateCode: string;
  email: string;
  phone: string;
}

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** `ATL/2026-27` */
    series: text('series').notNull(),
    /** 1, 2, 3 … within the series, never skipping. */
    sequence: integer('sequence').notNull(),
    /** `ATL/2026-27/000001` */
    number: text('number').notNull(),
    issuedAt: instant('issued_at').notNull(),
    snapshot: jsonb('snapshot').$type<InvoiceSnapshot>().notNull(),
    /** Null until the receipt job or the first download freezes it from the configuration. */
    seller: jsonb('seller').$type<InvoiceSeller>(),
    /** When the receipt e-mail was handed to the message outbox (at most once per invoice). */
    receiptQueuedAt: instant('receipt_queued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_order_uq').on(t.orderId),
    unique('invoices_number_uq').on(t.number),
    unique('invoices_series_sequence_uq').on(t.series, t.sequence),
    check('invoices_sequence_ck', sql`${t.sequence} >= 1`),
  ],
);
