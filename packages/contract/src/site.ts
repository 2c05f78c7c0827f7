import { z } from 'zod';

/**
 * `GET /api/site/seller`: who sells on this site, as the contact and policy pages and the tax
 * invoice name them (the server's `SELLER_*` configuration, decision 0019). Public, cached.
 */
export const SiteSellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type SiteSeller = z.infer<typeof SiteSellerSchema>;
