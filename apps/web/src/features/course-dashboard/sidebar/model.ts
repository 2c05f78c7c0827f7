import type { CourseDashboard, CourseModuleSessionWire, CourseModuleWire } from '@atelier/contract';
import { sessionLabel } from '@atelier/domain';
import type { ModuleQuiz } from './api';

/** A session with where it sits in the course: its module and its `M{m}_S{s}` label. */
export interface PlacedSession {
  session: CourseModuleSessionWire;
  module: CourseModuleWire;
  moduleIndex: number;
  label: string;
}

function bySequence<T extends { sequence: number; id: number }>(a: T, b: T): number {
  return a.sequence - b.sequence || a.id - b.id;
}

/** The dashboard's modules in course order (by `sequence`). */
export function orderedModules(dashboard: CourseDashboard): CourseModuleWire[] {
  return [...dashboard.courseModules].sort(bySequence);
}

/**
 * Every session of the course in order, labelled `M{m}_S{s}` by the 1-based positions of its
 * module and of the session within it (spec §2; the domain's `sessionLabel` formats).
 */
export function placedSessions(dashboard: CourseDashboard): PlacedSession[] {
  return orderedModules(dashboard).flatMap((module, m) =>
    [...module.CourseModuleDetails].sort(bySequence).map((detail, s) => ({
      session: detail.CourseModuleSession,
      module,
      moduleIndex: m + 1,
      label: sessionLabel(m + 1, s + 1),
    })),
  );
}

/** A module and its 1-based position in the course, or null when it is not this course's. */
export function placedModule(
  dashboard: CourseDashboard,
  moduleId: number | undefined,
): { module: CourseModuleWire; index: number } | null {
  if (moduleId === undefined) return null;
  const modules = orderedModules(dashboard);
  const index = modules.findIndex((module) => module.id === moduleId);
  const module = modules[index];
  return module ? { module, index: index + 1 } : null;
}

export type QuizQuestion = ModuleQuiz['CourseQuizQuestions'][number];

/** The questions of a quiz in order. */
export function orderedQuestions(quiz: ModuleQuiz): QuizQuestion[] {
  return [...quiz.CourseQuizQuestions].sort(bySequence);
}

/** The option the learner picked in the current attempt, or null before answering. */
export function pickedOptionId(question: QuizQuestion): number | null {
  return question.CourseQuizResponses.at(-1)?.optionId ?? null;
}

/**
 * The correct option's id, once the question is answered in this attempt (the server sends no
 * `isCorrect` before; were one sent anyway, it is still not shown before answering).
 */
export function correctOptionId(question: QuizQuestion): number | null {
  if (question.CourseQuizResponses.length === 0) return null;
  return question.CourseQuizOptions.find((option) => option.isCorrect === true)?.id ?? null;
}

/** Whether the learner's answer was right (null before answering). */
export function answeredCorrectly(question: QuizQuestion): boolean | null {
  const response = question.CourseQuizResponses.at(-1);
  return response ? response.CourseQuizOption.isCorrect : null;
}

/** Where to resume: the first unanswered question, or the last one when every one is answered. */
export function resumeIndex(questions: readonly QuizQuestion[]): number {
  const first = questions.findIndex((question) => question.CourseQuizResponses.length === 0);
  return first === -1 ? Math.max(0, questions.length - 1) : first;
}

/** How many questions are answered in the current attempt. */
export function answeredCount(questions: readonly QuizQuestion[]): number {
  return questions.filter((question) => question.CourseQuizResponses.length > 0).length;
}

/** `'Option B'`-style letters for options, for a screen reader and the eye alike. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}
