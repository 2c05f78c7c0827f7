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
