import { data } from 'react-router';

/** Ends a loader with the app's 404 page and status 404 (unknown id, unknown address). */
export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer 404
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * The canonical address to redirect to when the requested one differs from `canonicalPath`
 * (a path with its `?id=`): other query values (utm tags) are kept. `null` when already canonical.
 */
export function canonicalRedirect(requestUrl: string, canonicalPath: string): string | null {
  const url = new URL(requestUrl);
  const canonical = new URL(canonicalPath, url);
  const sameId = canonical.searchParams.get('id') === url.searchParams.get('id');
  if (canonical.pathname === url.pathname && sameId) return null;
  url.searchParams.forEach((value, key) => {
    if (!canonical.searchParams.has(key)) canonical.searchParams.append(key, value);
  });
  return canonical.pathname + canonical.search;
}
