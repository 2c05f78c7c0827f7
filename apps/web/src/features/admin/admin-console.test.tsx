import type { AdminLead } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  learner,
  scriptedApi,
  storeSession,
  TOKEN,
  type SeenCall,
} from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = {
  data: {
    id: 1,
    name: 'Meera Staff',
    role: 'admin',
    sections: [
      'leads',
      'form-submissions',
      'outbox',
      'trip-applications',
      'competition-registrations',
      'audit',
    ],
  },
};

function lead(id: number): AdminLead {
  return {
    id,
    name: `Lead ${id}`,
    email: `lead${id}@example.com`,
    mobile: '+91 9876500001',
    source: 'counselling',
    designated: false,
    crmStatus: id === 1 ? 'failed' : 'sent',
    crmLeadId: id === 1 ? null : `crm-${id}`,
    lastError: id === 1 ? 'CRM answered 502' : null,
    notes: 0,
    utmSource: 'instagram',
    utmCampaign: 'winter',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const query = (call: SeenCall) => Object.fromEntries(new URLSearchParams(call.search));

/** The leads list: pages of 312 leads as the server would answer the query it is sent. */
function leadsAnswer(_body: unknown, call: SeenCall) {
  const q = query(call);
  const page = Number(q.page ?? 1);
  const pageSize = Number(q.pageSize ?? 25);
  const offset = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, 312 - offset));
  const items = Array.from({ length: count }, (_, index) => lead(offset + index + 1));
  return { data: { items, total: 312, page, pageSize } };
}

