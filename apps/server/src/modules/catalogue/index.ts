/*
 * The catalogue module's face (docs/decisions/0013). Plugin: the catalogue, home page, workshop
 * page, brochure and redirect calls. Service API: the catalogue list (referrals) and the workshop
 * pages (sitemap); the visitor-country rule of the currency (checkout, payments).
 */
export { catalogueRoutes } from './catalogue.routes.js';
export { getMasterclassesAndCourses } from './catalogue.service.js';
export { listWorkshopPages } from './workshop-pages.service.js';
export { currencyForCountry, visitorCountry } from './catalogue.service.js';
