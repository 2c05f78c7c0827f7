import type { FunnelReport, RevenueReport } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiError,
  learner,
  scriptedApi,
  storeSession,
  type SeenCall,
} from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// The canvas chart draws nothing in the test DOM: stand in with its labelled image.
vi.mock('./report-chart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = { data: { id: 1, name: 'Meera Staff', role: 'admin', sections: ['leads', 'reports'] } };
/** The console's chunk and the chart load lazily: the first render may take a moment. */
const FIRST_LOAD = { timeout: 5000 };
const query = (call: SeenCall) => Object.fromEntries(new URLSearchParams(call.search));

const revenue: RevenueReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  group: 'day',
  rows: [
    {
      period: '2026-11-05',
      currency: 'INR',
      paidOrders: 2,
      grossMinor: 12345600,
      refunds: 1,
      refundsMinor: 50000,
      netMinor: 12295600,
    },
    {
      period: '2026-11-05',
      currency: 'USD',
      paidOrders: 1,
      grossMinor: 4950,
      refunds: 0,
      refundsMinor: 0,
      netMinor: 4950,
    },
  ],
  totals: [
    {
      currency: 'INR',
      paidOrders: 2,
      grossMinor: 12345600,
      refunds: 1,
      refundsMinor: 50000,
      netMinor: 12295600,
    },
    { currency: 'USD', paidOrders: 1, grossMinor: 4950, refunds: 0, refundsMinor: 0, netMinor: 4950 },
  ],
};

const funnel: FunnelReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [{ source: 'instagram', campaign: 'reels', visitors: 120, leads: 8, paidOrders: 2 }],
  totals: { visitors: 120, leads: 8, paidOrders: 2 },
};

describe('/admin/reports (issue 17 point 7)', () => {
  it('when revenue is shown, then each currency has its own chart, summary and table, rupees grouped the Indian way', async () => {
    storeSession(admin);
    const api = scriptedApi({ 'GET /api/admin/me': me, 'GET /api/admin/reports/revenue': { data: revenue } });
    const user = userEvent.setup();
    renderApp('/admin/reports?report=revenue&from=2026-11-01&to=2026-11-30&group=day', api.fetch);

    const inr = (await screen.findByRole('heading', { name: 'Revenue in Rupees (INR)' }, FIRST_LOAD)).closest(
      'section',
    )!;
    expect(query(api.callsTo('GET /api/admin/reports/revenue')[0]!)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      group: 'day',
    });
    expect(
      await within(inr).findByRole('img', { name: 'Gross, refunds and net revenue in INR by day' }),
    ).toBeTruthy();
    expect(inr.textContent).toContain(
      'Net ₹1,22,956 from 2 paid orders: gross ₹1,23,456, less ₹500 in 1 refund.',
    );

    // The table is the chart's alternative, one press away.
    const toggle = within(inr).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(inr).getByRole('table', { name: 'Revenue in INR by day' });
    const day = within(table).getByRole('row', { name: /5 Nov 2026/ });
    expect(
      within(day)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '₹1,23,456', '₹500 (1)', '₹1,22,956']);

    // Dollars apart, never added to rupees.
    const usd = screen.getByRole('heading', { name: 'Revenue in Dollars (USD)' }).closest('section')!;
    await user.click(within(usd).getByRole('button', { name: 'Show as table' }));
    const total = within(within(usd).getByRole('table')).getByRole('row', { name: /Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'US$49.50', 'US$0 (0)', 'US$49.50']);
  });

  it('when the range, the grouping or the report changes, then the address says so and the report is asked again', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/reports/revenue': { data: revenue },
      'GET /api/admin/reports/funnel': { data: funnel },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/reports?report=revenue&from=2026-11-01&to=2026-11-30', api.fetch);
    await screen.findByRole('heading', { name: 'Revenue in Rupees (INR)' }, FIRST_LOAD);
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    // An end before the start is refused here, with the reason by the field.
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The end day must be on or after the start day.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(search().to).toBe('2026-11-30');

    await user.clear(from);
    await user.type(from, '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(search()).toMatchObject({ report: 'revenue', from: '2026-09-01', to: '2026-10-01' }),
    );
    await waitFor(() =>
      expect(query(api.callsTo('GET /api/admin/reports/revenue').at(-1)!)).toEqual({
        from: '2026-09-01',
        to: '2026-10-01',
        group: 'day',
      }),
    );

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(search().group).toBe('month'));
    await waitFor(() =>
      expect(query(api.callsTo('GET /api/admin/reports/revenue').at(-1)!).group).toBe('month'),
    );

    // Another report keeps the range; the funnel has no grouping.
    await user.click(screen.getByRole('link', { name: 'Funnel' }));
    await waitFor(() => expect(search()).toEqual({ report: 'funnel', from: '2026-09-01', to: '2026-10-01' }));
    expect(screen.getByRole('link', { name: 'Funnel' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('radio', { name: 'Month' })).toBeNull();
    const block = (
      await screen.findByRole('heading', { name: /Visitors → leads → paid orders/ }, FIRST_LOAD)
    ).closest('section')!;
    expect(block.textContent).toContain('120 visitors with UTM, 8 leads and 2 paid orders.');
    await user.click(within(block).getByRole('button', { name: 'Show as table' }));
    const row = within(block).getByRole('row', { name: /instagram \/ reels/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['120', '8', '2', '25%']);
  });

  it('when a range holds nothing, then it says so; when the report fails, then an error with a retry', async () => {
    storeSession(admin);
    let fail = true;
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/reports/quizzes': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
          : { data: { from: '2025-01-01', to: '2025-01-31', rows: [] } },
    });
    const user = userEvent.setup();
    renderApp('/admin/reports?report=quizzes&from=2025-01-01&to=2025-01-31', api.fetch);
    const alert = await screen.findByRole('alert', {}, FIRST_LOAD);
    expect(alert.textContent).toContain('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No quiz attempts in this range.')).toBeTruthy();
  });

  it('when the table is exported, then the same report is asked as CSV with the token and saved under its name', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/reports/funnel': (_body, call) =>
        call.search.includes('format=csv')
          ? {
              status: 200,
              // The scripted API answers JSON; the page only saves what comes.
              body: { csv: 'utm_source,utm_campaign,visitors,leads,paid_orders' },
              headers: {
                'content-disposition': 'attachment; filename="funnel-2026-11-01-to-2026-11-30.csv"',
              },
            }
          : { data: funnel },
    });
    const user = userEvent.setup();
    renderApp('/admin/reports?report=funnel&from=2026-11-01&to=2026-11-30', api.fetch);
    await screen.findByRole('heading', { name: /Visitors → leads → paid orders/ }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      (await screen.findByText('Downloaded funnel-2026-11-01-to-2026-11-30.csv.')).getAttribute('role'),
    ).toBe('status');
    const call = api.callsTo('GET /api/admin/reports/funnel').at(-1)!;
    expect(query(call)).toEqual({ from: '2026-11-01', to: '2026-11-30', format: 'csv' });
    expect(call.authorization).toMatch(/^Bearer /);
  });
});
