/*
 * The trips module's face (docs/decisions/0013). Plugin: the trip calls. Service API: upcoming
 * trips (home page) and the trip pages (sitemap).
 */
export { tripsRoutes } from './trips.routes.js';
export { listTripPages, listUpcomingTrips } from './trips.service.js';
