import type { AdminLearner } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * The console's learners and staff pages (issue 17 point 3): finding a learner, the learner's
 * page, an action checked against the contract inline, confirmed in words, then sent; the
 * server's refusal shown in the dialog; the staff list never offering actions on yourself.
 */

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = { data: { id: 1, name: 'Meera Staff', role: 'admin', sections: ['learners', 'staff'] } };

const row = {
  id: 42,
  name: 'Kabir Mehta',
  email: 'kabir@example.com',
  mobile: '+91 9876500042',
  role: 'learner',
  disabled: false,
  enrolments: 1,
  walletCoins: 120,
  createdAt: '2026-10-01T10:00:00.000Z',
} as const;

function page(access: 'active' | 'revoked' = 'active'): AdminLearner {
  return {
    profile: {
      id: 42,
      name: 'Kabir Mehta',
      email: 'kabir@example.com',
      mobile: '+91 9876500042',
      city: 'Pune',
      college: null,
      iam: 'student',
      upiId: 'kabir@upi',
      referCode: 'ABC123',
      role: 'learner',
      isVerified: true,
      disabled: false,
      createdAt: '2026-10-01T10:00:00.000Z',
    },
    enrolments: [
      {
        id: 7,
        batch: { id: 12, startDate: '2026-12-01', endDate: '2026-12-20', sessionType: 1 },
        workshop: { id: 3, title: 'Parametric Studio' },
        access,
        isRefund: false,
        sourceOrderId: 90,
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    orders: [
      {
        id: 90,
        kind: 'course',
        status: 'paid',
        description: 'Parametric Studio',
        amountMinor: 299900,
        discountMinor: 0,
        coinsUsed: 0,
        currency: 'INR',
        offline: true,
        paidAt: '2026-11-01T10:00:00.000Z',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    wallet: {
      balance: 120,
      ledger: [
        {
          id: 1,
          delta: 120,
          reason: 'referral_reward',
          note: null,
          orderId: null,
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    },
    referrals: { made: 1, rewarded: 1, referredBy: null, people: [] },
    payouts: [],
    tripApplications: [],
    competitionRegistrations: [],
    batchOptions: [
      {
        id: 12,
        workshopId: 3,
        workshop: 'Parametric Studio',
        startDate: '2026-12-01',
        endDate: '2026-12-20',
      },
      {
        id: 13,
        workshopId: 3,
        workshop: 'Parametric Studio',
        startDate: '2027-01-10',
        endDate: '2027-02-01',
      },
    ],
  };
}

describe('/admin/learners', () => {
  it('finds a learner and opens their page: enrolments, the offline order linked to the orders list, coins', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/learners': { data: { items: [row], total: 1, page: 1, pageSize: 25 } },
      'GET /api/admin/learners/42': { data: page() },
    });
    const user = userEvent.setup();
    renderApp('/admin/learners', api.fetch);
    await user.type(await screen.findByLabelText('Search name, e-mail or mobile'), 'kabir');
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/learners').some((c) => c.search.includes('q=kabir'))).toBe(true),
    );
    await user.click(await screen.findByRole('link', { name: 'Kabir Mehta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kabir Mehta' })).toBeTruthy();
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: '#90' }).getAttribute('href')).toBe('/admin/orders?q=90');
    expect(within(orders).getByText('offline')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Coins: 120' })).toBeTruthy();
  });

  it('revokes access only after the reason passes the contract and the confirmation is accepted; the page is read again', async () => {
    storeSession(admin);
    let revoked = false;
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/learners/42': () => ({ data: page(revoked ? 'revoked' : 'active') }),
      'POST /api/admin/enrolments/7/revoke': () => {
        revoked = true;
        return {
          data: { ...page('revoked').enrolments[0], userId: 42, orderId: null },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/learners/42', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Revoke access to Parametric Studio' }));
    const dialog = await screen.findByRole('dialog', { name: "Revoke Kabir Mehta's access" });
    await user.type(within(dialog).getByLabelText(/Reason/), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Reason must say why/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 't paid: chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/The course leaves their dashboard at once/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/enrolments/7/revoke')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, revoke access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/enrolments/7/revoke')[0]?.body).toEqual({
      reason: 'not paid: chargeback',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Access to Parametric Studio revoked.');
    const enrolments = screen.getByRole('region', { name: 'Enrolments' });
    expect(await within(enrolments).findByText('revoked')).toBeTruthy();
  });

  it('when taking more coins than the wallet holds, then the server’s 409 shows in the dialog, which keeps what was typed', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/learners/42': { data: page() },
      'POST /api/admin/learners/42/coins': apiError(
        409,
        'INSUFFICIENT_COINS',
        'Not enough coins: this needs 500 and the wallet holds 120.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/learners/42', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Adjust coins' }));
    const dialog = await screen.findByRole('dialog', { name: "Adjust Kabir Mehta's coins" });
    await user.type(within(dialog).getByLabelText(/^Coins/), '0');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Correction');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Coins must not be 0/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Coins/));
    await user.type(within(dialog).getByLabelText(/^Coins/), '-500');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, adjust' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Not enough coins');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Coins/).value).toBe('-500');
  });
  it('when an enrolment form has edits and staff follow a link away, then they are asked before losing them', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/learners/42': { data: page() },
      'GET /api/admin/learners': { data: { items: [row], total: 1, page: 1, pageSize: 25 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/learners/42', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Enrol in a batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol Kabir Mehta' });
    await user.click(within(dialog).getByRole('radio', { name: /Paid offline/ }));
    await user.type(within(dialog).getByLabelText(/Amount received/), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Amount received must be a number/)).toBeTruthy();
    expect(within(dialog).getByText('Choose a batch.')).toBeTruthy();
    await act(() => router.navigate('/admin/learners'));
    expect(await screen.findByRole('heading', { name: 'Leave without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/learners/42');
    expect(api.callsTo('POST /api/admin/learners/42/enrol')).toHaveLength(0);
  });
});

describe('/admin/staff', () => {
  it('lists staff, offers no action on your own row, and changes another account’s role after confirmation', async () => {
    storeSession(admin);
    const staffRow = (id: number, name: string, role: string) => ({
      ...row,
      id,
      name,
      email: `${id}@atelier.test`,
      role,
    });
    let role = 'instructor';
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/staff': () => ({
        data: {
          items: [staffRow(1, 'Meera Staff', 'admin'), staffRow(5, 'Ira Rao', role)],
          total: 2,
          page: 1,
          pageSize: 25,
        },
      }),
      'POST /api/admin/users/5/role': (body) => {
        role = (body as { role: string }).role;
        return { data: staffRow(5, 'Ira Rao', role) };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/staff', api.fetch);
    expect(await screen.findByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the role of Meera Staff' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the role of Ira Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Ira Rao' });
    await user.click(within(dialog).getByRole('radio', { name: /Moderator/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText("Change Ira Rao's role from instructor to moderator?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, change the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/users/5/role')[0]?.body).toEqual({ role: 'moderator' });
    expect((await screen.findByRole('status')).textContent).toContain('Ira Rao is now moderator.');
  });
});
