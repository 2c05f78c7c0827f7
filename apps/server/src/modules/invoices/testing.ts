/*
 * Test support for invoices: paid orders written straight to the database (as the payments module
 * would leave them), and the text of a PDF read back from its content streams.
 */
import { inflateSync } from 'node:zlib';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';

/** Inserts an order of `userId` for `batchId`, paid (with a captured payment) unless told otherwise. */
export async function insertPaidOrder(
  db: Db,
  values: {
    userId: number | null;
    batchId?: number | null;
    amountMinor?: number;
    currency?: string;
    status?: 'created' | 'paid' | 'refunded' | 'expired';
    details?: Record<string, unknown>;
    guestEmail?: string;
    guestName?: string;
    method?: string;
    paidAt?: Date;
  },
): Promise<{ orderId: number; providerPaymentId: string | null }> {
  const status = values.status ?? 'paid';
  const paid = status === 'paid' || status === 'refunded';
  const [order] = await db
    .insert(orders)
    .values({
      userId: values.userId,
      guestEmail: values.guestEmail ?? null,
      guestName: values.guestName ?? null,
      kind: 'course',
      batchId: values.batchId ?? null,
      amountMinor: values.amountMinor ?? 499_900,
      currency: values.currency ?? 'INR',
      status,
      provider: 'sandbox',
      details: values.details ?? {},
      paidAt: paid ? (values.paidAt ?? new Date('2026-11-25T10:00:00Z')) : null,
    })
    .returning({ id: orders.id });
  if (!paid) return { orderId: order!.id, providerPaymentId: null };
  const providerPaymentId = `pay_test${order!.id}${Math.random().toString(36).slice(2, 8)}`;
  await db.insert(payments).values({
    orderId: order!.id,
    providerPaymentId,
    amountMinor: values.amountMinor ?? 499_900,
    currency: values.currency ?? 'INR',
    status: 'captured',
    method: values.method ?? 'upi',
    signatureVerified: true,
    capturedAt: values.paidAt ?? new Date('2026-11-25T10:00:00Z'),
  });
  return { orderId: order!.id, providerPaymentId };
}

/**
 * The text shown by a PDF made with the standard fonts: every content stream is inflated and the
 * strings of its `TJ`/`Tj` operators decoded (hex WinAnsi codes as pdfkit writes them). Each text
 * operator becomes one line.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>)\s*Tj/g)) {
      const strings = (op[1] ?? op[2] ?? '').match(/<([0-9a-fA-F]*)>/g) ?? [];
      const text = strings.map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join('');
      if (text) lines.push(text);
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}
