import type { AdminCoupon, AdminOrderDetail } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { toMinor } from './amounts';

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = {
  data: {
    id: 1,
    name: 'Meera Staff',
    role: 'admin',
    sections: ['orders', 'coupons', 'payment-links', 'instalments', 'invoices'],
  },
};

function order(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 7,
    kind: 'course',
    status: 'paid',
    amountMinor: 150_000,
    discountMinor: 0,
    currency: 'INR',
    provider: 'sandbox',
    providerOrderId: 'order_abc',
    buyer: { id: 5, name: 'Asha Learner', email: 'asha@example.com', mobile: '+91 9876500001' },
    workshop: { id: 3, title: 'Lettering' },
    batchId: 9,
    couponCode: null,
    refundedMinor: 50_000,
    flagReason: null,
    paidAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T09:55:00.000Z',
    coinsUsed: 0,
    details: {},
    batch: { id: 9, startDate: '2026-12-01' },
    coupon: null,
    payments: [
      {
        id: 11,
        providerPaymentId: 'pay_123',
        amountMinor: 150_000,
        currency: 'INR',
        status: 'captured',
        method: 'upi',
        capturedAt: '2026-11-20T10:00:00.000Z',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    refunds: [],
    refundable: { paymentId: 11, capturedMinor: 150_000, leftMinor: 100_000, currency: 'INR' },
    instalmentPlan: null,
    invoice: { number: 'ATL/2026-27/000007', issuedAt: '2026-11-20T10:00:00.000Z' },
    ...overrides,
  };
}

const refundAnswer = (body: unknown) => {
  const { amountMinor } = body as { amountMinor?: number };
  const amount = amountMinor ?? 100_000;
  return {
    data: {
      id: 21,
      paymentId: 11,
      providerRefundId: null,
      amountMinor: amount,
      currency: 'INR',
      status: 'pending',
      reason: 'x',
      createdAt: '2026-11-20T11:00:00.000Z',
      processedAt: null,
      leftMinor: 100_000 - amount,
    },
  };
};

async function openRefund(handlers: Record<string, Parameters<typeof scriptedApi>[0][string]>) {
  storeSession(admin);
  const api = scriptedApi({
    'GET /api/admin/me': me,
    'GET /api/admin/orders/7': { data: order() },
    ...handlers,
  });
  const user = userEvent.setup();
  renderApp('/admin/orders/7', api.fetch);
  await user.click(await screen.findByRole('button', { name: 'Refund…' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund order #7' });
  return { api, user, dialog };
}

describe('/admin/orders/{id}: the refund dialog', () => {
  it('when staff refund part of an order, then it shows what is left, refuses more, confirms, and sends minor units with a key', async () => {
    const { api, user, dialog } = await openRefund({ 'POST /api/admin/orders/7/refund': refundAnswer });
    expect(within(dialog).getByText('₹1,000/-')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: /Part of it/ }));
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '1000.01');
    await user.type(within(dialog).getByLabelText('Reason'), 'Missed two sessions');
    await user.click(within(dialog).getByRole('button', { name: 'Review the refund' }));
    expect(await within(dialog).findByText(/Amount must be at most ₹1,000\/-/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/orders/7/refund')).toHaveLength(0);

    const amount = within(dialog).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '499.50');
    await user.click(within(dialog).getByRole('button', { name: 'Review the refund' }));
    expect(await within(dialog).findByText(/to Asha Learner\?/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/orders/7/refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund ₹499.50/-' }));

    expect(await screen.findByText(/Refund of ₹499.50\/- requested for order #7/)).toBeTruthy();
    const [call] = api.callsTo('POST /api/admin/orders/7/refund');
    expect(call!.body).toEqual({
      amountMinor: 49_950,
      reason: 'Missed two sessions',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('when the first try fails and staff press again, then the same idempotency key is sent (one refund, never two)', async () => {
    let tries = 0;
    const { api, user, dialog } = await openRefund({
      'POST /api/admin/orders/7/refund': (body: unknown) => {
        tries += 1;
        return tries === 1 ? apiError(503, 'UNAVAILABLE', 'Try again in a moment.') : refundAnswer(body);
      },
    });
    await user.click(within(dialog).getByRole('radio', { name: /Everything left/ }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Cancelled by the learner');
    await user.click(within(dialog).getByRole('button', { name: 'Review the refund' }));
    expect(await within(dialog).findByText(/the learner loses the access it bought/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund ₹1,000/-' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Review the refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, refund ₹1,000/-' }));
    expect(await screen.findByText(/Refund of ₹1,000\/- requested/)).toBeTruthy();
    const calls = api.callsTo('POST /api/admin/orders/7/refund');
    expect(calls).toHaveLength(2);
    const keys = calls.map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    // A full refund sends no amount: the server refunds what is left.
    expect(calls[1]!.body).not.toHaveProperty('amountMinor');
  });

  it('when the server refuses the amount, then its message shows beside the amount', async () => {
    const { user, dialog } = await openRefund({
      'POST /api/admin/orders/7/refund': apiError(409, 'CONFLICT', 'Too much', [
        { path: 'amountMinor', message: 'at most 40000 minor units are left to refund' },
      ]),
    });
    await user.click(within(dialog).getByRole('radio', { name: /Part of it/ }));
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Review the refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, refund ₹500/-' }));
    expect(await within(dialog).findByText(/Amount at most 40000 minor units are left/)).toBeTruthy();
  });
});

const emptyPage = { data: { items: [], total: 0, page: 1, pageSize: 25 } };

describe('/admin/coupons: the coupon form', () => {
  async function openNew(handlers: Record<string, Parameters<typeof scriptedApi>[0][string]> = {}) {
    storeSession(admin);
    const api = scriptedApi({ 'GET /api/admin/me': me, 'GET /api/admin/coupons': emptyPage, ...handlers });
    const user = userEvent.setup();
    renderApp('/admin/coupons', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'New coupon' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    return { api, user, dialog };
  }

  it("when the coupon breaks checkout's rules, then each field says what is wrong and nothing is sent", async () => {
    const { api, user, dialog } = await openNew();
    await user.type(within(dialog).getByLabelText('Code'), 'no spaces!');
    await user.click(within(dialog).getByRole('radio', { name: /Percent off/ }));
    await user.type(within(dialog).getByLabelText('Percent off'), '120');
    await user.type(within(dialog).getByLabelText(/Valid from/), '2026-12-10T00:00');
    await user.type(within(dialog).getByLabelText(/Valid until/), '2026-12-01T00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    expect(await within(dialog).findByText(/Code must be 3 to 40 letters/)).toBeTruthy();
    expect(within(dialog).getByText(/Percent off must be 1 to 100/)).toBeTruthy();
    expect(within(dialog).getByText(/Valid until must be after the start/)).toBeTruthy();

    // A flat coupon needs an amount in some currency.
    await user.click(within(dialog).getByRole('radio', { name: /Flat amount off/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    expect(await within(dialog).findByText(/Give the amount off in rupees, dollars or both/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/coupons')).toHaveLength(0);
  });

  it('when a flat coupon is valid, then it is sent in paise and cents with the window in India time', async () => {
    const created: AdminCoupon = {
      id: 4,
      code: 'FLAT500',
      kind: 'flat',
      percent: null,
      flatInrMinor: 50_000,
      flatUsdMinor: 600,
      maxClaims: 100,
      claimedCount: 0,
      usage: { reserved: 0, used: 0, released: 0 },
      startsAt: null,
      expiresAt: '2026-12-31T18:29:00.000Z',
      workshopIds: [3, 8],
      liveOnly: false,
      isActive: true,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const { api, user, dialog } = await openNew({ 'POST /api/admin/coupons': { data: created } });
    await user.type(within(dialog).getByLabelText('Code'), 'FLAT500');
    await user.click(within(dialog).getByRole('radio', { name: /Flat amount off/ }));
    await user.type(within(dialog).getByLabelText(/Amount off in ₹/), '500');
    await user.type(within(dialog).getByLabelText(/Amount off in \$/), '6');
    await user.type(within(dialog).getByLabelText(/Uses/), '100');
    await user.type(within(dialog).getByLabelText(/Valid until/), '2026-12-31T23:59');
    await user.type(within(dialog).getByLabelText(/Workshops/), '3, 8');
    await user.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    expect(await screen.findByText('Coupon FLAT500 created.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/coupons')[0]!.body).toEqual({
      code: 'FLAT500',
      kind: 'flat',
      percent: null,
      flatInrMinor: 50_000,
      flatUsdMinor: 600,
      maxClaims: 100,
      startsAt: null,
      expiresAt: '2026-12-31T23:59:00+05:30',
      workshopIds: [3, 8],
      liveOnly: false,
      isActive: true,
    });
  });

  it('when the code is taken, then the server says so beside the code', async () => {
    const { user, dialog } = await openNew({
      'POST /api/admin/coupons': apiError(409, 'CONFLICT', 'Another coupon has this code.', [
        { path: 'code', message: 'is already used by another coupon' },
      ]),
    });
    await user.type(within(dialog).getByLabelText('Code'), 'WELCOME10');
    await user.click(within(dialog).getByRole('radio', { name: /Percent off/ }));
    await user.type(within(dialog).getByLabelText('Percent off'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    await waitFor(() =>
      expect(within(dialog).getByText(/Code is already used by another coupon/)).toBeTruthy(),
    );
  });
});

describe('amounts typed in rupees or dollars', () => {
  it('become minor units without floating point, and anything else is refused', () => {
    expect(toMinor('1,499.5')).toBe(149_950);
    expect(toMinor('0.29')).toBe(29);
    expect(toMinor('₹ 500')).toBe(50_000);
    expect(toMinor('1.005')).toBeNull();
    expect(toMinor('-5')).toBeNull();
    expect(toMinor('abc')).toBeNull();
  });
});
