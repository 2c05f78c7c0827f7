/*
 * The invoices module's face (issue 14, decision 0019): gap-free invoice numbers, the PDF invoice
 * and the receipt e-mail. The payments module calls `issueInvoice` and `enqueueReceipt` in the
 * transaction that marks an order paid; `invoicesRoutes` serves `GET /api/order/{id}/invoice` and
 * registers the receipt job's handler.
 */
export { issueInvoice } from './invoices.service.js';
// The staff console (issue 17 point 5) opens any paid order's invoice.
export { invoiceForStaff } from './invoices.service.js';
export { renderInvoicePdf } from './invoice-pdf.js';
export { enqueueReceipt, RECEIPT_TOPIC } from './receipt.js';
export { invoicesRoutes } from './invoices.routes.js';
