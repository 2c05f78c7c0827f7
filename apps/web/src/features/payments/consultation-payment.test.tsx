import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { consultationPackages } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';
import { checkoutApi, initiated, paidInSandbox } from './test/checkout-fixtures';

configure({ asyncUtilTimeout: 8000 });

describe(
  'booking a consultation package (/payments/consultation/{id}, issue 18)',
  { timeout: 60_000 },
  () => {
    it('when a signed-in learner books a package from the consultation page, then its booking opens (not the login page), the order is made for it and the receipt follows', async () => {
      storeSession();
      const api = checkoutApi({
        'GET /api/user/v2/details': { data: learner },
        'GET /api/consultation/1/service/package': { data: consultationPackages },
        'POST /api/consultation/page/blogs': { data: [] },
        'POST /api/consultation/payment/initiate': {
          data: initiated({ description: 'Design consultation — Plan Review', amountMinor: 249_900 }),
        },
        ...paidInSandbox('consultation'),
      });
      const user = userEvent.setup();
      const { router } = renderApp('/consultation', api.fetch);

      await user.click(await screen.findByRole('link', { name: 'Book this package: Plan Review' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Plan Review' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/payments/consultation/3');

      await user.click(screen.getByRole('button', { name: 'Pay ₹2,499/-' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
      const call = api.callsTo('POST /api/consultation/payment/initiate')[0];
      expect(call?.body).toEqual({ packageId: 3 });
      expect(call?.authorization).toBe(`Bearer ${TOKEN}`);
      expect(api.keys.map((k) => k.path)).toEqual(['/api/consultation/payment/initiate']);

      await user.click(within(dialog).getByRole('button', { name: /successfully/ }));
      await screen.findByRole('heading', {
        level: 1,
        name: 'Payment received — your consultation is booked',
      });
      expect(router.state.location.pathname).toBe('/payments/success/501');
    });

    it('when the package is not offered, then the page says so and links back to the packages', async () => {
      storeSession();
      const api = checkoutApi({
        'GET /api/user/v2/details': { data: learner },
        'GET /api/consultation/1/service/package': { data: consultationPackages },
      });
      renderApp('/payments/consultation/99', api.fetch);
      expect(await screen.findByRole('heading', { name: 'We could not find this package' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See the packages' }).getAttribute('href')).toBe(
        '/consultation',
      );
      expect(api.callsTo('POST /api/consultation/payment/initiate')).toHaveLength(0);
    });
  },
);
