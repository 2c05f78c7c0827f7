/*
 * The leads module's face (docs/decisions/0013): its Fastify plugins, `recordLead` for other
 * modules' forms (trip applications), the CRM / ad-conversion jobs for the composition root, and
 * the purchase conversion for the payments module.
 */
export { leadsRoutes } from './leads.routes.js';
export { devCrmRoutes } from './dev-crm.routes.js';
export { isDesignatedPage, recordLead, type LeadIntake, type LeadRecorded } from './lead-intake.js';
export {
  CRM_LEAD_TOPIC,
  CRM_MAX_ATTEMPTS,
  CRM_NOTE_TOPIC,
  crmLeadHandler,
  crmNoteHandler,
  registerLeadJobs,
  type CrmJobDeps,
} from './crm-jobs.js';
export {
  AD_CONVERSION_TOPIC,
  adConversionHandler,
  enqueuePurchaseConversion,
  hasAdConsent,
  PURCHASE_CONSENT_DAYS,
} from './conversions.js';
export { toCrmLead, crmPhone, splitName } from './crm-lead.js';
export { MAILING_TAGS_TOPIC, registerMailingJobs } from './mailing-tags.js';
export { brochurePath } from './lead-forms.service.js';
