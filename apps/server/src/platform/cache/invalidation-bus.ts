import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RedisConnection } from '../redis.js';
import { EVERYTHING, type Invalidation, type PublicCache } from './public-cache.js';
import type { CachedSessionKeys, SessionCache, SessionInvalidation } from './session-cache.js';

const ids = z.array(z.number().int()).max(10_000).optional();

/**
 * What is published on the channel: an {@link Invalidation} of the public cache and/or a
 * {@link SessionInvalidation} of the session cache (decision 0027), and the instance that sent it.
 */
const MessageSchema = z.object({
  from: z.string().max(64),
  prefixes: z.array(z.string().max(200)).max(200).optional(),
  tags: z.array(z.string().max(200)).max(200).optional(),
  sessions: z.object({ sessionIds: ids, userIds: ids }).optional(),
  /** The session invalidation's number in the shared sequence ({@link sessionSequenceKey}). */
  sequence: z.number().int().positive().optional(),
});

/**
 * The counter numbering session invalidations (decision 0027): INCR before each publish, read by
 * an instance about to trust a cached session, to learn whether a message is still on its way.
 */
export function sessionSequenceKey(prefix: string): string {
  return `${prefix}sessions:sequence`;
}

/** The pub/sub channel of a deployment's cache invalidations. */
export function invalidationChannel(prefix: string): string {
  return `${prefix}cache:invalidate`;
}

/**
 * Shares `cache`'s invalidations with every instance on the same Redis: each
 * `cache.invalidate()` is published, and each one published by another instance drops the same
 * entries here. After the subscription was interrupted (Redis restarted, the network dropped)
 * messages may have been missed, so the whole cache is dropped once it is back; while Redis is
 * unreachable a publish is logged and lost, and the other instances converge within the TTL.
 */
export async function shareInvalidations(
  cache: PublicCache,
  redis: RedisConnection,
  log: FastifyBaseLogger,
  sessions?: SessionCache<CachedSessionKeys>,
): Promise<void> {
  const channel = invalidationChannel(redis.prefix);
  const instance = randomUUID();
  redis.subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(text));
    } catch {
      log.warn({ channel }, 'ignored a malformed cache invalidation message');
      return;
    }
    if (message.from === instance) return;
    if (message.sessions) sessions?.invalidateHere(message.sessions, message.sequence);
    if (message.prefixes || message.tags || !message.sessions) cache.invalidateHere(message);
  });
  // `ready` again means a reconnect (ioredis subscribes again by itself): anything may have changed.
  redis.subscriber.on('ready', () => {
    log.warn(
      'redis subscription restored: dropping the whole public cache (invalidations may have been missed)',
    );
    cache.invalidateHere(EVERYTHING);
    if (sessions) void restartSessions(sessions);
  });
  const sequenceKey = sessionSequenceKey(redis.prefix);
  const currentSequence = async (): Promise<number | null> => {
    try {
      return Number((await redis.client.get(sequenceKey)) ?? 0);
    } catch {
      return null;
    }
  };
  // Read before the cache is emptied: whatever was numbered up to it committed before anything
  // the emptied cache will store.
  async function restartSessions(cache: SessionCache<CachedSessionKeys>): Promise<void> {
    const sequence = await currentSequence();
    cache.clearHere();
    if (sequence !== null) cache.catchUpTo(sequence);
  }
  await redis.subscriber.subscribe(channel);
  cache.broadcastWith({
    publish: async (what) => {
      await publishInvalidation(redis, what, instance, log);
    },
  });
  sessions?.broadcastWith(
    {
      publish: (what) => publishInvalidation(redis, { sessions: what }, instance, log),
      currentSequence,
    },
    (await currentSequence()) ?? 0,
  );
}

/**
 * Publishes `what` to every instance sharing `redis` (also from outside a server, e.g. the seed
 * command). Never throws: a failure is logged.
 */
export async function publishInvalidation(
  redis: Pick<RedisConnection, 'client' | 'prefix'>,
  what: Invalidation & { sessions?: SessionInvalidation },
  from: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<number | null> {
  let sequence: number | undefined;
  try {
    if (what.sessions) sequence = await redis.client.incr(sessionSequenceKey(redis.prefix));
  } catch {
    // Not numbered: the publish below is tried all the same (and logged if it fails too).
  }
  const message: z.infer<typeof MessageSchema> = {
    from,
    prefixes: what.prefixes && [...what.prefixes],
    tags: what.tags && [...what.tags],
    sessions: what.sessions && {
      sessionIds: what.sessions.sessionIds && [...what.sessions.sessionIds],
      userIds: what.sessions.userIds && [...what.sessions.userIds],
    },
    sequence,
  };
  try {
    await redis.client.publish(invalidationChannel(redis.prefix), JSON.stringify(message));
    return sequence ?? null;
  } catch (error) {
    log.error(
      { err: error, invalidation: what },
      'cache invalidation not broadcast; other instances converge within the TTL',
    );
    return null;
  }
}
