import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, learner, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';
import {
  checkoutApi,
  checkoutDetails,
  initiated,
  kavya,
  ORDER_TOKEN,
  orderSuccess,
  withWelcome10,
} from './test/checkout-fixtures';

/*
 * The course checkout in the browser (issue 14 "Web"), against the contract's answers: the real
 * route table, the real store and forms, the API scripted per path.
 */

// Lazy page chunks load on first use; the machine running the tests is shared and slow.
configure({ asyncUtilTimeout: 8000 });

const CHECKOUT_ID = 'chk_abcdefghijklmnopqrstuvwx';

const welcome10 = {
  code: 'WELCOME10',
  applied: true,
  discountMinor: 240_000,
  finalAmountMinor: 2_160_000,
  currency: 'INR',
};

function guestHandlers(overrides: Record<string, unknown> = {}) {
  return {
    'POST /api/course/ws/details': (body: unknown) => {
      const { batchId, couponCode } = body as { batchId: number; couponCode?: string };
      const details = checkoutDetails(batchId);
      return { data: couponCode === 'WELCOME10' ? withWelcome10(details) : details };
    },
    'POST /api/coupon/claim': (body: unknown) =>
      (body as { code: string }).code.toUpperCase() === 'WELCOME10'
        ? { data: welcome10 }
        : apiError(400, 'COUPON_EXPIRED', 'This coupon expired on 1 Nov 2026.'),
    'POST /api/payment/add-user': {
      data: { checkoutId: CHECKOUT_ID, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() },
    },
    'POST /api/payment/initiate': { data: initiated() },
    'POST /api/payment/sandbox/checkout': (body: unknown) => ({
      data:
        (body as { outcome: string }).outcome === 'success'
          ? {
              providerOrderId: 'order_SBX0000000501',
              providerPaymentId: 'pay_SBX0000000901',
              signature: 'a1b2c3d4e5f6',
              outcome: 'success',
            }
          : {
              providerOrderId: 'order_SBX0000000501',
              providerPaymentId: 'pay_SBX0000000902',
              signature: '',
              outcome: 'failure',
            },
    }),
    'PUT /api/payment/order/501': {
      data: { status: 'paid', orderId: 501, orderToken: ORDER_TOKEN, signInWithToken: true },
    },
    'POST /api/payment/order/501/cancel': { data: { orderId: 501, status: 'expired' } },
    'GET /api/order/501/success': { data: orderSuccess() },
    'POST /api/auth/order/501/login': { data: { token: 'tok-kavya-0123456789', user: kavya } },
    'GET /api/user/v2/details': { data: kavya },
    ...overrides,
  } as Parameters<typeof checkoutApi>[0];
}

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Kavya Iyer');
  await user.type(screen.getByLabelText('E-mail address'), 'kavya@example.com');
  await user.type(screen.getByLabelText('Mobile number'), '9876512345');
}

const summary = () => screen.getByRole('complementary', { name: 'Summary' });

afterEach(() => {
  delete window.Razorpay;
});

