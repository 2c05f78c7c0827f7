import type { CourseDashboard, ProfileCourses } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import {
  dayFromToday,
  enrolledCourse,
  grasshopperWorkshop,
  pendingPayment,
  profileCourses,
  revitWorkshop,
} from '../../lib/testing/money-fixtures';
import { renderApp } from '../../test/render-app';
import {
  assignmentOf,
  batchDetailsOf,
  courseDashboard,
  leaderboardRows,
  moduleOf,
  pointsOf,
  responseOf,
  sessionOf,
} from './course-fixtures';

vi.setConfig({ testTimeout: 30_000 });

type Answer = Parameters<typeof scriptedApi>[0][string];

const DASHBOARD = 'POST /api/user/course/batch/module/session';
const SUBMIT = 'POST /api/user/course/module/session/assignment/response';
const UPDATE = 'POST /api/user/course/module/session/assignment/update';
const FEEDBACK = 'POST /api/user/feedback/rating/collect';
const CERT_MODAL = 'POST /api/user/course/module/certificate/modal';

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The wire date and time in India `minutes` from now. */
function istIn(minutes: number): { date: string; time: string } {
  const iso = new Date(Date.now() + IST_OFFSET_MS + minutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 16)}:00` };
}

/** A dashboard whose feedback forms are already given, so no popup gets in the way. */
function dashboardWith(overrides: Partial<CourseDashboard> = {}): CourseDashboard {
  return courseDashboard({
    feedbackRatings: [
      { type: 1, status: 1 },
      { type: 2, status: 1 },
    ],
    ...overrides,
  });
}

function courseApi(
  dashboard: Answer,
  extra: Record<string, Answer> = {},
  courses: ProfileCourses = profileCourses,
) {
  return scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'GET /api/user/profile/courses': { data: courses },
    'GET /api/user/pending/payment/notification': { data: [] },
    [DASHBOARD]: dashboard,
    'POST /api/user/course/batch/details': { data: batchDetailsOf() },
    'GET /api/user/course/batch/10/assignment/points': { data: pointsOf() },
    'GET /api/user/course/batch/10/leaderboard/score': { data: leaderboardRows },
    ...extra,
  });
}

async function openCourse(
  dashboard: Answer,
  extra: Record<string, Answer> = {},
  path = '/dashboard/course/10',
) {
  storeSession();
  const api = courseApi(dashboard, extra);
  const view = renderApp(path, api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' }, { timeout: 15_000 });
  return { api, view, user: userEvent.setup() };
}

const twoModules = () => [
  moduleOf(
    21,
    2,
    'Documentation',
    [sessionOf(211, 1, dayFromToday(5), { title: 'Sheets and views', type: 2 })],
    { hasQuiz: true, certificateTitle: 'Revit Documentation' },
  ),
  moduleOf(11, 1, 'Modelling basics', [
    sessionOf(112, 2, dayFromToday(2), { title: 'Walls and floors' }),
    sessionOf(111, 1, dayFromToday(-3), {
      title: 'The interface',
      recordingUrl: 'https://videos.example.com/rec-111',
    }),
  ]),
];

/** Text in the page header (the sidebar's resting state has a "Next session" card of its own). */
function headerText(text: string | RegExp) {
  const header = document.querySelector<HTMLElement>('.course-head');
  if (!header) throw new Error('no course header');
  return within(header).getByText(text);
}

describe('course switcher (spec §4 dropdown rules)', () => {
  const courses: ProfileCourses = {
    enrolledCourses: [
      enrolledCourse(4, { ...grasshopperWorkshop, id: 9, title: 'Later course' }, 30, 60),
      enrolledCourse(1, revitWorkshop, -10, 40),
      enrolledCourse(6, { ...revitWorkshop, id: 7, title: 'Finished course' }, -90, -3),
      enrolledCourse(2, grasshopperWorkshop, 12, 13),
      {
        ...enrolledCourse(8, { ...revitWorkshop, id: 11, title: 'Refunded course' }, -5, 20),
        isRefund: true,
      },
    ],
    suggestedCourses: [],
  };

  it('when the learner has several courses, then the dropdown lists ongoing then upcoming by start, completed apart, and switching navigates', async () => {
    storeSession();
    const api = courseApi({ data: dashboardWith() }, {}, courses);
    const { router } = renderApp('/dashboard/course/10', api.fetch);
    const select = await screen.findByRole('combobox', { name: 'Course' }, { timeout: 15_000 });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Revit for Architects', 'Parametric Facades with Grasshopper', 'Later course']);
    expect((select as HTMLSelectElement).value).toBe('10');
    // Completed: flagged, not in the dropdown; refunded: not at all.
    expect(screen.getByText('Completed courses (1)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finished course' }).getAttribute('href')).toBe(
      '/dashboard/course/60',
    );
    expect(screen.queryByText('Refunded course')).toBeNull();

    await userEvent.setup().selectOptions(select, '20');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/course/20'));
  });

  it('when exactly one course can be in the dropdown, then /dashboard/course opens it by itself', async () => {
    storeSession();
    const one: ProfileCourses = {
      enrolledCourses: [
        enrolledCourse(6, { ...revitWorkshop, title: 'Finished course' }, -90, -3),
        enrolledCourse(1, revitWorkshop, -10, 40),
      ],
      suggestedCourses: [],
    };
    const api = courseApi({ data: dashboardWith() }, {}, one);
    const { router } = renderApp('/dashboard/course', api.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/course/10'), {
      timeout: 15_000,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' })).toBeTruthy();
    // With one dropdown course there is nothing to switch to.
    expect(screen.queryByRole('combobox', { name: 'Course' })).toBeNull();
  });

  it('when several courses can be in the dropdown and one was opened before, then /dashboard/course reopens it', async () => {
    storeSession();
    window.localStorage.setItem('courseId', '20');
    const api = courseApi({ data: dashboardWith() }, {}, courses);
    const { router } = renderApp('/dashboard/course', api.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/course/20'), {
      timeout: 15_000,
    });
  });

  it('when a course dashboard opens, then it is remembered as the last opened course', async () => {
    await openCourse({ data: dashboardWith() });
    await waitFor(() => expect(window.localStorage.getItem('courseId')).toBe('10'));
  });

  it('when several courses can be in the dropdown, then /dashboard/course asks which one', async () => {
    storeSession();
    const api = courseApi({ data: dashboardWith() }, {}, courses);
    renderApp('/dashboard/course', api.fetch);
    expect(await screen.findByRole('heading', { name: 'Choose a course' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revit for Architects' }).getAttribute('href')).toBe(
      '/dashboard/course/10',
    );
  });
});

describe('modules and sessions', () => {
  it('when the course has modules, then they show in order with M{m}_S{s} labels, times, type and status', async () => {
    await openCourse({ data: dashboardWith({ courseModules: twoModules() }) });
    const modules = screen.getByRole('region', { name: 'Modules and sessions' });
    const headings = within(modules)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Modelling basics', 'Documentation']);
    const first = screen.getByRole('button', { name: 'M1_S1: The interface. Open session overview' });
    expect(within(first.closest('li')!).getByText('Held')).toBeTruthy();
    expect(within(first.closest('li')!).getByRole('link', { name: 'Recording' }).getAttribute('href')).toBe(
      'https://videos.example.com/rec-111',
    );
    const second = screen.getByRole('button', { name: 'M1_S2: Walls and floors. Open session overview' });
    expect(within(second.closest('li')!).getByText('Upcoming')).toBeTruthy();
    expect(within(second.closest('li')!).getByText('Live')).toBeTruthy();
    const third = screen.getByRole('button', { name: 'M2_S1: Sheets and views. Open session overview' });
    expect(within(third.closest('li')!).getByText('Recorded')).toBeTruthy();
    // The header: the next session as ddd, hh:mm A, and the latest recording.
    expect(headerText('Next session')).toBeTruthy();
    expect(headerText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), 07:30 PM$/)).toBeTruthy();
    expect(screen.getByText('M1_S2 · Walls and floors')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch the latest recording \(M1_S1\)/ })).toBeTruthy();
  });

  it('when a session, a quiz or a certificate is opened, then exactly one sidebar panel is open', async () => {
    const { user } = await openCourse({ data: dashboardWith({ courseModules: twoModules() }) });
    const session = screen.getByRole('button', { name: 'M1_S2: Walls and floors. Open session overview' });
    expect(session.getAttribute('aria-expanded')).toBe('false');
    await user.click(session);
    expect(session.getAttribute('aria-expanded')).toBe('true');
    const sidebar = screen.getByRole('complementary', { name: 'Course panel' });
    await user.click(screen.getByRole('button', { name: 'Take quiz for Documentation' }));
    expect(session.getAttribute('aria-expanded')).toBe('false');
    expect(sidebar.isConnected).toBe(true);
    // Only modules with a quiz offer it; the certificate only with a certificate title.
    expect(screen.getAllByRole('button', { name: /^Take quiz/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Certificate for Documentation' })).toBeTruthy();
  });
});

describe('the JOIN button (from 15 minutes before a live session until it ends)', () => {
  function liveToday(startsInMinutes: number) {
    const start = istIn(startsInMinutes);
    const end = istIn(startsInMinutes + 60);
    return dashboardWith({
      courseModules: [
        moduleOf(11, 1, 'Modelling basics', [
          sessionOf(111, 1, start.date, {
            title: 'Walls and floors',
            sessionStartTime: start.time,
            sessionEndTime: end.time,
          }),
        ]),
      ],
    });
  }

  it('when a live session starts in 5 minutes, then JOIN opens the meeting link', async () => {
    await openCourse({ data: liveToday(5) });
    const join = screen.getByRole('link', { name: 'JOIN' });
    expect(join.getAttribute('href')).toBe('https://zoom.example.com/j/123');
    expect(screen.getByText('Live now')).toBeTruthy();
  });

  it('when it started 30 minutes ago, then JOIN still shows', async () => {
    await openCourse({ data: liveToday(-30) });
    expect(screen.getByRole('link', { name: 'JOIN' })).toBeTruthy();
  });

  it('when it starts in 30 minutes, then there is no JOIN yet, only the next session', async () => {
    await openCourse({ data: liveToday(30) });
    expect(screen.queryByRole('link', { name: 'JOIN' })).toBeNull();
    expect(headerText('Next session')).toBeTruthy();
    expect(screen.getByText('The JOIN button appears here 15 minutes before it starts.')).toBeTruthy();
  });
});

describe('assignments', () => {
  function withAssignment(
    assignment = assignmentOf(501, { title: 'Plan drawing' }),
    lastDate = dayFromToday(3),
  ) {
    return dashboardWith({
      courseModules: [
        moduleOf(11, 1, 'Modelling basics', [
          sessionOf(111, 1, dayFromToday(-3), {
            title: 'The interface',
            assignmentLastDate: lastDate,
            Assignments: [assignment],
          }),
        ]),
      ],
    });
  }

  it('when a link is not https, then an inline message says so and nothing is sent; a good link is sent', async () => {
    const submitted: unknown[] = [];
    const { api, user } = await openCourse(
      { data: withAssignment() },
      {
        [SUBMIT]: (body) => {
          submitted.push(body);
          return { data: responseOf(900, 501, { link: 'https://example.com/work' }) };
        },
      },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    expect(within(item).getByText('Pending')).toBeTruthy();
    const input = within(item).getByRole('textbox', { name: 'Link to your work' });
    await user.type(input, 'http://example.com/work');
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    expect(within(item).getByText('Enter a link that starts with https://')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(SUBMIT)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'https://example.com/work');
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toEqual([{ assignmentId: 501, link: 'https://example.com/work' }]));
    // The dashboard is fetched again after the write.
    await waitFor(() => expect(api.callsTo(DASHBOARD).length).toBeGreaterThanOrEqual(2));
  });

  it('when the submit call fails, then the message shows and the typed link is kept', async () => {
    const { user } = await openCourse(
      { data: withAssignment() },
      { [SUBMIT]: apiError(409, 'CONFLICT', 'This assignment is closed for submissions.') },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    const input = within(item).getByRole('textbox', { name: 'Link to your work' });
    await user.type(input, 'https://example.com/work');
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    expect((await within(item).findByRole('alert')).textContent).toContain(
      'This assignment is closed for submissions.',
    );
    expect((input as HTMLInputElement).value).toBe('https://example.com/work');
  });

  it('when a PDF is over 20 MB, then it is refused before upload; a PDF within the limit goes as multipart', async () => {
    let uploaded = '';
    const { api, user } = await openCourse(
      { data: withAssignment() },
      {
        [SUBMIT]: (body) => {
          uploaded = String(body);
          return { data: responseOf(900, 501, { link: null, pdf: '/api/x.pdf', pdfName: 'plan.pdf' }) };
        },
      },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    await user.click(within(item).getByRole('radio', { name: 'A PDF file' }));
    const input = within(item).getByLabelText('PDF file');
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(within(item).getByText('Choose a PDF of 20 MB or less.')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    expect(api.callsTo(SUBMIT)).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' }));
    expect(within(item).queryByText('Choose a PDF of 20 MB or less.')).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo(SUBMIT)).toHaveLength(1));
    expect(uploaded).toContain('name="assignmentId"');
    expect(uploaded).toContain('name="pdf"; filename="plan.pdf"');
  });

  it('when an answer is reviewed, then its points and comment show; edit sends the new link', async () => {
    const reviewed = assignmentOf(501, {
      title: 'Plan drawing',
      AssignmentResponses: [responseOf(900, 501, { points: 8, reviewComment: 'Clear line weights.' })],
    });
    const updates: unknown[] = [];
    const { user } = await openCourse(
      { data: withAssignment(reviewed) },
      {
        [UPDATE]: (body) => {
          updates.push(body);
          return { data: responseOf(900, 501, { link: 'https://example.com/v2' }) };
        },
      },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    expect(within(item).getByText('Submitted')).toBeTruthy();
    expect(within(item).getByText('8/10')).toBeTruthy();
    expect(within(item).getByText('Clear line weights.')).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'Edit answer' }));
    const input = within(item).getByRole('textbox', { name: 'Link to your work' });
    expect((input as HTMLInputElement).value).toBe('https://drive.example.com/my-work');
    await user.clear(input);
    await user.type(input, 'ftp://example.com/v2');
    await user.click(within(item).getByRole('button', { name: 'Save changes' }));
    expect(within(item).getByText('Enter a link that starts with https://')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'https://example.com/v2');
    await user.click(within(item).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates).toEqual([{ responseId: 900, link: 'https://example.com/v2' }]));
  });

  it('when delete is confirmed, then the answer is deleted; cancelling sends nothing', async () => {
    const answered = assignmentOf(501, {
      title: 'Plan drawing',
      AssignmentResponses: [responseOf(900, 501)],
    });
    const { api, user } = await openCourse(
      { data: withAssignment(answered) },
      { 'DELETE /api/user/course/session/assignment/900/delete': { data: { id: 900, deleted: true } } },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    await user.click(within(item).getByRole('button', { name: 'Delete answer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete your answer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/user/course/session/assignment/900/delete')).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Delete answer' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your answer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete answer' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/user/course/session/assignment/900/delete')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the answer is a PDF, then its name opens it through the API with the learner’s token', async () => {
    const withPdf = assignmentOf(501, {
      title: 'Plan drawing',
      AssignmentResponses: [responseOf(900, 501, { link: null, pdf: '/x', pdfName: 'plan.pdf' })],
    });
    const { api, user } = await openCourse(
      { data: withAssignment(withPdf) },
      { 'GET /api/user/course/assignment/response/900/pdf': { data: {} } },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    await user.click(within(item).getByRole('button', { name: 'plan.pdf' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/user/course/assignment/response/900/pdf')).toHaveLength(1),
    );
    expect(api.callsTo('GET /api/user/course/assignment/response/900/pdf')[0]?.authorization).toBe(
      'Bearer test-token-1234567890',
    );
  });

  it('when a pending assignment’s last date has passed, then it is listed as overdue at the top', async () => {
    await openCourse({ data: withAssignment(undefined, dayFromToday(-1)) });
    const overdue = screen.getByRole('region', { name: /Overdue assignments/ });
    expect(within(overdue).getByRole('link', { name: 'Plan drawing' }).getAttribute('href')).toBe(
      '#assignment-501',
    );
    expect(within(screen.getByRole('article', { name: 'Plan drawing' })).getByText('Overdue')).toBeTruthy();
  });

  it('when a moderator views the course, then a read-only banner shows and nothing can be submitted', async () => {
    const answered = assignmentOf(502, { title: 'Elevation', AssignmentResponses: [responseOf(901, 502)] });
    const dashboard = withAssignment();
    dashboard.courseModules[0]!.CourseModuleDetails[0]!.CourseModuleSession.Assignments.push(answered);
    await openCourse({ data: { ...dashboard, isModeratorView: true } });
    expect(screen.getByRole('note').textContent).toContain('Read-only view.');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete answer' })).toBeNull();
  });
});

describe('leaderboard', () => {
  it('shows a bar per learner, the caller highlighted, and a table for screen readers with own points', async () => {
    await openCourse({ data: dashboardWith() });
    const board = screen.getByRole('region', { name: 'Leaderboard' });
    const table = within(board).getByRole('table', { name: 'Leaderboard: rank, learner and score' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1Meera K42', '2Asha Rao (you)30', '3Ravi S12']);
    expect(board.querySelector('.leaderboard__row--you')?.textContent).toContain('Asha Rao');
    expect(within(board).getByText('#2')).toBeTruthy();
    expect(within(board).getByText('8/20')).toBeTruthy();
  });
});

describe('locked, missing and failing courses', () => {
  it('when the course answers 402 INSTALMENT_DUE, then a lock screen names this course’s instalment with Pay now', async () => {
    storeSession();
    const api = courseApi(apiError(402, 'INSTALMENT_DUE', 'Pay your instalment to open this course.'), {
      'GET /api/user/pending/payment/notification': {
        data: [pendingPayment([9], { batchId: 30 }), { ...pendingPayment([3]), batchId: 10 }],
      },
    });
    renderApp('/dashboard/course/10', api.fetch);
    const lock = await screen.findByRole(
      'region',
      { name: /Pay your instalment to open/ },
      { timeout: 15_000 },
    );
    expect(await within(lock).findByText('₹12,500/-')).toBeTruthy();
    expect(within(lock).getByText(/due in 3 days/)).toBeTruthy();
    expect(within(lock).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/payments/instalment/900',
    );
    expect(screen.queryByRole('region', { name: 'Modules and sessions' })).toBeNull();
  });

  it('when another call of the course (the leaderboard) answers 402, then the course is locked too', async () => {
    storeSession();
    const api = courseApi(
      { data: dashboardWith() },
      {
        'GET /api/user/course/batch/10/leaderboard/score': apiError(
          402,
          'INSTALMENT_DUE',
          'Pay your instalment.',
        ),
      },
    );
    renderApp('/dashboard/course/10', api.fetch);
    expect(
      await screen.findByRole('region', { name: /Pay your instalment to open/ }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('while the course loads, then a skeleton is announced as loading', async () => {
    storeSession();
    const api = courseApi({ data: dashboardWith() });
    // The dashboard call never answers.
    const fetch: typeof globalThis.fetch = (input, init) =>
      new Request(input, init).url.endsWith('/api/user/course/batch/module/session')
        ? new Promise<Response>(() => undefined)
        : api.fetch(input, init);
    renderApp('/dashboard/course/10', fetch);
    expect(await screen.findByText('Loading your course…', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('when a write answers 402, then the page turns into the lock screen', async () => {
    const dashboard = dashboardWith({
      courseModules: [
        moduleOf(11, 1, 'Modelling basics', [
          sessionOf(111, 1, dayFromToday(-3), {
            Assignments: [assignmentOf(501, { title: 'Plan drawing' })],
          }),
        ]),
      ],
    });
    const { user } = await openCourse(
      { data: dashboard },
      { [SUBMIT]: apiError(402, 'INSTALMENT_DUE', 'Pay your instalment to open this course.') },
    );
    const item = screen.getByRole('article', { name: 'Plan drawing' });
    await user.type(
      within(item).getByRole('textbox', { name: 'Link to your work' }),
      'https://example.com/a',
    );
    await user.click(within(item).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('region', { name: /Pay your instalment to open/ })).toBeTruthy();
  });

  it('when the course is not the learner’s (404), then it says so with a link home', async () => {
    storeSession();
    const api = courseApi(apiError(404, 'NOT_FOUND', 'Not found'));
    renderApp('/dashboard/course/10', api.fetch);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This course isn’t in your dashboard' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('when the call fails otherwise, then an error with Try again shows, and retrying loads the course', async () => {
    storeSession();
    let calls = 0;
    const api = courseApi(() => {
      calls += 1;
      return calls === 1 ? apiError(503, 'UNAVAILABLE', 'Down') : { data: dashboardWith() };
    });
    renderApp('/dashboard/course/10', api.fetch);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Your course could not be loaded.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revit for Architects' })).toBeTruthy();
  });
});

describe('feedback forms (spec §4: at 20 % and 65 % of the sessions, not for moderators)', () => {
  /** Five sessions: form 1 reads the session at index 1, form 2 the one at index 3. */
  function fiveSessions(dayOfIndex1: number, dayOfIndex3: number) {
    const days = [-20, dayOfIndex1, dayOfIndex1, dayOfIndex3, 30];
    return [
      moduleOf(
        11,
        1,
        'Modelling basics',
        days.map((day, index) => sessionOf(300 + index, index + 1, dayFromToday(day))),
      ),
    ];
  }

  it('when the 20 % session has been reached and form 1 is due, then it shows; sending it closes it for good', async () => {
    const sent: unknown[] = [];
    const { user } = await openCourse(
      {
        data: courseDashboard({
          courseModules: fiveSessions(-1, 5),
          feedbackRatings: [
            { type: 1, status: 0 },
            { type: 2, status: 0 },
          ],
        }),
      },
      {
        [FEEDBACK]: (body) => {
          sent.push(body);
          return { data: { type: 1, status: 1 } };
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'How is the course going so far?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Choose from 1 to 5 stars.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars: Very good' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Great pace.');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ batchId: 10, type: 1, rating: 4, comment: 'Great pace.' }]);
  });

  it('when the 20 % session is still ahead, then no form shows', async () => {
    await openCourse({
      data: courseDashboard({
        courseModules: fiveSessions(2, 5),
        feedbackRatings: [
          { type: 1, status: 0 },
          { type: 2, status: 0 },
        ],
      }),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when form 1 was given and the 65 % session is reached, then form 2 shows', async () => {
    await openCourse({
      data: courseDashboard({
        courseModules: fiveSessions(-10, -1),
        feedbackRatings: [
          { type: 1, status: 1 },
          { type: 2, status: 0 },
        ],
      }),
    });
    expect(await screen.findByRole('dialog', { name: 'How was the course?' })).toBeTruthy();
  });

  it('when a moderator views the course, then no form shows', async () => {
    await openCourse({
      data: courseDashboard({
        courseModules: fiveSessions(-10, -1),
        feedbackRatings: [
          { type: 1, status: 0 },
          { type: 2, status: 0 },
        ],
        isModeratorView: true,
      }),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('certificate popup (Modals / isCertModal)', () => {
  it('when a module’s popup is due, then it congratulates; Get certificate marks it seen and opens the certificate panel', async () => {
    const seen: unknown[] = [];
    const modules = twoModules();
    modules[0]!.Modals = [{ id: 1, moduleId: 21, isSeen: false }];
    const { user } = await openCourse(
      { data: dashboardWith({ courseModules: modules, isCertModal: true }) },
      {
        [CERT_MODAL]: (body) => {
          seen.push(body);
          return { data: { moduleId: 21, isSeen: true } };
        },
      },
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'You earned the Revit Documentation certificate',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Get certificate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen).toEqual([{ moduleId: 21 }]);
  });

  it('when every popup was seen, then none shows', async () => {
    const modules = twoModules();
    modules[0]!.Modals = [{ id: 1, moduleId: 21, isSeen: true }];
    await openCourse({ data: dashboardWith({ courseModules: modules }) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/dashboard/* that matches no page', () => {
  it('shows a not-found state with a link home', async () => {
    storeSession();
    renderApp('/dashboard/nothing-here', courseApi({ data: dashboardWith() }).fetch);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
  });
});
