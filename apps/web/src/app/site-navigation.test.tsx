import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, fakeApi } from '../test/fixtures';
import { renderApp } from '../test/render-app';

/** The address of the link named `name` inside `scope`. */
function hrefOf(scope: HTMLElement, name: string): string | null {
  return within(scope).getByRole('link', { name }).getAttribute('href');
}

describe('site navigation: study trips and design consultation are reachable from every page', () => {
  it('when a page loads, then the main navigation links to the trips and consultation pages', async () => {
    renderApp('/', fakeApi(everyPageAnswers).fetch);

    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(hrefOf(main, 'Study trips')).toBe('/trips');
    expect(hrefOf(main, 'Consultation')).toBe('/consultation');
  });

  it('when the mobile menu is opened, then it links to the trips and consultation pages too', async () => {
    const user = userEvent.setup();
    renderApp('/', fakeApi(everyPageAnswers).fetch);

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(hrefOf(mobile, 'Study trips')).toBe('/trips');
    expect(hrefOf(mobile, 'Consultation')).toBe('/consultation');
  });

  it('when a page loads, then the footer lists the trips, competitions and consultation pages under Learn', async () => {
    renderApp('/', fakeApi(everyPageAnswers).fetch);

    const learn = await screen.findByRole('navigation', { name: 'Learn' });
    expect(hrefOf(learn, 'Study trips')).toBe('/trips');
    expect(hrefOf(learn, 'Design competitions')).toBe('/competitions');
    expect(hrefOf(learn, 'Design consultation')).toBe('/consultation');
  });
});
