/*
 * Payment links (issue 14 "Other purchases", decision 0016): staff ask for an amount for a
 * purpose (a portfolio review, a late fee, a custom workshop); whoever holds the link pays it
 * through the same order machinery (`customPayment`), signed in or as a guest (a checkout from
 * `add-user` with `linkToken`). The amount and currency are the link's, fixed by staff; the payer
 * sends only the token. A link is paid at most once and is not payable after its expiry.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentLink } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { paymentLinks } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** A new link token: 24 random bytes (192 bits), URL-safe. */
export function newPaymentLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface NewPaymentLink {
  purpose: string;
  amountMinor: number;
  currency: 'INR' | 'USD';
  expiresAt: Date | null;
  payeeName?: string | null;
  payeeEmail?: string | null;
  payeeUserId?: number | null;
  createdById?: number | null;
  /** Only the demo seed names its token; staff links get a random one. */
  token?: string;
}

/** Creates a link (staff tooling and the demo seed). */
export async function createPaymentLink(db: Executor, link: NewPaymentLink): Promise<PaymentLinkRow> {
  if (!Number.isInteger(link.amountMinor) || link.amountMinor <= 0)
    throw new RangeError('a payment link asks for a positive whole number of minor units');
  const [row] = await db
    .insert(paymentLinks)
    .values({
      token: link.token ?? newPaymentLinkToken(),
      purpose: link.purpose,
      amountMinor: link.amountMinor,
      currency: link.currency,
      expiresAt: link.expiresAt,
      payeeName: link.payeeName ?? null,
      payeeEmail: link.payeeEmail ?? null,
      payeeUserId: link.payeeUserId ?? null,
      createdById: link.createdById ?? null,
    })
    .returning();
  return row!;
}

export function linkStatus(link: PaymentLinkRow, now: Date): PaymentLink['status'] {
  if (link.paidOrderId !== null) return 'paid';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** The link of `token`, or 404 (the same answer for a wrong token and a missing link). */
export async function findPaymentLink(
  db: Executor,
  token: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PaymentLinkRow> {
  const query = db.select().from(paymentLinks).where(eq(paymentLinks.token, token));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('This payment link');
  return row;
}

/** `GET /api/custom/payment/{linkToken}`: what the link asks for. */
export async function describePaymentLink(db: Executor, token: string, now: Date): Promise<PaymentLink> {
  const link = await findPaymentLink(db, token);
  return {
    purpose: link.purpose,
    amountMinor: link.amountMinor,
    currency: link.currency as PaymentLink['currency'],
    expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
    status: linkStatus(link, now),
    payeeName: link.payeeName,
  };
}
