import type { AdminCategory, AdminWorkshop } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * Catalogue authoring in the console (issue 17 point 1): reordering categories from the keyboard
 * (one call with the new order), the contract's messages beside the workshop form's fields before
 * anything is sent, saving a new workshop, a slug already taken, and a batch's weekly slots.
 */

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = { data: { id: 1, name: 'Meera Staff', role: 'admin', sections: ['catalogue', 'categories'] } };

const category = (id: number, name: string, sequence: number): AdminCategory => ({
  id,
  name,
  slug: name.toLowerCase(),
  sequence,
  isActive: true,
  subcategories: [],
});
const tree = { data: { items: [category(1, 'Alpha', 1), category(2, 'Beta', 2), category(3, 'Gamma', 3)] } };

const workshop = (overrides: Partial<AdminWorkshop> = {}): AdminWorkshop => ({
  id: 42,
  type: 2,
  title: 'Parametric Facades',
  shortTitle: 'Facades',
  slug: 'facades',
  searchKeys: '',
  markAs: null,
  description: '',
  thumbnail: null,
  brochureUrl: null,
  amount: 9000,
  dollar: null,
  slashAmount: 12000,
  slashDollar: null,
  hero: {},
  sections: {},
  metaTags: null,
  subcategoryIds: [],
  isPublished: false,
  instructors: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('/admin/categories: order by keyboard', () => {
  it('when an admin moves a category up with the keyboard, then the list shows the new order, one call saves every id in it, and the move is announced', async () => {
    storeSession(admin);
    // The server's order, as the reorder call leaves it.
    let items = tree.data.items;
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': () => ({ data: { items } }),
      'POST /api/admin/categories/reorder': (body) => {
        const ids = (body as { ids: number[] }).ids;
        const byId = new Map(items.map((c) => [c.id, c]));
        items = ids.map((id, i) => ({ ...byId.get(id)!, sequence: i + 1 }));
        return { data: { items } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/categories', api.fetch);
    const up = await screen.findByRole('button', { name: 'Move Beta up' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Alpha up' }).disabled).toBe(true);
    act(() => up.focus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(api.callsTo('POST /api/admin/categories/reorder')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/categories/reorder')[0]!.body).toEqual({ ids: [2, 1, 3] });
    const names = () =>
      screen
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent)
        .filter(Boolean);
    await waitFor(() => expect(names()).toEqual(['Beta', 'Alpha', 'Gamma']));
    expect(await screen.findByText(/Beta moved to position 1 of 3\. Order saved\./)).toBeTruthy();
    // Read again after the save: still in the new order.
    await waitFor(() => expect(api.callsTo('GET /api/admin/categories').length).toBeGreaterThan(1));
    expect(names()).toEqual(['Beta', 'Alpha', 'Gamma']);
  });

  it('when the reorder is refused (the list changed meanwhile), then the old order comes back and the reason shows', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': tree,
      'POST /api/admin/categories/reorder': apiError(
        409,
        'CONFLICT',
        'The list of categories has changed since it was loaded; reload it and reorder again.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/categories', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Move Alpha down' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/has changed since it was loaded/);
    const strong = screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent);
    expect(strong.filter(Boolean)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });
});

describe('/admin/catalogue/workshops: the workshop form', () => {
  it('when the slashed price is not above the price, then the contract’s message shows beside it and nothing is sent; fixed, it saves and opens the new workshop', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': { data: { items: [] } },
      'POST /api/admin/workshops': (body) => ({ data: workshop({ id: 77, ...(body as object) }) }),
      'GET /api/admin/workshops/77': { data: workshop({ id: 77 }) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/catalogue/workshops/new', api.fetch);
    await user.type(await screen.findByLabelText('Title'), 'Parametric Facades');
    await user.type(screen.getByLabelText(/^Short title/), 'Parametric Facades');
    await user.type(screen.getByLabelText(/^Price in INR/), '9000');
    await user.type(screen.getByLabelText(/^Slashed price in INR/), '500');
    await user.click(screen.getByRole('button', { name: 'Create the workshop' }));

    expect(await screen.findByText('Slashed price in INR must be more than the price in INR.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/workshops')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Slashed price in INR/));
    await user.type(screen.getByLabelText(/^Slashed price in INR/), '12000');
    await user.click(screen.getByRole('button', { name: 'Create the workshop' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/workshops')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/workshops')[0]!.body).toMatchObject({
      type: 2,
      title: 'Parametric Facades',
      slug: 'parametric-facades',
      amount: 9000,
      slashAmount: 12000,
      isPublished: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalogue/workshops/77'));
  });

  it('when the slug is already taken, then the server’s message shows beside the slug and the form keeps what was typed', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': { data: { items: [] } },
      'GET /api/admin/workshops/42': { data: workshop() },
      'PUT /api/admin/workshops/42': apiError(
        409,
        'CONFLICT',
        'Another workshop already has this slug; choose a different one.',
        [{ path: 'slug', message: 'is already taken' }],
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/catalogue/workshops/42', api.fetch);
    const slug = await screen.findByLabelText(/^Slug/);
    await user.clear(slug);
    await user.type(slug, 'revit-basics');
    await user.click(screen.getByRole('button', { name: 'Save the workshop' }));
    expect(await screen.findByText('Slug is already taken.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Slug/).value).toBe('revit-basics');
  });

  it('when an admin edits an instructor card, then the saved sections keep the card’s photo and the other sections; JSON that does not parse is refused before sending', async () => {
    storeSession(admin);
    const sections = {
      instructors: [
        {
          name: 'Asha Rao',
          role: 'Architect',
          bio: 'Ten years of facades.',
          image: '/images/people/asha.jpg',
        },
      ],
      bonus: [{ title: 'Script library', description: 'Every definition.' }],
    };
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': { data: { items: [] } },
      'GET /api/admin/workshops/42': { data: workshop({ sections }) },
      'PUT /api/admin/workshops/42': (body) => ({ data: workshop(body as Partial<AdminWorkshop>) }),
    });
    const user = userEvent.setup();
    renderApp('/admin/catalogue/workshops/42', api.fetch);
    const role = await screen.findByLabelText(/^Card 1: role/);
    await user.clear(role);
    await user.type(role, 'Principal');
    const other = screen.getByLabelText(/^Bonuses, testimonials/);
    const saved = (other as HTMLTextAreaElement).value;
    await user.clear(other);
    await user.type(other, 'not json');
    await user.click(screen.getByRole('button', { name: 'Save the workshop' }));
    expect(await screen.findByText(/Other sections must be a JSON object/)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/workshops/42')).toHaveLength(0);

    await user.clear(other);
    await user.click(other);
    await user.paste(saved);
    await user.click(screen.getByRole('button', { name: 'Save the workshop' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/workshops/42')).toHaveLength(1));
    expect((api.callsTo('PUT /api/admin/workshops/42')[0]!.body as { sections: unknown }).sections).toEqual({
      instructors: [
        {
          name: 'Asha Rao',
          role: 'Principal',
          bio: 'Ten years of facades.',
          image: '/images/people/asha.jpg',
        },
      ],
      bonus: [{ title: 'Script library', description: 'Every definition.' }],
    });
  });

  it('when a weekly slot ends before it starts, then the message names the slot and nothing is sent', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': { data: { items: [] } },
      'GET /api/admin/workshops/42': { data: workshop() },
      'GET /api/admin/workshops/42/batches': { data: { items: [] } },
    });
    const user = userEvent.setup();
    renderApp('/admin/catalogue/workshops/42', api.fetch);
    await user.click(await screen.findByRole('tab', { name: 'Batches' }));
    await user.click(await screen.findByRole('button', { name: 'New batch' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add a weekly slot' }));
    const end = within(dialog).getByLabelText(/^Slot 1: ends/);
    await user.clear(end);
    await user.type(end, '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create the batch' }));
    expect(await within(dialog).findByText('Slot 1: the end must be after the start time.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/workshops/42/batches')).toHaveLength(0);
  });

  it('when an instalment plan has a single instalment, then it is refused with the rule; two on dates save in paise and cents', async () => {
    storeSession(admin);
    const batch = {
      id: 9,
      workshopId: 42,
      name: 'January',
      startDate: '2027-01-10',
      endDate: '2027-03-10',
      sessionType: 1,
      amount: 9000,
      dollar: 120,
      slashAmount: null,
      slashDollar: null,
      capacity: null,
      zoomLink: null,
      isActive: true,
      schedules: [],
      enrolled: 0,
      instalments: 0,
    };
    const plan = {
      batch: { id: 9, workshopId: 42, sessionType: 1, amount: 9000, dollar: 120 },
      items: [],
      totalInrMinor: 0,
      totalUsdMinor: 0,
    };
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/categories': { data: { items: [] } },
      'GET /api/admin/workshops/42': { data: workshop() },
      'GET /api/admin/workshops/42/batches': { data: { items: [batch] } },
      'GET /api/admin/batches/9/instalments': { data: plan },
      'PUT /api/admin/batches/9/instalments': { data: plan },
    });
    const user = userEvent.setup();
    renderApp('/admin/catalogue/workshops/42', api.fetch);
    await user.click(await screen.findByRole('tab', { name: 'Batches' }));
    await user.click(await screen.findByRole('button', { name: 'Instalments of batch January' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Add an instalment' }));
    await user.type(within(dialog).getByLabelText(/^1: ₹/), '5000');
    await user.type(within(dialog).getByLabelText(/^1: \$/), '60');
    await user.type(within(dialog).getByLabelText(/^1: due on/), '2027-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Save the plan' }));
    expect(await within(dialog).findByText(/a plan needs at least 2 instalments/)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/batches/9/instalments')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add an instalment' }));
    await user.type(within(dialog).getByLabelText(/^2: ₹/), '4000.50');
    await user.type(within(dialog).getByLabelText(/^2: \$/), '60');
    await user.type(within(dialog).getByLabelText(/^2: due on/), '2027-02-10');
    await user.click(within(dialog).getByRole('button', { name: 'Save the plan' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/batches/9/instalments')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/batches/9/instalments')[0]!.body).toEqual({
      items: [
        { amountInrMinor: 500_000, amountUsdMinor: 6_000, dueDate: '2027-01-10', dueAfterDays: null },
        { amountInrMinor: 400_050, amountUsdMinor: 6_000, dueDate: '2027-02-10', dueAfterDays: null },
      ],
    });
  });
});
