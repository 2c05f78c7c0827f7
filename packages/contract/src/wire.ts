import { z } from 'zod';

/** Positive integer id, accepted from a path or query string as digits only. */
export const IdSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is too large');

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
