import type { AdminBatchOption } from '@atelier/contract';
import { formatDayRange } from '../../../lib/format';

/** Minor units (paise, cents) as staff read them: ₹2,999.00, $49.00. */
export function money(minor: number, currency: string): string {
  if (!Number.isFinite(minor)) return '—';
  try {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** What staff type (rupees or dollars, up to 2 decimals) in minor units; NaN when it is not an amount. */
export function toMinor(text: string): number {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** A batch's dates: "1–20 Dec 2026", or "no dates". */
export function batchDates(start: string | null, end: string | null): string {
  return start ? formatDayRange(start, end) : 'no dates';
}

/** "Parametric Studio · 1–20 Dec 2026 (#12)". */
export function batchLabel(b: Pick<AdminBatchOption, 'id' | 'workshop' | 'startDate' | 'endDate'>): string {
  return `${b.workshop} · ${batchDates(b.startDate, b.endDate)} (#${b.id})`;
}
