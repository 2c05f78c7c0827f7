import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/page-head';

type PageModule = Record<string, unknown>;

/**
 * Every page module, each its own chunk: a page's code (and its CSS) loads only where it is
 * used, keeping the shell that every public page needs small (docs/decisions/0006).
 */
const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');

/**
 * A route's lazily loaded page: `file` under `features/` (`'blogs/blogs-page.tsx'`) and the
 * component it exports. The handle names the module as Vite's manifest does, so the server
 * preloads the chunk and links its CSS for the page it renders.
 */
export function lazyPage(
  file: string,
  exportName: string,
  handle: RouteHandle = {},
): Required<Pick<RouteObject, 'lazy' | 'handle'>> {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`There is no page module features/${file}.`);
  return {
    handle: { ...handle, module: `src/features/${file}` },
    lazy: async () => {
      const module = await load();
      const Component = module[exportName];
      if (typeof Component !== 'function' && typeof Component !== 'object') {
        throw new Error(`features/${file} does not export ${exportName}.`);
      }
      return { Component: Component as ComponentType };
    },
  };
}

/**
 * Loads the lazy routes matching `location` and puts what they export on the routes, so the
 * browser router starts with every component of the server-rendered page and hydrates it at once
 * (otherwise it would render its fallback first and the markup would not match).
 */
export async function resolveLazyMatches(routes: RouteObject[], location: Location | string): Promise<void> {
  const matches = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
