import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canUseSessionFor, hasRole, type Role, type SessionIdentity } from '../platform/identity.js';
import { securityLog, type SecurityLog } from '../platform/security-events.js';
import { AppError } from './app-error.js';

/*
 * The authentication guard: preHandler hooks that turn `Authorization: Bearer <token>` into
 * `request.session`, the identity every handler uses (a user's identity always comes from the
 * token, never from a body or path). Missing, unknown, revoked, expired, idle or disabled → 401;
 * a role that may not call the route → 403; a write through a moderator's read-only view → 403.
 *
 * The guard is built once, in `buildApp`, with the auth module's session lookup handed in (so this
 * platform file never imports a module), and reaches modules as `ctx.authGuard`.
 */

export type { SessionIdentity };

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard's hooks, decorated once on the root instance (`registerAuthGuard`). */
    authGuard: AuthGuard;
  }
  interface FastifyRequest {
    /** The signed-in identity, set by the guard's hooks; null on public routes. */
    session: SessionIdentity | null;
  }
  interface FastifyInstance {
    /** The one auth guard of the application (`AppContext.authGuard`), decorated in `buildApp`. */
    authGuard: AuthGuard;
  }
  interface FastifyContextConfig {
    /**
     * The route only reads, though its method is not GET (e.g. `POST /api/user/profile`), or is
     * logout: a moderator's read-only view may call it.
     */
    moderatorViewAllowed?: boolean;
  }
}

/** Declares `request.session` and decorates `guard` once, on the root instance, before any route. */
export function registerAuthGuard(app: FastifyInstance, guard: AuthGuard): void {
  app.decorateRequest('session', null);
  app.decorate('authGuard', guard);
}

/** The client's address as the security log and the rate limits see it. */
function clientIp(request: FastifyRequest): string {
  return request.ip;
}

/** The security log of one request (checklist I5). */
export function securityLogOf(request: FastifyRequest, clock: () => Date = () => new Date()): SecurityLog {
  return securityLog(
    request.log,
    { requestId: request.id, ip: clientIp(request), userId: () => request.session?.userId ?? null },
    clock,
  );
}

/** What services learn about the caller: address, agent and the security log. Never the request. */
export function callerOf(request: FastifyRequest, clock?: () => Date) {
  const agent = request.headers['user-agent'];
  return {
    ip: clientIp(request),
    userAgent: typeof agent === 'string' ? agent : null,
    security: securityLogOf(request, clock),
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The guard's hooks, bound to the application's database and clock. */
export interface AuthGuard {
  /** 401 unless a valid session is presented; sets `request.session`. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Sets `request.session` when a valid token is presented; anonymous otherwise (an invalid token is 401). */
  optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** `requireUser`, then 403 unless the session's role is one of `roles`. */
  requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The identity behind a bearer token, or why there is none (the auth module's session lookup). */
export type SessionAuthenticator = (
  token: string,
) => Promise<{ identity: SessionIdentity } | { rejected: string }>;

/** Builds the guard from the session lookup and the clock. Every module protecting routes uses these hooks. */
export function createAuthGuard(authenticate: SessionAuthenticator, clock: () => Date): AuthGuard {
  const resolve = async (request: FastifyRequest, token: string): Promise<void> => {
    const result = await authenticate(token);
    if ('rejected' in result) {
      securityLogOf(request, clock)('session_rejected', { reason: result.rejected, userId: null });
      throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
    }
    const session = result.identity;
    const allowsView = request.routeOptions.config.moderatorViewAllowed === true;
    if (!canUseSessionFor(session, request.method, allowsView)) {
      request.session = session;
      securityLogOf(request, clock)('authz_denied', {
        reason: 'write through a read-only moderator view',
        route: request.routeOptions.url ?? '',
      });
      throw new AppError('FORBIDDEN', 'A moderator view is read-only.');
    }
    request.session = session;
  };

  const requireUser = async (request: FastifyRequest): Promise<void> => {
    if (request.session) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    await resolve(request, token);
  };

  return {
    requireUser,
    optionalUser: async (request) => {
      if (request.session) return;
      const token = bearerToken(request);
      if (token) await resolve(request, token);
    },
    requireRole: (...roles) => {
      return async (request) => {
        await requireUser(request);
        if (!hasRole(request.session!.role, roles)) {
          securityLogOf(request, clock)('authz_denied', {
            reason: `role ${request.session!.role} may not call this route`,
            route: request.routeOptions.url ?? '',
          });
          throw new AppError('FORBIDDEN', 'You do not have access to this.');
        }
      };
    },
  };
}

/** The session of a request that passed `requireUser` (a programming error otherwise). */
export function sessionOf(request: FastifyRequest): SessionIdentity {
  if (!request.session) throw new Error('sessionOf() on a route without requireUser');
  return request.session;
}

/**
 * An `onError` hook that records a mass-assignment attempt (checklist I5, C1): a body rejected
 * because it carried fields the contract does not allow. The 400 itself names the fields.
 */
export function reportMassAssignment(clock?: () => Date) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: Error): Promise<void> => {
    const issues = (error as { validation?: { keyword?: string; params?: { keys?: unknown } }[] }).validation;
    if (!Array.isArray(issues)) return;
    const fields = issues
      .filter((issue) => issue.keyword === 'unrecognized_keys')
      .flatMap((issue) => (Array.isArray(issue.params?.keys) ? issue.params.keys.map(String) : []));
    if (fields.length > 0)
      securityLogOf(request, clock)('mass_assignment', { fields, route: request.routeOptions.url ?? '' });
  };
}

/**
 * A per-route limit on requests from one client IP (`@fastify/rate-limit`, shared by every instance
 * through Redis when REDIS_URL is set); going over answers 429 with Retry-After and logs a `rate_limited` event.
 */
export function ipRateLimit(
  max: number,
  timeWindow: string,
  clock?: () => Date,
  /** Requests that are not counted (e.g. a list answered from the cache; only its searches are). */
  exempt?: (request: FastifyRequest) => boolean,
) {
  return {
    max,
    timeWindow,
    ...(exempt ? { allowList: (request: FastifyRequest) => exempt(request) } : {}),
    onExceeded(request: FastifyRequest) {
      securityLogOf(request, clock)('rate_limited', { limit: 'ip', route: request.routeOptions.url ?? '' });
    },
  };
}

/** Query parameters whose values are secrets: never written to the log. */
export const SECRET_QUERY_PARAMETERS = [
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'orderToken',
  'code',
  'otp',
  'signature',
  'sig',
  'secret',
  'secretKey',
  'key',
  'password',
];
/** Secrets carried in a path: the calendar feed's key (`/api/calendar/{secretKey}.ics`, issue 15). */
const SECRET_PATH = /(\/api\/calendar\/)[^/?#]+(?=\.ics)/gi;
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&;#]*`, 'gi');

/**
 * A URL for the log with secret query values (SECRET_QUERY_PARAMETERS: one-time and access
 * tokens, signatures, codes, keys) replaced, since e.g. `GET /api/auth/guest/{id}/info?token=`
 * carries a one-time token (checklist I5; issue 13, point 8).
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}
