import { formatSessionTime } from '@atelier/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dashboardFixture,
  dayFromToday,
  emulateWidth,
  FakeQuizServer,
  QUIZ_MODULE_ID,
  renderSidebar,
  sidebarApi,
} from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let restoreWidth: (() => void) | null = null;
afterEach(() => {
  restoreWidth?.();
  restoreWidth = null;
});

describe('resting state (no panel open)', () => {
  it('when no panel is open, then the next session card shows its label, title and ddd, hh:mm A time', async () => {
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    const card = screen.getByRole('region', { name: 'Next session' });
    // Module 2 by sequence is "Documentation sets"; its first session is the next one.
    expect(within(card).getByText('M2_S1')).toBeTruthy();
    expect(within(card).getByText('Sheets and views')).toBeTruthy();
    expect(within(card).getByText(formatSessionTime(dayFromToday(3), '19:30:00'))).toBeTruthy();
    expect(formatSessionTime(dayFromToday(3), '19:30:00')).toMatch(/^[A-Z][a-z]{2}, 07:30 PM$/);
    await user.click(within(card).getByRole('button', { name: 'Session details' }));
    expect(onPanel).toHaveBeenLastCalledWith('session', { sessionId: 21 });
  });

  it('when the quiz progress arrives, then the rings show overall progress, average score and passed of total', async () => {
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, n !== 3)));
    const api = sidebarApi({
      ...new FakeQuizServer(75, answered).handlers(),
      'POST /api/user/course/quiz': {
        data: {
          modules: [new FakeQuizServer(75, answered).quiz()],
          progress: { overall: 40, average: 62, total: 5, attempted: 2, passed: 1 },
        },
      },
    });
    renderSidebar(api.fetch);
    const rings = await screen.findByRole('list', { name: 'Quiz progress' });
    expect(
      within(rings).getByRole('img', { name: 'Overall progress: 40% (2 of 5 quizzes attempted)' }),
    ).toBeTruthy();
    expect(within(rings).getByRole('img', { name: 'Average score: 62%' })).toBeTruthy();
    expect(within(rings).getByRole('img', { name: 'Quizzes passed: 1 of 5' })).toBeTruthy();
    // The drawn arc is the share of the circle: 40% of 2πr.
    const overall = within(rings).getByRole('img', { name: /Overall progress/ });
    const arc = overall.querySelector('.sidebar-ring__value')!.getAttribute('stroke-dasharray')!;
    const [drawn, full] = arc.split(' ').map(Number);
    expect(drawn! / full!).toBeCloseTo(0.4, 3);
    const passedArc = within(rings).getByRole('img', { name: /Quizzes passed/ });
    const [p, f] = passedArc
      .querySelector('.sidebar-ring__value')!
      .getAttribute('stroke-dasharray')!
      .split(' ')
      .map(Number);
    expect(p! / f!).toBeCloseTo(0.2, 3);
    expect(api.callsTo('POST /api/user/course/quiz')[0]?.body).toEqual({ batchId: 40 });
  });

  it('when the quiz progress fails, then it says so with a retry, and the next session still shows', async () => {
    const api = sidebarApi({
      'POST /api/user/course/quiz': {
        status: 402,
        body: { code: 402, error: 'INSTALMENT_DUE', message: 'Pay the due instalment to open this course.' },
      },
    });
    renderSidebar(api.fetch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pay the due instalment to open this course.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Next session' })).toBeTruthy();
  });
});

describe('session overview (panel 1)', () => {
  it('when a session is opened, then its label, title, time, description, recording and assignments with their status show, and Close closes it', async () => {
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch, {
      panel: 'session',
      target: { sessionId: 13 },
    });
    const aside = screen.getByRole('complementary', { name: 'Course panel' });
    expect(within(aside).getByRole('heading', { level: 2, name: 'Walls and floors' })).toBeTruthy();
    // Session 13 is the second (by sequence) of module 1.
    expect(within(aside).getByText('M1_S2')).toBeTruthy();
    expect(within(aside).getByText(formatSessionTime(dayFromToday(-5), '18:00:00'))).toBeTruthy();
    expect(within(aside).getByText('Walls, floors and their types.')).toBeTruthy();
    expect(
      within(aside)
        .getByRole('link', { name: /Watch the recording/ })
        .getAttribute('href'),
    ).toBe('https://video.example/walls');
    const assignments = within(aside).getAllByRole('listitem');
    expect(assignments[0]!.textContent).toContain('Model a small house');
    expect(assignments[0]!.textContent).toContain('Submitted');
    expect(assignments[0]!.textContent).toContain('8 of 10 points');
    expect(assignments[1]!.textContent).toContain('Sketch a roof');
    expect(assignments[1]!.textContent).toContain('Pending');
    // The resting state is not shown beside an open panel.
    expect(screen.queryByRole('region', { name: 'Next session' })).toBeNull();
    await user.click(within(aside).getByRole('button', { name: 'Close panel' }));
    expect(onPanel).toHaveBeenLastCalledWith(null, {});
    expect(await screen.findByRole('region', { name: 'Next session' })).toBeTruthy();
  });

  it('when a session has no recording, then no recording link shows', () => {
    renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch, {
      panel: 'session',
      target: { sessionId: 21 },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Sheets and views' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /recording/ })).toBeNull();
  });
});