describe('the course checkout (/payments/{slug}?id=)', { timeout: 60_000 }, () => {
  it('when a guest buys by instalments with a coupon in the sandbox, then the order is verified, the receipt shows and the new account is signed in', async () => {
    const api = checkoutApi(guestHandlers());
    const user = userEvent.setup();
    const { router } = renderApp(
      '/payments/revit-for-architects?id=31&discountId=WELCOME10&utm_source=mail',
      api.fetch,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' })).toBeTruthy();
    // The batch from the address is preselected; the started batch says so.
    expect(screen.getByRole('radio', { name: /January cohort/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /November cohort/ }).closest('label')?.textContent).toMatch(
      /Already started.*3 seats left/,
    );
    // `discountId` is applied at once; the address keeps it and the extra query text.
    expect(await screen.findByText(/applied — you save/)).toBeTruthy();
    expect(await within(summary()).findByText('Coupon WELCOME10')).toBeTruthy();
    expect(within(summary()).getByText('₹21,600/-')).toBeTruthy();
    expect(api.callsTo('POST /api/coupon/claim')[0]?.body).toEqual({ code: 'WELCOME10', batchId: 31 });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('discountId')).toBe('WELCOME10');
    expect(search.get('utm_source')).toBe('mail');

    // Removed, then a refused code with the server's reason, then applied again.
    await user.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    expect(await screen.findByText('Coupon WELCOME10 removed.')).toBeTruthy();
    expect(within(summary()).queryByText('Coupon WELCOME10')).toBeNull();
    const couponBox = screen.getByLabelText(/Coupon code/);
    await user.clear(couponBox);
    await user.type(couponBox, 'OLD5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon expired on 1 Nov 2026.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Coupon not applied. This coupon expired on 1 Nov 2026.')).toBeTruthy();
    await user.clear(couponBox);
    await user.type(couponBox, 'WELCOME10{Enter}');
    expect(await screen.findByText(/applied — you save/)).toBeTruthy();
    expect(await within(summary()).findByText('Coupon WELCOME10')).toBeTruthy();

    // Instalments: the schedule with dates and amounts.
    await user.click(screen.getByRole('radio', { name: /3 instalments/ }));
    const schedule = screen.getByRole('table', { name: 'Instalment schedule' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    // 10 % off ₹25,500/- is ₹22,950/-, split over the plan as the server splits it.
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Today₹7,650/-',
      '225 Dec 2026₹7,650/-',
      '325 Jan 2027₹7,650/-',
    ]);
    expect(within(summary()).getByText('−₹2,550/-')).toBeTruthy();

    // No money moves before the guest's details are given.
    await user.click(within(summary()).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Enter your full name.')).toBeTruthy();
    expect(api.callsTo('POST /api/payment/initiate')).toHaveLength(0);

    // Focus went to the first field to fix. (Typed at a person's pace: right after a refused
    // submit, user-event's instant keystrokes race the form's asynchronous resolver.)
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    await userEvent.setup({ delay: 20 }).keyboard('Kavya Iyer');
    await user.type(screen.getByLabelText('E-mail address'), 'kavya@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '9876512345');
    await user.click(within(summary()).getByRole('button', { name: /^Pay/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    expect(api.callsTo('POST /api/payment/add-user')[0]?.body).toEqual({
      name: 'Kavya Iyer',
      email: 'kavya@example.com',
      mobile: '9876512345',
      batchId: 31,
    });
    expect(api.callsTo('POST /api/payment/initiate')[0]?.body).toEqual({
      batchId: 31,
      plan: 'instalments',
      couponCode: 'WELCOME10',
      checkoutId: CHECKOUT_ID,
    });
    expect(api.keys.filter((k) => k.path === '/api/payment/initiate')).toHaveLength(1);
    expect(api.keys[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹8,500/- successfully' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' }),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/payment/sandbox/checkout')[0]?.body).toEqual({
      providerOrderId: 'order_SBX0000000501',
      outcome: 'success',
    });
    expect(api.callsTo('PUT /api/payment/order/501')[0]?.body).toEqual({
      providerOrderId: 'order_SBX0000000501',
      providerPaymentId: 'pay_SBX0000000901',
      signature: 'a1b2c3d4e5f6',
    });
    expect(router.state.location.pathname).toBe('/payments/success/501');
    // The one-time token never goes into the address.
    expect(router.state.location.search).not.toContain(ORDER_TOKEN);

    // The account this checkout created is signed in with the order token.
    expect(await screen.findByText(/You are signed in as/)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/order/501/login')[0]?.body).toEqual({ orderToken: ORDER_TOKEN });
    expect(window.localStorage.getItem('token')).toBe('tok-kavya-0123456789');
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Name')).toBe('Kavya Iyer');
    expect(fact('E-mail')).toBe('kavya@example.com');
    expect(fact('Mobile')).toBe('9876512345');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: /Download the brochure/ }).getAttribute('href')).toBe(
      '/api/brochure/pdf?id=1',
    );
    expect(await screen.findByRole('button', { name: 'Download the invoice (PDF)' })).toBeTruthy();
  });

  it('when the payment fails, then the payer is told clearly, the order is kept for a retry with nothing typed lost, and closing the window cancels it', async () => {
    const api = checkoutApi(guestHandlers());
    const user = userEvent.setup();
    renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    await fillGuest(user);
    await user.click(within(summary()).getByRole('button', { name: 'Pay ₹24,000/-' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /The payment did not go through.*Nothing was charged.*Your order is kept/,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Kavya Iyer');
    expect(screen.getByLabelText('Mobile number')).toHaveProperty('value', '9876512345');
    expect(api.callsTo('PUT /api/payment/order/501')).toHaveLength(0);

    // The same order is paid again: no second order is created.
    await user.click(screen.getByRole('button', { name: 'Try the payment again' }));
    const again = await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    expect(api.callsTo('POST /api/payment/initiate')).toHaveLength(1);

    // Closing the window without paying cancels the order (its holds are released).
    await user.click(within(again).getByRole('button', { name: 'Close without paying' }));
    expect(await screen.findByText(/Payment cancelled. Nothing was charged/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/payment/order/501/cancel')).toHaveLength(1));
    expect(api.callsTo('POST /api/payment/order/501/cancel')[0]?.body).toEqual({ checkoutId: CHECKOUT_ID });
    expect(screen.getByLabelText('E-mail address')).toHaveProperty('value', 'kavya@example.com');
  });

  it('when creating the order fails on the server, then the retry of the same attempt sends the same Idempotency-Key, and a changed attempt a new one', async () => {
    let answers = 0;
    storeSession();
    const api = checkoutApi(
      guestHandlers({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/payment/initiate': () => {
          answers += 1;
          return answers === 1
            ? apiError(503, 'UNAVAILABLE', 'Try again')
            : {
                data: initiated({
                  provider: 'razorpay',
                  keyId: 'rzp_test_abc',
                  providerOrderId: 'order_RZP1',
                }),
              };
        },
      }),
    );
    const opened: unknown[] = [];
    window.Razorpay = class {
      constructor(options: unknown) {
        opened.push(options);
      }
      on() {}
      open() {}
    };
    const user = userEvent.setup();
    renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    // Signed in: no guest details, paying as the learner.
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByText(/Paying as/).textContent).toContain('Asha Rao');

    await user.click(within(summary()).getByRole('button', { name: 'Pay ₹24,000/-' }));
    expect(await screen.findByText(/Something went wrong/)).toBeTruthy();
    await user.click(within(summary()).getByRole('button', { name: 'Pay ₹24,000/-' }));
    await waitFor(() => expect(opened).toHaveLength(1));

    const keys = api.keys.filter((k) => k.path === '/api/payment/initiate').map((k) => k.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(
      api.callsTo('POST /api/payment/initiate').every((c) => c.authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
    expect(api.callsTo('POST /api/payment/add-user')).toHaveLength(0);
  });

  it('when the provider is Razorpay, then Checkout opens with the order and its handler verifies, its dismissal cancels, and a failed payment keeps the order', async () => {
    storeSession();
    const order = initiated({
      provider: 'razorpay',
      keyId: 'rzp_test_abc',
      providerOrderId: 'order_RZP0000000501',
      amountMinor: 2_400_000,
    });
    const api = checkoutApi(
      guestHandlers({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/payment/initiate': { data: order },
        'PUT /api/payment/order/501': {
          data: { status: 'paid', orderId: 501, orderToken: ORDER_TOKEN, signInWithToken: false },
        },
        'GET /api/order/501/success': {
          data: orderSuccess({ name: 'Asha Rao', email: 'asha@example.com' }),
        },
      }),
    );
    type Options = {
      key: string;
      order_id: string;
      amount: number;
      currency: string;
      prefill: unknown;
      handler: (r: Record<string, string>) => void;
      modal: { ondismiss: () => void };
    };
    const instances: { options: Options; failed?: (r: unknown) => void }[] = [];
    window.Razorpay = class {
      entry: { options: Options; failed?: (r: unknown) => void };
      constructor(options: Options) {
        this.entry = { options };
        instances.push(this.entry);
      }
      on(_event: string, listener: (r: unknown) => void) {
        this.entry.failed = listener;
      }
      open() {}
    } as unknown as NonNullable<typeof window.Razorpay>;
    const user = userEvent.setup();
    const { router } = renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    const pay = () => user.click(within(summary()).getByRole('button', { name: 'Pay ₹24,000/-' }));

    // Dismissed: the order is cancelled.
    await pay();
    await waitFor(() => expect(instances).toHaveLength(1));
    expect(instances[0]?.options).toMatchObject({
      key: 'rzp_test_abc',
      order_id: 'order_RZP0000000501',
      amount: 2_400_000,
      currency: 'INR',
      prefill: order.prefill,
    });
    instances[0]?.options.modal.ondismiss();
    await waitFor(() => expect(api.callsTo('POST /api/payment/order/501/cancel')).toHaveLength(1));

    // A failed payment: a clear message, and closing the window then keeps the order.
    await pay();
    await waitFor(() => expect(instances).toHaveLength(2));
    instances[1]?.failed?.({ error: { description: 'Your bank declined this card' } });
    instances[1]?.options.modal.ondismiss();
    expect((await screen.findByRole('alert')).textContent).toContain('Your bank declined this card.');
    expect(api.callsTo('POST /api/payment/order/501/cancel')).toHaveLength(1);

    // Retried and paid: the handler's fields are verified.
    await user.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(instances).toHaveLength(3));
    expect(api.callsTo('POST /api/payment/initiate')).toHaveLength(2);
    instances[2]?.options.handler({
      razorpay_order_id: 'order_RZP0000000501',
      razorpay_payment_id: 'pay_RZP0000000777',
      razorpay_signature: 'deadbeef',
    });
    await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' });
    expect(api.callsTo('PUT /api/payment/order/501')[0]?.body).toEqual({
      providerOrderId: 'order_RZP0000000501',
      providerPaymentId: 'pay_RZP0000000777',
      signature: 'deadbeef',
    });
    expect(router.state.location.pathname).toBe('/payments/success/501');
    // Already signed in as the owner: no token sign-in, the invoice is offered.
    expect(api.callsTo('POST /api/auth/order/501/login')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Download the invoice (PDF)' })).toBeTruthy();
  });

  it('when the chosen batch is sold out, then paying is disabled and another batch can be chosen, keeping the address', async () => {
    const api = checkoutApi(
      guestHandlers({
        'POST /api/course/ws/details': (body: unknown) => {
          const batchId = (body as { batchId: number }).batchId;
          const details = checkoutDetails(batchId);
          const batches = details.batches.map((b) => (b.id === 31 ? { ...b, seatsLeft: 0 } : b));
          return {
            data: { ...details, batches, batch: batches.find((b) => b.id === batchId) ?? details.batch },
          };
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/payments/revit-for-architects?id=31&utm_source=mail', api.fetch);

    expect(await screen.findByText(/This batch is sold out/)).toBeTruthy();
    const button = within(summary()).getByRole('button', { name: 'Sold out' });
    expect(button).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('radio', { name: /November cohort/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('id')).toBe('32'));
    expect(new URLSearchParams(router.state.location.search).get('utm_source')).toBe('mail');
    await waitFor(() =>
      expect(within(summary()).getByRole('button', { name: 'Pay ₹24,000/-' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(api.callsTo('POST /api/course/ws/details').at(-1)?.body).toEqual({ batchId: 32 });
  });

  it('when the batch is not on sale, then the page says so with the server message and a way on', async () => {
    const api = checkoutApi(
      guestHandlers({
        'POST /api/course/ws/details': apiError(404, 'NOT_FOUND', 'This batch is no longer on sale.'),
      }),
    );
    renderApp('/payments/revit-for-architects?id=99', api.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'This batch is not on sale' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This batch is no longer on sale.');
    expect(screen.getByRole('link', { name: 'Browse courses and workshops' })).toBeTruthy();
    // The site header stays: a clear way back.
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('when a signed-in learner has coins, then the toggle takes off what they may use and the order carries them', async () => {
    storeSession();
    const api = checkoutApi(
      guestHandlers({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/course/ws/details': {
          data: checkoutDetails(31, { coins: { balance: 350, maxUsable: 300, valueMinor: 100 } }),
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    expect(screen.getByText(/You have 350 coins. Up to 300 can pay for this purchase./)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Use 300 coins/ }));
    expect(within(summary()).getByText('−₹300/-')).toBeTruthy();
    expect(within(summary()).getByText('₹23,700/-')).toBeTruthy();
    await user.click(within(summary()).getByRole('button', { name: 'Pay ₹23,700/-' }));
    await screen.findByRole('dialog', { name: 'Sandbox payment — no money moves' });
    expect(api.callsTo('POST /api/payment/initiate')[0]?.body).toEqual({
      batchId: 31,
      plan: 'full',
      coins: 300,
    });
  });

  it('when a learner’s coins cover the whole price, then one action pays it with coins alone, with no provider step', async () => {
    storeSession();
    const api = checkoutApi(
      guestHandlers({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/course/ws/details': {
          data: checkoutDetails(31, { coins: { balance: 30_000, maxUsable: 12_000, valueMinor: 100 } }),
        },
        'POST /api/coins/payment/initiate': {
          data: initiated({ status: 'paid', providerOrderId: null, orderToken: ORDER_TOKEN, amountMinor: 0 }),
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    // ₹24,000/- at ₹1 a coin: 24,000 coins, which the balance of 30,000 covers.
    await user.click(screen.getByRole('button', { name: 'Pay with 24000 coins' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received — you are enrolled' }),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/coins/payment/initiate')[0]?.body).toEqual({ batchId: 31 });
    expect(api.keys.filter((k) => k.path === '/api/coins/payment/initiate')).toHaveLength(1);
    // Nothing went to a provider: no provider order, no sandbox dialog, no verification.
    expect(api.callsTo('POST /api/payment/initiate')).toHaveLength(0);
    expect(api.callsTo('POST /api/payment/sandbox/checkout')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/payments/success/501');
  });

  it('when the coins do not cover the whole price, then no coins-only action is offered', async () => {
    storeSession();
    const api = checkoutApi(
      guestHandlers({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/course/ws/details': {
          data: checkoutDetails(31, { coins: { balance: 23_999, maxUsable: 12_000, valueMinor: 100 } }),
        },
      }),
    );
    renderApp('/payments/revit-for-architects?id=31', api.fetch);

    await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' });
    expect(screen.getByText(/You have 23999 coins/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay with .* coins$/ })).toBeNull();
  });
});
