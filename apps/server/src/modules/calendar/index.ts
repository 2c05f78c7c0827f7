/*
 * The calendar module's face (docs/decisions/0013; issue 15): the learner's private iCalendar feed of their sessions
 * (`GET /api/calendar/{secretKey}.ics`, docs/decisions/0024). The key is the credential; no
 * session is needed, so it does not go through `courseAccess` (it lists only the key owner's
 * enrolled, non-refunded batches).
 */
export { calendarRoutes } from './calendar.routes.js';
/** The iCalendar builder and a learner's dated sessions (the notifications module attaches a session's `.ics` to its reminder). */
export { buildFeed, feedSessions, type FeedSession } from './calendar.service.js';
