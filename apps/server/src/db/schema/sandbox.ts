/**
 * The sandbox payment provider's own books (decision 0014): what Razorpay keeps on its side —
 * orders, payments and refunds, under Razorpay-shaped ids (`order_…`, `pay_…`, `rfnd_…`) — kept
 * in the database so that every instance of the server sees the same sandbox. Only the sandbox
 * adapter (`integrations/payments/sandbox.ts`) reads or writes these tables; the application's
 * own orders and payments are in `payments.ts`. Amounts are integer minor units.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, minorUnits, sqlList, updatedAt } from './columns.js';

export const SANDBOX_ORDER_STATUSES = ['created', 'attempted', 'paid'] as const;
export const SANDBOX_PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'refunded', 'failed'] as const;
export const SANDBOX_REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

const currencyCheck = (column: unknown) => sql`${column} ~ '^[A-Z]{3}$'`;

/** A sandbox order (Razorpay `order` entity). */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: id(),
    providerOrderId: text('provider_order_id').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    amountPaidMinor: minorUnits('amount_paid_minor').notNull().default(0),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    status: text('status').$type<(typeof SANDBOX_ORDER_STATUSES)[number]>().notNull().default('created'),
    /** Payment attempts made on the order. */
    attempts: integer('attempts').notNull().default(0),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('sandbox_orders_provider_order_id_uq').on(t.providerOrderId),
    check('sandbox_orders_status_ck', sql`${t.status} IN (${sqlList(SANDBOX_ORDER_STATUSES)})`),
    check('sandbox_orders_currency_ck', currencyCheck(t.currency)),
    check('sandbox_orders_amounts_ck', sql`${t.amountMinor} > 0 AND ${t.amountPaidMinor} >= 0`),
  ],
);

/** A sandbox payment (Razorpay `payment` entity) on a sandbox order. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: id(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id')
      .notNull()
      .references(() => sandboxOrders.providerOrderId, { onDelete: 'cascade' }),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<(typeof SANDBOX_PAYMENT_STATUSES)[number]>().notNull(),
    method: text('method').notNull(),
    amountRefundedMinor: minorUnits('amount_refunded_minor').notNull().default(0),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('sandbox_payments_provider_payment_id_uq').on(t.providerPaymentId),
    index('sandbox_payments_order_idx').on(t.providerOrderId),
    check('sandbox_payments_status_ck', sql`${t.status} IN (${sqlList(SANDBOX_PAYMENT_STATUSES)})`),
    check('sandbox_payments_currency_ck', currencyCheck(t.currency)),
    check(
      'sandbox_payments_amounts_ck',
      sql`${t.amountMinor} > 0 AND ${t.amountRefundedMinor} >= 0 AND ${t.amountRefundedMinor} <= ${t.amountMinor}`,
    ),
  ],
);

/** A sandbox refund (Razorpay `refund` entity); one per idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: id(),
    providerRefundId: text('provider_refund_id').notNull(),
    providerPaymentId: text('provider_payment_id')
      .notNull()
      .references(() => sandboxPayments.providerPaymentId, { onDelete: 'cascade' }),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<(typeof SANDBOX_REFUND_STATUSES)[number]>().notNull(),
    /** The caller's idempotency key, sent as the refund's `receipt` (as to Razorpay). */
    receipt: text('receipt').notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sandbox_refunds_provider_refund_id_uq').on(t.providerRefundId),
    unique('sandbox_refunds_receipt_uq').on(t.receipt),
    index('sandbox_refunds_payment_idx').on(t.providerPaymentId),
    check('sandbox_refunds_status_ck', sql`${t.status} IN (${sqlList(SANDBOX_REFUND_STATUSES)})`),
    check('sandbox_refunds_currency_ck', currencyCheck(t.currency)),
    check('sandbox_refunds_amount_ck', sql`${t.amountMinor} > 0`),
  ],
);
