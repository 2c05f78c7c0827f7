import { createHash } from 'node:crypto';
import { callJson, JsonCallFailure } from '../crm/json-http.js';
import { MailingError, type MailingListClient, type MailingTagRequest } from './types.js';

/*
 * The real mailing-list adapter, in the Mailchimp Marketing API shape (HTTP Basic auth
 * `anystring:{key}`; the key never in a URL, a log line or an error):
 *   - member tags (`scope: 'email'`): `POST {base}/lists/{listId}/members/{md5(lower(email))}/tags`
 *     with `{ tags: [{ name, status: 'active' }] }` → 204 (a tag is created when it is new);
 *   - audience tags (`scope: 'audience'`): in Mailchimp a tag of the audience is a static segment;
 *     each tag's segment is found by name (`GET {base}/lists/{listId}/segments?type=static…`),
 *     created when missing (`POST {base}/lists/{listId}/segments` with `{ name, static_segment: [] }`)
 *     and the member added to it (`POST {base}/lists/{listId}/segments/{id}/members` with
 *     `{ email_address }`).
 * Adding an active tag or a segment member twice changes nothing, so a retried job is harmless.
 */

export interface HttpMailingOptions {
  /** `MAILING_API_URL` without a trailing slash, e.g. `https://us21.api.mailchimp.com/3.0`. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** Mailchimp's subscriber hash: the MD5 of the lower-cased address. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export function createHttpMailing(opts: HttpMailingOptions): MailingListClient {
  const headers = {
    authorization: `Basic ${Buffer.from(`anystring:${opts.apiKey}`).toString('base64')}`,
  };

  async function send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    try {
      return await callJson({
        method,
        url: `${opts.baseUrl}${path}`,
        headers,
        body,
        timeoutMs: opts.timeoutMs,
        signal,
      });
    } catch (error) {
      if (error instanceof JsonCallFailure)
        throw new MailingError(`Mailing list ${error.message}`, error.retryable, error.status);
      throw new MailingError('Mailing list call failed', true);
    }
  }

  async function audienceSegments(listId: string, signal?: AbortSignal): Promise<Map<string, number>> {
    const answer = await send(
      'GET',
      `/lists/${encodeURIComponent(listId)}/segments?type=static&count=1000&fields=segments.id,segments.name`,
      undefined,
      signal,
    );
    const segments = (answer as { segments?: unknown } | null)?.segments;
    if (!Array.isArray(segments)) throw new MailingError("the mailing list's segments answer has none", true);
    const byName = new Map<string, number>();
    for (const s of segments as Array<{ id?: unknown; name?: unknown }>)
      if (typeof s.id === 'number' && typeof s.name === 'string') byName.set(s.name.toLowerCase(), s.id);
    return byName;
  }

  return {
    kind: 'remote',
    async tag(request: MailingTagRequest, options?: { signal?: AbortSignal }) {
      const list = encodeURIComponent(request.listId);
      const signal = options?.signal;
      if (request.scope === 'email') {
        await send(
          'POST',
          `/lists/${list}/members/${subscriberHash(request.email)}/tags`,
          { tags: request.tags.map((name) => ({ name, status: 'active' })) },
          signal,
        );
        return;
      }
      const segments = await audienceSegments(request.listId, signal);
      for (const name of request.tags) {
        let id = segments.get(name);
        if (id === undefined) {
          const created = await send('POST', `/lists/${list}/segments`, { name, static_segment: [] }, signal);
          const createdId = (created as { id?: unknown } | null)?.id;
          if (typeof createdId !== 'number') throw new MailingError('the new segment has no id', true);
          id = createdId;
        }
        await send(
          'POST',
          `/lists/${list}/segments/${id}/members`,
          { email_address: request.email.trim().toLowerCase() },
          signal,
        );
      }
    },
  };
}
