import type { CourseDashboard } from '@atelier/contract';
import type { ScriptedAnswer } from '../../../lib/testing/identity-fixtures';
import type { ModuleQuiz } from './api';

/*
 * Data for the course sidebar's tests: a course of two modules and a stateful stand-in for the
 * quiz calls (graded like the server: `isCorrect` and explanations only for answered questions).
 * No test-runner imports, so a local preview can use it too.
 */

export const BATCH_ID = 40;
export const QUIZ_MODULE_ID = 11;
export const PLAIN_MODULE_ID = 12;

/** A wire date `days` from today. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function session(
  id: number,
  sequence: number,
  overrides: Partial<
    CourseDashboard['courseModules'][number]['CourseModuleDetails'][number]['CourseModuleSession']
  > = {},
) {
  return {
    id,
    detailId: 100 + id,
    sequence,
    title: `Detail ${id}`,
    CourseModuleSession: {
      id,
      sequence,
      type: 1,
      title: `Session ${id}`,
      description: '',
      sessionDate: null,
      sessionStartTime: null,
      sessionEndTime: null,
      assignmentLastDate: null,
      recordingUrl: null,
      Assignments: [],
      ...overrides,
    },
  };
}

export function dashboardFixture(overrides: Partial<CourseDashboard['batch']> = {}): CourseDashboard {
  return {
    course: { id: 7, name: 'Revit for Architects', type: 1, slug: 'revit', zoomLink: null, Batches: [] },
    batch: {
      id: BATCH_ID,
      sessionType: 1,
      startDate: dayFromToday(-30),
      endDate: dayFromToday(30),
      ...overrides,
    },
    isCertModal: false,
    isModeratorView: false,
    feedbackRatings: [],
    courseModules: [
      {
        id: PLAIN_MODULE_ID,
        sequence: 2,
        title: 'Documentation sets',
        certificateTitle: null,
        hasQuiz: false,
        Modals: [],
        CourseModuleDetails: [
          session(21, 1, {
            title: 'Sheets and views',
            sessionDate: dayFromToday(3),
            sessionStartTime: '19:30:00',
            description: 'Placing views on sheets.',
          }),
          session(22, 2, { title: 'Schedules', sessionDate: dayFromToday(10), sessionStartTime: '19:30:00' }),
        ],
      },
      {
        id: QUIZ_MODULE_ID,
        sequence: 1,
        title: 'Modelling basics',
        certificateTitle: 'Revit Modelling Fundamentals',
        hasQuiz: true,
        Modals: [],
        CourseModuleDetails: [
          session(13, 2, {
            title: 'Walls and floors',
            sessionDate: dayFromToday(-5),
            sessionStartTime: '18:00:00',
            description: 'Walls, floors and their types.',
            recordingUrl: 'https://video.example/walls',
            assignmentLastDate: dayFromToday(-1),
            Assignments: [
              {
                id: 501,
                title: 'Model a small house',
                details: '',
                status: 'open',
                maxPoints: 10,
                AssignmentResponses: [
                  {
                    id: 9,
                    assignmentId: 501,
                    link: 'https://drive.example/house',
                    pdf: null,
                    pdfName: null,
                    points: 8,
                    reviewComment: null,
                    createdAt: '2026-01-01T00:00:00Z',
                    updatedAt: '2026-01-01T00:00:00Z',
                  },
                ],
              },
              {
                id: 502,
                title: 'Sketch a roof',
                details: '',
                status: 'open',
                maxPoints: 10,
                AssignmentResponses: [],
              },
            ],
          }),
          session(12, 1, {
            title: 'Interface tour',
            sessionDate: dayFromToday(-12),
            sessionStartTime: '18:00:00',
          }),
        ],
      },
    ],
  };
}

/** The quiz's questions: text, options, and which option is right (the server's secret). */
const QUESTIONS = [
  {
    id: 201,
    question: 'Which tool draws a wall?',
    options: ['Wall', 'Floor', 'Roof'],
    correct: 0,
    explanation: 'Architecture › Wall.',
  },
  {
    id: 202,
    question: 'What does a level set?',
    options: ['A colour', 'A height', 'A font'],
    correct: 1,
    explanation: 'Levels are heights.',
  },
  {
    id: 203,
    question: 'Where are sheets listed?',
    options: ['Properties', 'Project Browser', 'Ribbon'],
    correct: 1,
    explanation: 'The Project Browser lists sheets.',
  },
  {
    id: 204,
    question: 'Which view shows a plan?',
    options: ['Floor plan', 'Elevation', 'Section'],
    correct: 0,
    explanation: null,
  },
] as const;

