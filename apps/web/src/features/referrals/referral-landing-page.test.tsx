import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { referralOverview } from '../../lib/testing/money-fixtures';
import { parametric, revit } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const referrer = {
  firstName: 'Kabir',
  referCode: 'KABIR123',
  offer: { referrerCoins: 400, refereeCoins: 100, description: 'You both get coins.' },
};

const landingAnswers = {
  'GET /api/referrer/KABIR123': { data: referrer },
  'GET /api/referral/landing-page/courses': { data: [parametric, revit] },
};

describe('/refer/:referCode in the browser', () => {
  it('when a visitor signs up from the link, then the code is kept and applied once they reach the dashboard', async () => {
    const user = userEvent.setup();
    const visitor = scriptedApi(landingAnswers);
    const first = renderApp('/refer/KABIR123', visitor.fetch);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Kabir invited you to Atelier' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('100 coins for you when you sign up')).toBeTruthy();
    expect(screen.getByText('400 coins for Kabir when you enrol')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Parametric Facades with Grasshopper' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Sign up and claim the offer' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/login'));
    expect(first.router.state.location.search).toBe('?next=%2Fdashboard%2Freferral');
    expect(window.localStorage.getItem('pending_refer_code')).toBe('KABIR123');
    first.unmount();

    // Signed in (sign-up done): the first dashboard page applies the kept code, once.
    storeSession();
    const signedIn = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      [`GET /api/user/referral/${learner.id}/courses`]: { data: referralOverview() },
      'POST /api/user/referred': { data: { referred: true, referrer: { firstName: 'Kabir' } } },
    });
    renderApp('/dashboard/referral', signedIn.fetch);
    expect(
      await screen.findByText(/Kabir's referral code is applied to your account/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(signedIn.callsTo('POST /api/user/referred')).toHaveLength(1);
    expect(signedIn.callsTo('POST /api/user/referred')[0]?.body).toEqual({ referCode: 'KABIR123' });
    expect(window.localStorage.getItem('pending_refer_code')).toBeNull();
  });

  it('when the server refuses the kept code (e.g. own code), then it says why and forgets it', async () => {
    window.localStorage.setItem('pending_refer_code', 'ATLASH007');
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      [`GET /api/user/referral/${learner.id}/courses`]: { data: referralOverview() },
      'POST /api/user/referred': apiError(409, 'CONFLICT', 'You cannot use your own referral code'),
    });
    renderApp('/dashboard/referral', api.fetch);
    expect(
      await screen.findByText(
        /was not applied: You cannot use your own referral code/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(window.localStorage.getItem('pending_refer_code')).toBeNull();
  });

  it('when a signed-in learner opens a link, then they apply the code on the spot', async () => {
    const user = userEvent.setup();
    storeSession();
    const api = scriptedApi({
      ...landingAnswers,
      'GET /api/user/v2/details': { data: learner },
      'POST /api/user/referred': { data: { referred: true, referrer: { firstName: 'Kabir' } } },
    });
    renderApp('/refer/KABIR123', api.fetch);
    await user.click(await screen.findByRole('button', { name: "Use Kabir's code" }, { timeout: 15_000 }));
    expect(await screen.findByText("Kabir's code is applied to your account.")).toBeTruthy();
    expect(api.callsTo('POST /api/user/referred')[0]?.body).toEqual({ referCode: 'KABIR123' });
    expect(screen.getByRole('link', { name: 'Choose a course' })).toBeTruthy();
  });
});
