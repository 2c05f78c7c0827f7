/*
 * The certificates module's face (docs/decisions/0013; issue 15): certificate eligibility, issue, PDF, sharing, popups and public verification.
 * Course-scoped calls go through the learning module's `courseAccess` gate.
 */
export { certificatesRoutes } from './certificates.routes.js';
