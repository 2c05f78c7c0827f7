/* The system module's face (docs/decisions/0013): its Fastify plugin; it offers no service API to other modules. */
export { healthRoutes } from './system.routes.js';
