import { formatPrice } from '@atelier/domain';

/**
 * An amount in minor units (paise, cents) as the site writes prices (spec §9 through the domain's
 * `formatPrice`): `149900, 'INR'` → `'₹1,499/-'`, `2900, 'USD'` → `'$29'`, `2950, 'USD'` → `'$29.50'`.
 */
export function formatMinor(minor: number, currency: string): string {
  return formatPrice(minor / 100, currency);
}
