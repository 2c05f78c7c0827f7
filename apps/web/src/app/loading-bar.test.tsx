import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoadingBar } from './loading-bar';

/** A router whose /next page waits for `release()` before it can show. */
function setUp() {
  let release: () => void = () => {};
  const gate = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  const router = createMemoryRouter([
    {
      element: (
        <>
          <LoadingBar />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <Link to="/next">Next page</Link> },
        { path: 'next', loader: () => gate, element: <h1>Next</h1> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { release };
}

describe('LoadingBar', () => {
  it('when no navigation is under way, then no progress bar shows', () => {
    setUp();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('when a route change is loading, then the progress bar shows until the page arrives', async () => {
    const { release } = setUp();
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));

    const bar = await screen.findByRole('progressbar', { name: 'Loading page' });
    expect(bar.className).toContain('loading-bar--running');

    await act(async () => release());
    await screen.findByRole('heading', { name: 'Next' });
    // The finishing flourish stays briefly, hidden from assistive technology, then goes.
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(document.querySelector('.loading-bar')).toBeNull());
  });
});
