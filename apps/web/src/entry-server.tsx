/// <reference types="node" />
import { THEME_COLOUR } from '@atelier/domain';
import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type HydrationState,
  type StaticHandlerContext,
} from 'react-router';
import { brandFontPreload } from './app/brand-font';
import { AppProviders } from './app/providers';
import { isClientRendered, staticMatches } from './app/rendering';
import { createRoutes } from './app/routes';
import { PAYLOAD_ELEMENT_ID, serialisePayload, type SsrPayload } from './app/ssr-payload';
import { api, dehydrateApiState } from './lib/api/base-api';
import { currencyQuery } from './lib/api/currency';
import { PageHeadStore } from './lib/head-context';
import {
  HEAD_ATTRIBUTE,
  headTags,
  resolveHead,
  type HeadTag,
  type ResolvedHead,
  type RouteHandle,
} from './lib/page-head';
import { createAppStore } from './lib/store';
import type { SiteConfig } from './lib/site-config';
import { platformToday } from './lib/today';

/** One chunk of Vite's build manifest (`dist/client/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The built client's files a page links (from Vite's manifest, or Vite's dev server). */
export interface RenderAssets {
  /** Module scripts, in order; the client entry last. */
  scripts: string[];
  /** Stylesheets of the client entry. */
  styles: string[];
  /** Modules the entry imports, preloaded in parallel. */
  preloads: string[];
  /**
   * The whole manifest (built assets only): the renderer adds the chunk and CSS of the lazily
   * loaded page it renders, so the browser fetches them in parallel with the entry.
   */
  manifest?: Record<string, ManifestChunk>;
  /**
   * The islands build (docs/decisions/0032): with it, public documents (routes marked `islands`)
   * load this instead of the app. Without it (Vite's dev server, tests) every page hydrates the app.
   */
  islands?: IslandAssets;
}

/** The islands build's entry (from its own manifest). */
export interface IslandAssets {
  /** The islands entry's module script (it loads React and the islands after the first paint). */
  entry: string;
}

/** What the server hands to {@link render} for one request. */
export interface RenderContext {
  /**
   * Fetch for the app's `/api` calls. The server implements it with Fastify's `inject`, so the
   * data a page needs never leaves the process.
   */
  fetch: typeof fetch;
  assets: RenderAssets;
  /** The response's CSP nonce: put on every script element React or the template writes. */
  nonce?: string;
  /** Absolute origin `/api` paths are resolved against (default: the request's origin). */
  apiOrigin?: string;
  /**
   * The site's public address (the server's PUBLIC_URL, e.g. `https://atelier.example`) for
   * canonical links, Open Graph URLs and JSON-LD; default: the request's origin.
   */
  publicUrl?: string;
  /** Settings of the server the browser needs (popup snooze days, newsletter partner). */
  siteConfig?: SiteConfig;
  /** Receives failures while rendering (loader crashes, render errors) for the server's log. */
  onError?: (error: unknown) => void;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

function headTagHtml(tag: HeadTag): string {
  const attrs = Object.entries(tag.attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  // JSON-LD is already escaped for a script element (serialiseJsonLd); it is data, not code.
  return tag.tag === 'script'
    ? `<script${attrs} ${HEAD_ATTRIBUTE}>${tag.text}</script>`
    : `<${tag.tag}${attrs} ${HEAD_ATTRIBUTE}>`;
}

/** The page's own chunks and CSS: those of the lazily loaded page modules it renders. */
function pageAssets(
  assets: RenderAssets,
  modules: readonly string[],
): { styles: string[]; preloads: string[] } {
  const manifest = assets.manifest;
  if (!manifest) return { styles: [], preloads: [] };
  const entryFiles = new Set([...assets.scripts, ...assets.preloads]);
  const entryStyles = new Set(assets.styles);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    const file = `/${chunk.file}`;
    if (entryFiles.has(file)) return;
    preloads.add(file);
    for (const css of chunk.css ?? []) if (!entryStyles.has(`/${css}`)) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { styles: [...styles], preloads: [...preloads] };
}

/**
 * The chunks in `files` ordered so that each comes after the chunks it imports (the order the
 * loader evaluates them in, one per task); the entry's own file is left out (it comes last).
 */
function evaluationOrder(
  manifest: Record<string, ManifestChunk>,
  entryFile: string,
  files: string[],
): string[] {
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const wanted = new Set(files);
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of manifest[keyOf.get(file) ?? '']?.imports ?? []) {
      const chunk = manifest[imported];
      if (chunk) visit(`/${chunk.file}`);
    }
    if (wanted.has(file) && file !== entryFile) order.push(file);
  };
  for (const file of files) visit(file);
  return order;
}

