/*
 * The quizzes module's face (docs/decisions/0013; issue 15): module quizzes: questions, server grading, retakes and progress.
 * Course-scoped calls go through the learning module's `courseAccess` gate.
 */
export { quizzesRoutes } from './quizzes.routes.js';
