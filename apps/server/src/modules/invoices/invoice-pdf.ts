import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../platform/pdf-bytes.js';
import type { InvoiceView } from './invoices.service.js';
import { invoiceDate, paymentMethodLabel } from './receipt.js';
import { formatMinor, GST_RATE_PERCENT, gstKind, SAC_CODE, splitGst } from './tax.js';

/*
 * The tax invoice as a PDF (pdfkit, its built-in Helvetica: no font files to ship). Helvetica
 * speaks WinAnsi only, so text outside Latin-1 (a name in Devanagari) is printed with its accents
 * stripped and any other character as `?` (decision 0019 names this limit).
 */

/** Text that Helvetica's WinAnsi encoding can print. */
export function printable(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/₹/g, 'Rs.')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');
}

const GREY = '#555555';
const LINE = '#cccccc';

/** Renders `invoice` to PDF bytes. */
export async function renderInvoicePdf(invoice: InvoiceView): Promise<Buffer> {
  const { seller, snapshot } = invoice;
  const { buyer, item, currency } = snapshot;
  const kind = gstKind({ sellerStateCode: seller.stateCode, buyerGstin: buyer.gstin, currency });
  const split = splitGst(snapshot.amountMinor, kind);
  const money = (minor: number) => `${currency} ${formatMinor(minor, currency)}`;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Tax invoice ${invoice.number}`,
      Author: printable(seller.name),
      Subject: printable(item.description),
      CreationDate: invoice.issuedAt,
    },
  });
  const done = pdfBytes(doc);

  const left = 48;
  const right = doc.page.width - 48;
  const width = right - left;
  const say = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(text), options);

  // Heading: the seller, and the invoice's number and date.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text('TAX INVOICE', left, 48);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Original for recipient', left, 70);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(printable(seller.name), left, 96, { width: 300 });
  doc.font('Helvetica').fontSize(9);
  say(seller.address, { width: 300 });
  say(`GSTIN: ${seller.gstin}   State code: ${seller.stateCode}`);
  say(`E-mail: ${seller.email}   Phone: ${seller.phone}`);
  const sellerBottom = doc.y;

  const metaX = left + 320;
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Invoice number', metaX, 96);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(invoice.number, metaX, doc.y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text('Invoice date', metaX, doc.y + 4);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(invoiceDate(invoice.issuedAt), metaX, doc.y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text('Place of supply', metaX, doc.y + 4);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('black')
    .text(
      currency !== 'INR'
        ? 'Outside India (export of services)'
        : `State code ${buyer.gstin ? buyer.gstin.slice(0, 2) : seller.stateCode}`,
      metaX,
      doc.y,
    );

  // The buyer.
  let y = Math.max(sellerBottom, doc.y) + 20;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(LINE).stroke();
  y += 10;
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Billed to', left, y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black');
  say(buyer.name ?? 'Customer');
  doc.font('Helvetica').fontSize(9);
  if (buyer.email) say(`E-mail: ${buyer.email}`);
  if (buyer.mobile) say(`Mobile: ${buyer.mobile}`);
  say(buyer.gstin ? `GSTIN: ${buyer.gstin}` : 'GSTIN: not provided (unregistered buyer)');

  // The item and its tax.
  y = doc.y + 18;
  const cols = { item: left, sac: left + 290, amount: right - 110 };
  doc.rect(left, y, width, 20).fill('#f2f2f2');
  doc.fillColor('black').font('Helvetica-Bold').fontSize(9);
  doc.text('Description', cols.item + 6, y + 6);
  doc.text('SAC', cols.sac, y + 6);
  doc.text(`Amount (${currency})`, cols.amount, y + 6, { width: 104, align: 'right' });
  y += 28;
  doc.font('Helvetica').fontSize(10);
  doc.text(printable(item.description), cols.item + 6, y, { width: 270 });
  const itemBottom = doc.y;
  doc.text(SAC_CODE, cols.sac, y);
  doc.text(formatMinor(split.taxableMinor, currency), cols.amount, y, { width: 104, align: 'right' });
  y = Math.max(itemBottom, doc.y) + 10;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(LINE).stroke();
  y += 8;

  const row = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 10)
      .fillColor('black');
    doc.text(label, cols.sac - 60, y, { width: 250 });
    doc.text(value, cols.amount - 20, y, { width: 124, align: 'right' });
    y = doc.y + 6;
  };
  row('Taxable value', money(split.taxableMinor));
  if (split.kind === 'intra') {
    row(`CGST @ ${GST_RATE_PERCENT / 2}%`, money(split.cgstMinor));
    row(`SGST @ ${GST_RATE_PERCENT / 2}%`, money(split.sgstMinor));
  } else {
    row(`IGST @ ${GST_RATE_PERCENT}%`, money(split.igstMinor));
  }
  doc
    .moveTo(cols.sac - 60, y)
    .lineTo(right, y)
    .strokeColor(LINE)
    .stroke();
  y += 6;
  row('Total (GST included)', money(split.totalMinor), true);
  row('Amount paid', money(snapshot.amountMinor), true);

  // The payment.
  y += 12;
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Payment', left, y);
  doc.fillColor('black').fontSize(10);
  say(`Currency: ${currency}`);
  say(`Method: ${paymentMethodLabel(invoice)}`);
  if (invoice.payment.providerPaymentId) say(`Payment id: ${invoice.payment.providerPaymentId}`);
  if (invoice.paidAt) say(`Paid on: ${invoiceDate(invoice.paidAt)}`);
  if (snapshot.discountMinor > 0) say(`Discount applied: ${money(snapshot.discountMinor)}`);
  if (snapshot.coinsUsed > 0) say(`Coins redeemed: ${snapshot.coinsUsed}`);
  if (invoice.orderStatus === 'refunded') say('This order was refunded after payment.');

  doc.moveDown(2);
  doc.fontSize(8).fillColor(GREY);
  say(
    'Prices include GST. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.',
    { width },
  );
  say(`Order ${invoice.orderId}. Questions: ${seller.email}, ${seller.phone}.`, { width });

  doc.end();
  return done;
}
