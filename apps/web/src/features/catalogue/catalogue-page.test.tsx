import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { everyPageAnswers, fakeApi, workshopCard } from '../../test/fixtures';
import { catalogueList, catalogueMenu, residentialInteriorsTopic } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';

const answers = {
  ...everyPageAnswers,
  '/api/masterclasses-and-courses': catalogueList,
  '/api/categories/all': catalogueMenu,
  // A topic is listed whole by the server's search of its subcategory.
  '/api/masterclasses-and-courses?subcategoryId=22&pageSize=50': residentialInteriorsTopic,
};

/** The titles of the workshop cards on the page, in order. */
function cardTitles(): string[] {
  return screen
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '')
    .filter(Boolean);
}

function renderCatalogue(path = '/courses-and-workshops') {
  return renderApp(path, fakeApi(answers).fetch);
}

describe('catalogue filters (search over searchKeys and titles, type, category, subcategory, in the address)', () => {
  it('when the address carries a search, then only workshops whose search keys match are listed', async () => {
    // "rhino" appears only in the Grasshopper course's searchKeys, not in any title.
    renderCatalogue('/courses-and-workshops?q=rhino');

    await screen.findByRole('heading', { name: 'Parametric Design with Grasshopper' });
    expect(cardTitles()).toEqual(['Parametric Design with Grasshopper']);
    expect(screen.getByRole('status').textContent).toContain('1 programme for “rhino”');
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses and workshops' }).value,
    ).toBe('rhino');
  });

  // The filters are an island of a public document (docs/decisions/0032): a change asks the browser
  // for the filtered page, which the server renders with its results.
  let assign: MockInstance<(url: string | URL) => void>;
  beforeEach(() => {
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign.mockRestore();
  });

  it('when the visitor picks masterclasses, then the masterclasses page loads, listing only type-1 workshops', async () => {
    renderCatalogue();
    await screen.findByRole('heading', { name: 'Revit Families Deep Dive' });
    expect(cardTitles()).toHaveLength(3);

    await userEvent.click(screen.getByRole('radio', { name: 'Masterclasses' }));
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?type=masterclass');
    // The choice shows at once, before the page arrives.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Masterclasses' }).checked).toBe(true);

    cleanup();
    renderCatalogue('/courses-and-workshops?type=masterclass');
    await waitFor(() => expect(cardTitles()).toEqual(['Revit Families Deep Dive']));

    await userEvent.click(screen.getByRole('radio', { name: 'Courses' }));
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?type=course');
    cleanup();
    renderCatalogue('/courses-and-workshops?type=course');
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Parametric Design with Grasshopper', 'Interior Design Professional']),
    );
  });

  it('when a discipline and then a topic are chosen, then their pages load and the list narrows to that subcategory', async () => {
    renderCatalogue();
    await screen.findByRole('heading', { name: 'Revit Families Deep Dive' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Topic' }).disabled).toBe(true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Discipline' }), 'Design');
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?category=2');

    cleanup();
    renderCatalogue('/courses-and-workshops?category=2');
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Parametric Design with Grasshopper', 'Interior Design Professional']),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Residential Interiors');
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?category=2&subcategory=22');

    cleanup();
    renderCatalogue('/courses-and-workshops?category=2&subcategory=22');
    await waitFor(() => expect(cardTitles()).toEqual(['Interior Design Professional']));
  });

  it('when a search matches nothing, then its page says so and offers to show everything again', async () => {
    renderCatalogue();
    await screen.findByRole('heading', { name: 'Revit Families Deep Dive' });

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search courses and workshops' }),
      'zzzz{Enter}',
    );
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?q=zzzz');
    // Typing alone loads nothing: the search goes with Enter.
    expect(assign).toHaveBeenCalledTimes(1);

    cleanup();
    renderCatalogue('/courses-and-workshops?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No programmes match these filters' })).toBeTruthy();
    expect(cardTitles()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Show all programmes' }).getAttribute('href')).toBe(
      '/courses-and-workshops',
    );
  });

  it('when the overview lists a discipline in part, then the count says how many of all are shown as cards', async () => {
    // Eight in one discipline (the overview shows six, then a link) and three in another: 9 cards
    // of 11. The walkthrough found "42 programmes" above 36 cards.
    const many = Array.from({ length: 8 }, (_, i) =>
      workshopCard({ id: 100 + i, type: 2, title: `Studio course ${i + 1}`, shortTitle: `Studio ${i + 1}` }),
    );
    const few = Array.from({ length: 3 }, (_, i) =>
      workshopCard({ id: 200 + i, type: 2, title: `Lab course ${i + 1}`, shortTitle: `Lab ${i + 1}` }),
    );
    const list = {
      categories: [
        { id: 1, name: 'BIM & Technology', sequence: 1, Workshops: many, workshopCount: 8 },
        { id: 2, name: 'Design', sequence: 2, Workshops: few, workshopCount: 3 },
      ],
    };
    const listing = fakeApi({ ...answers, '/api/masterclasses-and-courses': list }).fetch;
    renderApp('/courses-and-workshops', listing);

    await screen.findByRole('heading', { name: 'Lab course 1' });
    expect(cardTitles()).toHaveLength(9);
    expect(screen.getByRole('status').textContent).toBe('Showing 9 of 11 programmes');
    expect(screen.getByRole('link', { name: 'All 8 in BIM & Technology' })).toBeTruthy();

    // Filtered to the discipline, every card shows and the count is theirs alone.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Discipline' }), '1');
    expect(assign).toHaveBeenLastCalledWith('/courses-and-workshops?category=1');
    cleanup();
    renderApp('/courses-and-workshops?category=1', listing);
    await waitFor(() => expect(cardTitles()).toHaveLength(8));
    expect(screen.getByRole('status').textContent).toMatch(/^8 programmes/);
  });
});
