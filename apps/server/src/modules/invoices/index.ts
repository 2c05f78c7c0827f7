/*
 * The invoices module's face (issue 14; owner: the invoices work): gap-free invoice numbers,
 * the PDF invoice and the receipt e-mail. The payments module calls these in the transaction
 * that marks an order paid.
 * SKELETON: the signatures are fixed; the bodies are replaced by the implementation.
 */
import type { Executor } from '../../db/query.js';

/** Gives a paid order the next number of the gap-free series (idempotent per order). */
export async function issueInvoice(
  _tx: Executor,
  _input: { orderId: number; now: Date },
): Promise<{ number: string }> {
  throw new Error('issueInvoice: not implemented yet');
}

/** Enqueues the receipt e-mail of a paid order through the message outbox (once per order). */
export async function enqueueReceipt(_tx: Executor, _input: { orderId: number }): Promise<void> {
  throw new Error('enqueueReceipt: not implemented yet');
}
