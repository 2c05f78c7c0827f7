import type { AppDispatch } from '../store';
import { settle } from './base-api';
import { campaignBannersQuery } from './campaign-banners';
import { currencyQuery } from './currency';
import { eventObjectsQuery } from './event-objects';
import { menuCategoriesQuery } from './menu-categories';
import { topBannerQuery } from './top-banner';
import { prefetchUserDetails } from './user-details';
import { workshopsQuery } from './workshops';

/**
 * Spec §1: what every page loads (currency, event objects, campaign banners, the masterclass and
 * course list), and the user's details when the local check says the user is logged in (in the
 * browser only: the server never holds a session). Never rejects: each failure becomes its
 * endpoint's fallback in the hooks.
 */
export async function prefetchEveryPageData(dispatch: AppDispatch): Promise<void> {
  await Promise.all([
    settle(dispatch(currencyQuery.initiate())),
    settle(dispatch(eventObjectsQuery.initiate())),
    settle(dispatch(campaignBannersQuery.initiate())),
    settle(dispatch(workshopsQuery.initiate())),
    prefetchUserDetails(dispatch),
  ]);
}

/** Spec §1: what pages outside /dashboard load as well (the top banner and the categories). */
export async function prefetchPublicPageData(dispatch: AppDispatch): Promise<void> {
  await Promise.all([
    settle(dispatch(topBannerQuery.initiate())),
    settle(dispatch(menuCategoriesQuery.initiate())),
  ]);
}
