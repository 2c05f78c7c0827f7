import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const record = (id: number, userId: number, viewedUserId: number | null = null) => ({
  id,
  userId,
  viewedUserId,
});

/** Decision 0027: the session cache's bound, TTL and invalidations (the auth rules are in modules/auth). */
describe('SessionCache', () => {
  it('when more sessions than the bound are stored, then the least recently used one goes first', () => {
    const cache = new SessionCache(30_000, 2, () => 0);
    cache.set('a', record(1, 1), cache.generation);
    cache.set('b', record(2, 2), cache.generation);
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', record(3, 3), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('when the TTL has passed, then the entry is gone', () => {
    const now = { value: 0 };
    const cache = new SessionCache(30_000, 10, () => now.value);
    cache.set('a', record(1, 1), cache.generation);
    now.value = 29_999;
    expect(cache.get('a')).toBeDefined();
    now.value = 30_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when a user is invalidated, then the sessions they hold and the views of them go; others stay', () => {
    const cache = new SessionCache(30_000, 10, () => 0);
    cache.set('own', record(1, 7), cache.generation);
    cache.set('view', record(2, 9, 7), cache.generation);
    cache.set('other', record(3, 8), cache.generation);
    cache.invalidateHere({ userIds: [7] });
    expect(cache.get('own')).toBeUndefined();
    expect(cache.get('view')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    cache.invalidateHere({ sessionIds: [3] });
    expect(cache.get('other')).toBeUndefined();
  });

  it('when an invalidation comes while a lookup is under way, then its result is not stored', () => {
    const cache = new SessionCache(30_000, 10, () => 0);
    const generation = cache.generation;
    cache.invalidateHere({ sessionIds: [99] });
    cache.set('a', record(1, 1), generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('when the TTL is 0, then nothing is stored', () => {
    const cache = new SessionCache(0, 10, () => 0);
    expect(cache.enabled).toBe(false);
    cache.set('a', record(1, 1), cache.generation);
    expect(cache.size).toBe(0);
  });
});
