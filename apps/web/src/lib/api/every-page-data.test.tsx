import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, FAILS, fakeApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { learner, storeSession } from '../testing/identity-fixtures';
import { CURRENCY_CACHE_TTL_MS } from './currency';

const EVERY_PAGE_PATHS = [
  '/api/geolocation/locus',
  '/api/event/objects',
  '/api/campaign/banners',
  '/api/masterclasses-and-courses',
];

async function homeCard(title: string) {
  const link = await screen.findByRole('link', { name: title });
  return link.closest('article') as HTMLElement;
}

describe('every-page data (spec §1) and its failure fallbacks (spec §8)', () => {
  it('when a public page loads, then it asks for the every-page data plus the top banner and categories', async () => {
    const api = fakeApi(everyPageAnswers);
    renderApp('/', api.fetch);

    await homeCard('Parametric Facades with Grasshopper');
    // ...and the home page's own data: its sections, in one call.
    expect(new Set(api.calls)).toEqual(
      new Set([
        ...EVERY_PAGE_PATHS,
        '/api/top-banner',
        '/api/categories/all',
        '/api/homepage/sections/all/v2',
      ]),
    );
    expect(screen.getByRole('region', { name: 'Announcement' }).textContent).toContain(
      'Winter cohort opens Monday',
    );
    expect(screen.getByRole('button', { name: 'Explore' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Offers' }).textContent).toContain(
      'Portfolio review month',
    );
  });

  it('when the currency lookup fails, then prices show in rupees (INR)', async () => {
    renderApp('/', fakeApi({ ...everyPageAnswers, '/api/geolocation/locus': FAILS }).fetch);

    const card = await homeCard('Parametric Facades with Grasshopper');
    expect(within(card).getByText('₹1,499/-')).toBeTruthy();
    expect(window.localStorage.getItem('cuid')).toBeNull();
  });

  it('when the currency lookup answers USD, then prices show in dollars and the code is cached under cuid', async () => {
    renderApp(
      '/',
      fakeApi({ ...everyPageAnswers, '/api/geolocation/locus': { currency: { code: 'USD' } } }).fetch,
    );

    const card = await homeCard('Parametric Facades with Grasshopper');
    expect(within(card).getByText('$29')).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('cuid') ?? 'null')).toMatchObject({ code: 'USD' }),
    );
  });

  it('when a fresh currency is cached, then it is used without asking the API', async () => {
    window.localStorage.setItem('cuid', JSON.stringify({ code: 'USD', time: Date.now() - 1000 }));
    const api = fakeApi(everyPageAnswers);
    renderApp('/', api.fetch);

    const card = await homeCard('Parametric Facades with Grasshopper');
    expect(within(card).getByText('$29')).toBeTruthy();
    expect(api.calls).not.toContain('/api/geolocation/locus');
  });

  it('when the cached currency is stale, then the API is asked again', async () => {
    window.localStorage.setItem(
      'cuid',
      JSON.stringify({ code: 'USD', time: Date.now() - CURRENCY_CACHE_TTL_MS - 1 }),
    );
    const api = fakeApi(everyPageAnswers);
    renderApp('/', api.fetch);

    const card = await homeCard('Parametric Facades with Grasshopper');
    expect(within(card).getByText('₹1,499/-')).toBeTruthy();
    expect(api.calls).toContain('/api/geolocation/locus');
  });

  it('when every list fails, then the page still renders with empty lists and no error message', async () => {
    const api = fakeApi({
      '/api/geolocation/locus': FAILS,
      '/api/event/objects': FAILS,
      '/api/campaign/banners': FAILS,
      '/api/masterclasses-and-courses': FAILS,
      '/api/top-banner': FAILS,
      '/api/categories/all': FAILS,
    });
    renderApp('/', api.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: /learn design/i })).toBeTruthy();
    expect(screen.getByText('New masterclasses are announced every month. Check back soon.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Explore' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Offers' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/something went wrong/i);
  });

  it('when the list answers, then each workshop carries its category name and links to its detail page', async () => {
    renderApp('/', fakeApi(everyPageAnswers).fetch);

    const card = await homeCard('Revit for Architects');
    expect(within(card).getByText('Architecture')).toBeTruthy();
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/course/revit-for-architects?id=3');
  });

  it("when the page is under /dashboard, then the top banner and categories are not loaded, and the signed-in user's details are", async () => {
    storeSession();
    const api = fakeApi({ ...everyPageAnswers, '/api/user/v2/details': learner });
    renderApp('/dashboard/my-certificates', api.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'My certificates' })).toBeTruthy();
    // The every-page data, the user's details and the page's own call: never the top banner or
    // the categories.
    await waitFor(() =>
      expect(new Set(api.calls)).toEqual(
        new Set([...EVERY_PAGE_PATHS, '/api/user/v2/details', '/api/user/certificate/details']),
      ),
    );
  });
});
