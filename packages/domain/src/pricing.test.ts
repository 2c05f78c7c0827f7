import { describe, expect, it } from 'vitest';
import { formatPrice, workshopPricing, type WorkshopLike, type WorkshopPricing } from './index.js';
import { withFrozen } from '../test/support.js';

describe('workshopPricing (spec §3: from the first batch, otherwise from the course)', () => {
  const own = { amount: 9000, dollar: 120, slashAmount: 12000, slashDollar: 150 };
  const rows: { when: string; workshop: WorkshopLike | null; expected: WorkshopPricing }[] = [
    {
      when: 'the workshop has a batch',
      workshop: {
        ...own,
        Batches: [{ amount: 4999, dollar: 59, slashAmount: 7999, slashDollar: 99 }, { amount: 1 }],
      },
      expected: { amount: 4999, dollar: 59, slashAmount: 7999, slashDollar: 99 },
    },
    {
      when: 'the batch lacks some prices (no per-field fallback to the workshop)',
      workshop: { ...own, Batches: [{ amount: 4999, dollar: null }] },
      expected: { amount: 4999, dollar: null, slashAmount: null, slashDollar: null },
    },
    {
      when: 'the workshop has no batches field',
      workshop: own,
      expected: own,
    },
    {
      when: 'the workshop has an empty batch list',
      workshop: { ...own, Batches: [] },
      expected: own,
    },
    {
      when: 'the first batch is null',
      workshop: { ...own, Batches: [null] },
      expected: own,
    },
    {
      when: 'a price is 0',
      workshop: { Batches: [{ amount: 0, dollar: 0, slashAmount: 0, slashDollar: 0 }] },
      expected: { amount: 0, dollar: 0, slashAmount: 0, slashDollar: 0 },
    },
    {
      when: 'prices arrive as decimal strings or garbage',
      workshop: { amount: '4999.00', dollar: ' 59 ', slashAmount: 'free', slashDollar: '' },
      expected: { amount: 4999, dollar: 59, slashAmount: null, slashDollar: null },
    },
    {
      when: 'the workshop is null',
      workshop: null,
      expected: { amount: null, dollar: null, slashAmount: null, slashDollar: null },
    },
  ];
  it.each(rows)('when $when, then the prices are read accordingly', ({ workshop, expected }) => {
    expect(withFrozen([workshop], (w) => workshopPricing(w))).toEqual(expected);
  });
});

describe("formatPrice (spec §9: INR shows ₹ with a '/-' suffix; any other currency shows $)", () => {
  it.each([
    { amount: 125000, code: 'INR', expected: '₹1,25,000/-' },
    { amount: 12345678, code: 'INR', expected: '₹1,23,45,678/-' },
    { amount: 100000, code: 'INR', expected: '₹1,00,000/-' },
    { amount: 1000, code: 'INR', expected: '₹1,000/-' },
    { amount: 999, code: 'INR', expected: '₹999/-' },
    { amount: 0, code: 'INR', expected: '₹0/-' },
    { amount: 1499.5, code: 'INR', expected: '₹1,499.50/-' },
    { amount: 4999.99, code: 'INR', expected: '₹4,999.99/-' },
    { amount: 1499, code: 'USD', expected: '$1,499' },
    { amount: 1234567, code: 'USD', expected: '$1,234,567' },
    { amount: 999, code: 'USD', expected: '$999' },
    { amount: 1499.5, code: 'USD', expected: '$1,499.50' },
    { amount: 0.1 + 0.2, code: 'USD', expected: '$0.30' },
    { amount: 59, code: 'EUR', expected: '$59' },
    { amount: 2500, code: 'inr', expected: '₹2,500/-' },
    { amount: 2500, code: null, expected: '₹2,500/-' },
    { amount: 2500, code: '', expected: '₹2,500/-' },
    { amount: '2500', code: 'INR', expected: '₹2,500/-' },
    { amount: -1500, code: 'INR', expected: '-₹1,500/-' },
    { amount: null, code: 'INR', expected: '' },
    { amount: 'n/a', code: 'USD', expected: '' },
    { amount: Number.NaN, code: 'USD', expected: '' },
  ])('when $amount is shown in $code, then it reads "$expected"', ({ amount, code, expected }) => {
    expect(formatPrice(amount, code)).toBe(expected);
  });
});
