/*
 * The staff console module's face (docs/decisions/0013), issue 17 first slice. Plugin: the
 * `/api/admin/*` calls (leads, form submissions, outbox and retry, trip applications and review,
 * competition registrations, audit log, who am I). Service API: `recordAudit`, which every console
 * write calls in its own transaction.
 */
export { adminRoutes } from './admin.routes.js';
export { recordAudit, type AuditActor, type AuditEntry, type AuditRequest } from './audit.js';
// Catalogue authoring (helper "catalogue"): what a catalogue write makes stale in the public cache.
export { CATALOGUE_INVALIDATION } from './catalogue/index.js';