/** The manifest key of the loader script (src/boot.ts), built beside the client entry. */
const BOOT_MODULE = 'src/boot.ts';

/**
 * The page's scripts. With a build that has the loader (src/boot.ts), one small script that
 * fetches and evaluates the app after the first paint, module by module (its list in data
 * attributes); otherwise (Vite's dev server, tests) the entry with its modules preloaded.
 */
function scriptTags(ctx: RenderContext, pagePreloads: string[], nonce: string): string[] {
  const manifest = ctx.assets.manifest;
  const boot = manifest?.[BOOT_MODULE];
  const entry = ctx.assets.scripts[ctx.assets.scripts.length - 1];
  if (manifest && boot && entry && ctx.assets.scripts.length === 1) {
    const modules = evaluationOrder(manifest, entry, [...ctx.assets.preloads, ...pagePreloads]).join(' ');
    return [
      `<script type="module" src="/${escapeHtml(boot.file)}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules)}"${nonce}></script>`,
    ];
  }
  return [
    ...[...ctx.assets.preloads, ...pagePreloads].map(
      (href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`,
    ),
    ...ctx.assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"${nonce}></script>`),
  ];
}

/**
 * Speculation rules of a public document: same-origin links are prefetched when the pointer rests
 * on them (`moderate`) and prerendered when it presses (`conservative`), so the full page loads
 * between public documents feel instant. Nothing personal or with effects is speculated: the API,
 * the dashboard, sign-in, payments, the console, logout, unsubscribe and invitations.
 */
const SPECULATION_EXCLUDED = [
  '/api/',
  '/dashboard',
  '/admin',
  '/auth/',
  '/payments/',
  '/pay/',
  '/unsubscribe',
  '/refer/',
  '/*logout',
].flatMap((prefix) => [`${prefix}*`, `${prefix}*\\?*`]);
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: ['/*', '/*\\?*'] }, { not: { href_matches: SPECULATION_EXCLUDED } }] },
      eagerness: 'moderate',
    },
  ],
  prerender: [
    {
      where: { and: [{ href_matches: ['/*', '/*\\?*'] }, { not: { href_matches: SPECULATION_EXCLUDED } }] },
      eagerness: 'conservative',
    },
  ],
});

/**
 * A public document's scripts: the islands entry — a small script that loads React and the islands
 * after the first paint, so nothing is preloaded here — then the speculation rules.
 */
function islandScriptTags(islands: IslandAssets, nonce: string): string[] {
  return [
    `<script type="module" src="${escapeHtml(islands.entry)}"${nonce}></script>`,
    `<script type="speculationrules"${nonce}>${SPECULATION_RULES}</script>`,
  ];
}

function documentStart(
  head: ResolvedHead,
  ctx: RenderContext,
  origin: string,
  modules: readonly string[] = [],
  islandsDocument = false,
): string {
  const nonce = ctx.nonce ? ` nonce="${escapeHtml(ctx.nonce)}"` : '';
  const page = pageAssets(ctx.assets, modules);
  const islands = islandsDocument ? ctx.assets.islands : undefined;
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<meta name="theme-color" content="${THEME_COLOUR}">`,
    `<title>${escapeHtml(head.title)}</title>`,
    ...headTags(head, origin).map(headTagHtml),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...brandFontPreload(ctx.assets.manifest),
    ...[...ctx.assets.styles, ...page.styles].map(
      (href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`,
    ),
    ...(islands ? islandScriptTags(islands, nonce) : scriptTags(ctx, page.preloads, nonce)),
    '</head><body><div id="root">',
  ].join('');
}

/** The lazily loaded page modules among the matched routes (see `lazyPage`). */
function pageModules(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches.flatMap((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
}

/** Whether the matched routes make a public document (a route marked `islands`). */
function isIslandsDocument(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return matches.some((match) => (match.route.handle as RouteHandle | undefined)?.islands === true);
}

function documentEnd(payload: SsrPayload): string {
  return `</div><script type="application/json" id="${PAYLOAD_ELEMENT_ID}">${serialisePayload(payload)}</script></body></html>`;
}

/**
 * Errors as React Router's browser router reads them back from hydration data. A crash's message
 * stays on the server (it may carry internals); the browser only learns that the page failed.
 */
function serialiseErrors(errors: StaticHandlerContext['errors']): HydrationState['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => [
      routeId,
      isRouteErrorResponse(error)
        ? {
            status: error.status,
            statusText: error.statusText,
            data: error.data as unknown,
            __type: 'RouteErrorResponse',
          }
        : { message: 'Unexpected error', __type: 'Error' },
    ]),
  );
}

