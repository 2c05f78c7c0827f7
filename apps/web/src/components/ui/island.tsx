import type { ComponentType } from 'react';

/**
 * When the browser hydrates an island of a public document (docs/decisions/0032):
 * - `load`: as soon as the island script runs (what is on screen at once and must take a tap:
 *   the header);
 * - `visible`: when its content comes within a screen of the viewport (a tap before that is
 *   replayed once it has hydrated, never lost);
 * - `idle`: when the browser is idle after the load (the popups, which open by themselves).
 */
export type IslandHydration = 'load' | 'visible' | 'idle';

/**
 * An island: a component whose props are plain JSON, hydrated on its own in a public document
 * (`src/islands/entry.ts`) without the app's router or store. It lives in a file named
 * `<name>.island.tsx` whose default export is this definition; the islands entry finds it by
 * that name.
 */
export interface IslandDefinition<P extends object> {
  name: string;
  Component: ComponentType<P>;
  hydrate: IslandHydration;
}

export function defineIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
  hydrate: IslandHydration = 'visible',
): IslandDefinition<P> {
  return { name, Component, hydrate };
}

/** The island's name from its module's path (`…/site-header.island.tsx` → `site-header`). */
export function islandNameOf(path: string): string {
  return (path.split('/').pop() ?? '').replace(/\.island\.tsx$/, '');
}

/**
 * Renders an island's component inside a marked container (`display: contents`, so the layout is
 * the component's own) that carries its props as JSON in `data-props` (an attribute: React escapes
 * it, and no script element is created in the client app). The same markup everywhere:
 * the server renders it inside the whole page; in a public document the islands entry hydrates
 * the container with those props; inside the client app (dashboard, sign-in and a public page
 * reached by a client-side navigation) it is an ordinary part of the tree.
 */
export function Island<P extends object>({ of, props }: { of: IslandDefinition<P>; props: P }) {
  const { Component } = of;
  return (
    <div
      className="island"
      data-island={of.name}
      data-hydrate={of.hydrate}
      data-props={JSON.stringify(props)}
    >
      <Component {...props} />
    </div>
  );
}
