import { redirect, type LoaderFunctionArgs } from 'react-router';
import { settle, settleOutcome } from '../../lib/api/base-api';
import { readId } from '../../lib/api/paths';
import { canonicalRedirect, notFound } from '../../lib/route-responses';
import type { AppStore } from '../../lib/store';
import { competitionDetailsQuery, competitionsQuery } from './api/competitions';

/** `/competitions`: every active competition. */
export function competitionsLoader(store: AppStore) {
  return async (): Promise<null> => {
    await settle(store.dispatch(competitionsQuery.initiate()));
    return null;
  };
}

export interface CompetitionPageData {
  competitionId: number | null;
}

/**
 * `/competition/:slug?id=`: the competition `?id=`; no or unknown id answers 404, and an address
 * other than the competition's own `path` redirects permanently to it.
 */
export function competitionLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<CompetitionPageData | Response> => {
    const id = readId(new URL(request.url).searchParams.get('id'));
    if (id === null) notFound();
    const { data: competition, errorStatus } = await settleOutcome(
      store.dispatch(competitionDetailsQuery.initiate(id)),
    );
    if (errorStatus === 404 || errorStatus === 400) notFound();
    if (!competition) return { competitionId: id };
    const target = canonicalRedirect(request.url, competition.path);
    return target ? redirect(target, 301) : { competitionId: competition.id };
  };
}
