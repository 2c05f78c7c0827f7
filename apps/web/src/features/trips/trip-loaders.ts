import { redirect, type LoaderFunctionArgs } from 'react-router';
import { settle, settleOutcome } from '../../lib/api/base-api';
import { readId } from '../../lib/api/paths';
import { canonicalRedirect, notFound } from '../../lib/route-responses';
import type { AppStore } from '../../lib/store';
import { tripDetailsQuery } from './api/trip-details';
import { tripHomepageQuery } from './api/trip-homepage';

/** `/trips`: upcoming and past trips. */
export function tripsLoader(store: AppStore) {
  return async (): Promise<null> => {
    await settle(store.dispatch(tripHomepageQuery.initiate()));
    return null;
  };
}

export interface TripPageData {
  tripId: number | null;
}

/**
 * `/trip/:slug?id=`: the trip `?id=`; no or unknown id answers 404, and an address other than the
 * trip's own `path` redirects permanently to it.
 */
export function tripLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<TripPageData | Response> => {
    const id = readId(new URL(request.url).searchParams.get('id'));
    if (id === null) notFound();
    const { data: trip, errorStatus } = await settleOutcome(store.dispatch(tripDetailsQuery.initiate(id)));
    if (errorStatus === 404 || errorStatus === 400) notFound();
    if (!trip) return { tripId: id };
    const target = canonicalRedirect(request.url, trip.path);
    return target ? redirect(target, 301) : { tripId: trip.id };
  };
}
