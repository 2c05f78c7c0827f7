/*
 * One careful JSON call to a third party (the CRM, the ad-conversion tracker; checklist G2, G5):
 * global `fetch` with no redirect followed (a 3xx is a failure), a per-call deadline joined with
 * the caller's signal, a cap on the answer's size (the stream is read and abandoned beyond it),
 * and a JSON content type required and parsed. Every failure is one `JsonCallFailure` saying
 * whether a retry may succeed; its message never holds a header value (the key) or the answer's
 * body, only the status and a short reason.
 */

/** Answers larger than this are a failure (the CRM's lead and search answers are a few KiB). */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export class JsonCallFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'JsonCallFailure';
  }
}

export interface JsonCall {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as is; never copied into an error. */
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
}

/** Statuses that can never succeed as sent: the job goes dead at once. */
const PERMANENT = new Set([400, 401, 403, 404, 405, 409, 410, 413, 415, 422]);

/** A URL for messages: origin and path only (no query, no credentials). */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** Reads at most `max` bytes of the body; beyond that the read is cancelled and the call fails. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new JsonCallFailure(`answer too large (${declared} bytes, at most ${max})`, true, response.status);
  }
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new JsonCallFailure(`answer too large (more than ${max} bytes)`, true, response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Makes the call and returns the parsed JSON of a 2xx answer (`null` for an empty 2xx body).
 * Throws `JsonCallFailure`: retryable for network errors, timeouts, 3xx, 408, 429, 5xx, a
 * non-JSON or malformed or oversized answer; permanent for 400/401/403/404/409/422 and the like.
 */
export async function callJson(call: JsonCall): Promise<unknown> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const target = where(call.url);
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal,
    });
  } catch {
    if (timeout.aborted)
      throw new JsonCallFailure(`no answer from ${target} within ${call.timeoutMs} ms`, true);
    if (call.signal?.aborted) throw new JsonCallFailure(`call to ${target} cancelled`, true);
    throw new JsonCallFailure(`could not reach ${target}`, true);
  }
  try {
    const status = response.status;
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new JsonCallFailure(
        `${target} answered a redirect (${status}); redirects are not followed`,
        true,
        status,
      );
    }
    if (status < 200 || status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      const retryable = !PERMANENT.has(status);
      throw new JsonCallFailure(`${target} answered ${status}`, retryable, status);
    }
    const text = await readCapped(response, call.maxBytes ?? MAX_ANSWER_BYTES);
    if (text.trim() === '') return null;
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim()))
      throw new JsonCallFailure(
        `${target} answered ${status} with ${type.split(';')[0] || 'no content type'}, not JSON`,
        true,
        status,
      );
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new JsonCallFailure(`${target} answered ${status} with malformed JSON`, true, status);
    }
  } catch (error) {
    if (error instanceof JsonCallFailure) throw error;
    if (timeout.aborted)
      throw new JsonCallFailure(`the answer of ${target} did not end within ${call.timeoutMs} ms`, true);
    throw new JsonCallFailure(`the answer of ${target} broke off`, true);
  }
}
