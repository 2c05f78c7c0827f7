import { describe, expect, it } from 'vitest';
import {
  assignmentStatus,
  feedbackFormsDue,
  instalmentAlert,
  isQuizAttempted,
  moduleQuizScore,
  overdueAssignments,
  quizPercentage,
  type Assignment,
  type CourseModuleSession,
  type FeedbackRating,
  type InstalmentAlert,
  type QuizModule,
  type QuizQuestion,
} from './index.js';
import { NOW, TODAY, TOMORROW, YESTERDAY, dayOffset, withFrozen } from '../test/support.js';

describe('assignmentStatus (spec §4: submitted when a response carries a link or pdf)', () => {
  const rows: { when: string; assignment: Assignment | null; expected: string }[] = [
    {
      when: 'a response has a link',
      assignment: { AssignmentResponses: [{ link: 'https://drive/x' }] },
      expected: 'submitted',
    },
    {
      when: 'a response has a pdf',
      assignment: { AssignmentResponses: [{ link: '', pdf: 'files/a.pdf' }] },
      expected: 'submitted',
    },
    {
      when: 'only a later response has a link',
      assignment: { AssignmentResponses: [{ link: null, pdf: null }, { link: 'https://x' }] },
      expected: 'submitted',
    },
    {
      when: 'responses are empty',
      assignment: { AssignmentResponses: [{ link: '', pdf: '' }] },
      expected: 'pending',
    },
    {
      when: 'responses are blank',
      assignment: { AssignmentResponses: [{ link: '  ', pdf: '\t' }] },
      expected: 'pending',
    },
    {
      when: 'there are no responses',
      assignment: { AssignmentResponses: [] },
      expected: 'pending',
    },
    { when: 'the responses field is missing', assignment: { id: 1 }, expected: 'pending' },
    {
      when: 'the responses hold null',
      assignment: { AssignmentResponses: [null] },
      expected: 'pending',
    },
    { when: 'the assignment is null', assignment: null, expected: 'pending' },
  ];
  it.each(rows)('when $when, then it is $expected', ({ assignment, expected }) => {
    expect(withFrozen([assignment], (a) => assignmentStatus(a))).toBe(expected);
  });
});

describe('overdueAssignments (spec §4: pending assignments whose last date has passed)', () => {
  const pending = (id: string): Assignment => ({ id, AssignmentResponses: [] });
  const submitted = (id: string): Assignment => ({
    id,
    AssignmentResponses: [{ link: 'https://x' }],
  });
  const session = (assignmentLastDate: string | null, ...Assignments: Assignment[]): CourseModuleSession => ({
    assignmentLastDate,
    Assignments,
  });

  it('when sessions have passed, current and future deadlines, then only pending ones past their deadline return, in order', () => {
    const sessions = [
      session(dayOffset(-7), pending('a1'), submitted('a2'), pending('a3')),
      session(TODAY, pending('today')),
      session(TOMORROW, pending('tomorrow')),
      session('0000-00-00', pending('undated')),
      session(null, pending('null-date')),
      session(dayOffset(-2), pending('b1')),
    ];
    const overdue = withFrozen([sessions], (list) => overdueAssignments(list, NOW));
    expect(overdue.map((a) => a.id)).toEqual(['a1', 'a3', 'b1']);
    expect(overdue[0]).toBe(sessions[0]?.Assignments?.[0]);
  });

  it('when the deadline was yesterday in Kolkata, then it is overdue there but not yet in UTC', () => {
    const sessions = [session(YESTERDAY, pending('x'))];
    expect(overdueAssignments(sessions, NOW).map((a) => a.id)).toEqual(['x']);
    expect(overdueAssignments(sessions, NOW, 'UTC')).toEqual([]);
  });

  it('when sessions are missing or have no assignments, then nothing is overdue', () => {
    expect(overdueAssignments([], NOW)).toEqual([]);
    expect(overdueAssignments(null, NOW)).toEqual([]);
    expect(overdueAssignments([null, { assignmentLastDate: YESTERDAY }], NOW)).toEqual([]);
  });
});

describe('isQuizAttempted (spec §4: attempted when every question has a response)', () => {
  const answered: QuizQuestion = {
    CourseQuizResponses: [{ CourseQuizOption: { isCorrect: false } }],
  };
  const unanswered: QuizQuestion = { CourseQuizResponses: [] };
  it.each([
    {
      when: 'every question has a response',
      module: { CourseQuizQuestions: [answered, answered] },
      expected: true,
    },
    {
      when: 'one question has none',
      module: { CourseQuizQuestions: [answered, unanswered] },
      expected: false,
    },
    {
      when: 'a question lacks the responses field',
      module: { CourseQuizQuestions: [answered, {}] },
      expected: false,
    },
    { when: 'there are no questions', module: { CourseQuizQuestions: [] }, expected: false },
    { when: 'the questions field is missing', module: {}, expected: false },
    { when: 'the module is null', module: null, expected: false },
  ] satisfies { when: string; module: QuizModule | null; expected: boolean }[])(
    'when $when, then attempted is $expected',
    ({ module, expected }) => {
      expect(withFrozen([module], (m) => isQuizAttempted(m))).toBe(expected);
    },
  );
});

