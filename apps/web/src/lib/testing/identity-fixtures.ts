import type { OwnProfile } from '@atelier/contract';
import { everyPageAnswers } from '../../test/fixtures';

/*
 * Test helpers for the identity pages (sign-in, onboarding, profile, session). Imported by tests
 * only; never by the app.
 */

/** A complete learner profile, as `GET /api/user/v2/details` answers for its owner. */
export const learner: OwnProfile = {
  id: 7,
  email: 'asha@example.com',
  name: 'Asha Rao',
  mobile: '+91 9876500001',
  gender: 'female',
  city: 'Pune',
  dob: '2001-08-14',
  iam: 'student',
  iamLabel: 'Student',
  upiId: null,
  college: 'Pune Institute of Architecture',
  instagram: null,
  linkedin: null,
  behance: null,
  dribbble: null,
  imagePath: null,
  referCode: 'ATLASH007',
  secretKey: 'c0ffee'.repeat(10) + 'beef',
  coins: 350,
  isVerified: true,
  profileCompleted: true,
  onboardingStep: 3,
  cpId: null,
  role: 'learner',
};

export const TOKEN = 'test-token-1234567890';

/** Puts a signed-in session into local storage, as a sign-in would (without `secretKey`). */
export function storeSession(user: OwnProfile = learner, token = TOKEN): void {
  const { secretKey: _secret, ...stored } = user;
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(stored));
}

/** One request the scripted API saw. */
export interface SeenCall {
  method: string;
  path: string;
  /** The query string (`?page=2&…`, or `''`). */
  search: string;
  body: unknown;
  authorization: string | null;
}

/** An answer: data (200 in the envelope), or a status with an error body or headers. */
export type ScriptedAnswer =
  { status: number; body?: Record<string, unknown>; headers?: Record<string, string> } | { data: unknown };

type Handler = ScriptedAnswer | ((body: unknown, call: SeenCall) => ScriptedAnswer);

/** An error envelope as the API sends it. */
export function apiError(
  status: number,
  error: string,
  message: string,
  errors?: { path: string; message: string }[],
) {
  return { status, body: { code: status, message, error, requestId: 'test', ...(errors ? { errors } : {}) } };
}

/**
 * A `fetch` standing in for the API: `'METHOD /api/path'` keys answer POSTs and others, the
 * every-page GETs answer from the shared fixtures, anything else 404. Records every call.
 */
export function scriptedApi(handlers: Record<string, Handler>) {
  const calls: SeenCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = text;
    }
    const call: SeenCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });

    const handler = handlers[`${request.method} ${url.pathname}`];
    if (handler) {
      const answer = typeof handler === 'function' ? handler(body, call) : handler;
      if ('data' in answer) return json(200, { code: 200, message: 'OK', data: answer.data });
      return json(answer.status, answer.body ?? { code: answer.status, message: 'Error' }, answer.headers);
    }
    if (request.method === 'GET' && url.pathname in everyPageAnswers) {
      return json(200, { code: 200, message: 'OK', data: everyPageAnswers[url.pathname] });
    }
    return json(404, { code: 404, message: 'Not found', error: 'NOT_FOUND', requestId: 'test' });
  };
  return { fetch, calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
