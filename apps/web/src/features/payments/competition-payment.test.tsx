import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';
import { checkoutApi, initiated, paidInSandbox } from './test/checkout-fixtures';

configure({ asyncUtilTimeout: 8000 });

const competition = {
  id: 3,
  title: 'Riverfront Pavilion Challenge',
  slug: 'riverfront-pavilion',
  path: '/competition/riverfront-pavilion?id=3',
  summary: 'Design a shaded pavilion for the Sabarmati riverfront.',
  amount: 499,
  dollar: 9,
  registrationDeadline: '2027-01-15',
  startDate: '2027-01-20',
  endDate: '2027-02-20',
  phase: 'open',
  thumbnail: null,
  description: 'The city wants a pavilion.',
  brief: { deliverables: [], prizes: [], jury: [], rules: [] },
};

describe('a paid competition’s entry fee (/payments/competition/{id}, issue 16)', { timeout: 60_000 }, () => {
  it('when the learner pays, then the order is made for the competition with a key, the sandbox checkout confirms it and the receipt follows', async () => {
    storeSession();
    const api = checkoutApi({
      'GET /api/user/v2/details': { data: learner },
      'GET /api/competition/3/details': { data: competition },
      'POST /api/competition/payment/initiate': {
        data: initiated({ description: 'Riverfront Pavilion Challenge', amountMinor: 49_900 }),
      },
      ...paidInSandbox('competition'),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/payments/competition/3', api.fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riverfront Pavilion Challenge' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay ₹499/-' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    const call = api.callsTo('POST /api/competition/payment/initiate')[0];
    expect(call?.body).toEqual({ competitionId: 3 });
    expect(call?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.keys.map((k) => k.path)).toEqual(['/api/competition/payment/initiate']);

    await user.click(within(dialog).getByRole('button', { name: /successfully/ }));
    // The receipt says what the fee bought: a registration, not an enrolment.
    await screen.findByRole('heading', { level: 1, name: 'Payment received — you are registered' });
    expect(router.state.location.pathname).toBe('/payments/success/501');
  });

  it('when the server refuses (already registered), then its message shows and no payment window opens', async () => {
    storeSession();
    const api = checkoutApi({
      'GET /api/user/v2/details': { data: learner },
      'GET /api/competition/3/details': { data: competition },
      'POST /api/competition/payment/initiate': {
        status: 409,
        body: { code: 409, message: 'You are already registered.', error: 'CONFLICT', requestId: 't' },
      },
    });
    const user = userEvent.setup();
    renderApp('/payments/competition/3', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Pay ₹499/-' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You are already registered.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
