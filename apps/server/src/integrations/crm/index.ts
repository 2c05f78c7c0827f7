/* The CRM integration (issue 16): the real adapter when CRM_API_URL and CRM_API_KEY are set, else the local one. */
import type { CrmConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createHttpCrm } from './http-crm.js';
import { createLocalCrm } from './local-crm.js';
import type { CrmClient } from './types.js';

export { CrmError, type CrmClient, type CrmLead, type CrmNote, type CrmPhoneNumber } from './types.js';
export { createHttpCrm } from './http-crm.js';
export { createLocalCrm } from './local-crm.js';

export function createCrmClient(config: CrmConfig, db: Db): CrmClient {
  if (config.apiUrl && config.apiKey)
    return createHttpCrm({ baseUrl: config.apiUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
  return createLocalCrm(db);
}
