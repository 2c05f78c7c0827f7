/**
 * The course dashboard's answers from memory (decision 0022, addendum): the serialised 200 answer
 * of `POST /api/user/course/batch/module/session` per learner and batch, so that a repeat request
 * costs no query (besides the session lookup) and no validation or serialisation of ~31 KB.
 *
 * An entry is used only while all of these hold:
 * - it is the caller's own (the key holds the learner's id; moderator views are never cached,
 *   each one is audited);
 * - it was built on the same calendar day in the platform's zone (the EMI lock is by date: a day
 *   rollover into the lock window turns the answer into a 402);
 * - the batch's curriculum was not invalidated since (`invalidateCurriculum` bumps the batch's
 *   version, here and, through the invalidation bus, on every instance);
 * - no write of the learner's changed it: every such write calls {@link learnerDashboardChanged}
 *   after it commits (published on the bus like every invalidation);
 * - it is younger than `DASHBOARD_CACHE_SECONDS` (the bound on changes made elsewhere: refunds,
 *   enrolments, new instalment plans).
 * Only 200 answers are stored (errors never are); memory is bounded by bytes, least recently used
 * first. A build that raced an invalidation is not stored.
 */
import { toWireDate } from '@atelier/domain';
import type { Invalidation, PublicCache } from '../../platform/cache/index.js';

/**
 * The key prefix of every cached answer personal to learner `userId` (a refund or a change of
 * enrolment may drop them all with `cache.invalidate({ prefixes: [learnerCachePrefix(id)] })`).
 */
export const learnerCachePrefix = (userId: number) => `learner:${userId}:`;

/** The key of a learner's course dashboard of a batch (the trailing colon keeps 1 apart from 12). */
export const dashboardKey = (userId: number, batchId: number) =>
  `${learnerCachePrefix(userId)}dashboard:${batchId}:`;

const CURRICULUM_PREFIX = 'learning:curriculum:';

interface Entry {
  bytes: Buffer;
  batchId: number;
  /** The wire date (platform zone) the answer was built on. */
  day: string;
  /** The batch's curriculum version when built. */
  version: number;
  storedAt: number;
}

/**
 * The wire date of `now` in `tz`, computed once a minute (a calendar day starts on a minute in
 * every zone; the computation costs ~4 µs, a few per cent of a cached answer).
 */
export function dayOf(now: Date, tz: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastDay.get(tz);
  if (known && known.minute === minute) return known.day;
  const day = toWireDate(now, tz);
  lastDay.set(tz, { minute, day });
  return day;
}
const lastDay = new Map<string, { minute: number; day: string }>();

/** A generation taken before reading: {@link DashboardCache.store} refuses it after an invalidation. */
export type DashboardTicket = number;

export class DashboardCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<number, number>();
  private bytes = 0;
  private generation = 0;
  /** Hits since start (tests, diagnostics). */
  hits = 0;

  constructor(private readonly opts: { ttlMs: number; maxBytes: number; now: () => number }) {}

  get enabled(): boolean {
    return this.opts.ttlMs > 0 && this.opts.maxBytes > 0;
  }

  /** Bytes held (tests, diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Drops entries as `what` says: the public cache calls this for every invalidation (bus included). */
  listenTo(cache: PublicCache): void {
    cache.onInvalidate((what) => this.invalidate(what));
  }

  /** The stored answer of `userId` for `batchId` when still valid on `day`, else undefined. */
  get(userId: number, batchId: number, day: string): Buffer | undefined {
    if (!this.enabled) return undefined;
    const key = dashboardKey(userId, batchId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      entry.day !== day ||
      entry.version !== (this.versions.get(batchId) ?? 0) ||
      this.opts.now() - entry.storedAt > this.opts.ttlMs
    ) {
      this.drop(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.bytes;
  }

  /** Take before reading the database for an answer you may {@link store}. */
  ticket(): DashboardTicket {
    return this.generation;
  }

  /** Keeps a 200 answer unless an invalidation happened since `ticket`. */
  store(ticket: DashboardTicket, userId: number, batchId: number, day: string, bytes: Buffer): void {
    if (!this.enabled || ticket !== this.generation || bytes.length > this.opts.maxBytes) return;
    const key = dashboardKey(userId, batchId);
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, {
      bytes,
      batchId,
      day,
      version: this.versions.get(batchId) ?? 0,
      storedAt: this.opts.now(),
    });
    this.bytes += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /** Applies an invalidation of the public cache's bus to the dashboards. */
  invalidate(what: Invalidation): void {
    const prefixes = what.prefixes ?? [];
    const tags = what.tags ?? [];
    let relevant = false;
    for (const prefix of prefixes) {
      if (prefix === '' || prefix === 'learning:' || prefix === 'learner:') {
        relevant = true;
        this.clear();
      } else if (prefix.startsWith(CURRICULUM_PREFIX)) {
        relevant = true;
        const batchId = Number.parseInt(prefix.slice(CURRICULUM_PREFIX.length), 10);
        if (Number.isSafeInteger(batchId)) this.versions.set(batchId, (this.versions.get(batchId) ?? 0) + 1);
        else this.clear();
      } else if (prefix.startsWith('learner:')) {
        relevant = true;
        const exact = this.entries.get(prefix);
        if (exact) this.drop(prefix, exact);
        else for (const [key, entry] of [...this.entries]) if (key.startsWith(prefix)) this.drop(key, entry);
      }
    }
    if (tags.includes('learning-curriculum')) {
      relevant = true;
      this.clear();
    }
    // A build under way may have read the rows before the write: it is not stored.
    if (relevant) this.generation += 1;
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.delete(key)) this.bytes -= entry.bytes.length;
  }
}

/**
 * Call after the transaction of any write that changes what a learner's course dashboard shows
 * (an assignment answer, a quiz answer or retake, a certificate popup seen, a feedback form, an
 * enrolment or refund) commits: the learner's cached answer for the batch is dropped here and on
 * every other instance.
 */
export async function learnerDashboardChanged(
  cache: PublicCache,
  who: { userId: number; batchId: number },
): Promise<void> {
  await cache.invalidate({ prefixes: [dashboardKey(who.userId, who.batchId)] });
}
