import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/routes';
import { createAppStore } from '../lib/store';

/** Renders the real route table at `path`, with the API answered by `fetch` (see `fakeApi`). */
export function renderApp(path: string, fetch: typeof globalThis.fetch) {
  const store = createAppStore({ fetch, origin: 'http://api.test' });
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
