import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The one ETag rule of every cached answer (JSON envelopes, the sitemap, stored PDFs): a strong
 * tag, the first 27 characters of the body's SHA-256 in base64url, quoted.
 */
export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Bytes kept by the cache: identity only (text documents such as the sitemap). */
export interface CachedBytes {
  etag: string;
  identity: Buffer;
  builtAt: number;
}

/** One response body, serialised and compressed once, served to every request until rebuilt. */
export interface CachedBody extends CachedBytes {
  br: Buffer;
  gzip: Buffer;
}

/**
 * Which entries a write makes stale: those whose key starts with one of `prefixes` (a whole key
 * names one entry, `''` every entry) and those built with one of `tags`.
 */
export interface Invalidation {
  readonly prefixes?: readonly string[];
  readonly tags?: readonly string[];
}

/** Every entry (the seed, a restore: anything that may change all public content). */
export const EVERYTHING: Invalidation = Object.freeze({ prefixes: Object.freeze(['']) });

/** How an entry is built: the tags a writer may later invalidate it by. */
export interface EntryOptions {
  tags?: readonly string[];
}

/**
 * Tells the other instances of an invalidation (Redis pub/sub, see invalidation-bus.ts). Without
 * one the cache is in-process only.
 */
export interface InvalidationBroadcast {
  publish(what: Invalidation): Promise<void>;
}

interface Entry {
  body: CachedBytes;
  tags: readonly string[];
  building?: Promise<CachedBytes> | undefined;
}

/**
 * Hot public responses (the data every page loads, catalogue, homepage, the sitemap) as
 * pre-serialised, pre-compressed bytes with an ETag (DESIGN.md: serving cached brotli is ~5× faster
 * than serialising, compressing per request 14–17× slower). Every write that changes public content
 * calls {@link invalidate}: the affected entries are dropped at once here and, with Redis, on every
 * other instance; the next request rebuilds them. An entry older than the TTL (a safety net for
 * a missed broadcast) is served stale while one rebuild runs in the background.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedBytes>>();
  private generation = 0;
  private broadcast: InvalidationBroadcast | undefined;
  private readonly listeners: ((what: Invalidation) => void)[] = [];

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** From now on every {@link invalidate} is also sent to the other instances through `broadcast`. */
  broadcastWith(broadcast: InvalidationBroadcast): void {
    this.broadcast = broadcast;
  }

  /**
   * The cached JSON envelope for `key`, building it with `load` (validated by `schema`) when
   * missing. Cached, it is returned as is, not in a promise: the hot path allocates nothing (see
   * {@link sendCachedBody}); `await` takes either.
   */
  get<S extends z.ZodType>(
    key: string,
    schema: S,
    load: () => Promise<z.input<S>>,
    opts?: EntryOptions,
  ): CachedBody | Promise<CachedBody> {
    // The hot path (a fresh entry) first, before any closure is allocated.
    const fresh = this.peekFresh(key);
    if (fresh) return fresh;
    return this.lookup(key, opts, () => buildEnvelope(schema, load)) as CachedBody | Promise<CachedBody>;
  }

  /** The cached text document for `key` (sent as is, uncompressed), building it with `load`. */
  getText(key: string, load: () => Promise<string>, opts?: EntryOptions): CachedBytes | Promise<CachedBytes> {
    return this.lookup(key, opts, async () => {
      const identity = Buffer.from(await load(), 'utf8');
      return { etag: etagOf(identity), identity };
    });
  }

  /**
   * The cached body for `key` when it is built and younger than the TTL, else undefined (then
   * {@link get} builds it, or serves it stale while it rebuilds). For answers outside a route.
   */
  peekFresh(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    return entry && this.now() - entry.body.builtAt <= this.ttlMs ? (entry.body as CachedBody) : undefined;
  }

  /**
   * Content changed: drops the entries `what` names here at once and tells the other instances
   * (resolves once told; a failed broadcast is logged by the broadcaster, never thrown, and the
   * others then converge within the TTL).
   */
  async invalidate(what: Invalidation): Promise<void> {
    this.invalidateHere(what);
    await this.broadcast?.publish(what);
  }

  /**
   * Calls `listener` with every invalidation applied here (this instance's and those from other
   * instances): caches of their own that share the bus, such as the learner dashboards'
   * (decision 0022), drop their entries by the same prefixes and tags.
   */
  onInvalidate(listener: (what: Invalidation) => void): void {
    this.listeners.push(listener);
  }

  /** Drops the entries `what` names on this instance only (an invalidation from another instance). */
  invalidateHere(what: Invalidation): void {
    this.generation += 1;
    for (const listener of this.listeners) listener(what);
    const prefixes = what.prefixes ?? [];
    const tags = what.tags ?? [];
    const named = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
    for (const [key, entry] of [...this.entries]) {
      if (named(key) || entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
    // A build under way read the content before the write: the next request starts a new one.
    for (const key of [...this.pending.keys()]) if (named(key) || tags.length > 0) this.pending.delete(key);
  }

  private lookup(
    key: string,
    opts: EntryOptions | undefined,
    make: () => Promise<Omit<CachedBytes, 'builtAt'>>,
  ): CachedBytes | Promise<CachedBytes> {
    const entry = this.entries.get(key);
    if (entry) {
      if (this.now() - entry.body.builtAt > this.ttlMs && !entry.building) {
        entry.building = this.build(key, opts, make)
          .catch(() => entry.body)
          .finally(() => {
            entry.building = undefined;
          });
      }
      return entry.body;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const building = this.build(key, opts, make).finally(() => {
      if (this.pending.get(key) === building) this.pending.delete(key);
    });
    this.pending.set(key, building);
    return building;
  }

  private async build(
    key: string,
    opts: EntryOptions | undefined,
    make: () => Promise<Omit<CachedBytes, 'builtAt'>>,
  ): Promise<CachedBytes> {
    const generation = this.generation;
    const body: CachedBytes = { ...(await make()), builtAt: this.now() };
    // A rebuild that raced an invalidation must not reinstate stale content.
    if (generation === this.generation) this.entries.set(key, { body, tags: opts?.tags ?? [] });
    return body;
  }
}

/** The `{ code, message, data }` envelope of `load()`'s data, serialised and compressed once. */
async function buildEnvelope<S extends z.ZodType>(
  schema: S,
  load: () => Promise<z.input<S>>,
): Promise<Omit<CachedBody, 'builtAt'>> {
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
  return { etag: etagOf(identity), identity, br, gzip: gzipped };
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
    cacheControl: opts.isPrivate
      ? `private, max-age=${maxAge}`
      : `public, max-age=${maxAge}, stale-while-revalidate=300`,
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

/**
 * Sends a cached text document (the sitemap, robots.txt) as is: 304 when the client's ETag
 * matches (the same rule as {@link sendCached}), else the bytes with `contentType`.
 */
export function sendCachedText(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBytes,
  contentType: string,
  maxAgeSeconds: number,
): FastifyReply {
  void reply.header('etag', body.etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type(contentType).send(body.identity);
}
