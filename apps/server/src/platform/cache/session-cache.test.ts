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

  describe('shared between instances (the sequence of invalidations)', () => {
    function sharedBus(start = 0) {
      const bus = { latest: start, reachable: true };
      return {
        bus,
        broadcast: {
          publish: async () => ++bus.latest,
          currentSequence: async () => (bus.reachable ? bus.latest : null),
        },
      };
    }

    it('when another instance published an invalidation whose message has not arrived yet, then the cached session is not trusted until it does', async () => {
      const { bus, broadcast } = sharedBus(4);
      const cache = new SessionCache(30_000, 10, () => 0);
      cache.broadcastWith(broadcast, 4);
      cache.set('a', record(1, 1), cache.generation);
      expect(await cache.getCurrent('a')).toEqual(record(1, 1));

      bus.latest = 5; // another instance logged session 2 out; its message is on its way
      expect(await cache.getCurrent('a')).toBeUndefined();

      cache.invalidateHere({ sessionIds: [2] }, 5); // the message arrives
      cache.set('a', record(1, 1), cache.generation);
      expect(await cache.getCurrent('a')).toEqual(record(1, 1));
    });

    it('when messages arrive out of order, then only a complete run of numbers counts as applied; its own publish counts too', async () => {
      const { bus, broadcast } = sharedBus();
      const cache = new SessionCache(30_000, 10, () => 0);
      cache.broadcastWith(broadcast, 0);
      bus.latest = 2;
      cache.invalidateHere({ sessionIds: [9] }, 2);
      cache.set('a', record(1, 1), cache.generation);
      expect(await cache.getCurrent('a')).toBeUndefined(); // 1 is still missing
      cache.invalidateHere({ sessionIds: [8] }, 1);
      cache.set('a', record(1, 1), cache.generation);
      expect(await cache.getCurrent('a')).toBeDefined();

      await cache.invalidate({ sessionIds: [7] }); // number 3, its own
      cache.set('a', record(1, 1), cache.generation);
      expect(await cache.getCurrent('a')).toBeDefined();
    });

    it('when Redis cannot be asked, then the cache is not trusted (the database is read)', async () => {
      const { bus, broadcast } = sharedBus();
      const cache = new SessionCache(30_000, 10, () => 0);
      cache.broadcastWith(broadcast, 0);
      cache.set('a', record(1, 1), cache.generation);
      bus.reachable = false;
      expect(await cache.getCurrent('a')).toBeUndefined();
    });

    it('when a message never comes, then after the TTL the cache is emptied and trusted again', async () => {
      const now = { value: 0 };
      const { bus, broadcast } = sharedBus();
      const cache = new SessionCache(30_000, 10, () => now.value);
      cache.broadcastWith(broadcast, 0);
      cache.set('a', record(1, 1), cache.generation);
      bus.latest = 1; // its message was lost
      expect(await cache.getCurrent('a')).toBeUndefined();
      now.value = 10_000;
      cache.set('b', record(2, 2), cache.generation);
      now.value = 30_000;
      expect(await cache.getCurrent('b')).toBeUndefined(); // emptied: b may predate the lost message
      expect(cache.size).toBe(0);
      cache.set('b', record(2, 2), cache.generation);
      expect(await cache.getCurrent('b')).toBeDefined();
    });
  });
});
