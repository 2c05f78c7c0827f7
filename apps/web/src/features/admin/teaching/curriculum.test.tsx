import type { TeachingCurriculum } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * The curriculum editor (issue 17 point 1): the weekly generator previews before it creates, and a
 * quiz question needs exactly one correct answer before it is sent.
 */

const instructor = { ...learner, id: 5, name: 'Ila Instructor', role: 'instructor' as const };
const me = { data: { id: 5, name: 'Ila Instructor', role: 'instructor', sections: ['teaching'] } };
const batch = {
  id: 7,
  name: 'Winter batch',
  workshop: { id: 3, title: 'Facade Studio' },
  startDate: '2026-12-01',
  endDate: '2026-12-20',
  learners: 2,
  pendingReviews: 0,
};
const curriculum: TeachingCurriculum = {
  batch,
  schedules: [{ day: 1, startTime: '18:30', endTime: '20:00' }],
  modules: [
    {
      id: 11,
      sequence: 1,
      title: 'Brickwork',
      certificateTitle: 'Brickwork basics',
      sessions: [],
      quiz: null,
      questions: [],
    },
  ],
};

function server() {
  return scriptedApi({
    'GET /api/admin/me': me,
    'GET /api/admin/teaching/batches': { data: { items: [batch] } },
    'GET /api/admin/teaching/batches/7/curriculum': { data: curriculum },
    'POST /api/admin/teaching/batches/7/sessions/generate': (body: unknown) => {
      const create = (body as { create: boolean }).create;
      return {
        data: {
          sessions: [
            { date: '2026-12-07', startTime: '18:30', endTime: '20:00', title: 'Session 1' },
            { date: '2026-12-14', startTime: '18:30', endTime: '20:00', title: 'Session 2' },
          ],
          skipped: [],
          created: create,
        },
      };
    },
    'POST /api/admin/teaching/modules/11/quiz/questions': { data: { id: 90 } },
  });
}

describe('/admin/teaching/{batch}/curriculum', () => {
  it('when the instructor generates weekly sessions, then a preview lists them and only "Create" adds them', async () => {
    storeSession(instructor);
    const api = server();
    const user = userEvent.setup();
    renderApp('/admin/teaching/7/curriculum', api.fetch);
    // The console's chunk loads lazily: the first screen may take a moment on a busy machine.
    expect(await screen.findByText(/weekly: Monday 18:30–20:00/, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Weekly sessions…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('2 sessions to add:')).toBeTruthy();
    const calls = api.callsTo('POST /api/admin/teaching/batches/7/sessions/generate');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      moduleId: 11,
      from: '2026-12-01',
      to: '2026-12-20',
      create: false,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 sessions' }));
    expect(await screen.findByText('2 weekly sessions added.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/teaching/batches/7/sessions/generate').at(-1)!.body).toMatchObject({
      create: true,
    });
  });

  it('when a question has no correct answer marked, then it is refused before sending; marking one sends it', async () => {
    storeSession(instructor);
    const api = server();
    const user = userEvent.setup();
    renderApp('/admin/teaching/7/curriculum', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Add a question' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText('Question'),
      'Which bond alternates headers and stretchers?',
    );
    await user.type(within(dialog).getByLabelText('Option 1'), 'Flemish');
    await user.type(within(dialog).getByLabelText('Option 2'), 'English');
    await user.click(within(dialog).getByRole('button', { name: 'Add the question' }));
    expect(await within(dialog).findByText(/must have exactly one correct answer/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/teaching/modules/11/quiz/questions')).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Option 1 is the correct answer'));
    await user.click(within(dialog).getByRole('button', { name: 'Add the question' }));
    expect(await screen.findByText('Question added.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/teaching/modules/11/quiz/questions')[0]!.body).toEqual({
      question: 'Which bond alternates headers and stretchers?',
      explanation: null,
      options: [
        { text: 'Flemish', isCorrect: true },
        { text: 'English', isCorrect: false },
      ],
    });
  });
});
