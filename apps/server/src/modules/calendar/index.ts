/*
 * The calendar module's face (docs/decisions/0013; issue 15): the learner's private iCalendar feed of their sessions.
 * Course-scoped calls go through the learning module's `courseAccess` gate.
 */
export { calendarRoutes } from './calendar.routes.js';
