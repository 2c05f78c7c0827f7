import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { dayFromToday, noCourses, pendingPayment, profileCourses } from '../../lib/testing/money-fixtures';
import { formatDay } from '../../lib/format';
import { renderApp } from '../../test/render-app';
import { dueInstalment, dueWords } from './instalment-alert';

vi.setConfig({ testTimeout: 30_000 });

type Answer = Parameters<typeof scriptedApi>[0][string];

function dashboardApi(pending: Answer, courses: Answer = { data: profileCourses }) {
  return scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'GET /api/user/pending/payment/notification': pending,
    'GET /api/user/profile/courses': courses,
  });
}

async function openDashboard(pending: Answer, courses?: Answer) {
  storeSession();
  const api = dashboardApi(pending, courses);
  const view = renderApp('/dashboard', api.fetch);
  await screen.findByRole(
    'heading',
    { level: 1, name: /^Good (morning|afternoon|evening), Asha$/ },
    { timeout: 15_000 },
  );
  // Both calls answered and rendered.
  await screen.findByRole('heading', { name: 'Your courses' });
  await waitFor(() => expect(screen.queryByText('Loading your courses…')).toBeNull());
  return { api, view };
}

describe('EMI reminder on /dashboard (spec §4 "EMI payment lock": popup 1–5 days ahead, banner due or overdue)', () => {
  it.each([
    [1, 'Your next instalment is due tomorrow'],
    [3, 'Your next instalment is due in 3 days'],
    [5, 'Your next instalment is due in 5 days'],
  ])(
    'when the earliest unpaid instalment is due in %i days, then a dismissible popup names the amount, date and course, with Pay now',
    async (days, title) => {
      await openDashboard({ data: [pendingPayment([days, days + 30])] });

      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByText('Revit for Architects')).toBeTruthy();
      expect(within(dialog).getByText('₹12,500/-')).toBeTruthy();
      expect(within(dialog).getByText(formatDay(dayFromToday(days)))).toBeTruthy();
      expect(within(dialog).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
        '/payments/instalment/900',
      );
      // No banner at the same time.
      expect(screen.queryByRole('region', { name: /instalment is/ })).toBeNull();
    },
  );

  it('when the popup is dismissed with Escape, then it closes, focus stays on the page, and it stays closed for the session', async () => {
    const user = userEvent.setup();
    const { view } = await openDashboard({ data: [pendingPayment([2])] });
    const dialog = await screen.findByRole('dialog', { name: 'Your next instalment is due in 2 days' });
    // Focus moved into the dialog (its first control).
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.unmount();

    // Same tab, back on the dashboard: the reminder stays closed; the pending list still offers Pay now.
    renderApp('/dashboard', dashboardApi({ data: [pendingPayment([2])] }).fetch);
    expect(await screen.findByRole('link', { name: 'Pay now for Revit for Architects' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when Tab reaches the last control, then focus wraps inside the popup', async () => {
    const user = userEvent.setup();
    await openDashboard({ data: [pendingPayment([4])] });
    const dialog = await screen.findByRole('dialog', { name: /due in 4 days/ });
    within(dialog).getByRole('button', { name: 'Remind me later' }).focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close reminder' }));
  });

  it.each([
    [0, 'Your instalment is due today'],
    [-1, 'Your instalment is 1 day overdue'],
    [-12, 'Your instalment is 12 days overdue'],
  ])(
    'when the earliest unpaid instalment is %i days away, then a banner that cannot be dismissed shows with Pay now',
    async (days, title) => {
      await openDashboard({ data: [pendingPayment([days, 20])] });
      const banner = await screen.findByRole('region', { name: title });
      expect(within(banner).getByText(/₹12,500\/-/)).toBeTruthy();
      expect(within(banner).getByText('Revit for Architects')).toBeTruthy();
      expect(within(banner).getByText(new RegExp(formatDay(dayFromToday(days))))).toBeTruthy();
      expect(within(banner).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
        '/payments/instalment/900',
      );
      expect(within(banner).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('when the earliest is 6 days away, then neither shows, and the pending payment is still listed', async () => {
    await openDashboard({ data: [pendingPayment([6])] });
    const list = await screen.findByRole('region', { name: 'Pending payments' });
    expect(within(list).getByText('₹12,500/- left to pay')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Pay now for Revit for Architects' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: /instalment is/ })).toBeNull();
  });

  it('when there are no pending payments, then neither shows and no pending list either', async () => {
    await openDashboard({ data: [] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pending payments' })).toBeNull();
  });

  it('when the pending-payment call fails, then neither shows (spec §8) and the courses still do', async () => {
    await openDashboard(apiError(500, 'INTERNAL', 'Something broke'));
    expect(await screen.findByRole('link', { name: 'Revit for Architects' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: /instalment is|Pending payments/ })).toBeNull();
  });
});

describe('dueInstalment: the earliest unpaid instalment across courses', () => {
  const now = new Date();
  it('takes the earliest across courses and skips paid and undated ones', () => {
    const first = pendingPayment([9]);
    const second = pendingPayment([3], { batchId: 31 });
    second.instalmentDetails.unshift({
      ...second.instalmentDetails[0]!,
      id: 1,
      dueDate: dayFromToday(-2),
      paid: true,
    });
    second.instalmentDetails.push({
      ...second.instalmentDetails[0]!,
      id: 2,
      dueDate: '0000-00-00',
      paid: false,
    });
    const due = dueInstalment([first, second], now);
    expect(due?.kind).toBe('popup');
    expect(due?.course.batchId).toBe(31);
    expect(due?.daysLeft).toBe(3);
  });

  it('words the distance', () => {
    expect([1, 2, 0, -1, -5].map(dueWords)).toEqual([
      'due tomorrow',
      'due in 2 days',
      'due today',
      '1 day overdue',
      '5 days overdue',
    ]);
  });
});

describe('courses on /dashboard (profileCourses)', () => {
  it('when the learner has courses, then each shows as a card with its title link, dates and status', async () => {
    await openDashboard({ data: [] });
    const courses = screen.getByRole('region', { name: 'Your courses' });
    const items = within(courses).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Ongoing first, then upcoming.
    expect(within(items[0]!).getByText('Ongoing')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Revit for Architects' })).toBeTruthy();
    expect(within(items[1]!).getByText('Upcoming')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Parametric Facades with Grasshopper' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'BIM Coordination' })).toBeTruthy();
  });

  it('when the learner has none yet, then an empty state links to the catalogue', async () => {
    await openDashboard({ data: [] }, { data: noCourses });
    expect(screen.getByText('No courses yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse courses and workshops' }).getAttribute('href')).toBe(
      '/courses-and-workshops',
    );
  });

  it('when the courses call fails, then the API message shows with a way to try again', async () => {
    await openDashboard({ data: [] }, apiError(503, 'UNAVAILABLE', 'Down for maintenance'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your courses could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
