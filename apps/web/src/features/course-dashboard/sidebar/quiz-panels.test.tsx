import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN } from '../../../lib/testing/identity-fixtures';
import { FakeQuizServer, QUIZ, QUIZ_MODULE_ID, renderSidebar, sidebarApi } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const target = { moduleId: QUIZ_MODULE_ID };

function openQuiz(
  server: FakeQuizServer,
  panel: 'quiz-onboarding' | 'quiz-questions' | 'quiz-result' | 'quiz-answers',
  readOnly = false,
) {
  const api = sidebarApi(server.handlers());
  const view = renderSidebar(api.fetch, { panel, target, readOnly, ...(readOnly ? { learnerId: 77 } : {}) });
  return { api, ...view };
}

const options = () => screen.getAllByRole('radio');

describe('quiz onboarding (panel 2)', () => {
  it('when the quiz is new, then it shows the module, the number of questions, the pass mark and the attempt, and Start quiz opens the questions', async () => {
    const user = userEvent.setup();
    const { onPanel } = openQuiz(new FakeQuizServer(75), 'quiz-onboarding');
    expect(await screen.findByRole('heading', { level: 2, name: 'Modelling basics' })).toBeTruthy();
    const facts = screen.getByText('Questions').closest('dl')!;
    expect(within(facts).getByText('4')).toBeTruthy();
    expect(within(facts).getByText('75%')).toBeTruthy();
    expect(within(facts).getByText('Attempt').nextSibling?.textContent).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    expect(onPanel).toHaveBeenLastCalledWith('quiz-questions', target);
    expect(await screen.findByText('Question 1 of 4')).toBeTruthy();
  });

  it('when every question is already answered, then it offers the result straight away instead of starting', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, true)));
    const { onPanel } = openQuiz(new FakeQuizServer(75, answered), 'quiz-onboarding');
    await user.click(await screen.findByRole('button', { name: 'View result' }));
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
    expect(onPanel).toHaveBeenLastCalledWith('quiz-result', target);
  });
});

