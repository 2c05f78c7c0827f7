import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LogSampler } from '../../http/log-sampler.js';
import {
  acceptedEncoding,
  cachingHeaders,
  etagMatches,
  type CachedAnswerOptions,
  type PublicCache,
} from './public-cache.js';

/** Logger levels at which `info` lines are written. */
const LOGS_INFO = new Set(['trace', 'debug', 'info']);

/**
 * How one hot public address is answered from the public cache: the entry (a function when it
 * depends on the request, as the currency does on the country header) and the route's own
 * caching options. Answers private to a visitor are never registered here.
 */
export interface CachedAnswerRoute extends Omit<CachedAnswerOptions, 'isPrivate'> {
  key: string | ((request: IncomingMessage) => string);
}

/**
 * The HTTP server's explicit limits (issue 13, point 7). Timeouts in milliseconds; Fastify's own
 * `requestTimeout` and `keepAliveTimeout` options (app.ts) are applied as well.
 */
export interface ServerLimits {
  /** Most TCP connections at once (`MAX_CONNECTIONS`); more are closed at once, and logged. */
  maxConnections: number;
  /** Time a client has to send the request headers. */
  headersTimeoutMs: number;
}

/** Whether `request` carries more than one `Host` header (answered 400 by Fastify, app.ts). */
export function hasDuplicateHost(request: IncomingMessage): boolean {
  const raw = request.rawHeaders;
  let seen = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      if (seen) return true;
      seen = true;
    }
  }
  return false;
}

/** Client errors worth a (sampled) warning: a limit was hit, not a mere reset. */
const CLIENT_LIMIT_ERRORS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'a client took longer than the request or headers timeout',
  HPE_HEADER_OVERFLOW: 'a client sent headers larger than the limit',
};

interface PreparedRoute {
  key: CachedAnswerRoute['key'];
  vary: string;
  cacheControl: string;
}

/**
 * Answers the hottest public addresses (the data every page loads, the catalogue and homepage
 * lists) straight from the public cache's pre-compressed bytes, before Fastify's routing, hooks and
 * request objects: they are the same bytes for everyone, so a request needs nothing of the
 * framework but its headers. Only exact addresses (no query string) of `GET` requests whose entry
 * is built and fresh are answered here; anything else, including the first request that builds an
 * entry and a stale entry's request that starts its rebuild, goes to Fastify as usual, whose route
 * for the same address answers the very same bytes and headers (tested side by side).
 *
 * Measured (bench/results): these bodies of 0.1–1 KB ran at 0.74–0.81× a bare Fastify serving
 * the same constant response; the framework's per-request work (request and reply objects,
 * response listeners for the logger, the header hook, a child logger) was the difference.
 *
 * Access log: one `request completed` line at `info`, as Fastify writes for its routes.
 */
export class CachedAnswers {
  private readonly routes = new Map<string, PreparedRoute>();
  private accepting = true;
  /** Requests answered here since start (tests and diagnostics). */
  answered = 0;

  private readonly baselineList: readonly string[];
  private log: FastifyBaseLogger | undefined;
  /** Connection-limit warnings: the first 5 a minute per kind, then a count. */
  private readonly limitSampler = new LogSampler(5, 60_000);

  constructor(
    private readonly cache: PublicCache,
    /** The security headers every answer carries (security-headers.ts). */
    baseline: Readonly<Record<string, string>>,
  ) {
    this.baselineList = Object.entries(baseline).flat();
  }

