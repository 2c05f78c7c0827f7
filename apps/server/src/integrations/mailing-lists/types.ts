/*
 * Mailing lists (issue 16; spec §7 `POST /api/{mailing}/email/tags` and `/audience/tags`), in the
 * Mailchimp Marketing API shape: tags on a list member (`POST {MAILING_API_URL}/lists/{listId}/
 * members/{md5(lower(email))}/tags`). The real adapter when MAILING_API_URL and MAILING_API_KEY
 * are set; the local one otherwise. Only the job queue calls it.
 */

export interface MailingTagRequest {
  /** The provider's list id (from the closed MAILING_LISTS map). */
  listId: string;
  /** The member: always the signed-in caller's own address. */
  email: string;
  tags: string[];
  /** `email` (member tags) or `audience` (segments the member belongs to). */
  scope: 'email' | 'audience';
}

export interface MailingListClient {
  readonly kind: 'remote' | 'local';
  tag(request: MailingTagRequest, opts?: { signal?: AbortSignal }): Promise<void>;
}

/** A failed provider call: `retryable` false for answers that can never succeed as sent (400, 401, 404…). */
export class MailingError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MailingError';
  }
}
