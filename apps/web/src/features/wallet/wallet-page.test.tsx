import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { walletCourses } from '../../lib/testing/money-fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const WALLET = `GET /api/user/${learner.id}/wallet/courses`;

function walletApi(wallet: Parameters<typeof scriptedApi>[0][string]) {
  return scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    [WALLET]: wallet,
    'POST /api/user/wallet/update': (body) => ({
      data: {
        id: 70,
        walletCoins: 350,
        isCoinPopupSeen: (body as { isCoinPopupSeen: boolean }).isCoinPopupSeen,
      },
    }),
  });
}

async function openWallet(api: ReturnType<typeof scriptedApi>) {
  storeSession();
  const view = renderApp('/dashboard/wallet', api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Your coins' }, { timeout: 15_000 });
  return view;
}

describe('/dashboard/wallet', () => {
  it('shows the balance, how coins are used, the signed history with reasons in words and dates, and the courses', async () => {
    await openWallet(walletApi({ data: walletCourses() }));
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('350 coins')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'How to use your coins' })).toBeTruthy();

    const history = screen.getByRole('region', { name: 'History' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Spent at checkout')).toBeTruthy();
    expect(within(rows[0]!).getByText('Spent on Revit for Architects')).toBeTruthy();
    expect(within(rows[0]!).getByText('−150')).toBeTruthy();
    expect(within(rows[0]!).getByText('minus 150 coins')).toBeTruthy();
    expect(within(rows[0]!).getByText('20 Nov 2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('Referral reward')).toBeTruthy();
    expect(within(rows[1]!).getByText('+400')).toBeTruthy();
    expect(within(rows[2]!).getByText('Welcome bonus')).toBeTruthy();

    const courses = screen.getByRole('region', { name: 'Your courses' });
    expect(within(courses).getByRole('link', { name: 'Revit for Architects' })).toBeTruthy();
    expect(within(courses).getByText('1 Dec 2026 – 28 Feb 2027')).toBeTruthy();
    // The popup was seen before: it does not open.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the coin popup has not been seen, then it opens once, and closing it records it as seen', async () => {
    const user = userEvent.setup();
    const api = walletApi({ data: walletCourses({ isCoinPopupSeen: false }) });
    await openWallet(api);
    const dialog = await screen.findByRole('dialog', { name: 'You have 350 coins' });
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('POST /api/user/wallet/update')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/wallet/update')[0]?.body).toEqual({ isCoinPopupSeen: true });
    // The wallet re-renders from the updated cache: the popup does not come back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/user/wallet/update')).toHaveLength(1);
  });

  it('when the wallet is empty, then the history says so', async () => {
    const empty = { ...walletCourses({ walletCoins: 0 }), transactions: [], courses: [] };
    await openWallet(walletApi({ data: empty }));
    expect(await screen.findByText('0 coins')).toBeTruthy();
    expect(screen.getByText(/No coins have moved yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find one to spend your coins on' })).toBeTruthy();
  });

  it('when the wallet call fails, then the API message shows with Try again', async () => {
    await openWallet(walletApi(apiError(404, 'NOT_FOUND', 'No such wallet')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your wallet could not be loaded. No such wallet');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
