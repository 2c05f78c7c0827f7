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
import { AppProviders } from './app/providers';
import { isClientRendered, staticMatches } from './app/rendering';
import { createRoutes } from './app/routes';
import { PAYLOAD_ELEMENT_ID, serialisePayload, type SsrPayload } from './app/ssr-payload';
import { api, dehydrateApiState } from './lib/api/base-api';
import { resolveHead, type ResolvedHead } from './lib/page-head';
import { createAppStore } from './lib/store';

/** The built client's files a page links (from Vite's manifest, or Vite's dev server). */
export interface RenderAssets {
  /** Module scripts, in order; the client entry last. */
  scripts: string[];
  /** Stylesheets of the client entry. */
  styles: string[];
  /** Modules the entry imports, preloaded in parallel. */
  preloads: string[];
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

function documentStart(head: ResolvedHead, ctx: RenderContext): string {
  const nonce = ctx.nonce ? ` nonce="${escapeHtml(ctx.nonce)}"` : '';
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<meta name="theme-color" content="${THEME_COLOUR}">`,
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    '<meta property="og:type" content="website"><meta property="og:site_name" content="Atelier">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...ctx.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...ctx.assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...ctx.assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"${nonce}></script>`),
    '</head><body><div id="root">',
  ].join('');
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
  const store = createAppStore({ fetch: ctx.fetch, origin: ctx.apiOrigin ?? url.origin });
  const routes = createRoutes(store);

  const shell = (status: number, head: ResolvedHead, payload: SsrPayload) =>
    htmlResponse(documentStart(head, ctx) + documentEnd(payload), status);

  if (isClientRendered(routes, url.pathname)) {
    return shell(200, resolveHead(staticMatches(routes, url.pathname)), { rendered: false });
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
  const head = resolveHead(
    context.matches.map((m) => {
      const handle: unknown = m.route.handle;
      return { handle, data: loaderData[m.route.id] };
    }),
  );
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
        <AppProviders store={store}>
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
    return shell(500, head, { ...payload, rendered: false });
  }
  release();
  return htmlResponse(documentStart(head, ctx) + html + documentEnd(payload), context.statusCode);
}
