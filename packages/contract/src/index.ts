/**
 * @atelier/contract: zod schemas of every /api request and response. The server validates and
 * serialises with them (the response schema is the whitelist), the OpenAPI document is generated
 * from them, and the web client takes its types from them.
 */
export * from './envelope.js';
export * from './wire.js';
export * from './health.js';
export * from './catalogue.js';
export * from './marketing.js';
export * from './auth.js';
export * from './users.js';
export * from './workshops.js';
export * from './blogs.js';
export * from './trips.js';
export * from './consultation.js';
export * from './resources.js';
export * from './referrals.js';
export * from './homepage.js';
export * from './jobs.js';
export * from './commerce.js';
export * from './wallet.js';
export * from './site.js';
export * from './learning.js';
export * from './learner-resources.js';
export * from './calendar.js';
export * from './leads.js';
export * from './trip-applications.js';
export * from './competitions.js';
export * from './notifications.js';
export * from './endpoint-paths.js';
export * from './admin-endpoint-paths.js';
export * from './endpoints.js';
export * from './admin.js';
// Staff console: learners and staff (issue 17 point 3).
export * from './admin-learners.js';
// Staff console: money (issue 17 point 5).
export * from './admin-money.js';
// Staff console: reports (issue 17 point 7).
export * from './admin-reports.js';
// Staff console — teaching (issue 17).
export * from './admin-teaching.js';
export * from './admin-content.js'; // Staff console: content (issue 17 point 2)
// Staff console: catalogue authoring (helper "catalogue").
export * from './admin-catalogue.js';
