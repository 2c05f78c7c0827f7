import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { referralOverview } from '../../lib/testing/money-fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const OVERVIEW = `GET /api/user/referral/${learner.id}/courses`;
type Handlers = Parameters<typeof scriptedApi>[0];

async function openReferral(handlers: Handlers) {
  storeSession();
  const api = scriptedApi({ 'GET /api/user/v2/details': { data: learner }, ...handlers });
  renderApp('/dashboard/referral', api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Learn together, earn coins' }, { timeout: 15_000 });
  await screen.findByRole('region', { name: 'Your invitation' });
  return api;
}

describe('/dashboard/referral', () => {
  it('shows the share link and code with copy buttons, the offer, friends with status, and coins earned', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openReferral({ [OVERVIEW]: { data: referralOverview() } });

    const share = screen.getByRole('region', { name: 'Your invitation' });
    expect(within(share).getByLabelText<HTMLInputElement>('Share link').value).toBe(
      'https://atelier.test/refer/ATLASH007',
    );
    expect(within(share).getByText('ATLASH007')).toBeTruthy();
    expect(within(share).getByText(/you get 400 coins when they enrol/)).toBeTruthy();
    await user.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://atelier.test/refer/ATLASH007');
    expect(await within(share).findByRole('button', { name: 'Copied' })).toBeTruthy();
    // No Web Share API in this browser: no share button.
    expect(within(share).queryByRole('button', { name: 'Share…' })).toBeNull();

    const friends = screen.getByRole('region', { name: 'Friends you referred' });
    const rows = within(friends).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Ravi')).toBeTruthy();
    expect(within(rows[0]!).getByText('Rewarded')).toBeTruthy();
    expect(within(rows[0]!).getByText('+400 coins')).toBeTruthy();
    expect(within(rows[1]!).getByText('Signed up')).toBeTruthy();
    expect(screen.getByText('Coins earned').nextElementSibling?.textContent).toBe('400');
    // Already referred or purchased: no friend's-code form.
    expect(screen.queryByRole('region', { name: 'Were you invited by a friend?' })).toBeNull();
  });

  it('when the device can share, then Share… opens its share sheet with the link', async () => {
    const user = userEvent.setup();
    const shareFn = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: shareFn, configurable: true });
    try {
      await openReferral({ [OVERVIEW]: { data: referralOverview() } });
      await user.click(screen.getByRole('button', { name: 'Share…' }));
      expect(shareFn).toHaveBeenCalledWith(
        expect.objectContaining({ url: 'https://atelier.test/refer/ATLASH007' }),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('payout form: refuses more than the balance and a bad UPI id before sending, then sends a valid request and lists it', async () => {
    const user = userEvent.setup();
    let claims = 0;
    const api = await openReferral({
      [OVERVIEW]: () =>
        claims === 0
          ? { data: referralOverview() }
          : {
              data: referralOverview({
                walletCoins: 150,
                pendingPayoutCoins: 200,
                claims: [
                  {
                    id: 5,
                    coins: 200,
                    upiId: 'asha@okbank',
                    status: 'submitted',
                    createdAt: '2026-11-24T10:00:00.000Z',
                  },
                ],
              }),
            },
      'POST /api/referral/claim/form': (body) => {
        claims += 1;
        return {
          data: { id: 5, ...(body as object), status: 'submitted', createdAt: '2026-11-24T10:00:00.000Z' },
        };
      },
    });
    const form = screen.getByRole('region', { name: 'Cash out coins' });
    const coins = within(form).getByLabelText('Coins');
    const upi = within(form).getByLabelText('UPI id');
    const submit = within(form).getByRole('button', { name: 'Request payout' });

    await user.click(submit);
    expect(await within(form).findByText('Enter how many coins to cash out.')).toBeTruthy();
    expect(within(form).getByText('Enter the UPI id to pay.')).toBeTruthy();

    await user.type(coins, '351');
    await user.type(upi, 'not-a-upi');
    await user.click(submit);
    expect(await within(form).findByText('You can cash out at most 350 coins.')).toBeTruthy();
    expect(within(form).getByText('UPI id must be a UPI id such as name@bank.')).toBeTruthy();
    expect(coins.getAttribute('aria-invalid')).toBe('true');

    await user.clear(coins);
    await user.type(coins, '0');
    await user.clear(upi);
    await user.type(upi, 'asha@okbank');
    await user.click(submit);
    expect(await within(form).findByText('Coins must be at least 1.')).toBeTruthy();
    expect(api.callsTo('POST /api/referral/claim/form')).toHaveLength(0);

    await user.clear(coins);
    await user.type(coins, '200');
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/referral/claim/form')).toHaveLength(1));
    expect(api.callsTo('POST /api/referral/claim/form')[0]?.body).toEqual({
      coins: 200,
      upiId: 'asha@okbank',
    });
    expect(await within(form).findByText(/Requested: 200 coins to asha@okbank/)).toBeTruthy();
    // The overview is fetched again: the request is listed as pending and the balance is lower.
    expect(await within(form).findByText('Your requests (1 pending)')).toBeTruthy();
    expect(within(form).getByText('Requested')).toBeTruthy();
    expect(within(form).getByText(/up to 150 coins/)).toBeTruthy();
  });

  it('payout form: the server refusing shows its message and keeps what was typed', async () => {
    const user = userEvent.setup();
    await openReferral({
      [OVERVIEW]: { data: referralOverview() },
      'POST /api/referral/claim/form': apiError(
        409,
        'INSUFFICIENT_COINS',
        'You have only 100 coins to cash out',
      ),
    });
    const form = screen.getByRole('region', { name: 'Cash out coins' });
    await user.type(within(form).getByLabelText('Coins'), '300');
    await user.type(within(form).getByLabelText('UPI id'), 'asha@okbank');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'You have only 100 coins to cash out',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Coins').value).toBe('300');
  });

  it("when the learner may still be referred, then a friend's code can be entered (userReferred)", async () => {
    const user = userEvent.setup();
    const api = await openReferral({
      [OVERVIEW]: { data: referralOverview({ canBeReferred: true }) },
      'POST /api/user/referred': { data: { referred: true, referrer: { firstName: 'Kabir' } } },
    });
    const section = screen.getByRole('region', { name: 'Were you invited by a friend?' });
    await user.click(within(section).getByRole('button', { name: 'Apply code' }));
    expect(await within(section).findByText("Enter your friend's code.")).toBeTruthy();
    await user.type(within(section).getByLabelText("Friend's code"), 'KAB12345');
    await user.click(within(section).getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText(/Kabir's code is applied/)).toBeTruthy();
    expect(api.callsTo('POST /api/user/referred')[0]?.body).toEqual({ referCode: 'KAB12345' });
  });

  it('when the overview fails, then the API message shows', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      [OVERVIEW]: apiError(404, 'NOT_FOUND', 'No such user'),
    });
    renderApp('/dashboard/referral', api.fetch);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Your referrals could not be loaded. No such user');
  });
});
