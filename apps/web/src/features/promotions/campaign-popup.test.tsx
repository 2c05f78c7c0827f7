import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignBanner } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, fakeApi, sidebarBanner } from '../../test/fixtures';
import { learner, storeSession } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

const popupBanner: CampaignBanner = {
  id: 1,
  type: 1,
  title: 'Winter studio: 10% off live courses',
  image: null,
  link: '/courses-and-workshops',
  campaign: { id: 1, name: 'Winter studio', isPopup: true, isSidebar: false },
};

describe('campaign banners (spec §9: type 1 popup, type 2 sidebar)', () => {
  it('when a type-1 banner runs, then it opens as a modal dialog that keeps focus inside and closes on Escape', async () => {
    renderApp(
      '/',
      fakeApi({ ...everyPageAnswers, '/api/campaign/banners': [popupBanner, sidebarBanner] }).fetch,
    );

    const dialog = await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 });
    const close = within(dialog).getByRole('button', { name: 'Close offer' });
    const offer = within(dialog).getByRole('link', { name: 'See the offer' });

    offer.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(offer);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed, it stays closed for the snooze's days, across full page loads.
    expect(Number(window.localStorage.getItem('popup_closed:campaign:1'))).toBeGreaterThan(
      Date.now() - 60_000,
    );
    // The type-2 banner stays in the sidebar, not in a dialog.
    expect(screen.getByRole('complementary', { name: 'Offers' }).textContent).toContain(sidebarBanner.title);
  });

  it('when the visitor is typing as the offer falls due, then it waits until they leave the field', async () => {
    const field = document.createElement('input');
    field.type = 'search';
    field.setAttribute('aria-label', 'Typing here');
    document.body.append(field);
    field.focus();
    renderApp('/', fakeApi({ ...everyPageAnswers, '/api/campaign/banners': [popupBanner] }).fetch);

    // Well past the delay, the visitor is still in the field: no dialog takes their focus.
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field);

    field.blur();
    expect(await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 3000 })).toBeTruthy();
    field.remove();
  });

  it('when the learner is on a course dashboard, then no offer opens over their work', async () => {
    storeSession();
    renderApp(
      '/dashboard/course/1',
      fakeApi({
        ...everyPageAnswers,
        '/api/user/v2/details': learner,
        '/api/campaign/banners': [popupBanner],
      }).fetch,
    );
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(screen.queryByRole('dialog', { name: popupBanner.title })).toBeNull();
  }, 15_000);

  it('when another dialog is open as the offer falls due, then it waits until that one closes', async () => {
    const other = document.createElement('dialog');
    other.setAttribute('aria-label', 'Instalment reminder');
    document.body.append(other);
    other.setAttribute('open', '');
    renderApp('/', fakeApi({ ...everyPageAnswers, '/api/campaign/banners': [popupBanner] }).fetch);

    // Well past the delay, the reminder is still open: the offer does not stack on it.
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(screen.queryByRole('dialog', { name: popupBanner.title })).toBeNull();

    other.removeAttribute('open');
    other.remove();
    expect(await screen.findByRole('dialog', { name: popupBanner.title }, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
