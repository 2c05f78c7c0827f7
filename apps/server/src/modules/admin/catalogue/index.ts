/* Catalogue authoring in the staff console (issue 17 point 1): its routes, registered by the admin module. */
export { catalogueAdminRoutes } from './catalogue.routes.js';
export { CATALOGUE_INVALIDATION } from './catalogue.service.js';
