import type {
  AssignmentResponse,
  CourseDashboard,
  CourseModuleSessionWire,
  CourseModuleWire,
  ResponseOf,
} from '@atelier/contract';

/*
 * Test fixtures of the course dashboard calls (issue 15 contract, packages/contract/src/learning.ts).
 * Imported by tests only; never by the app.
 */

type DashboardAssignment = CourseModuleSessionWire['Assignments'][number];

export function responseOf(id: number, assignmentId: number, overrides: Partial<AssignmentResponse> = {}) {
  return {
    id,
    assignmentId,
    link: 'https://drive.example.com/my-work',
    pdf: null,
    pdfName: null,
    points: null,
    reviewComment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } satisfies AssignmentResponse;
}

export function assignmentOf(id: number, overrides: Partial<DashboardAssignment> = {}): DashboardAssignment {
  return {
    id,
    title: `Assignment ${id}`,
    details: 'Draw the plan at 1:100.',
    status: 'open',
    maxPoints: 10,
    AssignmentResponses: [],
    ...overrides,
  };
}

export function sessionOf(
  id: number,
  sequence: number,
  date: string | null,
  overrides: Partial<CourseModuleSessionWire> = {},
): CourseModuleSessionWire {
  return {
    id,
    sequence,
    type: 1,
    title: `Session ${id}`,
    description: 'What we cover.',
    sessionDate: date,
    sessionStartTime: date ? '19:30:00' : null,
    sessionEndTime: date ? '21:00:00' : null,
    assignmentLastDate: null,
    recordingUrl: null,
    Assignments: [],
    ...overrides,
  };
}

export function moduleOf(
  id: number,
  sequence: number,
  title: string,
  sessions: CourseModuleSessionWire[],
  overrides: Partial<CourseModuleWire> = {},
): CourseModuleWire {
  return {
    id,
    sequence,
    title,
    certificateTitle: null,
    hasQuiz: false,
    Modals: [],
    CourseModuleDetails: sessions.map((session) => ({
      id: session.id,
      detailId: session.id + 10_000,
      sequence: session.sequence,
      title: session.title,
      CourseModuleSession: session,
    })),
    ...overrides,
  };
}

export function courseDashboard(overrides: Partial<CourseDashboard> = {}): CourseDashboard {
  return {
    course: {
      id: 3,
      name: 'Revit for Architects',
      type: 2,
      slug: 'revit',
      zoomLink: 'https://zoom.example.com/j/123',
      Batches: [{ id: 10, startDate: '2026-11-01' }],
    },
    batch: { id: 10, sessionType: 1, startDate: '2026-11-01', endDate: '2027-01-31' },
    isCertModal: false,
    courseModules: [],
    feedbackRatings: [
      { type: 1, status: 0 },
      { type: 2, status: 0 },
    ],
    isModeratorView: false,
    ...overrides,
  };
}

export const leaderboardRows: ResponseOf<'leaderboard'> = [
  { rank: 1, name: 'Meera K', score: 42, isYou: false },
  { rank: 2, name: 'Asha Rao', score: 30, isYou: true },
  { rank: 3, name: 'Ravi S', score: 12, isYou: false },
];

export function pointsOf(total = 8, max = 20): ResponseOf<'assignmentPoints'> {
  return { totalPoints: total, maxPoints: max, assignments: [] };
}

export function batchDetailsOf(): ResponseOf<'batchDetails'> {
  return {
    id: 10,
    sessionType: 1,
    startDate: '2026-11-01',
    endDate: '2027-01-31',
    zoomLink: 'https://zoom.example.com/j/123',
    Workshop: { id: 3, type: 2, title: 'Revit for Architects', shortTitle: 'Revit', slug: 'revit' },
    BatchSchedules: [],
    totals: { modules: 2, sessions: 4, sessionsHeld: 1, assignments: 2, assignmentsSubmitted: 1 },
    instalment: { daysLeft: null, nextDueDate: null },
  };
}
