/*
 * The quizzes module's face (docs/decisions/0013; issue 15): module quizzes: questions, server grading, retakes and progress.
 * Course-scoped calls go through the learning module's `courseAccess` gate. Pass mark and
 * attempts: docs/decisions/0024.
 */
export { quizzesRoutes } from './quizzes.routes.js';
export { DEFAULT_PASS_PERCENTAGE } from './quizzes.repository.js';
