/**
 * Prices of workshops and how they are written (spec §3 "Course or masterclass" pricing, §9
 * currency display; domain contract "Courses").
 */

import { DEFAULT_CURRENCY } from './constants.js';
import type { WorkshopBatchLike, WorkshopLike } from './catalogue.js';
import { isRecord, readList, readNumber } from './wire.js';

/** The four prices of a workshop; `null` when not given (0 is a price). */
export interface WorkshopPricing {
  amount: number | null;
  dollar: number | null;
  slashAmount: number | null;
  slashDollar: number | null;
}

/**
 * A workshop's prices (spec §3 "Course or masterclass"): from its first batch when it has one —
 * the whole record, with no per-field fallback to the workshop — otherwise from the workshop
 * itself. `undefined`, `null` and non-numeric values become `null`; numeric strings (as decimal
 * columns often arrive) become numbers; 0 stays 0. A first batch that is not an object counts as
 * no batch.
 */
export function workshopPricing(workshop: WorkshopLike | null | undefined): WorkshopPricing {
  const firstBatch = isRecord(workshop) ? readList(workshop.Batches)[0] : undefined;
  const source: WorkshopBatchLike = isRecord(firstBatch) ? firstBatch : isRecord(workshop) ? workshop : {};
  return {
    amount: readNumber(source.amount),
    dollar: readNumber(source.dollar),
    slashAmount: readNumber(source.slashAmount),
    slashDollar: readNumber(source.slashDollar),
  };
}

/** Digits grouped by three from the right: 1,234,567. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Digits grouped the Indian way: the last three, then pairs: 12,34,567. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/**
 * A price as shown (spec §9 "Default currency INR. INR shows ₹ with a '/-' suffix; any other
 * currency shows $"). `'INR'` → `'₹'` + the amount grouped the Indian way + `'/-'`
 * (`'₹1,25,000/-'`); any other code → `'$'` + the amount grouped in thousands (`'$1,499'`).
 * Whole numbers print without decimals, others with two (`'$1,499.50'`). A missing currency code
 * means the default currency, INR; a negative amount gets a leading `-`; an amount that is not a
 * number (`null`, garbage) gives `''`.
 */
export function formatPrice(
  amount: number | string | null | undefined,
  currencyCode?: string | null,
): string {
  const value = readNumber(amount);
  if (value === null) return '';
  const code =
    typeof currencyCode === 'string' && currencyCode.trim() !== ''
      ? currencyCode.trim().toUpperCase()
      : DEFAULT_CURRENCY;
  const magnitude = Math.abs(value);
  // BigInt keeps whole amounts beyond 1e21 out of exponent notation.
  const [whole = '0', fraction] = (
    Number.isInteger(magnitude) ? BigInt(magnitude).toString() : magnitude.toFixed(2)
  ).split('.');
  const sign = value < 0 ? '-' : '';
  const decimals = fraction === undefined ? '' : `.${fraction}`;
  return code === DEFAULT_CURRENCY
    ? `${sign}₹${groupIndian(whole)}${decimals}/-`
    : `${sign}$${groupThousands(whole)}${decimals}`;
}
