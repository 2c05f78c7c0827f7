import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { landingPage } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';
import { rememberOrderHandoff } from './checkout/order-handoff';
import {
  checkoutApi,
  initiated,
  instalmentAnswer,
  ORDER_TOKEN,
  orderSuccess,
} from './test/checkout-fixtures';

/*
 * The success page's sign-in rules, an instalment, a staff payment link, and the Enrol links that
 * keep the batch (issue 14 "Web", rule 10).
 */

configure({ asyncUtilTimeout: 8000 });

const verified = (signInWithToken: boolean) => ({
  data: { status: 'paid', orderId: 501, orderToken: ORDER_TOKEN, signInWithToken },
});

const sandboxPaid = {
  data: {
    providerOrderId: 'order_SBX0000000501',
    providerPaymentId: 'pay_SBX0000000901',
    signature: 'a1b2c3',
    outcome: 'success',
  },
};

describe('after the payment', { timeout: 60_000 }, () => {
  it('when the guest already had an account (signInWithToken false), then the token signs nobody in and the page asks for a one-time code with the e-mail prefilled', async () => {
    rememberOrderHandoff(501, { orderToken: ORDER_TOKEN, signInWithToken: false });
    const api = checkoutApi({ 'GET /api/order/501/success': { data: orderSuccess() } });
    const user = userEvent.setup();
    const { router } = renderApp('/payments/success/501', api.fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' }),
    ).toBeTruthy();
    // The receipt is read with the order token; no sign-in is tried with it.
    expect(api.calls.find((c) => c.path === '/api/order/501/success')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/order/501/login')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /invoice/ })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sign in with a one-time code' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' }),
    ).toBeTruthy();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('next')).toBe('/dashboard');
    expect(screen.getByLabelText(/E-mail or mobile number/)).toHaveProperty('value', 'kavya@example.com');
  });

  it('when the receipt is opened with ?token= in the address, then the token is used and removed from the address', async () => {
    const api = checkoutApi({
      'GET /api/order/501/success': { data: orderSuccess({ brochure: null }) },
      'POST /api/auth/order/501/login': apiError(401, 'UNAUTHORIZED', 'This link has expired.'),
    });
    const { router } = renderApp(`/payments/success/501?token=${ORDER_TOKEN}`, api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The token was tried and refused: the page falls back to a one-time code.
    expect(await screen.findByRole('link', { name: 'Sign in with a one-time code' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/order/501/login')[0]?.body).toEqual({ orderToken: ORDER_TOKEN });
    expect(screen.queryByRole('link', { name: /brochure/ })).toBeNull();
  });

  it('when someone opens another person’s receipt, then they are told it was not found', async () => {
    const api = checkoutApi({
      'GET /api/order/777/success': apiError(404, 'NOT_FOUND', 'Not found'),
    });
    renderApp('/payments/success/777', api.fetch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this order' }),
    ).toBeTruthy();
  });
});

describe('an instalment (/payments/instalment/{id})', { timeout: 60_000 }, () => {
  it('when the learner pays the next instalment, then it goes through the same sandbox checkout with its own key and lands on the receipt', async () => {
    storeSession();
    const api = checkoutApi({
      'GET /api/user/v2/details': { data: learner },
      'GET /api/payment/instalment/92': { data: instalmentAnswer() },
      'POST /api/payment/instalment/initiate': { data: initiated({ description: 'Instalment 2 of 3' }) },
      'POST /api/payment/sandbox/checkout': sandboxPaid,
      'PUT /api/payment/order/501': verified(false),
      'GET /api/order/501/success': { data: orderSuccess({ kind: 'instalment' }) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/payments/instalment/92', api.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Instalments' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1 of 31 Nov 2026₹8,500/-Paid',
      '2 of 328 Nov 2026₹8,500/-Paying now',
      '3 of 328 Dec 2026₹8,500/-Due',
    ]);
    await user.click(screen.getByRole('button', { name: 'Pay ₹8,500/-' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    expect(api.callsTo('POST /api/payment/instalment/initiate')[0]?.body).toEqual({ instalmentId: 92 });
    expect(api.callsTo('POST /api/payment/instalment/initiate')[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.keys.map((k) => k.path)).toEqual(['/api/payment/instalment/initiate']);

    await user.click(within(dialog).getByRole('button', { name: /successfully/ }));
    await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' });
    expect(router.state.location.pathname).toBe('/payments/success/501');
  });

  it('when a visitor opens an instalment, then they sign in first and come back', async () => {
    const api = checkoutApi({});
    const { router } = renderApp('/payments/instalment/92', api.fetch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in or create an account' }),
    ).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/payments/instalment/92');
    expect(api.calls.some((c) => c.path.startsWith('/api/payment'))).toBe(false);
  });
});

describe('a staff payment link (/pay/{linkToken})', { timeout: 60_000 }, () => {
  const LINK = 'lnk_demo_portfolio_review_01';

  it('when a guest pays a link, then their details go to add-user with the link token and the order is made for the link', async () => {
    const api = checkoutApi({
      'GET /api/custom/payment/lnk_demo_portfolio_review_01': {
        data: {
          purpose: 'Portfolio review — 1:1 session',
          amountMinor: 350_000,
          currency: 'INR',
          expiresAt: '2026-12-31T18:29:59.000Z',
          status: 'open',
          payeeName: 'Kavya Iyer',
        },
      },
      'POST /api/payment/add-user': {
        data: {
          checkoutId: 'chk_linklinklinklinklink01',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        },
      },
      'POST /api/custom/payment/initiate': { data: initiated({ amountMinor: 350_000 }) },
    });
    const user = userEvent.setup();
    renderApp(`/pay/${LINK}`, api.fetch);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Portfolio review — 1:1 session' }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Full name'), 'Kavya Iyer');
    await user.type(screen.getByLabelText('E-mail address'), 'kavya@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '9876512345');
    await user.click(screen.getByRole('button', { name: 'Pay ₹3,500/-' }));

    await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    expect(api.callsTo('POST /api/payment/add-user')[0]?.body).toEqual({
      name: 'Kavya Iyer',
      email: 'kavya@example.com',
      mobile: '9876512345',
      linkToken: LINK,
    });
    expect(api.callsTo('POST /api/custom/payment/initiate')[0]?.body).toEqual({
      linkToken: LINK,
      checkoutId: 'chk_linklinklinklinklink01',
    });
  });

  it('when the link has expired, then nothing can be paid', async () => {
    const api = checkoutApi({
      'GET /api/custom/payment/lnk_demo_portfolio_review_01': {
        data: {
          purpose: 'Portfolio review',
          amountMinor: 350_000,
          currency: 'INR',
          expiresAt: '2026-11-01T00:00:00.000Z',
          status: 'expired',
          payeeName: null,
        },
      },
    });
    renderApp(`/pay/${LINK}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'This payment link has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});

describe('the Enrol links of a course page', { timeout: 60_000 }, () => {
  it('when a visitor enrols from a batch, then the checkout address names that batch', async () => {
    const landing = landingPage();
    const second = { ...landing.details.Batches[0]!, id: 11, name: 'January batch', startDate: '2027-01-09' };
    landing.details.Batches = [landing.details.Batches[0]!, second];
    const api = checkoutApi({ 'GET /api/course/1/landing-page': { data: landing } });
    renderApp('/masterclass/parametric-facades?id=1', api.fetch);

    const batchEnrol = await screen.findByRole('link', { name: 'Enrol in January batch' });
    expect(batchEnrol.getAttribute('href')).toBe('/payments/parametric-facades?id=11');
    expect(screen.getByRole('link', { name: 'Enrol in December batch' }).getAttribute('href')).toBe(
      '/payments/parametric-facades?id=10',
    );
    for (const link of screen.getAllByRole('link', { name: /^Enrol now/ })) {
      expect(link.getAttribute('href')).toBe('/payments/parametric-facades?id=10');
    }
  });
});
