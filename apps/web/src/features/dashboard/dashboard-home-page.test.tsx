import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import type { EnrolledCourse, Notification, ProfileCourses } from '@atelier/contract';
import {
  dayFromToday,
  enrolledCourse,
  grasshopperWorkshop,
  noCourses,
  pendingPayment,
  profileCourses,
  revitWorkshop,
} from '../../lib/testing/money-fixtures';
import { courseDashboardPath } from '../course-dashboard/paths';
import { formatDay } from '../../lib/format';
import { renderApp } from '../../test/render-app';
import { dueInstalment, dueWords } from './instalment-alert';

vi.setConfig({ testTimeout: 30_000 });

type Answer = Parameters<typeof scriptedApi>[0][string];

const NOTIFICATIONS = `GET /api/user/${learner.id}/notifications`;

function dashboardApi(
  pending: Answer,
  courses: Answer = { data: profileCourses },
  more: Record<string, Answer> = {},
) {
  return scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'GET /api/user/pending/payment/notification': pending,
    'GET /api/user/profile/courses': courses,
    [NOTIFICATIONS]: { data: [] },
    'POST /api/user/profile/course/suggested': { data: { suggestedCourses: [] } },
    'GET /api/user/profile/trip/applications': { data: [] },
    ...more,
  });
}

async function openDashboard(pending: Answer, courses?: Answer, more?: Record<string, Answer>) {
  storeSession();
  const api = dashboardApi(pending, courses, more);
  const view = renderApp('/dashboard', api.fetch);
  await screen.findByRole(
    'heading',
    { level: 1, name: /^Good (morning|afternoon|evening), Asha$/ },
    { timeout: 15_000 },
  );
  // Both calls answered and rendered.
  await screen.findByRole('heading', { name: 'Your courses' });
  await waitFor(() => expect(screen.queryByText('Loading your courses…')).toBeNull());
  await waitFor(() => expect(screen.queryByText('Loading notifications…')).toBeNull());
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
    expect(await screen.findByRole('link', { name: 'Open course Revit for Architects' })).toBeTruthy();
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

// ---------------------------------------------------------------------------------------------
// Courses in their buckets (spec §4 "Home course buckets"), links, the EMI lock on the tile
// ---------------------------------------------------------------------------------------------

const facades = { id: 11, type: 2, title: 'Facade Detailing', shortTitle: 'Facades', slug: 'facades' };
const sketching = { id: 12, type: 2, title: 'Urban Sketching', shortTitle: 'Sketching', slug: 'sketching' };
const lumion = { id: 13, type: 2, title: 'Lumion Rendering', shortTitle: 'Lumion', slug: 'lumion' };
const rhino = { id: 14, type: 1, title: 'Rhino Basics', shortTitle: 'Rhino', slug: 'rhino' };
const interiors = {
  id: 15,
  type: 2,
  title: 'Interior Design Studio',
  shortTitle: 'Interiors',
  slug: 'interiors',
};

const ongoing = enrolledCourse(1, revitWorkshop, -10, 40);
const upcoming = enrolledCourse(2, grasshopperWorkshop, 12, 13);
const comingSoon: EnrolledCourse = {
  ...enrolledCourse(3, facades, 30, 60),
  Batch: { ...enrolledCourse(3, facades, 30, 60).Batch, BatchSchedules: [] },
};
const recorded: EnrolledCourse = {
  ...enrolledCourse(4, lumion, -100, -50),
  Batch: { ...enrolledCourse(4, lumion, -100, -50).Batch, sessionType: 2 },
};
const completed = enrolledCourse(5, sketching, -60, -20);
const refunded: EnrolledCourse = { ...enrolledCourse(6, rhino, -5, 5), isRefund: true };
const noAccess: EnrolledCourse = { ...enrolledCourse(7, interiors, 20, 50), isDashboardAccess: false };

const allCourses: ProfileCourses = {
  enrolledCourses: [completed, recorded, refunded, upcoming, comingSoon, noAccess, ongoing],
  suggestedCourses: [
    { id: 8, type: 2, title: 'BIM Coordination', shortTitle: 'BIM', slug: 'bim', thumbnail: null },
  ],
};

function bucket(name: string) {
  return screen.getByRole('region', { name: new RegExp(`^${name},`) });
}

function tileTitles(region: HTMLElement) {
  return within(region)
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent);
}

