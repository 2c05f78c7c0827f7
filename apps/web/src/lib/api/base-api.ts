import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  QueryStatus,
  type CombinedState,
  type EndpointDefinitions,
} from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './base-query';

/** The API slice of the store as it travels from a server-rendered page to the browser. */
export type DehydratedApiState = CombinedState<EndpointDefinitions, string, 'api'>;

/** Puts the server's query results into a browser store before the app hydrates. */
export const hydrateApiState = createAction<DehydratedApiState>('app/hydrateApiState');

/**
 * The one RTK Query API of the app. Endpoints live one per file beside this one (every-page data)
 * or under `features/<area>/api/`, each injected into this API with its hook and its spec §8
 * failure fallback.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  // Catalogue-like data changes rarely; keep it for the visit instead of refetching per page.
  keepUnusedDataFor: 600,
  endpoints: () => ({}),
  extractRehydrationInfo(action) {
    return hydrateApiState.match(action) ? action.payload : undefined;
  },
});

/**
 * The API state to inline into a server-rendered page: fulfilled queries only. Pending or failed
 * queries stay out (a failure carries server error details, and the browser should retry it).
 */
export function dehydrateApiState(state: DehydratedApiState): DehydratedApiState {
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(([, entry]) => entry?.status === QueryStatus.fulfilled),
  );
  return {
    queries,
    mutations: {},
    provided: { tags: {}, keys: {} },
    subscriptions: {},
    config: state.config,
  };
}

/**
 * Waits for a query a route loader started, then drops the loader's own subscription: the page's
 * hooks subscribe when they render, and the cache keeps the result meanwhile.
 */
export async function settle(request: PromiseLike<unknown> & { unsubscribe(): void }): Promise<void> {
  try {
    await request;
  } finally {
    request.unsubscribe();
  }
}

/** What a loader learns from a query it waited for: the data, or why there is none. */
export interface QueryOutcome<T> {
  data: T | undefined;
  /** HTTP status of a failed call (404 = no such thing), or a transport failure. */
  errorStatus: number | 'FETCH_ERROR' | 'PARSE_ERROR' | null;
}

/** Like {@link settle}, returning the outcome, so a loader can answer 404 or redirect on it. */
export async function settleOutcome<T>(
  request: PromiseLike<{ data?: T; error?: unknown }> & { unsubscribe(): void },
): Promise<QueryOutcome<T>> {
  try {
    const result = await request;
    const error = result.error as { status?: unknown } | undefined;
    const status = error?.status;
    return {
      data: result.data,
      errorStatus:
        error === undefined
          ? null
          : typeof status === 'number' || status === 'FETCH_ERROR' || status === 'PARSE_ERROR'
            ? status
            : 'FETCH_ERROR',
    };
  } finally {
    request.unsubscribe();
  }
}