describe('/admin: who may open the console', () => {
  it('when a visitor opens it, then they are sent to sign in and come back to the same list', async () => {
    const api = scriptedApi({});
    const { router } = renderApp('/admin/leads?crmStatus=failed', api.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/admin/leads?crmStatus=failed',
    );
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('when a learner opens it, then they see the not-found page and nothing of the console', async () => {
    storeSession(learner);
    const api = scriptedApi({ 'GET /api/admin/me': me });
    renderApp('/admin/leads', api.fetch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that page' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('when the server answers 404 to a staff role (demoted meanwhile), then the not-found page shows', async () => {
    storeSession({ ...admin, role: 'instructor' });
    renderApp('/admin', scriptedApi({}).fetch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that page' }),
    ).toBeTruthy();
  });

  it('when an admin opens it, then the side navigation lists only the sections /me names, with the name and a way back', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': { data: { ...me.data, sections: ['leads', 'outbox'] } },
      'GET /api/admin/leads': leadsAnswer,
    });
    const { router } = renderApp('/admin', api.fetch);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Leads', 'Outbox']);
    expect(screen.getByText('Meera Staff')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the site/ }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/leads'));
    expect(api.callsTo('GET /api/admin/me')[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('/admin/leads: the server-paged table', () => {
  it('pages, sorts and searches on the server, keeps the state in the address and shows the totals', async () => {
    storeSession(admin);
    const api = scriptedApi({ 'GET /api/admin/me': me, 'GET /api/admin/leads': leadsAnswer });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/leads', api.fetch);

    expect(await screen.findByText('Showing 1–25 of 312')).toBeTruthy();
    expect(query(api.callsTo('GET /api/admin/leads')[0]!)).toEqual({
      page: '1',
      pageSize: '25',
      sort: '-createdAt',
    });
    const created = screen.getByRole('columnheader', { name: /Created/ });
    expect(created.getAttribute('aria-sort')).toBe('descending');
    // The failed lead's CRM error is on its chip, for hover and keyboard focus.
    expect(screen.queryByRole('tooltip')).toBeNull();
    const chip = screen.getByRole('button', { name: 'failed' });
    act(() => chip.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('CRM answered 502');
    expect(chip.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–50 of 312')).toBeTruthy();
    expect(query(api.calls.at(-1)!).page).toBe('2');
    expect(router.state.location.search).toBe('?page=2');

    // Sorting by name goes back to page 1; a second press turns it round.
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(query(api.calls.at(-1)!)).toMatchObject({ sort: 'name', page: '1' }));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('none');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(query(api.calls.at(-1)!).sort).toBe('-name'));

    await user.selectOptions(screen.getByLabelText('CRM status'), 'failed');
    await waitFor(() => expect(query(api.calls.at(-1)!).crmStatus).toBe('failed'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(query(api.calls.at(-1)!).pageSize).toBe('50'));

    // The search waits for a pause in typing: one request for the whole word.
    const before = api.callsTo('GET /api/admin/leads').length;
    await user.type(screen.getByLabelText('Search name, e-mail or mobile'), 'asha');
    await waitFor(() => expect(query(api.calls.at(-1)!).q).toBe('asha'));
    expect(api.callsTo('GET /api/admin/leads').length).toBe(before + 1);
    expect(query(api.calls.at(-1)!)).toEqual({
      page: '1',
      pageSize: '50',
      sort: '-name',
      crmStatus: 'failed',
      q: 'asha',
    });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('asha');
  });

  it('when the list fails, then an error with a retry shows, and a list without rows says so', async () => {
    storeSession(admin);
    let fail = true;
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/leads': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
          : { data: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    const user = userEvent.setup();
    renderApp('/admin/leads', api.fetch);
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No leads match.')).toBeTruthy();
    expect(screen.getByText('Showing 0–0 of 0')).toBeTruthy();
  });

  it('sorts from the keyboard, and a page past the end of the list offers the first page', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/leads': (body, call) =>
        // The list shrank since the address was made: page 40 is empty now.
        leadsAnswer(body, call),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/leads?page=40', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('Showing 1–25 of 312')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    screen.getByRole('button', { name: /^Created/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(query(api.calls.at(-1)!).sort).toBe('createdAt'));
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toBe('?sort=createdAt');
  });

  it('Export CSV asks for the same filtered list as format=csv with the token, and names the server file', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/leads': (body, call) =>
        query(call).format === 'csv'
          ? {
              status: 200,
              body: {},
              headers: { 'content-disposition': 'attachment; filename="leads-2026-11-28.csv"' },
            }
          : leadsAnswer(body, call),
    });
    const user = userEvent.setup();
    renderApp('/admin/leads?crmStatus=failed&page=3', api.fetch);
    await screen.findByText('Showing 51–75 of 312');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded leads-2026-11-28.csv.')).toBeTruthy();
    const csv = api.calls.find((c) => query(c).format === 'csv')!;
    expect(query(csv)).toEqual({ sort: '-createdAt', crmStatus: 'failed', format: 'csv' });
    expect(csv.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('/admin/outbox', () => {
  it('Retry runs a dead job again, says so and reads the list again', async () => {
    storeSession(admin);
    let status: 'dead' | 'pending' = 'dead';
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/outbox': {
        get data() {
          return {
            items: [
              {
                id: 5,
                topic: 'crm.lead',
                status,
                attempts: 5,
                maxAttempts: 5,
                lastError: 'CRM answered 502',
                runAt: '2026-11-20T10:00:00.000Z',
                updatedAt: '2026-11-20T10:05:00.000Z',
              },
              {
                id: 6,
                topic: 'mail.receipt',
                status: 'done',
                attempts: 1,
                maxAttempts: 5,
                lastError: null,
                runAt: '2026-11-20T10:00:00.000Z',
                updatedAt: '2026-11-20T10:01:00.000Z',
              },
            ],
            total: 2,
            page: 1,
            pageSize: 25,
          };
        },
      },
      'POST /api/admin/outbox/5/retry': () => {
        status = 'pending';
        return { data: { id: 5, status: 'pending' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/outbox', api.fetch);
    await screen.findByText('Showing 1–2 of 2');
    expect(screen.queryByRole('button', { name: 'Retry job 6' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry job 5' }));
    expect(await screen.findByText('Job 5 (crm.lead) will run again now.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/outbox/5/retry')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/admin/outbox')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'pending' })).toBeTruthy();
  });
});

describe('/admin/trip-applications: the review dialog', () => {
  const application = {
    id: 11,
    status: 'submitted',
    trip: { id: 3, title: 'Chandigarh study trip', startDate: '2027-01-10' },
    applicant: { id: 7, name: 'Asha Rao', email: 'asha@example.com', mobile: '+91 9876500001' },
    fields: { city: 'Pune', stage: 'student' },
    reviewNote: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };

  it('checks the decision and note as the contract does, sends the review and reports the new status', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/trip-applications': { data: { items: [application], total: 1, page: 1, pageSize: 25 } },
      'POST /api/admin/trip-applications/11/review': (body) => ({
        data: { ...application, status: (body as { decision: string }).decision },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/trip-applications', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Review Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Asha Rao' });

    await user.click(within(dialog).getByRole('button', { name: 'Save the review' }));
    expect(await within(dialog).findByText('Choose a decision.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /Accept/ }));
    const note = within(dialog).getByLabelText(/Note to the applicant/);
    await user.click(note);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Save the review' }));
    expect(await within(dialog).findByText('Note must be at most 1000 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/trip-applications/11/review')).toHaveLength(0);

    await user.clear(note);
    await user.type(note, 'See you in Chandigarh');
    await user.click(within(dialog).getByRole('button', { name: 'Save the review' }));
    expect(await screen.findByText("Asha Rao's application is now accepted.")).toBeTruthy();
    expect(api.callsTo('POST /api/admin/trip-applications/11/review')[0]?.body).toEqual({
      decision: 'accepted',
      note: 'See you in Chandigarh',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the server answers 409 (withdrawn), then its message shows in the dialog, which stays open', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/trip-applications': { data: { items: [application], total: 1, page: 1, pageSize: 25 } },
      'POST /api/admin/trip-applications/11/review': apiError(
        409,
        'CONFLICT',
        'This application was withdrawn; it cannot be reviewed.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/trip-applications', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Review Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Asha Rao' });
    await user.click(within(dialog).getByRole('radio', { name: /Reject/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save the review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This application was withdrawn; it cannot be reviewed.',
    );
    expect(screen.getByRole('dialog', { name: 'Review Asha Rao' })).toBeTruthy();
  });
});