  /** Writes an access-log line per answer to `log` (Fastify's own logger), as Fastify does. */
  logTo(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Answers `GET {url}` (the full path, `/api/...`) from the cache entry `route.key`. */
  add(url: string, route: CachedAnswerRoute): void {
    this.routes.set(url, { key: route.key, ...cachingHeaders(route) });
  }

  /** From now on every request goes to Fastify (which answers 503 while the server closes). */
  stop(): void {
    this.accepting = false;
  }

  /**
   * Answers `request` from the cache and returns true, or returns false having written nothing,
   * for Fastify to answer.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !this.accepting) return false;
    const route = this.routes.get(request.url ?? '');
    if (!route || hasDuplicateHost(request)) return false;
    const body = this.cache.peekFresh(typeof route.key === 'string' ? route.key : route.key(request));
    if (!body) return false;

    const requestId = randomUUID();
    // A flat [name, value, …] list: an object spread of the baseline plus these keys cost 4.5 µs a
    // request (V8's slow path), a quarter of a whole answer's CPU; the list costs 0.04 µs.
    const headers: string[] = [
      ...this.baselineList,
      'x-request-id',
      requestId,
      'etag',
      body.etag,
      'vary',
      route.vary,
      'cache-control',
      route.cacheControl,
    ];
    let status = 200;
    let bytes: Buffer | undefined;
    if (etagMatches(request.headers['if-none-match'], body.etag)) {
      status = 304;
    } else {
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity;
      headers.push('content-type', 'application/json; charset=utf-8');
      if (encoding) headers.push('content-encoding', encoding);
      headers.push('content-length', String(bytes.length));
    }
    response.writeHead(status, headers);
    response.end(bytes);
    this.answered += 1;

    const log = this.log;
    if (log && LOGS_INFO.has(log.level)) {
      log.info(
        { requestId, req: { method: 'GET', url: request.url }, res: { statusCode: status }, cached: true },
        'request completed',
      );
    }
    return true;
  }

  /** Logs `message` at `warn` for `kind`, sampled: the first few a minute, then a count. */
  private warnSampled(kind: string, details: Record<string, unknown>, message: string): void {
    const log = this.log;
    if (!log) return;
    const write = this.limitSampler.take(kind, (dropped) =>
      log.warn({ limit: kind, dropped }, `${message} (${dropped} more times in the last minute)`),
    );
    if (write) log.warn({ limit: kind, ...details }, message);
  }

  /**
   * A Fastify `serverFactory`: an HTTP server that offers each request to {@link answer} first,
   * with the timeouts Fastify would have set on its own server, the connection limit and headers
   * timeout of `limits`, and a (sampled) warning whenever a limit is hit — a connection refused
   * at `maxConnections`, an accept failing for want of file handles (EMFILE), a client timing
   * out or sending oversized headers — instead of resetting clients silently.
   */
  serverFactory(
    limits: ServerLimits,
  ): (handler: RequestListener, options: Record<string, unknown>) => Server {
    return (handler, options) => {
      const server = createServer((request, response) => {
        if (!this.answer(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.headersTimeout = Math.min(
        limits.headersTimeoutMs,
        server.requestTimeout || limits.headersTimeoutMs,
      );
      server.setTimeout(Number(options.connectionTimeout));
      server.maxConnections = limits.maxConnections;
      server.on('drop', (data?: { remoteAddress?: string }) => {
        this.warnSampled(
          'max_connections',
          { maxConnections: limits.maxConnections, remoteAddress: data?.remoteAddress },
          `connection refused: MAX_CONNECTIONS (${limits.maxConnections}) connections are open`,
        );
      });
      server.on('error', (error: NodeJS.ErrnoException) => {
        // Errors while listening are Fastify's (it rejects `listen`); after that, an accept that
        // fails (EMFILE, ENFILE: out of file handles) drops the client: say so.
        if (error.syscall === 'accept') {
          this.warnSampled(
            `accept_${error.code ?? 'error'}`,
            { code: error.code },
            `connection dropped: accept failed with ${error.code ?? error.message} (file-handle limit?)`,
          );
        } else if (server.listening) {
          this.log?.error({ err: error }, 'HTTP server error');
        }
      });
      server.on('clientError', (error: NodeJS.ErrnoException) => {
        const reason = error.code ? CLIENT_LIMIT_ERRORS[error.code] : undefined;
        if (reason) this.warnSampled(`client_${error.code}`, { code: error.code }, reason);
      });
      return server;
    };
  }
}
