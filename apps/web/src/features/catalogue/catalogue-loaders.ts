import { slugify, workshopPath } from '@atelier/domain';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { redirect } from 'react-router';
import { settle, settleOutcome } from '../../lib/api/base-api';
import { readId } from '../../lib/api/paths';
import { selectCatalogueWorkshops, workshopsQuery } from '../../lib/api/workshops';
import { canonicalRedirect, notFound } from '../../lib/route-responses';
import type { AppStore } from '../../lib/store';
import { subcategoryWorkshopsQuery } from './api/subcategory-workshops';
import { readCatalogueFilter } from './catalogue-filter';
import { courseLandingPageQuery } from './api/course-landing-page';
import { homepageSectionsQuery } from './api/homepage-sections';

/**
 * Route loaders of the catalogue pages. They live apart from the pages so the route table can
 * load them eagerly (small) while each page's component loads lazily with its chunk.
 */

/** `/`: the home page's sections, one cached call (the every-page data comes from the root). */
export function homeLoader(store: AppStore) {
  return async (): Promise<null> => {
    await settle(store.dispatch(homepageSectionsQuery.initiate()));
    return null;
  };
}

/**
 * `/courses-and-workshops`: everything comes with the every-page list, except a topic's
 * (subcategory's) workshops, searched on the server when the address names one.
 */
export function catalogueLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const { subcategory } = readCatalogueFilter(new URL(request.url).searchParams);
    if (subcategory !== null) await settle(store.dispatch(subcategoryWorkshopsQuery.initiate(subcategory)));
    return null;
  };
}

/** Filters live in the address; changing them filters cached data, so nothing reloads. */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

export interface WorkshopPageData {
  workshopId: number | null;
}

/**
 * `/masterclass/:slug` and `/course/:slug` (spec §2): the workshop is `?id=` (or, without an id,
 * the one whose slug matches). Its detail page loads in one call alongside the every-page list.
 * An unknown id answers 404; an address that is not `workshopPath` of the workshop (wrong kind,
 * slug or id) redirects permanently to it, keeping other query values (utm tags).
 */
export function workshopPageLoader(store: AppStore) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<WorkshopPageData | Response> => {
    const url = new URL(request.url);
    const requestedId = readId(url.searchParams.get('id'));
    const landing =
      requestedId === null
        ? null
        : settleOutcome(store.dispatch(courseLandingPageQuery.initiate(requestedId)));
    await settle(store.dispatch(workshopsQuery.initiate()));
    const listLoaded = workshopsQuery.select()(store.getState()).isSuccess;
    const workshops = selectCatalogueWorkshops(store.getState());
    const listed =
      (requestedId === null ? undefined : workshops.find((w) => w.id === requestedId)) ??
      (requestedId === null && params.slug
        ? workshops.find((w) => slugify(w.shortTitle) === params.slug)
        : undefined);
    const outcome = landing ? await landing : null;
    const details = outcome?.data?.details;

    if (!details && !listed) {
      // The list failed to load (spec §8: empty list): say so on the page rather than a false 404.
      if (outcome?.errorStatus === 404 || listLoaded || requestedId === null) notFound();
      return { workshopId: requestedId };
    }
    const workshop = details ?? listed;
    const target = canonicalRedirect(request.url, workshopPath(workshop));
    if (target) return redirect(target, 301);
    return { workshopId: workshop?.id ?? null };
  };
}
