/* The leads module's face (docs/decisions/0013): its Fastify plugin, and `recordLead` for other modules' forms (trip applications). */
export { leadsRoutes } from './leads.routes.js';
export { recordLead, type LeadIntake, type LeadRecorded } from './lead-intake.js';
