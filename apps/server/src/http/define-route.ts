import { envelope, PUBLIC, SIGNED_IN, type EndpointDef, type Envelope, type Role } from '@atelier/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import type { AuthGuard } from './auth-guard.js';

/*
 * Routes from the endpoint table (`@atelier/contract` `endpoints`): an entry names the method,
 * the path, the request and response schemas and the callers who may use it; `defineRoute`
 * registers it with those schemas (validation, the response whitelist, the OpenAPI document) and
 * the guard its callers need. A route file adds only what is the route's own: its documentation,
 * per-route config (rate limits), a body limit, and the handler.
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Field<E, K extends string> = E extends { [P in K]: infer S } ? Out<S> : undefined;

/** The request of entry `E`'s route: params, query and body as its schemas parse them. */
export type RouteRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Field<E, 'params'>;
  Querystring: Field<E, 'query'>;
  Body: Field<E, 'body'>;
}>;

/**
 * What the handler of entry `E` answers: the success envelope of its response schema, or the
 * reply (or nothing) once it has sent something itself: cached bytes, a PDF, a redirect. A cached
 * answer's handler is not `async` and returns nothing, so the hot path awaits no promise.
 */
export type RouteResult<E extends EndpointDef> =
  | (E extends { response: infer S } ? (S extends z.ZodType ? Envelope<z.input<S>> : never) : never)
  | FastifyReply
  | void;

export type RouteHandler<E extends EndpointDef> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => RouteResult<E> | Promise<RouteResult<E>>;

/** The route's own part: documentation, per-route config and body limit. */
export interface RouteOptions {
  summary: string;
  description?: string;
  tags: string[];
  /** Content types answered when not JSON (`application/pdf`). */
  produces?: string[];
  /** Content types accepted when not JSON (`multipart/form-data`). */
  consumes?: string[];
  /** Per-route config: `rateLimit`, `moderatorViewAllowed`. */
  config?: FastifyContextConfig;
  bodyLimit?: number;
}

/** The Fastify URL of a table path under the instance's prefix: `/api/trip/{id}` → `/trip/:id`. */
export function routeUrl(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`))
    throw new Error(`The endpoint ${path} cannot be registered under the prefix ${prefix}.`);
  return path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1');
}

/** Paths whose existence is not advertised: a caller the entry does not list gets 404, never 401/403. */
export const HIDDEN_PATH_PREFIX = '/api/admin/';

/**
 * The staff console's guard (issue 17): the entry's own guard, with its 401 (no, or an invalid,
 * session) and 403 (a role it does not list) answered as the 404 of a path that does not exist,
 * so the console is not advertised. The security log still records the refusal.
 */
function hideRefusals(inner: AuthGuard['requireUser']): AuthGuard['requireUser'] {
  return async (request, reply) => {
    try {
      await inner(request, reply);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN'))
        throw new AppError(
          'NOT_FOUND',
          `No API route matches ${request.method} ${request.url.split('?')[0]}.`,
        );
      throw error;
    }
  };
}

/** The onRequest guard for an entry's callers, or none when anyone may call it. */
export function guardFor(
  guard: () => AuthGuard,
  entry: Pick<EndpointDef, 'path' | 'roles'>,
): AuthGuard['requireUser'] | undefined {
  const visible = visibleGuardFor(guard, entry);
  if (visible && entry.path.startsWith(HIDDEN_PATH_PREFIX)) return hideRefusals(visible);
  return visible;
}

function visibleGuardFor(
  guard: () => AuthGuard,
  entry: Pick<EndpointDef, 'path' | 'roles'>,
): AuthGuard['requireUser'] | undefined {
  const { roles } = entry;
  if (roles.includes('anonymous')) {
    // A route a visitor may call but some signed-in role may not would need an optional-user
    // guard; none exists, so the table may not say so.
    if (!PUBLIC.every((caller) => roles.includes(caller))) {
      throw new Error(`The endpoint ${entry.path} admits anonymous callers but not every role.`);
    }
    return undefined;
  }
  if (SIGNED_IN.every((role) => roles.includes(role))) return guard().requireUser;
  return guard().requireRole(...(roles as readonly Role[]));
}

/**
 * Registers the route of table entry `entry` on `app` (whose prefix the entry's path starts
 * with): its method and path, its schemas, its guard and the handler.
 */
export function defineRoute<E extends EndpointDef>(
  app: FastifyInstance,
  entry: E,
  options: RouteOptions,
  handler: RouteHandler<E>,
): void {
  const isPublic = entry.roles.includes('anonymous');
  const schema: FastifySchema & Record<string, unknown> = {
    summary: options.summary,
    tags: options.tags,
    ...(options.description ? { description: options.description } : {}),
    ...(isPublic ? {} : { security: [{ bearer: [] }] }),
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(options.consumes ? { consumes: options.consumes } : {}),
    ...(options.produces ? { produces: options.produces } : {}),
    ...(entry.response ? { response: { [entry.status ?? 200]: envelope(entry.response) } } : {}),
  };
  const onRequest = guardFor(() => app.authGuard, entry);
  app.route({
    method: entry.method,
    url: routeUrl(app.prefix, entry.path),
    schema,
    ...(onRequest ? { onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