describe('courses on /dashboard (profileCourses, spec §4 home buckets)', () => {
  it('when the learner has courses, then they show in the buckets ongoing, upcoming (with coming soon), recorded and completed', async () => {
    await openDashboard({ data: [] }, { data: allCourses });
    const regions = within(screen.getByRole('region', { name: 'Your courses' }))
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['bucket-ongoing', 'bucket-upcoming', 'bucket-recorded', 'bucket-completed']);

    expect(tileTitles(bucket('Ongoing'))).toEqual(['Revit for Architects', 'Rhino Basics']);
    // Upcoming by earliest start; a batch without schedules is "coming soon" in upcoming.
    const next = bucket('Upcoming');
    expect(tileTitles(next)).toEqual([
      'Parametric Facades with Grasshopper',
      'Interior Design Studio',
      'Facade Detailing',
    ]);
    expect(within(next).getByText('Coming soon')).toBeTruthy();
    expect(within(next).getByText('Dates announced soon')).toBeTruthy();
    // Recorded courses listed apart, whatever their dates.
    expect(tileTitles(bucket('Recorded courses'))).toEqual(['Lumion Rendering']);
    expect(within(bucket('Recorded courses')).getByText('Recorded · learn at your pace')).toBeTruthy();
    expect(tileTitles(bucket('Completed'))).toEqual(['Urban Sketching']);
    // The counts are read with the bucket's name.
    expect(screen.getByRole('heading', { level: 3, name: 'Upcoming, 3 courses' })).toBeTruthy();
  });

  it('when a course is enrolled, not refunded and has dashboard access, then "Open course" leads to its course dashboard', async () => {
    await openDashboard({ data: [] }, { data: allCourses });
    const open = screen.getAllByRole('link', { name: /^Open course / });
    expect(open.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Open course Revit for Architects', courseDashboardPath(ongoing.Batch.id)],
      ['Open course Parametric Facades with Grasshopper', courseDashboardPath(upcoming.Batch.id)],
      ['Open course Facade Detailing', courseDashboardPath(comingSoon.Batch.id)],
      ['Open course Lumion Rendering', courseDashboardPath(recorded.Batch.id)],
      ['Open course Urban Sketching', courseDashboardPath(completed.Batch.id)],
    ]);
    expect(courseDashboardPath(10)).toBe('/dashboard/course/10');
    // Refunded, or without dashboard access: no way into the course dashboard.
    expect(screen.queryByRole('link', { name: 'Open course Rhino Basics' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open course Interior Design Studio' })).toBeNull();
    expect(screen.getByText('This enrolment was refunded.')).toBeTruthy();
    expect(screen.getByText('The course dashboard opens soon.')).toBeTruthy();
    // Each tile also links to the course's public page.
    expect(screen.getByRole('link', { name: 'About Revit for Architects' }).getAttribute('href')).toBe(
      '/course/revit?id=3',
    );
  });

  it.each([
    [3, 'due in 3 days'],
    [0, 'due today'],
    [-2, '2 days overdue'],
  ])(
    'when the course has an instalment %i days away, then its tile shows the lock and Pay now instead of Open course, and only that course',
    async (days, words) => {
      await openDashboard(
        { data: [pendingPayment([days, 40], { batchId: ongoing.Batch.id })] },
        { data: allCourses },
      );
      const tile = screen
        .getAllByRole('article')
        .find((a) => within(a).queryByRole('heading', { name: 'Revit for Architects' }))!;
      expect(within(tile).getByRole('note').textContent).toContain(
        `Locked: instalment of ₹12,500/- ${words}`,
      );
      expect(
        within(tile)
          .getByRole('link', { name: 'Pay now to unlock Revit for Architects' })
          .getAttribute('href'),
      ).toBe('/payments/instalment/900');
      expect(within(tile).queryByRole('link', { name: /^Open course/ })).toBeNull();
      // The other courses stay open.
      expect(screen.getByRole('link', { name: 'Open course Urban Sketching' })).toBeTruthy();
      expect(screen.getAllByRole('note')).toHaveLength(1);
    },
  );

  it("when the course's next instalment is 6 days away, then it is not locked", async () => {
    await openDashboard({ data: [pendingPayment([6], { batchId: ongoing.Batch.id })] }, { data: allCourses });
    expect(screen.getByRole('link', { name: 'Open course Revit for Architects' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('when the learner has none yet, then an empty state links to the catalogue', async () => {
    await openDashboard({ data: [] }, { data: noCourses });
    expect(screen.getByText('No courses yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/courses-and-workshops',
    );
  });

  it('when suggestions come, then they link to the courses', async () => {
    await openDashboard(
      { data: [] },
      { data: allCourses },
      {
        'POST /api/user/profile/course/suggested': {
          data: {
            suggestedCourses: [
              {
                id: 21,
                type: 1,
                title: 'Daylight Design',
                shortTitle: 'Daylight',
                slug: 'daylight',
                thumbnail: null,
              },
            ],
          },
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'You may also like' });
    await within(section).findByRole('link', { name: 'Daylight Design' });
    expect(within(section).getByRole('link', { name: 'Daylight Design' }).getAttribute('href')).toBe(
      '/masterclass/daylight?id=21',
    );
  });
});

describe('when the dashboard home fetch fails (spec §8)', () => {
  it("then the spec's text shows, every list is emptied, and Try again fetches again", async () => {
    const user = userEvent.setup();
    let fail = true;
    const { api } = await openDashboard(
      { data: [pendingPayment([20], { batchId: ongoing.Batch.id })] },
      () => (fail ? apiError(500, 'INTERNAL', 'Boom') : { data: allCourses }),
      {
        'POST /api/user/profile/course/suggested': {
          data: {
            suggestedCourses: [
              { id: 21, type: 1, title: 'Daylight Design', shortTitle: 'D', slug: 'd', thumbnail: null },
            ],
          },
        },
      },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong ⚠️');
    const courses = screen.getByRole('region', { name: 'Your courses' });
    expect(within(courses).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(courses).queryByRole('region')).toBeNull();
    expect(screen.queryByText('No courses yet')).toBeNull();
    expect(screen.queryByRole('region', { name: 'You may also like' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Open course/ })).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open course Revit for Architects' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong ⚠️')).toBeNull();
    expect(api.callsTo('GET /api/user/profile/courses').length).toBeGreaterThanOrEqual(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Notifications: newest first, unread count, mark one read when opened, mark all
// ---------------------------------------------------------------------------------------------

function notification(
  id: number,
  minutesAgo: number,
  isRead: boolean,
  link: string | null = null,
): Notification {
  return {
    id,
    title: `Notice ${id}`,
    body: `Body of notice ${id}`,
    link,
    isRead,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

const notices = [
  notification(1, 60 * 48, true),
  notification(2, 90, false, 'javascript:alert(1)'),
  notification(3, 5, false, '/dashboard/my-certificates'),
  notification(4, 60 * 24 * 10, false),
];

function notificationsApi(
  readAnswer: (ids: number[]) => Answer = (ids) => ({ data: { updated: ids.length, unread: 0 } }),
) {
  return {
    [NOTIFICATIONS]: { data: notices },
    'POST /api/user/notifications/read': ((body: unknown) =>
      readAnswer((body as { ids: number[] }).ids)) as Answer,
  };
}

describe('notifications on /dashboard', () => {
  it('when there are notifications, then they show newest first with the unread ones marked and counted', async () => {
    await openDashboard({ data: [] }, { data: allCourses }, notificationsApi());
    const panel = await screen.findByRole('region', { name: /^Notifications/ });
    await within(panel).findByText('3 unread');
    const titles = within(panel)
      .getAllByRole('button', { expanded: false })
      .map((b) => b.querySelector('.dash-notice__title')?.textContent);
    expect(titles).toEqual(['Notice 3 (unread)', 'Notice 2 (unread)', 'Notice 1', 'Notice 4 (unread)']);
    expect(within(panel).getByText('3 unread').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(panel.querySelectorAll('.dash-notice--unread')).toHaveLength(3);
  });

  it('when an unread notification is opened, then it is marked read at once (count and bell too) and the server is told its id', async () => {
    const user = userEvent.setup();
    const { api } = await openDashboard({ data: [] }, { data: allCourses }, notificationsApi());
    const panel = await screen.findByRole('region', { name: /^Notifications/ });
    await within(panel).findByText('3 unread');

    await user.click(within(panel).getByRole('button', { name: /Notice 3/ }));
    expect(await within(panel).findByText('2 unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(
      within(panel)
        .getByRole('button', { name: /^Notice 3 5 min ago$/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    // Its link (a path of this site) is offered once open.
    expect(
      within(panel)
        .getByRole('link', { name: /^Open\s+Notice 3$/ })
        .getAttribute('href'),
    ).toBe('/dashboard/my-certificates');
    await waitFor(() => expect(api.callsTo('POST /api/user/notifications/read')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/notifications/read')[0]?.body).toEqual({ ids: [3] });

    // A read one opened again sends nothing more; an unsafe link is never offered.
    await user.click(within(panel).getByRole('button', { name: /Notice 1/ }));
    await user.click(within(panel).getByRole('button', { name: /Notice 2/ }));
    await within(panel).findByText('1 unread');
    expect(within(panel).queryByRole('link', { name: /^Open\s+Notice 2$/ })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/user/notifications/read')).toHaveLength(2));
    expect(api.callsTo('POST /api/user/notifications/read')[1]?.body).toEqual({ ids: [2] });
  });

  it('when "Mark all as read" is pressed, then every unread one is marked in one call and the panel says all caught up', async () => {
    const user = userEvent.setup();
    const { api } = await openDashboard({ data: [] }, { data: allCourses }, notificationsApi());
    const panel = await screen.findByRole('region', { name: /^Notifications/ });
    await within(panel).findByText('3 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(panel).findByText('All caught up')).toBeTruthy();
    expect(panel.querySelectorAll('.dash-notice--unread')).toHaveLength(0);
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/user/notifications/read')).toHaveLength(1));
    const sent = (api.callsTo('POST /api/user/notifications/read')[0]?.body as { ids: number[] }).ids;
    expect([...sent].sort()).toEqual([2, 3, 4]);
  });

  it('when marking read fails, then the notification is unread again', async () => {
    const user = userEvent.setup();
    await openDashboard(
      { data: [] },
      { data: allCourses },
      notificationsApi(() => apiError(503, 'UNAVAILABLE', 'Down')),
    );
    const panel = await screen.findByRole('region', { name: /^Notifications/ });
    await within(panel).findByText('3 unread');
    await user.click(within(panel).getByRole('button', { name: /Notice 3/ }));
    await waitFor(() => expect(within(panel).getByText('3 unread')).toBeTruthy());
    expect(within(panel).getByRole('button', { name: /^Notice 3 \(unread\)/ })).toBeTruthy();
  });

  it('when there are none, then the panel says so and offers no "Mark all as read"', async () => {
    await openDashboard({ data: [] }, { data: allCourses });
    const panel = await screen.findByRole('region', { name: /^Notifications/ });
    expect(within(panel).getByText(/No notifications yet/)).toBeTruthy();
    expect(within(panel).getByText('All caught up')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('when the bell is pressed, then focus moves to the notifications panel', async () => {
    const user = userEvent.setup();
    await openDashboard({ data: [] }, { data: allCourses }, notificationsApi());
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: /^Notifications/ }));
  });
});

// ---------------------------------------------------------------------------------------------
// Trip applications and the dashboard's navigation
// ---------------------------------------------------------------------------------------------

describe('trip applications on /dashboard', () => {
  it('when the learner applied for trips, then each shows with its status and a link to the trip', async () => {
    await openDashboard(
      { data: [] },
      { data: allCourses },
      {
        'GET /api/user/profile/trip/applications': {
          data: [
            {
              id: 2,
              status: 'shortlisted',
              createdAt: '2026-11-01T10:00:00.000Z',
              Trip: {
                id: 5,
                title: 'Chandigarh Modernism',
                slug: 'chandigarh',
                startDate: '2027-01-10',
                endDate: '2027-01-15',
              },
            },
          ],
        },
      },
    );
    const trips = await screen.findByRole('region', { name: 'Trip applications' });
    expect(within(trips).getByRole('link', { name: 'Chandigarh Modernism' }).getAttribute('href')).toBe(
      '/trip/chandigarh?id=5',
    );
    expect(within(trips).getByText('Shortlisted')).toBeTruthy();
    expect(within(trips).getByText('10–15 Jan 2027')).toBeTruthy();
    expect(within(trips).getByText('Applied 1 Nov 2026')).toBeTruthy();
  });

  it('when there are none (or the call fails), then the section is hidden', async () => {
    await openDashboard(
      { data: [] },
      { data: allCourses },
      {
        'GET /api/user/profile/trip/applications': apiError(500, 'INTERNAL', 'Boom'),
      },
    );
    expect(screen.queryByRole('region', { name: 'Trip applications' })).toBeNull();
  });
});

describe('the dashboard navigation', () => {
  it('when on the dashboard home, then the bar lists every section and marks Home as the current page', async () => {
    await openDashboard({ data: [] }, { data: noCourses });
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['My certificates', '/dashboard/my-certificates'],
      ['Resources', '/dashboard/resources'],
      ['Wallet', '/dashboard/wallet'],
      ['Refer a friend', '/dashboard/referral'],
      ['Profile', '/dashboard/profile'],
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual([
      'Home',
    ]);
  });
});
