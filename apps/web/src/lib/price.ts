import { DEFAULT_CURRENCY, formatPrice, workshopPricing, type WorkshopLike } from '@atelier/domain';

/** A workshop's price as cards and pages show it. */
export interface PriceLabel {
  /** The price to pay, e.g. `'₹12,500/-'` or `'$149'`. */
  price: string;
  /** The struck-through earlier price, when higher than the price. */
  was: string | null;
}

/**
 * The price in the visitor's currency (spec §3 pricing via `workshopPricing`, spec §9 display via
 * `formatPrice`): rupee fields for INR, dollar fields for any other currency. `null` when the
 * workshop has no price in that currency.
 */
export function priceLabel(workshop: WorkshopLike, currencyCode: string): PriceLabel | null {
  const pricing = workshopPricing(workshop);
  const inRupees = currencyCode === DEFAULT_CURRENCY;
  const amount = inRupees ? pricing.amount : pricing.dollar;
  const slash = inRupees ? pricing.slashAmount : pricing.slashDollar;
  if (amount === null) return null;
  return {
    price: formatPrice(amount, currencyCode),
    was: slash !== null && slash > amount ? formatPrice(slash, currencyCode) : null,
  };
}

/**
 * A price given in both currencies (trips, consultation packages) in the visitor's currency:
 * rupees for INR, dollars otherwise (spec §9); `null` when there is none in that currency.
 */
export function amountLabel(
  rupees: number | null,
  dollars: number | null,
  currencyCode: string,
): string | null {
  const amount = currencyCode === DEFAULT_CURRENCY ? rupees : dollars;
  return amount === null ? null : formatPrice(amount, currencyCode);
}
