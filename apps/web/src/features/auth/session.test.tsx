import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

describe('the session in the browser (spec §3 local storage keys, §4 logout, §6, §8)', () => {
  it('when the user logs out from the header, then exactly the spec keys are cleared and the server session is revoked', async () => {
    storeSession();
    const others = {
      isModerator: 'true',
      courseId: '12',
      assessmentId: '4',
      quiz_progress_31: '{"answered":3}',
      quiz_progress_32: '{"answered":1}',
    };
    const kept = {
      cuid: JSON.stringify({ code: 'INR', time: Date.now() }),
      tracker_id: 'trk-1',
      active_from: '2026-11-01',
      last_active: '2026-11-20',
      cp_notes: '[]',
      cp_sent: '2026-11-20',
      cp_visit_date: '2026-11-20',
      crm_user: 'lead-9',
    };
    for (const [key, value] of Object.entries({ ...others, ...kept }))
      window.localStorage.setItem(key, value);
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/logout': { data: { loggedOut: true } },
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Rao' }));
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/dashboard/profile');
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout')[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    for (const key of ['token', 'user', ...Object.keys(others)])
      expect(window.localStorage.getItem(key)).toBeNull();
    for (const [key, value] of Object.entries(kept)) expect(window.localStorage.getItem(key)).toBe(value);
  });

  it('when the logout call fails, then the browser still forgets the session', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/logout': apiError(500, 'INTERNAL', 'Something went wrong on our side.'),
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Log out and use another account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' }),
    ).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('when a dashboard page gets a 401, then the session is cleared and the user is sent to /auth/login with next=', async () => {
    storeSession();
    window.localStorage.setItem('courseId', '12');
    window.localStorage.setItem('cuid', JSON.stringify({ code: 'INR', time: Date.now() }));
    const api = scriptedApi({
      'GET /api/user/v2/details': apiError(
        401,
        'UNAUTHORIZED',
        'Your session has ended. Please sign in again.',
      ),
    });
    const { router } = renderApp('/dashboard/profile', api.fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/profile');
    expect(api.callsTo('GET /api/user/v2/details')[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('courseId')).toBeNull();
    expect(window.localStorage.getItem('cuid')).not.toBeNull();
  });

  it('when a visitor without a session opens a dashboard page, then they are sent to sign in and come back after', async () => {
    const api = scriptedApi({});
    const { router } = renderApp('/dashboard/my-certificates', api.fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' }),
    ).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/my-certificates');
    expect(api.calls.some((call) => call.path === '/api/user/v2/details')).toBe(false);
  });

  it('when a password change asks to re-authenticate (401 REAUTH_REQUIRED), then the session is kept', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/auth/password/add': apiError(401, 'REAUTH_REQUIRED', 'The current password is not correct.'),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/profile', api.fetch);

    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(window.localStorage.getItem('token')).toBe(TOKEN);
  });
});
