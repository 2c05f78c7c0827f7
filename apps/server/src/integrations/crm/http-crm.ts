import { callJson, JsonCallFailure } from './json-http.js';
import { CrmError, type CrmCallOptions, type CrmClient, type CrmLead, type CrmNote } from './types.js';

/*
 * The real CRM adapter (issue 16), in the Kylas API shape the spec's app used:
 *   - create a lead: `POST {base}/leads` → `{ id, … }`
 *   - create a note: `POST {base}/notes` with `{ sourceEntity: { description }, targetEntityId,
 *     targetEntityType: "lead" }` → `{ id, … }`
 *   - find a lead:   `POST {base}/search/lead?sort=createdAt,desc&page=0&size=20` with a
 *     `jsonRule` on `emails` (equal) and `createdAt` (greater_or_equal) → `{ records: [{ id,
 *     createdAt, … }] }` — Kylas' documented search call.
 * The key travels in the `api-key` header only: never in a URL, a log line or an error.
 */

export interface HttpCrmOptions {
  /** `CRM_API_URL` without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** An id as the CRM answers it (a number in Kylas), as text. */
function idOf(answer: unknown, what: string): string {
  const id = (answer as { id?: unknown } | null)?.id;
  if ((typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.trim() !== ''))
    return String(id);
  throw new CrmError(`the CRM's answer to ${what} has no id`, true);
}

/** The search call's body (exported for the fake CRM's tests of its shape). */
export function leadSearchBody(
  contact: { email: string } | { phone: string },
  since: Date,
): Record<string, unknown> {
  const match =
    'email' in contact
      ? {
          id: 'emails',
          field: 'emails',
          type: 'string',
          input: 'text',
          operator: 'equal',
          value: contact.email,
        }
      : {
          id: 'phoneNumbers',
          field: 'phoneNumbers',
          type: 'string',
          input: 'text',
          operator: 'equal',
          value: contact.phone,
        };
  return {
    fields: ['id', 'firstName', 'lastName', 'emails', 'phoneNumbers', 'createdAt'],
    jsonRule: {
      condition: 'AND',
      valid: true,
      rules: [
        match,
        {
          id: 'createdAt',
          field: 'createdAt',
          type: 'date',
          input: 'date',
          operator: 'greater_or_equal',
          value: since.toISOString(),
        },
      ],
    },
  };
}

export function createHttpCrm(opts: HttpCrmOptions): CrmClient {
  const headers = { 'api-key': opts.apiKey };

  async function post(path: string, body: unknown, call: CrmCallOptions | undefined): Promise<unknown> {
    try {
      return await callJson({
        method: 'POST',
        url: `${opts.baseUrl}${path}`,
        headers,
        body,
        timeoutMs: opts.timeoutMs,
        signal: call?.signal,
      });
    } catch (error) {
      if (error instanceof JsonCallFailure)
        throw new CrmError(`CRM ${error.message}`, error.retryable, error.status);
      throw new CrmError('CRM call failed', true);
    }
  }

  return {
    kind: 'remote',
    async createLead(lead: CrmLead, call?: CrmCallOptions) {
      return { id: idOf(await post('/leads', lead, call), 'a new lead') };
    },
    async createNote(note: CrmNote, call?: CrmCallOptions) {
      return { id: idOf(await post('/notes', note, call), 'a new note') };
    },
    async findLead(query, call?: CrmCallOptions) {
      // Lead forms always carry an e-mail (spec §5), which finds the lead; a trip applicant known
      // only by a mobile number is searched by that number (its national part, as sent).
      const phone = query.mobile ? (query.mobile.split(' ')[1] ?? query.mobile) : null;
      if (!query.email && !phone) return null;
      const answer = await post(
        '/search/lead?sort=createdAt,desc&page=0&size=20',
        leadSearchBody(query.email ? { email: query.email } : { phone: phone! }, query.since),
        call,
      );
      const records = (answer as { records?: unknown } | null)?.records;
      if (!Array.isArray(records)) throw new CrmError("the CRM's search answer has no records", true);
      const excluded = new Set(query.excludeIds ?? []);
      for (const record of records) {
        const id = (record as { id?: unknown } | null)?.id;
        if (typeof id !== 'number' && typeof id !== 'string') continue;
        if (!excluded.has(String(id))) return { id: String(id) };
      }
      return null;
    },
  };
}
