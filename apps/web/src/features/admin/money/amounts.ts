import { formatMinor } from '../../../lib/money';

/*
 * Money as staff type and read it (issue 17 point 5): amounts are typed in rupees or dollars with
 * at most two decimals and sent in minor units (paise, cents) as integers, never through floating
 * point; they show as the site shows prices (₹ with Indian grouping, $ apart).
 */

/** `'1,499.5'` → `149950`; null when it is not an amount (letters, three decimals, negative). */
export function toMinor(text: string): number | null {
  const clean = text.trim().replace(/[,\s₹$]/g, '');
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** `149950` → `'1499.50'` (what a form field shows for an amount), `150000` → `'1500'`. */
export function toMajorText(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const fraction = minor % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** An amount in minor units as shown: `₹1,50,000/-`, `$29.50`. */
export function money(minor: number, currency: string): string {
  return formatMinor(minor, currency);
}

/** The sign of a currency, for a field's label. */
export const currencySign = (currency: string): string => (currency === 'INR' ? '₹' : '$');
