import type { FieldError, HttpMethod } from '@atelier/contract';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { clearSession, readToken } from '../session';

/**
 * How the web app reaches the API. In the browser: `window.fetch` with same-origin paths. On the
 * server: the `fetch` the server hands to `render` (Fastify's `inject`, no network hop) with an
 * absolute origin, since a relative URL means nothing there.
 */
export interface ApiTransport {
  fetch: typeof fetch;
  /** Prepended to every `/api/...` path: `''` in the browser, e.g. `http://atelier.internal` on the server. */
  origin: string;
}

/**
 * One call: a path (GET) or a path with a method and a body: JSON, or `FormData` for an upload
 * (sent as multipart, its boundary set by the browser).
 */
export type ApiRequest =
  | string
  | {
      url: string;
      method?: HttpMethod;
      body?: unknown;
      /** Extra request headers, e.g. `Idempotency-Key` of a money-moving call (issue 14 rule 6). */
      headers?: Record<string, string>;
    };

/**
 * A failed call as the app sees it. Only the status and a message fit for a person; failed
 * queries are never serialised into a page, but the shape still carries no server internals.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  message: string;
  /** The stable error code of the contract (`NOT_FOUND`, `UNAUTHORIZED`, ...) when the API sent one. */
  code?: string;
  /** Field-level problems of a rejected request (`errors[]` of a 400/409), for messages beside fields. */
  errors?: FieldError[];
  /** Seconds to wait before retrying, from a 429's `Retry-After`. */
  retryAfter?: number;
}

const GENERIC_MESSAGE = 'Something went wrong ⚠️';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTransport(value: unknown): value is ApiTransport {
  return isRecord(value) && typeof value.fetch === 'function' && typeof value.origin === 'string';
}

function fieldErrorsOf(body: unknown): FieldError[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.errors)) return undefined;
  const errors = body.errors.filter(
    (e): e is FieldError => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string',
  );
  return errors.length > 0 ? errors : undefined;
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Headers of every call: JSON, and the signed-in user's bearer token (spec §6 "The token is sent
 * as a bearer credential on calls"). The token lives in the browser's storage only, so calls made
 * while rendering on the server never carry one.
 */
export function prepareHeaders(
  headers: Headers,
  request: { body?: unknown },
): { headers: Headers; token: string | null } {
  headers.set('accept', 'application/json');
  if (request.body !== undefined && !(request.body instanceof FormData))
    headers.set('content-type', 'application/json');
  const token = readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return { headers, token };
}

/**
 * A 401 to a call that carried the stored token means the session is over (revoked, expired, or
 * the account disabled): the browser forgets it (spec §6, §8), and a dashboard page then sends the
 * user to /auth/login (see the dashboard's session gate). `REAUTH_REQUIRED` is also a 401 but only
 * asks for the current password again; it leaves the session alone. A token replaced meanwhile
 * (a new sign-in) is not touched.
 */
function endSessionOnUnauthorized(status: number, code: string | undefined, sentToken: string | null): void {
  if (status !== 401 || sentToken === null || code === 'REAUTH_REQUIRED') return;
  if (readToken() === sentToken) clearSession();
}

/**
 * The base query of every endpoint: sends the call, then unwraps the envelope
 * `{ code, message, data }` (DESIGN.md, API conventions) so endpoints see only `data`.
 */
export const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (args, api) => {
  if (!isTransport(api.extra)) {
    return { error: { status: 'FETCH_ERROR', message: 'The store was created without an API transport.' } };
  }
  const { fetch, origin } = api.extra;
  const request: Exclude<ApiRequest, string> = typeof args === 'string' ? { url: args } : args;
  const { headers, token } = prepareHeaders(new Headers(request.headers), request);
  const payload =
    request.body === undefined
      ? undefined
      : request.body instanceof FormData
        ? request.body
        : JSON.stringify(request.body);

  let response: Response;
  try {
    response = await fetch(`${origin}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      body: payload,
      signal: api.signal,
    });
  } catch {
    return { error: { status: 'FETCH_ERROR', message: GENERIC_MESSAGE } };
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { error: { status: response.ok ? 'PARSE_ERROR' : response.status, message: GENERIC_MESSAGE } };
  }

  // The envelope's `code` is the HTTP status; a body that says otherwise is not a success either
  // (spec §8, "User details v2: a response code other than 200 is treated as empty").
  const envelopeFailed =
    isRecord(body) && typeof body.code === 'number' && (body.code < 200 || body.code > 299);
  if (!response.ok || !isRecord(body) || !('data' in body) || envelopeFailed) {
    const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
    endSessionOnUnauthorized(response.status, code, token);
    const message =
      response.status < 500 && isRecord(body) && typeof body.message === 'string'
        ? body.message
        : GENERIC_MESSAGE;
    const errors = response.status < 500 ? fieldErrorsOf(body) : undefined;
    const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
    return {
      error: {
        status: response.ok ? 'PARSE_ERROR' : response.status,
        message,
        ...(code ? { code } : {}),
        ...(errors ? { errors } : {}),
        ...(retryAfter ? { retryAfter } : {}),
      },
    };
  }
  return { data: body.data };
};
