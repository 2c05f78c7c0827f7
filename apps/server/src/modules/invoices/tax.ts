/*
 * The pure rules of a tax invoice (decision 0019): the invoice number's series and the GST split
 * of a price that includes 18 % GST. Integer minor units only; every split sums to the amount paid.
 */

/** The prefix of every invoice number. */
export const INVOICE_PREFIX = 'ATL';
/** GST rate on the school's services, in per cent, included in every price. */
export const GST_RATE_PERCENT = 18;
/** Services accounting code of commercial training and coaching services. */
export const SAC_CODE = '999293';

/** Indian Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * The series of an invoice issued at `now`: the prefix and the Indian financial year (1 April –
 * 31 March, in IST) as `ATL/26-27`. GST rule 46 allows at most 16 characters in an invoice number,
 * which `ATL/26-27/000001` uses exactly.
 */
export function invoiceSeries(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('invoiceSeries: invalid date');
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${INVOICE_PREFIX}/${two(year)}-${two(year + 1)}`;
}

/** `ATL/26-27` and 1 → `ATL/26-27/000001`. */
export function invoiceNumber(series: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('invoiceNumber: bad sequence');
  return `${series}/${String(sequence).padStart(6, '0')}`;
}

export type GstSplit =
  | { kind: 'intra'; taxableMinor: number; cgstMinor: number; sgstMinor: number; totalMinor: number }
  | { kind: 'inter'; taxableMinor: number; igstMinor: number; totalMinor: number };

/**
 * Which GST applies. CGST 9 % + SGST 9 % when the supply is within the seller's state: a buyer
 * whose GSTIN is registered in the seller's state, or a buyer without a GSTIN paying in rupees
 * (an unregistered buyer's place of supply is taken as the seller's location, having no address
 * on record). IGST 18 % otherwise: a buyer registered in another state, or a payment in a foreign
 * currency (an export of services is an inter-state supply).
 */
export function gstKind(input: {
  sellerStateCode: string;
  buyerGstin: string | null;
  currency: string;
}): 'intra' | 'inter' {
  if (input.currency !== 'INR') return 'inter';
  if (!input.buyerGstin) return 'intra';
  return input.buyerGstin.slice(0, 2) === input.sellerStateCode ? 'intra' : 'inter';
}

/**
 * Splits `totalMinor` (GST included) into the taxable value and the tax. Each tax is rounded to
 * the nearest minor unit (half up) and the taxable value is what remains, so the parts always sum
 * to the amount paid; CGST and SGST are always equal.
 */
export function splitGst(totalMinor: number, kind: 'intra' | 'inter'): GstSplit {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError('splitGst: bad amount');
  const denominator = 100 + GST_RATE_PERCENT;
  // round(total × rate / (100 + rate)) in integers: floor((2·total·rate + denominator) / (2·denominator)).
  const roundedShare = (ratePercent: number) =>
    Math.floor((2 * totalMinor * ratePercent + denominator) / (2 * denominator));
  if (kind === 'inter') {
    const igstMinor = roundedShare(GST_RATE_PERCENT);
    return { kind, taxableMinor: totalMinor - igstMinor, igstMinor, totalMinor };
  }
  const half = roundedShare(GST_RATE_PERCENT / 2);
  return { kind, taxableMinor: totalMinor - 2 * half, cgstMinor: half, sgstMinor: half, totalMinor };
}

/** 499900 INR → `4,999.00` (Indian grouping for rupees), 4900 USD → `49.00`. */
export function formatMinor(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountMinor / 100);
}
