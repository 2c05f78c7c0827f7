import '@vitejs/plugin-react/preamble';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { resolveLazyMatches } from './app/lazy-page';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/routes';
import { readPayload } from './app/ssr-payload';
import { hydrateApiState } from './lib/api/base-api';
import { PageHeadStore } from './lib/head-context';
import { setSiteConfig } from './lib/site-config';
import { readRenderedToday } from './lib/today';
import { createAppStore } from './lib/store';

declare global {
  interface Window {
    /** Read by React Router's browser router as its hydration data (it also revives errors). */
    __staticRouterHydrationData?: unknown;
  }
}

/** The event with which the production loader (src/boot.ts) starts the app. */
const START_EVENT = 'atelier:start';

/**
 * Starts the app: restores the server's state, loads the page's own module, and hydrates. The
 * production loader (src/boot.ts) asks for it in a task of its own, once it has evaluated the
 * modules; without the loader (Vite's dev server) the module starts itself.
 */
async function start(): Promise<void> {
  const payload = readPayload(document);
  setSiteConfig(payload.config);
  const store = createAppStore({ fetch: (input, init) => window.fetch(input, init), origin: '' });
  if (payload.api) store.dispatch(hydrateApiState(payload.api));
  if (payload.router) window.__staticRouterHydrationData = payload.router;

  const routes = createRoutes(store);
  // The server-rendered page's own module (preloaded by the page) must be in place before
  // hydrating, or the router would render its fallback and the markup would not match.
  if (payload.rendered) await resolveLazyMatches(routes, window.location);

  const router = createBrowserRouter(routes);
  const head = new PageHeadStore(false, payload.origin ?? window.location.origin);
  const app = (
    <StrictMode>
      <AppProviders store={store} head={head} today={readRenderedToday(payload.today)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  // Hydrating in a transition lets React yield to the browser between chunks of work, so a big
  // page never blocks input for its whole hydration (total blocking time).
  if (payload.rendered) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}

if (document.querySelector('script[data-entry]')) {
  document.addEventListener(START_EVENT, () => void start(), { once: true });
} else {
  void start();
}
