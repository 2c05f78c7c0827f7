import type { TeachingResponse } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * The teaching console's review flow (issue 17 point 4) as an instructor uses it: their batches,
 * the queue of answers waiting, opening the learner's link, points checked against the
 * assignment's maximum before anything is sent, the server's own refusal shown by the field,
 * save → the next answer, and the unsaved-changes warning.
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
  pendingReviews: 2,
};

function answer(id: number, name: string, extra: Partial<TeachingResponse> = {}): TeachingResponse {
  return {
    id,
    assignment: {
      id: 40,
      title: 'Draw a Flemish bond',
      details: 'A1 sheet, pencil.',
      maxPoints: 10,
      session: 'Brick bonds',
      module: 'Module one',
    },
    learner: { id: 100 + id, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    link: `https://drive.example/${id}`,
    pdf: null,
    pdfName: null,
    points: null,
    reviewComment: null,
    reviewedAt: null,
    reviewer: null,
    submittedAt: '2026-12-04T10:00:00.000Z',
    ...extra,
  };
}

/** A queue the server keeps: a review takes the answer out of "pending". */
function queueServer() {
  const answers = [answer(1, 'Asha Rao'), answer(2, 'Bea Sen')];
  return {
    answers,
    handlers: {
      'GET /api/admin/me': me,
      'GET /api/admin/teaching/batches': { data: { items: [batch] } },
      'GET /api/admin/teaching/batches/7/responses': (_body: unknown, call: { search: string }) => {
        const status = new URLSearchParams(call.search).get('status') ?? 'pending';
        const items = answers.filter((a) =>
          status === 'pending' ? a.points === null : status === 'reviewed' ? a.points !== null : true,
        );
        return { data: { items, total: items.length, page: 1, pageSize: 25 } };
      },
    },
  };
}

describe('/admin/teaching: the review queue', () => {
  it('when an instructor opens Teaching, then their batches show with what waits, and a batch opens on its tabs', async () => {
    storeSession(instructor);
    const server = queueServer();
    const api = scriptedApi(server.handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teaching', api.fetch);
    // The console's chunk loads lazily: the first screen may take a moment on a busy machine.
    expect(await screen.findByText('Facade Studio', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('2 learners')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: '2 to review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teaching/7/reviews'));
    const tabs = screen.getByRole('navigation', { name: 'Batch' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Curriculum', 'Review queue', 'Attendance', 'Quizzes & progress']);
  });

  it('when the instructor reviews an answer, then points above the maximum are refused before sending, the saved review goes to the server and the next answer opens', async () => {
    storeSession(instructor);
    const server = queueServer();
    const reviews: unknown[] = [];
    const api = scriptedApi({
      ...server.handlers,
      'POST /api/admin/teaching/responses/1/review': (body: unknown) => {
        reviews.push(body);
        const { points, comment } = body as { points: number; comment: string };
        const saved = Object.assign(server.answers[0]!, {
          points,
          reviewComment: comment,
          reviewedAt: '2026-12-05T10:00:00.000Z',
          reviewer: 'Ila Instructor',
        });
        return { data: saved };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/teaching/7/reviews', api.fetch);

    // The oldest answer is open: the learner's link opens in a new tab.
    expect(await screen.findByRole('heading', { name: 'Asha Rao: Draw a Flemish bond' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the link (new tab)' });
    expect(link.getAttribute('href')).toBe('https://drive.example/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const points = screen.getByLabelText('Points (out of 10)');
    await user.type(points, '12');
    await user.click(screen.getByRole('button', { name: 'Save and open the next' }));
    expect(await screen.findByText('Points must be at most 10.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/teaching/responses/1/review')).toHaveLength(0);

    await user.clear(points);
    await user.type(points, '8');
    await user.type(screen.getByLabelText(/Comment to the learner/), 'Label the joints.');
    await user.click(screen.getByRole('button', { name: 'Save and open the next' }));

    expect(await screen.findByText('Saved 8/10 for Asha Rao.')).toBeTruthy();
    expect(reviews).toEqual([{ points: 8, comment: 'Label the joints.' }]);
    // The next answer is open and the reviewed one has left the pending queue.
    expect(await screen.findByRole('heading', { name: 'Bea Sen: Draw a Flemish bond' })).toBeTruthy();
    const queue = screen.getByRole('list', { name: 'Answers' });
    await waitFor(() => expect(within(queue).queryByText('Asha Rao')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Points (out of 10)').value).toBe('');

    // The reviewed filter shows it with its points.
    await user.selectOptions(screen.getByLabelText('Show'), 'reviewed');
    expect(await screen.findByText('8/10')).toBeTruthy();
  });

  it('when the answer is a PDF, then "Open the PDF" fetches it with the token and opens it in a new tab', async () => {
    storeSession(instructor);
    const server = queueServer();
    server.answers.splice(
      0,
      2,
      answer(3, 'Asha Rao', { link: null, pdf: '/api/admin/teaching/responses/3/pdf', pdfName: 'Plan.pdf' }),
    );
    const seen: { url: string; authorization: string | null }[] = [];
    const api = scriptedApi(server.handlers);
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/api/admin/teaching/responses/3/pdf') {
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      }
      return api.fetch(input, init);
    };
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:answer-3'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    renderApp('/admin/teaching/7/reviews', fetch);
    await user.click(await screen.findByRole('button', { name: 'Open the PDF (Plan.pdf)' }));
    expect(screen.queryByRole('link', { name: /Open the link/ })).toBeNull();
    await waitFor(() => expect(tab.location.href).toBe('blob:answer-3'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toMatch(/^Bearer /);
    open.mockRestore();
  });

  it('when the server refuses the points, then its message shows by the field and the form keeps what was typed', async () => {
    storeSession(instructor);
    const server = queueServer();
    const api = scriptedApi({
      ...server.handlers,
      'POST /api/admin/teaching/responses/1/review': apiError(
        400,
        'VALIDATION_FAILED',
        'Points go up to 10.',
        [{ path: 'points', message: 'must be at most 10' }],
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/teaching/7/reviews', api.fetch);
    const points = await screen.findByLabelText<HTMLInputElement>('Points (out of 10)');
    await user.type(points, '9');
    await user.click(screen.getByRole('button', { name: 'Save and open the next' }));
    expect(await screen.findByText(/Points must be at most 10/)).toBeTruthy();
    expect(points.value).toBe('9');
    expect(screen.getByRole('heading', { name: 'Asha Rao: Draw a Flemish bond' })).toBeTruthy();
  });

  it('when a review is half typed and the instructor follows a link away, then they are asked first', async () => {
    storeSession(instructor);
    const api = scriptedApi(queueServer().handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teaching/7/reviews', api.fetch);
    await user.type(await screen.findByLabelText('Points (out of 10)'), '5');
    await user.click(screen.getByRole('link', { name: '← All my batches' }));
    expect(await screen.findByRole('heading', { name: 'Leave without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/teaching/7/reviews');
    expect(screen.getByLabelText<HTMLInputElement>('Points (out of 10)').value).toBe('5');

    // Opening another answer asks too; keeping the review keeps what was typed.
    const queue = screen.getByRole('list', { name: 'Answers' });
    await user.click(within(queue).getByRole('button', { name: /Bea Sen/ }));
    expect(await screen.findByRole('heading', { name: 'Leave this review without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep reviewing' }));
    expect(screen.getByLabelText<HTMLInputElement>('Points (out of 10)').value).toBe('5');
    await user.click(within(queue).getByRole('button', { name: /Bea Sen/ }));
    await user.click(await screen.findByRole('button', { name: 'Discard and go on' }));
    expect(await screen.findByRole('heading', { name: 'Bea Sen: Draw a Flemish bond' })).toBeTruthy();
  });

  it("when the batch is another instructor's (the server answers 404), then the page says so and offers the way back", async () => {
    storeSession(instructor);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/teaching/batches': { data: { items: [batch] } },
      'GET /api/admin/teaching/batches/9/responses': apiError(404, 'NOT_FOUND', 'Batch was not found.'),
    });
    renderApp('/admin/teaching/9/reviews', api.fetch);
    expect(await screen.findByText('This batch was not found, or you do not teach it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your batches' }).getAttribute('href')).toBe(
      '/admin/teaching',
    );
  });
});
