import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILS, everyPageAnswers, fakeApi } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { PageErrorBoundary, RootErrorBoundary } from './error-boundary';

function Crash(): never {
  throw new Error('Cannot read properties of undefined (secret internals)');
}

describe('error boundaries (spec §2: a page that crashes renders an empty page)', () => {
  beforeEach(() => {
    // React and the router report the crash on the console; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('when the whole layout crashes, then the page is an empty main landmark and shows no error text', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Crash />, errorElement: <RootErrorBoundary /> },
    ]);
    render(<RouterProvider router={router} />);

    const main = await screen.findByRole('main');
    expect(main.textContent).toBe('');
    expect(document.body.textContent).not.toContain('secret internals');
  });

  it('when a page crashes inside the layout, then its area is empty and the layout stays', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <nav aria-label="Main">Site navigation</nav>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [{ errorElement: <PageErrorBoundary />, children: [{ index: true, element: <Crash /> }] }],
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('');
  });

  it('when an address is unknown, then the app shows its 404 page inside the layout', async () => {
    const { fetch } = fakeApi({ ...everyPageAnswers, '/api/campaign/banners': FAILS });
    renderApp('/no-such-page', fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that page' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Atelier home' })).toBeTruthy();
  });
});
