import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** One response body, serialised and compressed once, served to every request until rebuilt. */
export interface CachedBody {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  builtAt: number;
}

interface Entry {
  body: CachedBody;
  building?: Promise<CachedBody> | undefined;
}

/**
 * Hot public responses (the data every page loads, catalogue, homepage) as pre-serialised,
 * pre-compressed bytes with an ETag (DESIGN.md: serving cached brotli is ~5× faster than
 * serialising, compressing per request 14–17× slower). An entry is rebuilt when its content
 * changes (`invalidate`) or, so that several instances converge, when it is older than the TTL:
 * then the stale bytes are served while one rebuild runs in the background.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedBody>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached body for `key`, building it with `load` (validated by `schema`) when missing.
   * Cached, it is returned as is, not in a promise: the hot path allocates nothing (see
   * {@link sendCachedBody}); `await` takes either.
   */
  get<S extends z.ZodType>(
    key: string,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): CachedBody | Promise<CachedBody> {
    const entry = this.entries.get(key);
    if (entry) {
      if (this.now() - entry.body.builtAt > this.ttlMs && !entry.building) {
        entry.building = this.build(key, schema, load)
          .catch(() => entry.body)
          .finally(() => {
            entry.building = undefined;
          });
      }
      return entry.body;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const building = this.build(key, schema, load).finally(() => this.pending.delete(key));
    this.pending.set(key, building);
    return building;
  }

  /**
   * The cached body for `key` when it is built and younger than the TTL, else undefined (then
   * {@link get} builds it, or serves it stale while it rebuilds). For answers outside a route.
   */
  peekFresh(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    return entry && this.now() - entry.body.builtAt <= this.ttlMs ? entry.body : undefined;
  }

  /** Drops every entry whose key starts with `prefix` (all when omitted): content changed. */
  invalidate(prefix = ''): void {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private async build<S extends z.ZodType>(
    key: string,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<CachedBody> {
    const generation = this.generation;
    const data = schema.parse(await load());
    const identity = Buffer.from(JSON.stringify({ code: 200, message: 'OK', data }));
    const [br, gzipped] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gz(identity, { level: 9 }),
    ]);
    const body: CachedBody = {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br,
      gzip: gzipped,
      builtAt: this.now(),
    };
    // A rebuild that raced an invalidation must not reinstate stale content.
    if (generation === this.generation) this.entries.set(key, { body });
    return body;
  }
}

const REFUSES_BR = /\bbr\s*;\s*q=0(\.0+)?(\s*,|$)/;
const REFUSES_GZIP = /\bgzip\s*;\s*q=0(\.0+)?(\s*,|$)/;
/** What browsers send: answered without parsing. */
const COMMON_ACCEPT_ENCODING = new Map<string, 'br' | 'gzip'>([
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate, br', 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
]);

/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 §13.1.2: weak comparison, a list of
 * tags, or `*`). The common case, the browser sending back the one tag it has, is a plain compare.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const common = COMMON_ACCEPT_ENCODING.get(header);
  if (common) return common;
  const offered = header.toLowerCase();
  if (/\bbr\b/.test(offered) && !REFUSES_BR.test(offered)) return 'br';
  if (/\bgzip\b/.test(offered) && !REFUSES_GZIP.test(offered)) return 'gzip';
  return undefined;
}

/** How a cached body is answered: browser/CDN lifetime, extra `Vary`, and whether it is per visitor. */
export interface CachedAnswerOptions {
  /** `max-age` in seconds (default 60). */
  maxAgeSeconds?: number;
  /** A request header the answer varies by, besides `Accept-Encoding`. */
  vary?: string | undefined;
  /** The answer depends on who asks (e.g. their IP): `private`, kept by the browser only. */
  isPrivate?: boolean;
}

/** The `Vary` and `Cache-Control` of a cached answer, the same wherever it is sent from. */
export function cachingHeaders(opts: CachedAnswerOptions): { vary: string; cacheControl: string } {
  const maxAge = opts.maxAgeSeconds ?? 60;
  return {
    vary: opts.vary ? `Accept-Encoding, ${opts.vary}` : 'Accept-Encoding',
    cacheControl: opts.isPrivate ? `private, max-age=${maxAge}` : `public, max-age=${maxAge}, stale-while-revalidate=300`,
  };
}

/**
 * Sends what {@link PublicCache.get} answered: at once when it was cached, so that a handler that
 * is not `async` answers without a promise or a microtask (measured: a fifth of the hot endpoints'
 * remaining overhead over a bare server), else once it is built.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody | Promise<CachedBody>,
  opts?: CachedAnswerOptions,
): Promise<void> | undefined {
  if (body instanceof Promise) {
    return (async () => {
      sendCached(request, reply, await body, opts);
      // Settles once the response is written, so Fastify never sends a second answer even if
      // an asynchronous onSend hook delays it (Fastify's "await reply").
      await reply;
    })();
  }
  sendCached(request, reply, body, opts);
  return undefined;
}

/**
 * Sends a cached body: 304 when the client's ETag matches, else the best encoding the client
 * accepts. `maxAge` lets browsers and CDNs keep it briefly; `private` bodies vary per visitor.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  opts: CachedAnswerOptions = {},
): FastifyReply {
  const { vary, cacheControl } = cachingHeaders(opts);
  void reply.header('etag', body.etag).header('vary', vary).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  void reply.type('application/json; charset=utf-8');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
