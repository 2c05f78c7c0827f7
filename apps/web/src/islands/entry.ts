import type * as HydrateModule from './hydrate';

/*
 * The one script of a public document (docs/decisions/0032), a few hundred bytes: it lets the
 * browser paint the server's page first — HTML, CSS and the main image have the network to
 * themselves — then loads React and the islands (`hydrate.ts`) and hydrates them. A prerendered
 * document (speculation rules) waits until the visitor opens it.
 *
 * From the start it holds a tap on an island that has not hydrated yet (a slow phone, a fast
 * scroll), hydrates that island and replays the tap on the same element (hydration keeps the
 * server's DOM nodes): a first tap is never swallowed. Links inside islands are left alone: they
 * work as links.
 */

type Islands = typeof HydrateModule;

let islands: Islands | null = null;
const held: { target: Element; container: HTMLElement }[] = [];

function replay(loaded: Islands, target: Element, container: HTMLElement): void {
  void loaded.hydrate(container).then(() => {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  });
}

document.addEventListener(
  'click',
  (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !event.isTrusted) return;
    const container = target.closest<HTMLElement>('[data-island]');
    if (!container || container.dataset.islandHydrated === 'true') return;
    if (target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    if (islands) replay(islands, target, container);
    else held.push({ target, container });
  },
  true,
);

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Resolves once the browser has reported the document's first contentful paint (at once where
 * paint timing is not supported; after `limitMs` if none comes). Waiting for the report, not only
 * for a frame, keeps React's download (≈ 60 KB) from starting before the first paint has
 * happened: it would share a slow link with the fonts and the main image (decision 0034).
 */
function firstContentfulPaint(limitMs: number): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(done, limitMs);
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(prerendered: boolean): Promise<void> {
  // A prerendered document was painted before the visitor opened it.
  if (!prerendered) await firstContentfulPaint(1500);
  await afterPaint();
  // React DOM first, on its own: evaluating it is the largest piece of work a public document
  // does, so it gets a task to itself, and the islands' code and each hydration come after it,
  // each in tasks of their own (docs/decisions/0034).
  await import('react-dom/client');
  await nextTask();
  const loaded = await import('./hydrate');
  islands = loaded;
  for (const { target, container } of held.splice(0)) replay(loaded, target, container);
  await loaded.startIslands();
}

if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', () => void boot(true), { once: true });
} else {
  void boot(false);
}