describe('quizPercentage (spec §4: correct over total, rounded)', () => {
  it.each([
    { correct: 3, total: 4, expected: 75 },
    { correct: 1, total: 3, expected: 33 },
    { correct: 2, total: 3, expected: 67 },
    { correct: 1, total: 8, expected: 13 },
    { correct: 4, total: 4, expected: 100 },
    { correct: 0, total: 5, expected: 0 },
    { correct: 0, total: 0, expected: 0 },
    { correct: 5, total: 0, expected: 0 },
    { correct: Number.NaN, total: 3, expected: 0 },
  ])(
    'when $correct of $total are correct, then the percentage is $expected',
    ({ correct, total, expected }) => {
      expect(quizPercentage(correct, total)).toBe(expected);
    },
  );
});

describe('moduleQuizScore (a question is correct when its latest response is)', () => {
  const response = (isCorrect: boolean | number | null) => ({ CourseQuizOption: { isCorrect } });
  it.each([
    {
      when: 'the latest response is right after a wrong one',
      questions: [{ CourseQuizResponses: [response(false), response(true)] }],
      expected: { correct: 1, total: 1, percentage: 100 },
    },
    {
      when: 'the latest response is wrong after a right one',
      questions: [{ CourseQuizResponses: [response(true), response(false)] }],
      expected: { correct: 0, total: 1, percentage: 0 },
    },
    {
      when: 'a question has no response',
      questions: [
        { CourseQuizResponses: [response(true)] },
        { CourseQuizResponses: [] },
        { CourseQuizResponses: [response(true)] },
      ],
      expected: { correct: 2, total: 3, percentage: 67 },
    },
    {
      when: 'a response has no option or a null flag',
      questions: [{ CourseQuizResponses: [{}] }, { CourseQuizResponses: [response(null)] }],
      expected: { correct: 0, total: 2, percentage: 0 },
    },
    {
      when: 'the flag arrives as 1 from a tinyint column',
      questions: [{ CourseQuizResponses: [response(1)] }, { CourseQuizResponses: [response(0)] }],
      expected: { correct: 1, total: 2, percentage: 50 },
    },
    {
      when: 'there are no questions',
      questions: [],
      expected: { correct: 0, total: 0, percentage: 0 },
    },
  ] satisfies { when: string; questions: QuizQuestion[]; expected: object }[])(
    'when $when, then the score is $expected.correct of $expected.total',
    ({ questions, expected }) => {
      expect(withFrozen([{ CourseQuizQuestions: questions }], (m) => moduleQuizScore(m))).toEqual(expected);
    },
  );

  it('when the module is null, then the score is zero of zero', () => {
    expect(moduleQuizScore(null)).toEqual({ correct: 0, total: 0, percentage: 0 });
  });
});

describe('instalmentAlert (spec §4 "EMI payment lock", §9: popup 1–5 days ahead, banner due or overdue)', () => {
  const due = (...dates: (string | null)[]) => dates.map((dueDate) => ({ dueDate }));
  const rows: {
    when: string;
    details: { dueDate: string | null }[] | null;
    tz?: string;
    expected: InstalmentAlert;
  }[] = [
    {
      when: 'the earliest is due tomorrow',
      details: due(TOMORROW),
      expected: { kind: 'popup', daysLeft: 1, locked: true },
    },
    {
      when: 'the earliest is due in 5 days',
      details: due(dayOffset(5)),
      expected: { kind: 'popup', daysLeft: 5, locked: true },
    },
    {
      when: 'the earliest is due in 6 days',
      details: due(dayOffset(6)),
      expected: { kind: null, daysLeft: 6, locked: false },
    },
    {
      when: 'the earliest is due today',
      details: due(TODAY),
      expected: { kind: 'banner', daysLeft: 0, locked: true },
    },
    {
      when: 'the earliest is 10 days overdue',
      details: due(dayOffset(-10)),
      expected: { kind: 'banner', daysLeft: -10, locked: true },
    },
    {
      when: 'the due date is yesterday in Kolkata',
      details: due(YESTERDAY),
      expected: { kind: 'banner', daysLeft: -1, locked: true },
    },
    {
      when: 'a date 5 days away in Kolkata is judged in UTC, where it is 6 days away',
      details: due(dayOffset(5)),
      tz: 'UTC',
      expected: { kind: null, daysLeft: 6, locked: false },
    },
    {
      when: 'instalments are unsorted and some undated',
      details: due(dayOffset(20), '0000-00-00', dayOffset(2), null, '', dayOffset(4)),
      expected: { kind: 'popup', daysLeft: 2, locked: true },
    },
    {
      when: 'no instalment has a due date',
      details: due('0000-00-00', null, 'soon'),
      expected: { kind: null, daysLeft: null, locked: false },
    },
    {
      when: 'there are no instalments',
      details: [],
      expected: { kind: null, daysLeft: null, locked: false },
    },
    {
      when: 'the list is missing',
      details: null,
      expected: { kind: null, daysLeft: null, locked: false },
    },
  ];
  it.each(rows)('when $when, then the alert is $expected.kind', ({ details, tz, expected }) => {
    expect(withFrozen([details], (d) => instalmentAlert(d, NOW, tz))).toEqual(expected);
  });
});

