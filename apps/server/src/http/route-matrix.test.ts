import { endpointPaths, endpoints, PUBLIC, type Caller, type EndpointName } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../db/schema/index.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/*
 * The route × role matrix, generated from the endpoint table: every entry is called by a visitor
 * and by a user of each role. A caller the entry admits gets past the guard (neither 401 nor 403,
 * never a 500); a visitor on a protected entry gets 401, a signed-in role the entry does not name
 * gets 403 — except on the staff console (`/api/admin/*`), where both get 404 (its existence is
 * not advertised). And the table is the whole API: a registered /api route missing from it fails.
 */

const START = new Date('2026-03-01T09:00:00.000Z');
const CALLERS = PUBLIC satisfies readonly Caller[];

type User = typeof users.$inferSelect;

/** What a call sends: path values, query, body. The defaults fill `{name}` with 1 and send nothing. */
interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * Inputs where the default would be refused by the handler with a 401 of its own (an order's
 * one-time token) or would name someone else: each still proves only what the guard decided.
 */
const samples: Partial<Record<EndpointName, (me: User | null) => Sample>> = {
  // Without a valid order token these answer 401 by design; a malformed input stops at validation.
  authOrderLogin: () => ({ body: { unexpected: true } }),
  authGuestInfo: () => ({ params: { id: 'x'.repeat(21) } }),
  // The caller's own id (another's is a 404 for a learner, which is not what this test is about).
  userInfo: (me) => ({ params: { id: me?.id ?? 1 } }),
  pendingPaymentsByUser: (me) => ({ params: { id: me?.id ?? 1 } }),
  partnerRedirect: () => ({ params: { partner: 'unknown' } }),
  // Unknown names of the closed maps: a 404 once past the guard (and validation).
  partnerContact: () => ({ params: { partner: 'unknown' } }),
  partnerSubscribe: () => ({ params: { partner: 'unknown' } }),
  mailingEmailTags: () => ({ params: { mailing: 'unknown' }, body: { tags: ['matrix'] } }),
  mailingAudienceTags: () => ({ params: { mailing: 'unknown' }, body: { tags: ['matrix'] } }),
  // A visitor without a guest checkout is a 401 by design; an unknown link is a 404 first.
  customPayment: () => ({ body: { linkToken: 'no-such-payment-link-0000' } }),
};

/**
 * Fastify's registered routes, `METHOD /path`, from `printRoutes({ commonPrefix: false })`: a tree
 * whose child lines carry only what follows their parent's path (`/api/user/profile` →
 * `/update`). HEAD, answered by GET routes, is left out.
 */
function registeredRoutes(printed: string): string[] {
  const routes: string[] = [];
  const parents: { depth: number; path: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│├└─\s]*)(\S+) \(([^)]+)\)\s*$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (parents.length > 0 && parents[parents.length - 1]!.depth >= depth) parents.pop();
    const path = (parents[parents.length - 1]?.path ?? '') + match[2]!;
    parents.push({ depth, path });
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== '-') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** Developer tooling under /api that is no call of the platform: the OpenAPI document and its viewer. */
const TOOLING = [/^GET \/api\/openapi\.json$/, /^GET \/api\/docs([/*].*)?$/];

describe('route × role matrix (from the endpoint table)', () => {
  let t: TestContext;
  const people = new Map<Caller, User | null>();

  beforeAll(async () => {
    t = await createTestApp({ now: START });
    people.set('anonymous', null);
    for (const role of ['learner', 'moderator', 'instructor', 'admin'] as const) {
      people.set(role, await insertUser(t.database.db, { role, name: `Matrix ${role}` }));
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const call = async (name: EndpointName, caller: Caller) => {
    const entry = endpoints[name];
    const me = people.get(caller) ?? null;
    const sample = samples[name]?.(me) ?? {};
    const url = entry.path.replace(/\{(\w+)\}/g, (_, key: string) =>
      encodeURIComponent(String(sample.params?.[key] ?? 1)),
    );
    // A fresh session per call: logout revokes the one it is called with.
    const headers = me ? bearer((await insertSession(t.database.db, me.id, START)).token) : {};
    return t.app.inject({
      method: entry.method,
      url,
      query: sample.query,
      headers,
      ...(sample.body === undefined ? {} : { payload: sample.body as Record<string, unknown> }),
    });
  };

  const names = Object.keys(endpoints) as EndpointName[];

  it.each(names)(
    '%s answers each caller as its roles say',
    async (name) => {
      const entry = endpoints[name];
      const outcomes: Record<string, number> = {};
      const expected: Record<string, string> = {};
      for (const caller of CALLERS) {
        const res = await call(name, caller);
        const admitted = (entry.roles as readonly Caller[]).includes(caller);
        outcomes[caller] = res.statusCode;
        if (admitted) {
          expected[caller] = 'admitted';
          outcomes[caller] =
            [401, 403].includes(res.statusCode) || res.statusCode >= 500 ? res.statusCode : 0;
        } else {
          expected[caller] = entry.path.startsWith('/api/admin/')
            ? '404'
            : caller === 'anonymous'
              ? '401'
              : '403';
          outcomes[caller] = res.statusCode;
        }
      }
      // One assertion per entry, so a failure names every caller's outcome at once.
      const seen = Object.fromEntries(
        CALLERS.map((caller) => [caller, outcomes[caller] === 0 ? 'admitted' : String(outcomes[caller])]),
      );
      expect(seen).toEqual(expected);
    },
    120_000,
  );

  it('when the routes are listed, then every /api route is an entry of the table and every entry is registered', () => {
    // Path parameters at the same place under different names (`{partner}/contact` and
    // `{mailing}/email/tags`) share one node of the router, printed `:partner|:mailing`: routes are
    // compared with their parameters unnamed.
    const unnamed = (route: string) => route.replace(/:[\w|:]+/g, ':param');
    const table = new Set(
      Object.values(endpointPaths).map((entry) =>
        unnamed(`${entry.method} ${entry.path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/') && !TOOLING.some((pattern) => pattern.test(route)))
      .map(unnamed);
    expect(registered.filter((route) => !table.has(route))).toEqual([]);
    expect([...table].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('when the OpenAPI document is read, then it lists every entry of the table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const missing = Object.entries(endpointPaths)
      .filter(([, entry]) => !paths[entry.path]?.[entry.method.toLowerCase()])
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
