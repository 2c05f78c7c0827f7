import type { SiteSeller } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const siteSellerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/site/seller`: the seller's name, address, GSTIN, e-mail and phone (server configuration). */
    getSiteSeller: build.query<SiteSeller, void>({ query: () => endpointRequest('siteSeller') }),
  }),
});

export const siteSellerQuery = siteSellerApi.endpoints.getSiteSeller;

/** The seller's details; `null` while they load or when they could not be loaded (`failed`). */
export function useSiteSeller(): { seller: SiteSeller | null; failed: boolean } {
  const { currentData, isError } = siteSellerApi.useGetSiteSellerQuery();
  return { seller: currentData ?? null, failed: isError };
}
