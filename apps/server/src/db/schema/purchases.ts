/**
 * Payment links (issue 14 "Other purchases", decision 0016): a staff-made request for money —
 * what it is for, how much in which currency, until when, optionally for whom — paid through the
 * same order machinery as a course (`POST /api/custom/payment/initiate { linkToken }`). The token
 * is the link's only secret (≥ 128 bits of randomness for links made by staff); a link is paid
 * at most once (`paidOrderId`).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, minorUnits } from './columns.js';
import { orders } from './payments.js';
import { users } from './users.js';

export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    /** URL-safe random token (the link is `/pay/{token}`). */
    token: text('token').notNull(),
    purpose: text('purpose').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** Null = no expiry. */
    expiresAt: instant('expires_at'),
    /** Whom staff made it for (shown to confirm); null = anyone holding the link. */
    payeeName: text('payee_name'),
    payeeEmail: text('payee_email'),
    payeeUserId: integer('payee_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order that paid it; set once. */
    paidOrderId: integer('paid_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paidAt: instant('paid_at'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payment_links_token_uq').on(t.token),
    unique('payment_links_paid_order_uq').on(t.paidOrderId),
    index('payment_links_created_idx').on(t.createdAt),
    check('payment_links_amount_ck', sql`${t.amountMinor} > 0`),
    check('payment_links_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payment_links_paid_ck', sql`${t.paidOrderId} IS NULL OR ${t.paidAt} IS NOT NULL`),
  ],
);
