import { settle } from '../../lib/api/base-api';
import type { AppStore } from '../../lib/store';
import { siteSellerQuery } from './api/site-seller';

/** The contact and policy pages: the seller's details, so the server renders them in the page. */
export function sellerLoader(store: AppStore) {
  return async (): Promise<null> => {
    await settle(store.dispatch(siteSellerQuery.initiate()));
    return null;
  };
}
