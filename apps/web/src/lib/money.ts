import { formatPrice } from '@atelier/domain';

/**
 * An amount in minor units (paise, cents) as shown (spec §9 via the domain's `formatPrice`):
 * `125000_00` INR → `'₹1,25,000/-'`, `149_00` USD → `'$149'`, `1499_50` → `'₹1,499.50/-'`.
 */
export function formatMinor(amountMinor: number, currency: string): string {
  return formatPrice(amountMinor / 100, currency);
}

/** Coins as a person reads them: `1250` → `'1,250 coins'`, `1` → `'1 coin'`. */
export function coinsLabel(coins: number): string {
  const whole = Math.trunc(coins);
  const text = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '−' : ''}${text} ${Math.abs(whole) === 1 ? 'coin' : 'coins'}`;
}
