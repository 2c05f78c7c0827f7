import type { CampaignBanner } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../lib/testing/identity-fixtures';
import { DEFAULT_SITE_CONFIG, setSiteConfig } from '../../lib/site-config';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { REFERRAL_POPUP_DELAY_MS } from './components/popup-host';
import { REFERRAL_PAGE, ReferralPopup } from './components/referral-popup';
import {
  isSnoozed,
  mayOpenByItself,
  popupAllowedOn,
  QUIET_AFTER_INPUT_MS,
  snoozePopup,
  whenPageIsFree,
} from './popup-policy';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../lib/store';

/*
 * The one popup policy (issue 16 "Popups that help instead of block"): which pages, one popup a
 * visit, the snooze after closing, never over typing or another dialog.
 */

const DAY = 24 * 60 * 60 * 1000;
const popupBanner: CampaignBanner = {
  id: 1,
  type: 1,
  title: 'Winter studio: 10% off live courses',
  image: null,
  link: '/courses-and-workshops',
  campaign: { id: 1, name: 'Winter studio', isPopup: true, isSidebar: false },
};
const withBanner = () => fakeApi({ ...everyPageAnswers, '/api/campaign/banners': [popupBanner] }).fetch;

afterEach(() => setSiteConfig(DEFAULT_SITE_CONFIG));

describe('popup policy rules', () => {
  it.each([
    '/auth/login',
    '/auth',
    '/payments/parametric',
    '/pay/abc',
    '/dashboard',
    '/dashboard/referral',
    '/admin',
    '/admin/orders',
  ])('when the page is %s, then no popup is allowed', (path) => expect(popupAllowedOn(path)).toBe(false));

  it.each(['/', '/course/bim?id=1', '/blogs', '/payment-terms', '/contact-us'])(
    'when the page is %s, then popups are allowed',
    (path) => expect(popupAllowedOn(path)).toBe(true),
  );

  it('when a popup is closed, then it stays closed for the server’s snooze days and no longer', () => {
    const closed = Date.UTC(2026, 10, 1, 10);
    snoozePopup('campaign:1', closed);
    expect(isSnoozed('campaign:1', closed + 6 * DAY)).toBe(true);
    expect(isSnoozed('campaign:1', closed + 7 * DAY)).toBe(false);
    expect(isSnoozed('campaign:2', closed + DAY)).toBe(false);

    setSiteConfig({ popupSnoozeDays: 2, newsletterPartner: 'studio' });
    expect(isSnoozed('campaign:1', closed + DAY)).toBe(true);
    expect(isSnoozed('campaign:1', closed + 3 * DAY)).toBe(false);
  });

  it('when one popup opened in this visit, then no other opens by itself', () => {
    expect(mayOpenByItself('referral', '/')).toBe(true);
    window.sessionStorage.setItem('popup_shown_this_visit', '1');
    expect(mayOpenByItself('referral', '/')).toBe(false);
  });
});

describe('a popup waits for the page to be free', () => {
  it('when the visitor has just pressed something (a form may be opening), then the popup waits until they have been still for a while', async () => {
    let opened = 0;
    const cancel = whenPageIsFree(() => (opened += 1), 50);
    // A tap just before the delay ends: the popup must not race what it opens.
    await new Promise((resolve) => setTimeout(resolve, 30));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(opened).toBe(0);
    await waitFor(() => expect(opened).toBe(1), { timeout: QUIET_AFTER_INPUT_MS + 1000 });
    cancel();
  }, 10_000);

  it('when a dialog the visitor opened is showing, then the popup does not open over it', async () => {
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    let opened = 0;
    const cancel = whenPageIsFree(() => (opened += 1), 20);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(opened).toBe(0);
    dialog.remove();
    await waitFor(() => expect(opened).toBe(1));
    cancel();
  });
});

describe('the campaign offer under the policy', () => {
  it('when the visitor closed it, then a full page load in a new visit does not bring it back until the snooze ends', async () => {
    const first = renderApp('/', withBanner());
    const dialog = await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // A new visit (the session's storage is gone), two days later: still closed.
    window.sessionStorage.clear();
    const second = renderApp('/', withBanner());
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(screen.queryByRole('dialog', { name: popupBanner.title })).toBeNull();
    second.unmount();

    // Eight days after it was closed: it may open again.
    window.sessionStorage.clear();
    window.localStorage.setItem('popup_closed:campaign:1', String(Date.now() - 8 * DAY));
    renderApp('/', withBanner());
    expect(await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 })).toBeTruthy();
  }, 15_000);

  it('when the visitor is on the login page of a phone, then the offer never covers it', async () => {
    renderApp('/auth/login', withBanner());
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(screen.queryByRole('dialog', { name: popupBanner.title })).toBeNull();
  });

  it('when the offer opened in this visit, then the referral invite does not follow it', async () => {
    const view = renderApp('/', withBanner());
    const dialog = await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, REFERRAL_POPUP_DELAY_MS + 500));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.store.getState().ui.popups.REFERRAL_POPUP).toBe(true);
  }, 15_000);

  it('when a banner has no link, then it offers the campaign’s lead form', async () => {
    const noLink = { ...popupBanner, id: 3, link: null } as unknown as CampaignBanner;
    renderApp('/', fakeApi({ ...everyPageAnswers, '/api/campaign/banners': [noLink] }).fetch);
    const dialog = await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 });
    expect(await within(dialog).findByRole('button', { name: 'Claim the offer' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'See the offer' })).toBeNull();
  });
});

describe('the referral invite’s link', () => {
  function renderInvite() {
    const store = createAppStore({ fetch: fakeApi(everyPageAnswers).fetch, origin: 'http://api.test' });
    const router = createMemoryRouter([{ path: '/', element: <ReferralPopup onClose={() => undefined} /> }]);
    render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  it('when a visitor asks for their link, then they sign in first and come back to the referral page', () => {
    renderInvite();
    expect(screen.getByRole('link', { name: 'Get my referral link' }).getAttribute('href')).toBe(
      `/auth/login?next=${encodeURIComponent(REFERRAL_PAGE)}`,
    );
  });

  it('when a learner asks for their link, then it goes straight to the referral page', () => {
    storeSession();
    renderInvite();
    expect(screen.getByRole('link', { name: 'Get my referral link' }).getAttribute('href')).toBe(
      REFERRAL_PAGE,
    );
  });
});
