import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/routes';
import { readPayload } from './app/ssr-payload';
import { hydrateApiState } from './lib/api/base-api';
import { createAppStore } from './lib/store';

declare global {
  interface Window {
    /** Read by React Router's browser router as its hydration data (it also revives errors). */
    __staticRouterHydrationData?: unknown;
  }
}

const payload = readPayload(document);
const store = createAppStore({ fetch: (input, init) => window.fetch(input, init), origin: '' });
if (payload.api) store.dispatch(hydrateApiState(payload.api));
if (payload.router) window.__staticRouterHydrationData = payload.router;

const router = createBrowserRouter(createRoutes(store));
const app = (
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
if (payload.rendered) hydrateRoot(container, app);
else createRoot(container).render(app);
