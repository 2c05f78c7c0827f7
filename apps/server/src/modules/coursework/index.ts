/*
 * The coursework module's face (docs/decisions/0013; issue 15): assignments (link or PDF), the learner's points and the batch leaderboard.
 * Course-scoped calls go through the learning module's `courseAccess` gate.
 */
export { courseworkRoutes } from './coursework.routes.js';
/** For the course dashboard: a response row on the wire (the PDF as its download address). */
export { assignmentPdfUrl, assignmentResponseWire } from './coursework.service.js';
