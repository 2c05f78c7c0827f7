import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { invoices, orders } from '../../db/schema/index.js';
import { MESSAGE_SEND_TOPIC, type OutgoingMessage } from '../../integrations/messaging/message-sender.js';
import { renderEmail } from '../../integrations/messaging/templates.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import { INVOICED_STATUSES, issueInvoice, loadInvoice, type InvoiceView } from './invoices.service.js';
import { formatMinor } from './tax.js';

/*
 * The receipt of a paid order (issue 14 rule 8, decision 0019), in two steps on the job queue:
 *   1. `enqueueReceipt(tx, { orderId })`, in the transaction that marks the order paid, adds one
 *      `invoice.receipt` job per order (dedupe key `invoice.receipt:{orderId}`): nothing is sent if
 *      the payment rolls back, and a second call (the webhook after the browser) adds nothing.
 *   2. Its handler, which has the configuration (public address, seller), writes the e-mail into
 *      the message outbox (a `message.send` job, dedupe key `receipt:{orderId}`) and stamps the
 *      invoice's `receipt_queued_at` in the same transaction, so a retried job sends no second mail.
 */

export const RECEIPT_TOPIC = 'invoice.receipt';

/** Enqueues the receipt e-mail of a paid order through the message outbox (once per order). */
export async function enqueueReceipt(tx: Executor, input: { orderId: number }): Promise<void> {
  await enqueue(tx, {
    topic: RECEIPT_TOPIC,
    payload: { orderId: input.orderId },
    dedupeKey: `${RECEIPT_TOPIC}:${input.orderId}`,
  });
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  coins: 'Coins',
  sandbox: 'Sandbox (test payment)',
};

/** `upi` → `UPI`; unknown methods as given; none → the provider's name. */
export function paymentMethodLabel(invoice: Pick<InvoiceView, 'payment'>): string {
  const { method, provider } = invoice.payment;
  if (method) return METHOD_LABELS[method] ?? method;
  return provider === 'sandbox' ? METHOD_LABELS.sandbox! : 'Online payment';
}

/** `25 Nov 2026` in IST. */
export function invoiceDate(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

/**
 * The receipt e-mail, text and HTML from the shared template (or, for a buyer known only by
 * mobile, a short SMS whose DLT template variables are `amount`, `invoice` and `url`).
 */
export function receiptMessage(invoice: InvoiceView, publicUrl: string): OutgoingMessage | null {
  const { buyer, item, amountMinor, currency } = invoice.snapshot;
  const amount = `${currency} ${formatMinor(amountMinor, currency)}`;
  const dashboard = `${publicUrl}/dashboard`;
  if (buyer.email) {
    const greeting = `Hello ${buyer.name ?? 'there'},`;
    const thanks = 'Thank you for your payment. This is your receipt.';
    const details: Array<[string, string]> = [
      ['What you bought', item.description],
      ['Amount paid', `${amount} (GST included)`],
      ['Invoice number', invoice.number],
      ['Date', invoiceDate(invoice.paidAt ?? invoice.issuedAt)],
      [
        'Payment',
        `${paymentMethodLabel(invoice)}${invoice.payment.providerPaymentId ? ` (${invoice.payment.providerPaymentId})` : ''}`,
      ],
    ];
    const onDashboard = 'Your course, its class links and your tax invoice are on your dashboard';
    const questions = `Questions? Write to ${invoice.seller.email} or call ${invoice.seller.phone}.`;
    const lines = [
      greeting,
      '',
      thanks,
      '',
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      `${onDashboard}: ${dashboard}`,
      '',
      questions,
      invoice.seller.name,
      invoice.seller.address,
      `GSTIN ${invoice.seller.gstin}`,
    ];
    const { html } = renderEmail(
      {
        preheader: `${amount} received for ${item.description}. Invoice ${invoice.number}.`,
        heading: 'Thank you for your payment',
        paragraphs: [greeting, thanks],
        details,
        action: { label: 'Open your dashboard', url: dashboard },
        footer: `${onDashboard}. ${questions}`,
      },
      {
        publicUrl,
        seller: {
          name: invoice.seller.name,
          address: `${invoice.seller.address}\nGSTIN ${invoice.seller.gstin}`,
        },
      },
    );
    return {
      channel: 'email',
      to: buyer.email,
      subject: `Your receipt ${invoice.number}: ${item.description}`,
      body: lines.join('\n'),
      html,
      kind: 'payment-receipt',
    };
  }
  if (buyer.mobile) {
    return {
      channel: 'sms',
      to: buyer.mobile,
      subject: null,
      body: `Atelier: payment of ${amount} received, invoice ${invoice.number}. Your course is on ${dashboard}`,
      kind: 'payment-receipt',
      smsVars: { amount, invoice: invoice.number, url: dashboard },
    };
  }
  return null;
}

const ReceiptPayload = z.object({ orderId: z.number().int().positive() });

/** The `invoice.receipt` handler: composes the receipt and puts it in the outbox, once. */
export function receiptHandler(deps: {
  db: Db;
  seller: SellerConfig;
  publicUrl: string;
  clock: () => Date;
}): JobHandler {
  return async (job) => {
    const parsed = ReceiptPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('malformed receipt payload');
    const { orderId } = parsed.data;
    await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status, paidAt: orders.paidAt })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw new PermanentJobError(`order ${orderId} does not exist`);
      if (!INVOICED_STATUSES.includes(order.status))
        throw new PermanentJobError(`order ${orderId} is not paid`);
      // The payment should have issued the invoice; issue it now if it did not (idempotent).
      await issueInvoice(tx, { orderId, now: order.paidAt ?? deps.clock() });
      const invoice = await loadInvoice(tx, orderId, deps.seller);
      if (!invoice || invoice.receiptQueuedAt) return;
      const message = receiptMessage(invoice, deps.publicUrl);
      if (message) {
        await enqueue(tx, {
          topic: MESSAGE_SEND_TOPIC,
          payload: { ...message },
          dedupeKey: `receipt:${orderId}`,
        });
      }
      await tx.update(invoices).set({ receiptQueuedAt: deps.clock() }).where(eq(invoices.orderId, orderId));
    });
  };
}