describe('quiz questioning (panel 3)', () => {
  it('when a question is not answered yet, then no option is marked correct and no explanation shows', async () => {
    openQuiz(new FakeQuizServer(), 'quiz-questions');
    await screen.findByText('Which tool draws a wall?');
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(screen.queryByText(/Correct!|Not quite/)).toBeNull();
    expect(screen.queryByText('Architecture › Wall.')).toBeNull();
    expect(
      options().every(
        (radio) => !(radio as HTMLInputElement).checked && !(radio as HTMLInputElement).disabled,
      ),
    ).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit answer' }).disabled).toBe(true);
  });

  it('when a server wrongly sent isCorrect for unanswered questions, then still nothing is revealed before answering', async () => {
    const server = new FakeQuizServer();
    const honest = server.quiz.bind(server);
    server.quiz = () => {
      const quiz = honest();
      for (const question of quiz.CourseQuizQuestions) {
        question.CourseQuizOptions.forEach((option, i) => (option.isCorrect = i === 0));
      }
      return quiz;
    };
    openQuiz(server, 'quiz-questions');
    await screen.findByText('Which tool draws a wall?');
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when the answers list opens before any answer, then no correct answer is revealed, even if a server leaked one', async () => {
    const server = new FakeQuizServer();
    const honest = server.quiz.bind(server);
    server.quiz = () => {
      const quiz = honest();
      for (const question of quiz.CourseQuizQuestions) {
        question.CourseQuizOptions.forEach((option, i) => (option.isCorrect = i === 0));
      }
      return quiz;
    };
    openQuiz(server, 'quiz-answers');
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    for (const item of items) expect(item.textContent).toContain('Shown once the question is answered');
  });

  it('when the learner answers wrongly, then the verdict, the correct option highlighted and the explanation show at once, and Next moves on', async () => {
    const user = userEvent.setup();
    const { api } = openQuiz(new FakeQuizServer(), 'quiz-questions');
    const group = await screen.findByRole('group', { name: /Question 1 of 4: Which tool draws a wall\?/ });
    await user.click(within(group).getByRole('radio', { name: /Floor/ }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));

    const feedback = await screen.findByRole('status');
    expect(feedback.textContent).toContain('Not quite. The correct answer is A: Wall.');
    expect(feedback.textContent).toContain('Architecture › Wall.');
    expect(screen.getByText('Correct answer').closest('label')?.textContent).toContain('Wall');
    expect(screen.getByText('Your answer').closest('label')?.textContent).toContain('Floor');
    expect(options().every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
    expect(api.callsTo('POST /api/user/quiz/response/submit')[0]).toMatchObject({
      body: { questionId: QUIZ[0].id, optionId: QUIZ[0].id * 10 + 1 },
      authorization: `Bearer ${TOKEN}`,
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 2 of 4')).toBeTruthy();
    expect(screen.getByText('What does a level set?')).toBeTruthy();

    // Previous goes back to the answered question, still showing its feedback.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect((await screen.findByRole('status')).textContent).toContain('Not quite.');
  });

  it('when the learner answers rightly with the keyboard only, then it says Correct!', async () => {
    const user = userEvent.setup();
    openQuiz(new FakeQuizServer(), 'quiz-questions');
    const radios = await screen.findAllByRole('radio');
    radios[0]!.focus();
    await user.keyboard(' ');
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit answer' }));
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('Correct!');
  });

  it('when some questions were answered before, then it resumes at the first unanswered one', async () => {
    const answered = Object.fromEntries([FakeQuizServer.answer(0, true), FakeQuizServer.answer(1, false)]);
    openQuiz(new FakeQuizServer(75, answered), 'quiz-questions');
    expect(await screen.findByText('Question 3 of 4')).toBeTruthy();
    expect(screen.getByText('Where are sheets listed?')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when the last question is answered, then See your result opens the result panel', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([0, 1, 2].map((n) => FakeQuizServer.answer(n, true)));
    const { onPanel } = openQuiz(new FakeQuizServer(75, answered), 'quiz-questions');
    await screen.findByText('Question 4 of 4');
    await user.click(screen.getByRole('radio', { name: /Floor plan/ }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    await user.click(await screen.findByRole('button', { name: 'See your result' }));
    expect(onPanel).toHaveBeenLastCalledWith('quiz-result', target);
    expect(await screen.findByText('100%')).toBeTruthy();
  });

  it('when the server says the question was already answered (409), then its words show and the stored answer loads', async () => {
    const user = userEvent.setup();
    const server = new FakeQuizServer();
    openQuiz(server, 'quiz-questions');
    await screen.findByText('Which tool draws a wall?');
    // Answered meanwhile in another tab.
    const [question, option] = FakeQuizServer.answer(0, true);
    server.answers.set(question, option);
    await user.click(screen.getByRole('radio', { name: /Roof/ }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already answered this question.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Correct!'));
  });
});

describe('result calls to action (panel 4)', () => {
  it('when the quiz is passed, then the score, Passed, View answers, Retake and Get certificate show', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([
      FakeQuizServer.answer(0, true),
      FakeQuizServer.answer(1, true),
      FakeQuizServer.answer(2, true),
      FakeQuizServer.answer(3, false),
    ]);
    const { onPanel } = openQuiz(new FakeQuizServer(75, answered), 'quiz-result');
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(screen.getByText('3 of 4 correct')).toBeTruthy();
    expect(screen.getByText('Passed — the pass mark is 75%.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retake quiz' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get certificate' }));
    expect(onPanel).toHaveBeenLastCalledWith('certificate', target);
  });

  it('when the quiz is not passed, then it says so and offers no certificate', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([
      FakeQuizServer.answer(0, true),
      FakeQuizServer.answer(1, false),
      FakeQuizServer.answer(2, true),
      FakeQuizServer.answer(3, false),
    ]);
    const { onPanel } = openQuiz(new FakeQuizServer(75, answered), 'quiz-result');
    expect(await screen.findByText('50%')).toBeTruthy();
    expect(screen.getByText('Not passed — the pass mark is 75%.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get certificate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View answers' }));
    expect(onPanel).toHaveBeenLastCalledWith('quiz-answers', target);
  });

  it('when the learner confirms a retake, then the answers clear, the attempt counts and the questions start again at 1', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, false)));
    const server = new FakeQuizServer(75, answered);
    const { api, onPanel } = openQuiz(server, 'quiz-result');
    await user.click(await screen.findByRole('button', { name: 'Retake quiz' }));
    // Nothing happens before the confirmation.
    expect(api.callsTo('POST /api/user/course/module/quiz/retake')).toHaveLength(0);
    const confirm = screen.getByRole('group', {
      name: /Retake this quiz\? Your answers of attempt 1 are cleared and attempt 2 starts\./,
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, retake' }));
    await waitFor(() => expect(onPanel).toHaveBeenLastCalledWith('quiz-questions', target));
    expect(api.callsTo('POST /api/user/course/module/quiz/retake')[0]?.body).toEqual({
      moduleId: QUIZ_MODULE_ID,
    });
    expect(await screen.findByText('Question 1 of 4')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(options().every((radio) => !(radio as HTMLInputElement).disabled)).toBe(true);
  });

  it('when the retake is cancelled, then nothing is sent', async () => {
    const user = userEvent.setup();
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, false)));
    const { api } = openQuiz(new FakeQuizServer(75, answered), 'quiz-result');
    await user.click(await screen.findByRole('button', { name: 'Retake quiz' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /Retake this quiz/ })).toBeNull();
    expect(api.callsTo('POST /api/user/course/module/quiz/retake')).toHaveLength(0);
  });
});

describe('list of answers (panel 5)', () => {
  it('when opened, then every question shows the learner answer, the correct answer and the explanation; unanswered ones reveal nothing', async () => {
    const answered = Object.fromEntries([FakeQuizServer.answer(0, true), FakeQuizServer.answer(1, false)]);
    openQuiz(new FakeQuizServer(75, answered), 'quiz-answers');
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]!.textContent).toContain('Your answerA. WallCorrect');
    expect(items[0]!.textContent).toContain('Architecture › Wall.');
    expect(items[1]!.textContent).toContain('Your answerC. A fontIncorrect');
    expect(items[1]!.textContent).toContain('Correct answerB. A height');
    expect(items[2]!.textContent).toContain('Not answered');
    expect(items[2]!.textContent).toContain('Shown once the question is answered');
    expect(items[2]!.textContent).not.toContain('The Project Browser lists sheets.');
  });
});

describe("a moderator's read-only view", () => {
  it('when a moderator opens the questions, then the answers show read-only, from the learner quiz call with userId, and nothing can be answered or retaken', async () => {
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, n !== 1)));
    const { api } = openQuiz(new FakeQuizServer(75, answered), 'quiz-questions', true);
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain("Learner's answer");
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Submit|Retake/ })).toBeNull();
    expect(api.callsTo('POST /api/user/course/quiz')[0]?.body).toEqual({ batchId: 40, userId: 77 });
    expect(api.callsTo(`GET /api/user/course/module/${QUIZ_MODULE_ID}/quiz`)).toHaveLength(0);
  });

  it('when a moderator opens the result, then there is no retake and no certificate', async () => {
    const answered = Object.fromEntries([0, 1, 2, 3].map((n) => FakeQuizServer.answer(n, true)));
    openQuiz(new FakeQuizServer(75, answered), 'quiz-result', true);
    expect(await screen.findByText('100%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View answers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retake|Get certificate/ })).toBeNull();
  });
});
