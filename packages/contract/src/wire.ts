import { z } from 'zod';

/** Positive integer id, accepted from a path or query string as digits only. */
export const IdSchema = z.codec(
  // Paths and query strings carry ids as text: digits only (no `0x10`, ` 7`, `1e3`); bodies carry
  // JSON numbers (a `true` or `[5]` is refused, not coerced: checklist C6). A codec, not a
  // transform, so response schemas can encode ids too.
  z.union([z.number(), z.string().regex(/^\d{1,12}$/)], { error: 'must be a positive whole number' }),
  z
    .number()
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(2_147_483_647, 'is too large'),
  { decode: (value) => Number(value), encode: (id) => id },
);

/** Path parameter `{id}`. */
export const IdParamsSchema = z.object({ id: IdSchema }).strict();
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Wire date `YYYY-MM-DD`; `'0000-00-00'` means "no date" (DESIGN.md, API conventions). */
export const WireDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/** Wall-clock time `HH:mm:ss`. */
export const WireTimeSchema = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, 'must be a time as HH:mm:ss');

/** Currency codes the platform prices in (spec §9: INR default, anything else shows $). */
export const CurrencyCodeSchema = z.enum(['INR', 'USD']);
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>;
