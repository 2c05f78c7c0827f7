import { describe, expect, it } from 'vitest';
import type { InvoiceView } from './invoices.service.js';
import { receiptMessage } from './receipt.js';

const invoice = (buyer: Partial<InvoiceView['snapshot']['buyer']>): InvoiceView => ({
  orderId: 7,
  userId: 3,
  orderStatus: 'paid',
  number: 'ATL/26-27/000012',
  issuedAt: new Date('2026-11-25T06:00:00Z'),
  paidAt: new Date('2026-11-25T06:00:00Z'),
  snapshot: {
    buyer: { name: null, email: null, mobile: null, gstin: null, ...buyer },
    item: { kind: 'course', description: 'Colour theory & light', workshopId: 1, batchId: 2 },
    amountMinor: 499_900,
    discountMinor: 0,
    coinsUsed: 0,
    currency: 'INR',
  },
  seller: {
    name: 'Atelier Learning Pvt Ltd',
    address: '12 MG Road, Bengaluru',
    gstin: '29ABCDE1234F1Z5',
    stateCode: '29',
    email: 'billing@atelier.example',
    phone: '+91 80 1234 5678',
  },
  receiptQueuedAt: null,
  payment: { method: 'upi', providerPaymentId: 'pay_123', provider: 'razorpay' },
});

describe('receipt message', () => {
  it('when the buyer has an e-mail, then the receipt has its text and an HTML body with the same facts, a dashboard button and the seller; the name is escaped', () => {
    const message = receiptMessage(
      invoice({ name: 'Asha <b>K</b>', email: 'asha@example.test' }),
      'https://atelier.example',
    )!;
    expect(message).toMatchObject({ channel: 'email', to: 'asha@example.test', kind: 'payment-receipt' });
    expect(message.body).toContain('Hello Asha <b>K</b>,');
    expect(message.body).toContain('Amount paid: INR 4,999.00 (GST included)');
    expect(message.body).toContain('Invoice number: ATL/26-27/000012');
    const html = message.html!;
    expect(html).toContain('Hello Asha &lt;b&gt;K&lt;/b&gt;,');
    expect(html).not.toContain('<b>K</b>');
    for (const fact of [
      'ATL/26-27/000012',
      'INR 4,999.00 (GST included)',
      'Colour theory &amp; light',
      'UPI (pay_123)',
    ])
      expect(html).toContain(fact);
    expect(html).toContain('href="https://atelier.example/dashboard"');
    expect(html).toContain('Atelier Learning Pvt Ltd');
    expect(html).toContain('GSTIN 29ABCDE1234F1Z5');
    expect(message.listUnsubscribe).toBeUndefined();
  });

  it('when the buyer has only a mobile, then the receipt is an SMS with its template variables', () => {
    const message = receiptMessage(invoice({ mobile: '+91 9876543210' }), 'https://atelier.example')!;
    expect(message).toMatchObject({
      channel: 'sms',
      kind: 'payment-receipt',
      smsVars: {
        amount: 'INR 4,999.00',
        invoice: 'ATL/26-27/000012',
        url: 'https://atelier.example/dashboard',
      },
    });
    expect(message.html).toBeUndefined();
  });
});
