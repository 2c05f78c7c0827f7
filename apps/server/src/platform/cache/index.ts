/**
 * The one cache of public answers (decision 0012). Modules read through `PublicCache.get` (JSON
 * envelopes) or `getText` (text documents), answer with `sendCachedBody`/`sendCached`/
 * `sendCachedText`, register their hottest addresses with `CachedAnswers.add`, and every write
 * that changes public content calls `PublicCache.invalidate({ prefixes, tags })`, which reaches
 * every instance when Redis is configured (`shareInvalidations`).
 */
export {
  acceptedEncoding,
  cachingHeaders,
  etagMatches,
  etagOf,
  EVERYTHING,
  PublicCache,
  sendCached,
  sendCachedBody,
  sendCachedText,
  type CachedAnswerOptions,
  type CachedBody,
  type CachedBytes,
  type EntryOptions,
  type Invalidation,
  type InvalidationBroadcast,
} from './public-cache.js';
export {
  CachedAnswers,
  hasDuplicateHost,
  type CachedAnswerRoute,
  type ServerLimits,
} from './cached-answers.js';
export {
  SESSION_CACHE_MAX_ENTRIES,
  SessionCache,
  type CachedSessionKeys,
  type SessionInvalidation,
  type SessionInvalidationBroadcast,
} from './session-cache.js';
export { invalidationChannel, publishInvalidation, shareInvalidations } from './invalidation-bus.js';
