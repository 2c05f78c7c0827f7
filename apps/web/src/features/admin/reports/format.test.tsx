import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPeriod, onPeriods, periodsBetween } from './format';

describe('report figures', () => {
  it('writes rupees with Indian grouping and dollars with Western, from minor units, never mixed', () => {
    expect(formatMoney(12345600, 'INR')).toBe('₹1,23,456');
    expect(formatMoney(1234567890, 'INR')).toBe('₹1,23,45,678.90');
    expect(formatMoney(-50000, 'INR')).toBe('−₹500');
    expect(formatMoney(123450, 'USD')).toBe('US$1,234.50');
    expect(formatMoney(100000000, 'USD')).toBe('US$1,000,000');
    expect(formatNumber(123456)).toBe('1,23,456');
  });

  it('names periods and lays every bucket of a range on the axis, quiet ones at 0', () => {
    expect(formatPeriod('2026-11-05', 'day')).toBe('5 Nov 2026');
    expect(formatPeriod('2026-11-02', 'week')).toBe('Week of 2 Nov 2026');
    expect(formatPeriod('2026-11-01', 'month')).toBe('Nov 2026');
    expect(periodsBetween('2026-11-28', '2026-12-02', 'day')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    // 1 Nov 2026 is a Sunday: its week began on Monday 26 Oct.
    expect(periodsBetween('2026-11-01', '2026-11-20', 'week')).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(periodsBetween('2026-11-15', '2027-02-01', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(onPeriods(['2026-11-01', '2026-12-01'], [{ period: '2026-12-01', n: 4 }], (r) => r.n)).toEqual([
      0, 4,
    ]);
  });
});
