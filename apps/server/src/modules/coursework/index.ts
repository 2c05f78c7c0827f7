/*
 * The coursework module's face (docs/decisions/0013; issue 15): assignments (link or PDF), the learner's points and the batch leaderboard.
 * Course-scoped calls go through the learning module's `courseAccess` gate.
 */
export { courseworkRoutes } from './coursework.routes.js';
