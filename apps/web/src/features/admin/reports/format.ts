import { formatDay } from '../../../lib/format';

/*
 * How the reports write numbers: money from minor units in its own currency — rupees with Indian
 * digit grouping (₹1,23,456), dollars with Western (US$1,234.50) — never one total across the two.
 * Arithmetic rather than `Intl`, so every browser prints the same.
 */

function group(digits: string, indian: boolean): string {
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(indian ? /\B(?=(\d{2})+(?!\d))/g : /\B(?=(\d{3})+(?!\d))/g, ',')},${last}`;
}

/** A count with Indian grouping: 123456 → '1,23,456'. */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '−' : '';
  return `${sign}${group(String(Math.abs(Math.round(value))), true)}`;
}

/**
 * An amount of `currency` in minor units: `12345600` INR → '₹1,23,456', `123450` USD →
 * 'US$1,234.50'; paise or cents are shown only when there are some. Another currency: its code.
 */
export function formatMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? '−' : '';
  const abs = Math.abs(Math.round(minor));
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const fraction = cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`;
  if (currency === 'INR') return `${sign}₹${group(String(whole), true)}${fraction}`;
  if (currency === 'USD') return `${sign}US$${group(String(whole), false)}${fraction}`;
  return `${sign}${currency} ${group(String(whole), false)}${fraction}`;
}

/** Minor units as a number of major units, for a chart's axis. */
export const major = (minor: number) => minor / 100;

/** `part` of `whole` as a whole percentage ('—' of nothing). */
export function formatRate(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${Math.round((part * 100) / whole)}%`;
}

/** Hours to one decimal ('—' for none). */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  return `${hours.toFixed(1)} h`;
}

/** A period's first day as the reader says it: '5 Nov 2026', 'Week of 2 Nov 2026', 'Nov 2026'. */
export function formatPeriod(day: string, groupBy: 'day' | 'week' | 'month'): string {
  const text = formatDay(day);
  if (groupBy === 'month') return text.replace(/^\d+ /, '');
  return groupBy === 'week' ? `Week of ${text}` : text;
}

/**
 * The first day of every bucket from `from` to `to` (YYYY-MM-DD): days; ISO weeks from their
 * Monday; months from their first. A chart's axis keeps every bucket, quiet ones included, so
 * its bars stand where they fall in time.
 */
export function periodsBetween(from: string, to: string, groupBy: 'day' | 'week' | 'month'): string[] {
  const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const end = ms(to);
  if (Number.isNaN(end) || Number.isNaN(ms(from))) return [];
  const out: string[] = [];
  if (groupBy === 'month') {
    let [y, m] = from.split('-').map(Number) as [number, number];
    while (Date.UTC(y, m - 1, 1) <= end) {
      out.push(iso(Date.UTC(y, m - 1, 1)));
      m += 1;
      if (m > 12) [y, m] = [y + 1, 1];
    }
    return out;
  }
  const step = groupBy === 'week' ? 7 : 1;
  let t = ms(from);
  if (groupBy === 'week') t -= ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000;
  for (; t <= end; t += step * 86_400_000) out.push(iso(t));
  return out;
}

/** `rows` laid on `periods`: each period's value, 0 where the report has no row. */
export function onPeriods<T extends { period: string }>(
  periods: string[],
  rows: T[],
  value: (row: T) => number,
): number[] {
  const byPeriod = new Map(rows.map((r) => [r.period, value(r)]));
  return periods.map((p) => byPeriod.get(p) ?? 0);
}
