import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, FAILS, fakeApi } from '../../test/fixtures';
import { consultationPackages } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';

/** The form's chunk loads on first use: generous on a busy machine. */
const SLOW = { timeout: 5000 };

const PACKAGES = '/api/consultation/1/service/package';

function renderConsultation(packages: unknown, path = '/consultation') {
  return renderApp(
    path,
    fakeApi({ ...everyPageAnswers, [PACKAGES]: packages, '/api/consultation/page/blogs': [] }).fetch,
  );
}

/** What each covered item of a package says to a screen reader, in order. */
function coveredItems(packageName: string): string[] {
  const list = screen.getByRole('list', { name: `What ${packageName} covers` });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('consultation page (spec §9 package order and unchecked items, §8 failure text)', () => {
  it('when the packages arrive in id order, then they show in the display order 3, 2, 4, 1', async () => {
    renderConsultation(consultationPackages);

    // The page's chunk loads first: generous on a busy machine.
    const section = await screen.findByRole('region', { name: 'Packages' }, SLOW);
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Plan Review', 'Room Makeover', 'Complete Home Design', 'Ask an Architect']);
  });

  it('when packages 3 and 2 are shown, then their last two and last one covered items are unchecked, the rest checked', async () => {
    renderConsultation(consultationPackages);
    await screen.findByRole('region', { name: 'Packages' }, SLOW);

    const planReview = coveredItems('Plan Review');
    expect(planReview.slice(0, 4).every((text) => text.startsWith('Included: '))).toBe(true);
    expect(planReview.slice(4)).toEqual(['Not included: Furniture layout', 'Not included: 3D views']);

    const roomMakeover = coveredItems('Room Makeover');
    expect(roomMakeover.slice(0, 5).every((text) => text.startsWith('Included: '))).toBe(true);
    expect(roomMakeover.slice(5)).toEqual(['Not included: 3D views']);

    for (const name of ['Complete Home Design', 'Ask an Architect']) {
      expect(coveredItems(name).every((text) => text.startsWith('Included: '))).toBe(true);
    }
  });

  it('when the packages cannot be loaded, then no package shows and the text is SOMETHING WENT WRONG', async () => {
    renderConsultation(FAILS);

    expect((await screen.findByRole('alert')).textContent).toBe('SOMETHING WENT WRONG');
    const section = screen.getByRole('region', { name: 'Packages' });
    expect(within(section).queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('when a visitor asks for a free call, then the call form opens for it on this page, not the login page', async () => {
    const { router } = renderConsultation(consultationPackages, '/consultation?utm_source=mail&ref=a%26b');

    const section = await screen.findByRole('region', { name: 'Packages' });
    const buttons = within(section).getAllByRole('button', { name: /^Book a free consultation call: / });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Book a free consultation call: Plan Review',
      'Book a free consultation call: Room Makeover',
      'Book a free consultation call: Complete Home Design',
      'Book a free consultation call: Ask an Architect',
    ]);
    await userEvent.click(buttons[0]!);
    expect(await screen.findByRole('dialog', { name: 'Book Plan Review' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/consultation');
  });

  it('when a visitor books a package, then they are sent to sign in and brought back to its booking', async () => {
    window.localStorage.clear();
    const { router } = renderConsultation(consultationPackages);

    const section = await screen.findByRole('region', { name: 'Packages' });
    const links = within(section).getAllByRole('link', { name: /^Book this package: / });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/payments/consultation/3',
      '/payments/consultation/2',
      '/payments/consultation/4',
      '/payments/consultation/1',
    ]);
    await userEvent.click(links[0]!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/payments/consultation/3');
  });
});
