import { createElement, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readPayload } from '../app/ssr-payload';
import { islandNameOf, type IslandDefinition } from '../components/ui/island';
import { rememberCurrency } from '../lib/currency-cache';
import { setSiteConfig } from '../lib/site-config';

/*
 * The islands of a public document (docs/decisions/0032): the server rendered the whole page; this
 * hydrates only its islands (`<div data-island>` containers, see components/ui/island.tsx), each
 * its own React root with the props the server wrote, each island's code loaded when it is needed.
 * No router and no Redux store: links are links, a navigation is a page load.
 *
 * - `load` islands hydrate at once, one per task; `visible` ones when their content comes within a
 *   screen of the viewport; `idle` ones when the browser is idle.
 * - A tap on an island that has not hydrated yet is held by the entry (`entry.ts`) and replayed
 *   once `hydrate` has hydrated that island.
 * - `html[data-hydrated="true"]` marks the page interactive once the islands on screen at load and
 *   the idle ones have hydrated (styles and end-to-end tests key off it, as in the app).
 */

type Loader = () => Promise<IslandDefinition<object>>;
const modules = import.meta.glob<IslandDefinition<object>>('../**/*.island.tsx', { import: 'default' });
const loaders = new Map<string, Loader>(
  Object.entries(modules).map(([path, load]) => [islandNameOf(path), load]),
);

const HYDRATED = 'islandHydrated';
const hydrations = new Map<HTMLElement, Promise<void>>();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Calls `onCommit` once React has committed the hydrated island (its handlers are live). */
function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/** Hydrates one island (once; later calls get the same promise). */
export function hydrate(container: HTMLElement): Promise<void> {
  const running = hydrations.get(container);
  if (running) return running;
  const hydration = (async () => {
    const name = container.dataset.island ?? '';
    const load = loaders.get(name);
    if (!load) throw new Error(`There is no island named ${name}.`);
    const island = await load();
    const props = JSON.parse(container.dataset.props ?? '{}') as object;
    await new Promise<void>((resolve) => {
      const app = createElement(
        Committed,
        { onCommit: () => resolve() },
        createElement(island.Component, props),
      );
      // As a transition: React hydrates the island in slices of a few milliseconds, yielding to
      // the browser between them, instead of in one task (a tap in between is replayed by React
      // on the hydrated element, or held by the entry until the island is live).
      startTransition(() => {
        hydrateRoot(container, app, {
          onRecoverableError: (error) => console.error(`Island ${name} did not hydrate cleanly:`, error),
        });
      });
    });
    container.dataset[HYDRATED] = 'true';
  })();
  hydrations.set(container, hydration);
  return hydration;
}

/** The island's own boxes (its container is `display: contents` and has none to observe). */
const boxesOf = (container: HTMLElement) => [...container.children];

/** Resolves when the island's content is within a screen of the viewport, then hydrates it. */
function whenVisible(
  container: HTMLElement,
  observer: IntersectionObserver,
  waiting: Map<Element, HTMLElement>,
) {
  const boxes = boxesOf(container);
  if (boxes.length === 0) return hydrate(container);
  for (const box of boxes) {
    waiting.set(box, container);
    observer.observe(box);
  }
  return undefined;
}

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/** Hydrates the document's islands (see the entry, `entry.ts`, which loads this after the first paint). */
export async function startIslands(): Promise<void> {
  const payload = readPayload(document);
  setSiteConfig(payload.config);
  // The server's currency lookup, cached as the app caches it after hydrating (spec §4).
  if (payload.currency) rememberCurrency(payload.currency);
  if (/[?&]utm_/i.test(window.location.search)) {
    void import('./utm-landing').then((module) => module.captureLanding());
  }
  const containers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const first: Promise<void>[] = [];

  for (const container of containers.filter((c) => c.dataset.hydrate === 'load')) {
    first.push(hydrate(container));
    await nextTask();
  }

  const waiting = new Map<Element, HTMLElement>();
  let initial: ((visible: HTMLElement[]) => void) | null = null;
  const initiallyVisible = new Promise<HTMLElement[]>((resolve) => {
    initial = resolve;
  });
  const observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.filter((e) => e.isIntersecting).map((e) => waiting.get(e.target));
      const ready = [...new Set(visible)].filter((c): c is HTMLElement => c !== undefined);
      for (const container of ready) {
        for (const box of boxesOf(container)) {
          observer.unobserve(box);
          waiting.delete(box);
        }
      }
      const hydrated = ready.map((container) => hydrate(container));
      if (initial) {
        initial(ready);
        initial = null;
      }
      void Promise.all(hydrated);
    },
    { rootMargin: '100% 0px' },
  );
  const lazy = containers.filter((c) => c.dataset.hydrate === 'visible');
  for (const container of lazy) {
    const now = whenVisible(container, observer, waiting);
    if (now) first.push(now);
  }
  if (lazy.length > 0 && waiting.size > 0) {
    first.push(initiallyVisible.then((visible) => Promise.all(visible.map(hydrate)).then(() => undefined)));
  }

  for (const container of containers.filter((c) => c.dataset.hydrate === 'idle')) {
    first.push(new Promise<void>((resolve) => whenIdle(() => void hydrate(container).then(resolve))));
  }

  await Promise.allSettled(first);
  document.documentElement.dataset.hydrated = 'true';
}
