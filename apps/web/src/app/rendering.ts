import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/page-head';

/**
 * Whether the address belongs to a page rendered in the browser only (a route marked
 * `clientOnly`: /dashboard/*, /payments/*): the server then sends the app shell, not the page.
 */
export function isClientRendered(routes: RouteObject[], pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some((match) => {
    const handle: RouteHandle | undefined = match.route.handle as RouteHandle | undefined;
    return handle?.clientOnly === true;
  });
}

/** The static head of a client-rendered page, for its shell (the browser refines it). */
export function staticMatches(routes: RouteObject[], pathname: string): { handle?: unknown }[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => {
    const handle: unknown = match.route.handle;
    return { handle };
  });
}
