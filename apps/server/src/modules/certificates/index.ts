/*
 * The certificates module's face (docs/decisions/0013, 0025; issue 15): certificate eligibility,
 * issue on first download, the PDF, sharing, popups and public verification (the API call and the
 * server-rendered `/verify/{code}` page). Course-scoped calls go through the learning module's
 * `courseAccess` gate.
 */
export { certificatesRoutes } from './certificates.routes.js';
export { certificateVerifyPage } from './verify-page.js';
/** A fresh verification code (`ATL-XXXX-XXXX-XXXX`), e.g. for seeding issued certificates. */
export { CODE_ALPHABET, newCertificateCode } from './certificates.service.js';
