import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor, gstKind, invoiceNumber, invoiceSeries, splitGst } from './tax.js';

describe('invoice series', () => {
  it('follows the Indian financial year in IST, and the number fits GST’s 16 characters', () => {
    expect(invoiceSeries(new Date('2026-11-25T10:00:00Z'))).toBe('ATL/26-27');
    // 31 March 18:29 UTC is 23:59 IST: still the old year; 18:30 UTC is 1 April IST.
    expect(invoiceSeries(new Date('2027-03-31T18:29:59Z'))).toBe('ATL/26-27');
    expect(invoiceSeries(new Date('2027-03-31T18:30:00Z'))).toBe('ATL/27-28');
    expect(invoiceSeries(new Date('2099-06-01T00:00:00Z'))).toBe('ATL/99-00');
    const n = invoiceNumber('ATL/26-27', 1);
    expect(n).toBe('ATL/26-27/000001');
    expect(n.length).toBeLessThanOrEqual(16);
  });
});

describe('GST split of a price that includes 18 %', () => {
  it('splits ₹4,999 into taxable value and equal CGST and SGST', () => {
    expect(splitGst(499_900, 'intra')).toEqual({
      kind: 'intra',
      taxableMinor: 423_644,
      cgstMinor: 38_128,
      sgstMinor: 38_128,
      totalMinor: 499_900,
    });
    expect(splitGst(11_800, 'inter')).toEqual({
      kind: 'inter',
      taxableMinor: 10_000,
      igstMinor: 1_800,
      totalMinor: 11_800,
    });
    expect(splitGst(0, 'intra').taxableMinor).toBe(0);
  });

  it('always sums to the amount paid, with tax within a minor unit of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom('intra' as const, 'inter' as const),
        (total, kind) => {
          const s = splitGst(total, kind);
          const tax = s.kind === 'intra' ? s.cgstMinor + s.sgstMinor : s.igstMinor;
          expect(s.taxableMinor + tax).toBe(total);
          expect(Math.abs(tax - (total * 18) / 118)).toBeLessThanOrEqual(1);
          expect(s.taxableMinor).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('is CGST + SGST within the seller’s state or without a GSTIN, IGST otherwise', () => {
    expect(gstKind({ sellerStateCode: '29', buyerGstin: null, currency: 'INR' })).toBe('intra');
    expect(gstKind({ sellerStateCode: '29', buyerGstin: '29ABCDE1234F1Z5', currency: 'INR' })).toBe('intra');
    expect(gstKind({ sellerStateCode: '29', buyerGstin: '27ABCDE1234F1Z5', currency: 'INR' })).toBe('inter');
    expect(gstKind({ sellerStateCode: '29', buyerGstin: null, currency: 'USD' })).toBe('inter');
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatMinor(10_000_000, 'INR')).toBe('1,00,000.00');
    expect(formatMinor(4_900, 'USD')).toBe('49.00');
  });
});
