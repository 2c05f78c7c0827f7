/* Mailing lists (issue 16): the real (Mailchimp-shaped) adapter when MAILING_API_URL and MAILING_API_KEY are set, else the local one. */
import type { MailingConfig } from '../../config.js';
import { createHttpMailing } from './http-mailing.js';
import { createLocalMailing } from './local-mailing.js';
import type { MailingListClient } from './types.js';

export { MailingError, type MailingListClient, type MailingTagRequest } from './types.js';
export { createHttpMailing, subscriberHash } from './http-mailing.js';
export { createLocalMailing, type LocalMailing } from './local-mailing.js';

export function createMailingClient(config: MailingConfig, timeoutMs: number): MailingListClient {
  if (config.apiUrl && config.apiKey)
    return createHttpMailing({ baseUrl: config.apiUrl, apiKey: config.apiKey, timeoutMs });
  return createLocalMailing();
}