describe('one panel at a time', () => {
  it('when the page opens another panel, then it replaces the open one and takes focus', async () => {
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch, {
      panel: 'session',
      target: { sessionId: 13 },
    });
    await user.click(screen.getByRole('button', { name: 'Page: open the quiz' }));
    expect(onPanel).toHaveBeenLastCalledWith('quiz-onboarding', { moduleId: QUIZ_MODULE_ID });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Modelling basics' });
    expect(screen.queryByRole('heading', { name: 'Walls and floors' })).toBeNull();
    expect(document.activeElement).toBe(heading);
    const aside = screen.getByRole('complementary', { name: 'Course panel' });
    expect(aside.getAttribute('data-panel')).toBe('quiz-onboarding');
    expect(aside.querySelectorAll('.sidebar-panel')).toHaveLength(1);
  });

  it('when a quiz is opened from the resting list, then the onboarding panel opens through onPanel', async () => {
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    await user.click(
      await screen.findByRole('button', { name: 'Open the quiz of module 1: Modelling basics' }),
    );
    expect(onPanel).toHaveBeenLastCalledWith('quiz-onboarding', { moduleId: QUIZ_MODULE_ID });
    expect(await screen.findByRole('button', { name: 'Start quiz' })).toBeTruthy();
  });

  it('when the screen is wide, then an open panel is part of the page, not a dialog', () => {
    restoreWidth = emulateWidth(1280);
    renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch, {
      panel: 'session',
      target: { sessionId: 13 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Walls and floors' })).toBeTruthy();
  });
});

describe('the bottom sheet on a phone (≤ 768 px)', () => {
  it('when a panel opens on a phone, then it is a modal dialog named by its heading, focus moves in, the page stops scrolling; Escape closes it and focus returns', async () => {
    restoreWidth = emulateWidth(390);
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    const opener = screen.getByRole('button', { name: 'Page: open a session' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Sheets and views' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    // The resting state stays in the page behind the sheet.
    expect(screen.getByRole('region', { name: 'Next session' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(onPanel).toHaveBeenLastCalledWith(null, {});
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('when the close button is pressed, then the sheet closes; Tab stays inside while open', async () => {
    restoreWidth = emulateWidth(390);
    const user = userEvent.setup();
    renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    const opener = screen.getByRole('button', { name: 'Page: open a session' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Sheets and views' });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    await user.click(within(sheet).getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('when the learner moves from onboarding to the questions inside the sheet, then it stays one sheet with one panel', async () => {
    restoreWidth = emulateWidth(390);
    const user = userEvent.setup();
    renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    await user.click(screen.getByRole('button', { name: 'Page: open the quiz' }));
    const sheet = await screen.findByRole('dialog', { name: 'Modelling basics' });
    await user.click(await within(sheet).findByRole('button', { name: 'Start quiz' }));
    expect(await within(sheet).findByText('Question 1 of 4')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(sheet.contains(document.activeElement)).toBe(true);
  });
});

describe('course certificate entry', () => {
  it('when the batch has ended, then the resting state offers the course certificate', async () => {
    const user = userEvent.setup();
    const { onPanel } = renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch, {
      dashboard: dashboardFixture({ startDate: dayFromToday(-90), endDate: dayFromToday(-2) }),
    });
    await user.click(screen.getByRole('button', { name: 'Get course certificate' }));
    expect(onPanel).toHaveBeenLastCalledWith('certificate', {});
  });

  it('when the batch is still running, then it does not', () => {
    renderSidebar(sidebarApi(new FakeQuizServer().handlers()).fetch);
    expect(screen.queryByRole('button', { name: 'Get course certificate' })).toBeNull();
  });
});
