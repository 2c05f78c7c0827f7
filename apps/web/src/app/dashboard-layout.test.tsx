import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { learner, scriptedApi, storeSession, TOKEN } from '../lib/testing/identity-fixtures';
import { renderApp } from '../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 10_000 };

/** A signed-in learner's API: their details, and logout. */
function learnerApi() {
  return scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'POST /api/auth/logout': { data: { loggedOut: true } },
  });
}

describe('the dashboard header: an account menu with log out (walkthrough, issue 18)', () => {
  it('when the learner opens the account menu by keyboard, then it lists Profile, the wallet and Log out, and Escape closes it', async () => {
    storeSession();
    const user = userEvent.setup();
    renderApp('/dashboard/wallet', learnerApi().fetch);

    const button = await screen.findByRole('button', { name: 'Account menu for Asha Rao' }, SLOW);
    // In the dashboard's own header, beside its sections.
    expect(button.closest('header')?.querySelector('nav[aria-label="Dashboard"]')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/dashboard/profile',
    );
    expect(within(panel).getByRole('link', { name: 'Coins wallet' }).getAttribute('href')).toBe(
      '/dashboard/wallet',
    );
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();

    // Tab moves into the menu, in order.
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Profile' }));

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('when the learner logs out from the dashboard, then the session is revoked on the server, forgotten here, and the home page opens', async () => {
    storeSession();
    const user = userEvent.setup();
    const api = learnerApi();
    const { router } = renderApp('/dashboard/wallet', api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Rao' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    const logout = api.callsTo('POST /api/auth/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

describe('unknown dashboard addresses (walkthrough, issue 18)', () => {
  it.each([
    '/dashboard/nope',
    '/dashboard/courses',
    '/dashboard/wallet/extra/path',
    '/dashboard/course/5/extra',
  ])('when a learner opens %s, then the dashboard’s not-found page shows, not a course', async (path) => {
    storeSession();
    renderApp(path, learnerApi().fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('heading', { name: 'Choose a course' })).toBeNull();
  });
});