/**
 * Renders the whole page to a string: React's Node stream, collected once everything is ready
 * (no half pages: crawlers and the hydration data both need all of it). Rejects when the shell
 * fails to render; errors inside Suspense boundaries are reported and rendered on the client.
 */
function renderComplete(
  element: ReactNode,
  options: { nonce?: string; signal: AbortSignal; onError: (error: unknown) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      // Every part in place, in document order: React would otherwise send a finished Suspense
      // part above 12.8 KB after the footer, hidden, for an inline script to move, so without
      // scripts (crawlers, a failed bundle) the page lacked its main content, and the late move
      // shifted the layout.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: options.onError,
    });
    options.signal.addEventListener('abort', () => abort(options.signal.reason), { once: true });
  });
}

function htmlResponse(body: BodyInit, status: number): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/**
 * Renders one page request. Public pages: React Router's static handler runs the loaders (which
 * fill the store through `ctx.fetch`), React renders the page, and the page carries the router's
 * hydration data and the store's fulfilled queries so the browser hydrates without fetching
 * again. Client-rendered pages (/dashboard, /payments) get the app shell. Redirects answer as
 * redirects; an unknown address answers 404 with the app's 404 page.
 */
export async function render(request: Request, ctx: RenderContext): Promise<Response> {
  const url = new URL(request.url);
  const origin = (ctx.publicUrl ?? url.origin).replace(/\/$/, '');
  const store = createAppStore({ fetch: ctx.fetch, origin: ctx.apiOrigin ?? url.origin });
  const routes = createRoutes(store);
  const pageHead = new PageHeadStore(true, origin);
  // One day for the whole render and its data block, so the browser hydrates against the same.
  const today = platformToday();

  const shell = (status: number, head: ResolvedHead, payload: SsrPayload, modules: string[] = []) =>
    htmlResponse(
      documentStart(head, ctx, origin, modules) +
        documentEnd({ ...payload, origin, today, ...(ctx.siteConfig ? { config: ctx.siteConfig } : {}) }),
      status,
    );

  if (isClientRendered(routes, url.pathname)) {
    return shell(200, resolveHead(staticMatches(routes, url.pathname), null, url.pathname), {
      rendered: false,
    });
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) {
    // A loader redirected (or returned a raw response): pass it on without a body.
    const location = context.headers.get('location');
    return location
      ? new Response(null, { status: context.status, headers: { location } })
      : htmlResponse('', context.status);
  }

  for (const error of Object.values(context.errors ?? {})) {
    if (!isRouteErrorResponse(error)) ctx.onError?.(error);
  }

  const loaderData: Record<string, unknown> = context.loaderData;
  const actionData: Record<string, unknown> | null = context.actionData;
  const routeHeads = context.matches.map((m) => {
    const handle: unknown = m.route.handle;
    return { handle, data: loaderData[m.route.id] };
  });
  const modules = pageModules(context.matches);
  // The server's currency lookup, for a public document to cache in the browser (0032).
  const currency = currencyQuery.select()(store.getState()).data?.code;
  const payload: SsrPayload = {
    rendered: true,
    router: { loaderData, actionData, errors: serialiseErrors(context.errors) },
    api: dehydrateApiState(store.getState().api),
  };
  // Server stores are thrown away after the response: drop RTK Query's cache timers now.
  const release = () => store.dispatch(api.util.resetApiState());

  const router = createStaticRouter(handler.dataRoutes, context);
  let html: string;
  try {
    html = await renderComplete(
      <StrictMode>
        <AppProviders store={store} head={pageHead} today={today}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={ctx.nonce} />
        </AppProviders>
      </StrictMode>,
      { nonce: ctx.nonce, signal: request.signal, onError: (error) => ctx.onError?.(error) },
    );
  } catch (error) {
    // The page crashed while rendering (error boundaries do not run on the server). Send the
    // shell with the data: the browser renders the page, and its error boundary shows an empty
    // page if it crashes there too (spec §2).
    ctx.onError?.(error);
    release();
    return shell(500, resolveHead(routeHeads, null, url.pathname), { ...payload, rendered: false }, modules);
  }
  release();
  // The page declared its head while rendering (usePageHead); it refines the routes' heads.
  const head = resolveHead(routeHeads, pageHead.get(), url.pathname);
  // A public document hydrates its islands only: it needs neither the router's data nor the store's.
  const islands = ctx.assets.islands !== undefined && isIslandsDocument(context.matches);
  const config = ctx.siteConfig ? { config: ctx.siteConfig } : {};
  return htmlResponse(
    documentStart(head, ctx, origin, modules, islands) +
      html +
      documentEnd(
        islands
          ? { rendered: true, origin, today, ...config, ...(currency ? { currency } : {}) }
          : { ...payload, origin, today, ...config },
      ),
    context.statusCode,
  );
}
