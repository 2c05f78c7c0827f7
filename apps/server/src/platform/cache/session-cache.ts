/**
 * Which cached sessions a write made stale (decision 0027): sessions by id (a logout), and every
 * session a user holds or views (a password change revoking the others, an account disabled, a
 * role changed, a moderator view ended).
 */
export interface SessionInvalidation {
  readonly sessionIds?: readonly number[];
  readonly userIds?: readonly number[];
}

/**
 * Tells the other instances of a session invalidation (Redis pub/sub, see invalidation-bus.ts).
 * Each published invalidation takes the next number of a shared sequence (`publish` answers it,
 * or null when Redis could not be reached); `currentSequence` reads the latest number given out,
 * so that an instance can tell whether an invalidation is still on its way to it.
 */
export interface SessionInvalidationBroadcast {
  publish(what: SessionInvalidation): Promise<number | null>;
  currentSequence(): Promise<number | null>;
}

/** What the cache must know of a record to drop it: its id, its holder and the learner it views. */
export interface CachedSessionKeys {
  id: number;
  userId: number;
  viewedUserId: number | null;
}

interface Entry<V> {
  record: V;
  storedAt: number;
}

/** At most this many sessions are kept; the least recently used goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Session records looked up by the hash of their bearer token, kept in memory for at most `ttlMs`
 * (decision 0027) so that a signed-in request needs no database round trip for its session. Only
 * records the caller accepted are stored (never an unknown token); the caller still checks every
 * rule (expiry, idle, disabled, view ended) against the current clock on each request. A write
 * that revokes sessions calls {@link invalidate} after its transaction commits: dropped here at
 * once, and on every other instance through the broadcast when Redis is configured.
 *
 * The TTL runs on `monotonicMs` (real elapsed time), not on the application's clock: the clock
 * decides the session rules, the TTL only how stale the copy may be.
 */
export class SessionCache<V extends CachedSessionKeys> {
  private readonly entries = new Map<string, Entry<V>>();
  private broadcast: SessionInvalidationBroadcast | undefined;
  /** Moves on every invalidation: a lookup that began before one is not stored. */
  private generationValue = 0;
  /** Every shared invalidation numbered up to this one has been applied here. */
  private appliedSequence = 0;
  /** Numbers above {@link appliedSequence} applied here out of order. */
  private readonly appliedAhead = new Set<number>();
  /** When this instance first saw itself behind the shared sequence (a message lost?). */
  private behindSince: number | undefined;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  /** Whether the cache keeps anything (`SESSION_CACHE_SECONDS=0` turns it off). */
  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Take it before a database lookup and hand it to {@link set}. */
  get generation(): number {
    return this.generationValue;
  }

  /**
   * Shares invalidations with the other instances (set once, by `shareInvalidations`);
   * `appliedUpTo` is the shared sequence when the subscription started.
   */
  broadcastWith(broadcast: SessionInvalidationBroadcast, appliedUpTo: number): void {
    this.broadcast = broadcast;
    this.appliedSequence = Math.max(this.appliedSequence, appliedUpTo);
  }

  /**
   * The cached record for `tokenHash` when it is certainly current: with a broadcast, only when
   * every invalidation published so far (anywhere) has been applied here. Pub/sub delivery lags the
   * publisher's answer, so a client told "logged out" by one instance may reach another before the
   * message does; that instance then sees the shared sequence ahead of it and reads the database
   * (decision 0027). When Redis cannot be asked, the database is read too. Stuck behind for longer
   * than the TTL (a message lost without a reconnect), the cache is emptied and catches up.
   */
  async getCurrent(tokenHash: string): Promise<V | undefined> {
    const record = this.get(tokenHash);
    if (!record || !this.broadcast) return record;
    const latest = await this.broadcast.currentSequence();
    if (latest === null) return undefined;
    if (latest <= this.appliedSequence) {
      this.behindSince = undefined;
      return record;
    }
    const now = this.monotonicMs();
    this.behindSince ??= now;
    if (now - this.behindSince >= this.ttlMs) {
      this.clearHere();
      this.catchUpTo(latest);
    }
    return undefined;
  }

  /** The cached record for `tokenHash`, or undefined (missing or older than the TTL). */
  get(tokenHash: string): V | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.monotonicMs() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.record;
  }

  /**
   * Stores `record`, read from the database while the cache was at `generation`; not stored when
   * an invalidation came meanwhile (the read may predate the write).
   */
  set(tokenHash: string, record: V, generation: number): void {
    if (!this.enabled || generation !== this.generationValue) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { record, storedAt: this.monotonicMs() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Replaces a cached record in place (e.g. `lastSeenAt` moved), keeping its age. */
  update(tokenHash: string, record: V): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.record = record;
  }

  /** Drops the sessions `what` names here and on every other instance. Never throws. */
  async invalidate(what: SessionInvalidation): Promise<void> {
    this.invalidateHere(what);
    const sequence = await this.broadcast?.publish(what);
    if (sequence != null) this.markApplied(sequence);
  }

  /**
   * Drops the sessions `what` names on this instance only (an invalidation from another instance,
   * numbered `sequence` in the shared sequence).
   */
  invalidateHere(what: SessionInvalidation, sequence?: number): void {
    if (sequence !== undefined) this.markApplied(sequence);
    this.generationValue += 1;
    const sessionIds = new Set(what.sessionIds ?? []);
    const userIds = new Set(what.userIds ?? []);
    for (const [key, { record }] of this.entries) {
      if (
        sessionIds.has(record.id) ||
        userIds.has(record.userId) ||
        (record.viewedUserId !== null && userIds.has(record.viewedUserId))
      )
        this.entries.delete(key);
    }
  }

  /** Drops everything on this instance (the subscription came back: messages may have been missed). */
  clearHere(): void {
    this.generationValue += 1;
    this.entries.clear();
  }

  /** After {@link clearHere}: nothing cached predates `sequence`, so everything up to it counts as applied. */
  catchUpTo(sequence: number): void {
    if (sequence > this.appliedSequence) this.appliedSequence = sequence;
    for (const n of this.appliedAhead) if (n <= this.appliedSequence) this.appliedAhead.delete(n);
    this.behindSince = undefined;
  }

  private markApplied(sequence: number): void {
    if (sequence <= this.appliedSequence) return;
    this.appliedAhead.add(sequence);
    while (this.appliedAhead.delete(this.appliedSequence + 1)) this.appliedSequence += 1;
    // Bounded: a gap (a number given out whose message never came) is closed by getCurrent's TTL rule.
    if (this.appliedAhead.size > 10_000) {
      this.clearHere();
      this.catchUpTo(Math.max(...this.appliedAhead));
    }
  }
}