const optionId = (questionId: number, index: number) => questionId * 10 + index;

/**
 * A stand-in for the quiz calls of one module, kept in memory: answers given (question → option),
 * the attempt, the pass mark. Graded as the server grades; a second answer → 409.
 */
export class FakeQuizServer {
  answers = new Map<number, number>();
  attempt = 1;
  constructor(
    public passPercentage = 75,
    answered: Record<number, number> = {},
  ) {
    for (const [question, option] of Object.entries(answered)) this.answers.set(Number(question), option);
  }

  /** Answers question `n` (0-based) right or wrong. */
  static answer(n: number, right: boolean): [number, number] {
    const q = QUESTIONS[n]!;
    const index = right ? q.correct : (q.correct + 1) % q.options.length;
    return [q.id, optionId(q.id, index)];
  }

  score() {
    const total = QUESTIONS.length;
    const correct = QUESTIONS.filter((q) => this.answers.get(q.id) === optionId(q.id, q.correct)).length;
    const percentage = Math.round((correct * 100) / total);
    return {
      attempted: this.answers.size === total,
      correct,
      total,
      percentage,
      passed: this.answers.size === total && percentage >= this.passPercentage,
    };
  }

  quiz(): ModuleQuiz {
    return {
      id: 300,
      cmId: QUIZ_MODULE_ID,
      sequence: 1,
      title: 'Modelling basics',
      certificateTitle: 'Revit Modelling Fundamentals',
      passPercentage: this.passPercentage,
      attempt: this.attempt,
      score: this.score(),
      CourseQuizQuestions: QUESTIONS.map((q, n) => {
        const picked = this.answers.get(q.id);
        return {
          id: q.id,
          sequence: n + 1,
          question: q.question,
          explanation: picked === undefined ? null : q.explanation,
          CourseQuizOptions: q.options.map((text, i) => ({
            id: optionId(q.id, i),
            sequence: i + 1,
            text,
            ...(picked === undefined ? {} : { isCorrect: i === q.correct }),
          })),
          CourseQuizResponses:
            picked === undefined
              ? []
              : [
                  {
                    id: q.id * 100,
                    optionId: picked,
                    attempt: this.attempt,
                    CourseQuizOption: { id: picked, isCorrect: picked === optionId(q.id, q.correct) },
                  },
                ],
        };
      }),
    };
  }

  handlers(): Record<string, ScriptedAnswer | ((body: unknown) => ScriptedAnswer)> {
    return {
      [`GET /api/user/course/module/${QUIZ_MODULE_ID}/quiz`]: () => ({ data: this.quiz() }),
      'POST /api/user/course/quiz': () => {
        const score = this.score();
        return {
          data: {
            modules: [this.quiz()],
            progress: {
              overall: score.attempted ? 100 : 0,
              average: score.attempted ? score.percentage : 0,
              total: 1,
              attempted: score.attempted ? 1 : 0,
              passed: score.passed ? 1 : 0,
            },
          },
        };
      },
      'POST /api/user/quiz/response/submit': (body) => {
        const { questionId, optionId: picked } = body as { questionId: number; optionId: number };
        const q = QUESTIONS.find((x) => x.id === questionId)!;
        if (this.answers.has(questionId)) {
          return {
            status: 409,
            body: { code: 409, error: 'CONFLICT', message: 'You have already answered this question.' },
          };
        }
        this.answers.set(questionId, picked);
        return {
          data: {
            isCorrect: picked === optionId(q.id, q.correct),
            correctOptionId: optionId(q.id, q.correct),
            explanation: q.explanation,
            attempt: this.attempt,
            score: this.score(),
          },
        };
      },
      'POST /api/user/course/module/quiz/retake': () => {
        this.answers.clear();
        this.attempt += 1;
        return { data: { moduleId: QUIZ_MODULE_ID, attempt: this.attempt } };
      },
    };
  }
}

export const QUIZ = QUESTIONS;
