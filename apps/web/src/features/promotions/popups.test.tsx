import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { landingPage } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';
import { REFERRAL_POPUP_DELAY_MS } from './components/popup-host';

describe('referral invite (spec §4: the referral popup is open at first)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a visitor lands and no campaign offer runs, then the invite opens, Escape closes it, and it never opens again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const first = renderApp('/', fakeApi(everyPageAnswers).fetch);
    expect(first.store.getState().ui.popups.REFERRAL_POPUP).toBe(true);
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFERRAL_POPUP_DELAY_MS + 100);
    });

    const dialog = await screen.findByRole('dialog', { name: 'Learn together, save together' });
    expect(within(dialog).getByRole('link', { name: 'Get my referral link' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(first.store.getState().ui.popups.REFERRAL_POPUP).toBe(false);
    expect(window.localStorage.getItem('referral_invite_seen')).not.toBeNull();
    first.unmount();

    // The same visitor comes back: the invite stays closed.
    const second = renderApp('/', fakeApi(everyPageAnswers).fetch);
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFERRAL_POPUP_DELAY_MS * 2);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second.store.getState().ui.popups.REFERRAL_POPUP).toBe(false);
  });
});

describe('counselling popup (spec §3 COUNSELLING_POPUP)', () => {
  it('when it is opened from a course page, then Escape closes it and focus returns to the button that opened it', async () => {
    // The visitor has seen the referral invite already, so only the popup asked for opens.
    window.localStorage.setItem('referral_invite_seen', String(Date.now()));
    const { store } = renderApp(
      '/masterclass/parametric-facades?id=1',
      fakeApi({ ...everyPageAnswers, '/api/course/1/landing-page': landingPage() }).fetch,
    );
    const opener = await screen.findByRole('button', { name: 'Talk to a counsellor' });

    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Talk to a counsellor' });
    expect(store.getState().ui.popups.COUNSELLING_POPUP).toBe(true);
    // A lead form with labelled fields; the greeting comes from the domain's time of day.
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
    expect(within(dialog).getByText(/^Good (morning|afternoon|evening)$/)).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().ui.popups.COUNSELLING_POPUP).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