describe('feedbackFormsDue (spec §4 "Feedback forms": 20 % and 65 % of the sessions)', () => {
  /** Ten sessions: form 1's is index 2, form 2's index 6. */
  const tenSessions = (form1Date: string | null, form2Date: string | null): CourseModuleSession[] =>
    Array.from({ length: 10 }, (_, index) => ({
      id: index,
      // Every other session is far in the future so only the two threshold sessions matter.
      sessionDate: index === 2 ? form1Date : index === 6 ? form2Date : dayOffset(100),
    }));
  const open: FeedbackRating[] = [
    { type: 1, status: 0 },
    { type: 2, status: 0 },
  ];
  const rows: {
    when: string;
    sessions: CourseModuleSession[];
    ratings: FeedbackRating[] | null;
    isModerator?: boolean;
    tz?: string;
    expected: number[];
  }[] = [
    {
      when: 'both sessions have been reached and both ratings are open',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: open,
      expected: [1, 2],
    },
    {
      when: 'form 2’s session is tomorrow',
      sessions: tenSessions(dayOffset(-9), TOMORROW),
      ratings: open,
      expected: [1],
    },
    {
      when: 'both sessions are today',
      sessions: tenSessions(TODAY, TODAY),
      ratings: open,
      expected: [1, 2],
    },
    {
      when: 'both sessions are today in Kolkata but judged in UTC, where they are tomorrow',
      sessions: tenSessions(TODAY, TODAY),
      ratings: open,
      tz: 'UTC',
      expected: [],
    },
    {
      when: 'form 2 has been given (status 1)',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: [
        { type: 1, status: 0 },
        { type: 2, status: 1 },
      ],
      expected: [1],
    },
    {
      when: 'there is no rating entry of type 1',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: [{ type: 2, status: 0 }],
      expected: [2],
    },
    {
      when: 'ratings come in reverse order',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: [
        { type: 2, status: 0 },
        { type: 1, status: 0 },
      ],
      expected: [1, 2],
    },
    {
      when: 'the user is a moderator',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: open,
      isModerator: true,
      expected: [],
    },
    {
      when: 'form 1’s session is undated',
      sessions: tenSessions('0000-00-00', dayOffset(-1)),
      ratings: open,
      expected: [2],
    },
    { when: 'there are no sessions', sessions: [], ratings: open, expected: [] },
    {
      when: 'ratings are missing',
      sessions: tenSessions(dayOffset(-9), dayOffset(-1)),
      ratings: null,
      expected: [],
    },
    {
      when: 'a single past session serves both forms',
      sessions: [{ sessionDate: dayOffset(-1) }],
      ratings: open,
      expected: [1, 2],
    },
  ];
  it.each(rows)(
    'when $when, then forms $expected are due',
    ({ sessions, ratings, isModerator, tz, expected }) => {
      expect(
        withFrozen([sessions, ratings], (s, r) => feedbackFormsDue(s, r, NOW, isModerator ?? false, tz)),
      ).toEqual(expected);
    },
  );

  it('when the list has 20 sessions, then forms use sessions 4 and 13 (floor of 20 % and 65 %)', () => {
    const sessions = Array.from({ length: 20 }, (_, index) => ({
      sessionDate: index === 4 || index === 13 ? dayOffset(-1) : dayOffset(1),
    }));
    expect(feedbackFormsDue(sessions, open, NOW, false)).toEqual([1, 2]);
    const shifted = Array.from({ length: 20 }, (_, index) => ({
      sessionDate: index === 5 || index === 14 ? dayOffset(-1) : dayOffset(1),
    }));
    expect(feedbackFormsDue(shifted, open, NOW, false)).toEqual([]);
  });
});
