import { useCallback, useState } from 'react';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery, type ApiError, type ApiRequest } from '../lib/api/base-query';

/**
 * One API call from an island: the app's own base query (bearer token, envelope, error shape,
 * a 401 ending the session) called without Redux Toolkit — it needs only a transport and a signal.
 * Resolves with the envelope's `data`; rejects with an {@link ApiError}.
 */
export async function callApi<T>(request: ApiRequest): Promise<T> {
  const context = {
    extra: { fetch: (input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init), origin: '' },
    signal: new AbortController().signal,
  } as unknown as BaseQueryApi;
  const result = await apiBaseQuery(request, context, {});
  // The app's own error shape (what the lead forms read: status, message, field errors), as RTK
  // Query's unwrap() rejects with it.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if ('error' in result && result.error) throw result.error satisfies ApiError;
  return result.data as T;
}

/**
 * A mutation hook shaped like RTK Query's (`const [send, { isLoading }] = useX(); await
 * send(body).unwrap()`), so the lead forms run unchanged in an island.
 */
export function mutationHook<Arg, Result>(toRequest: (arg: Arg) => ApiRequest) {
  return function useIslandMutation(): readonly [
    (arg: Arg) => { unwrap: () => Promise<Result> },
    { isLoading: boolean },
  ] {
    const [isLoading, setLoading] = useState(false);
    const send = useCallback((arg: Arg) => {
      setLoading(true);
      const promise = callApi<Result>(toRequest(arg)).finally(() => setLoading(false));
      return { unwrap: () => promise };
    }, []);
    return [send, { isLoading }] as const;
  };
}
