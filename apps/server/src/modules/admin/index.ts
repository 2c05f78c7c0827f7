/*
 * The staff console module's face (docs/decisions/0013), issue 17 first slice. Plugin: the
 * `/api/admin/*` calls (leads, form submissions, outbox and retry, trip applications and review,
 * competition registrations, audit log, who am I). Service API: `recordAudit`, which every console
 * write calls in its own transaction. Reports (issue 17 point 7, `reports/`) register inside
 * `adminRoutes`.
 */
export { adminRoutes } from './admin.routes.js';
export { recordAudit, type AuditActor, type AuditEntry, type AuditRequest } from './audit.js';
// Learners, payouts, staff accounts and roles (issue 17 point 3).
export { adminLearnersRoutes } from './learners/learners.routes.js';
// Staff console — teaching (issue 17 points 1 and 4).
export { teachingRoutes } from './teaching/teaching.routes.js';
// Content (issue 17 point 2): blogs and trips.
export { adminContentRoutes } from './content/content.routes.js';
// Catalogue authoring (helper "catalogue"): what a catalogue write makes stale in the public cache.
export { CATALOGUE_INVALIDATION } from './catalogue/index.js';
