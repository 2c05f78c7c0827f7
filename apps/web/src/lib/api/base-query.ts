import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

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

/** One call: a path (GET) or a path with a method and a JSON body. */
export type ApiRequest = string | { url: string; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown };

/**
 * A failed call as the app sees it. Only the status and a message fit for a person; failed
 * queries are never serialised into a page, but the shape still carries no server internals.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  message: string;
  /** The stable error code of the contract (`NOT_FOUND`, `UNAUTHORIZED`, ...) when the API sent one. */
  code?: string;
}

const GENERIC_MESSAGE = 'Something went wrong ⚠️';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTransport(value: unknown): value is ApiTransport {
  return isRecord(value) && typeof value.fetch === 'function' && typeof value.origin === 'string';
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
  const request = typeof args === 'string' ? { url: args } : args;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${origin}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
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

  if (!response.ok || !isRecord(body) || !('data' in body)) {
    const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
    const message =
      response.status < 500 && isRecord(body) && typeof body.message === 'string'
        ? body.message
        : GENERIC_MESSAGE;
    return {
      error: { status: response.ok ? 'PARSE_ERROR' : response.status, message, ...(code ? { code } : {}) },
    };
  }
  return { data: body.data };
};
