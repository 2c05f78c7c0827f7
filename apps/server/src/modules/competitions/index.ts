/*
 * The competitions module's face (docs/decisions/0013). Plugin: the competition pages' calls and
 * free registration. Service API: the competition pages (sitemap). Paid registration is the
 * payments module's order flow (`purchase-effects.ts` confirms it).
 */
export { competitionsRoutes } from './competitions.routes.js';
export { listCompetitionPages } from './competitions.service.js';
