import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection of one instance (`REDIS_URL`), opened once by `buildApp` and closed with
 * the app: what several instances share (rate-limit counters, cache invalidations).
 */
export interface RedisConnection {
  /** Commands: the rate-limit counters, PUBLISH. Every key it writes starts with {@link prefix}. */
  client: Redis;
  /** A second connection in subscriber mode (a subscribed connection can run no other command). */
  subscriber: Redis;
  /** `REDIS_KEY_PREFIX`: names this deployment's keys and channels, so deployments can share a server. */
  prefix: string;
  close(): Promise<void>;
}

/**
 * Connects to Redis and fails when it cannot (a deployment that names a Redis must not run
 * without it). Once running, a command fails at once while the connection is down instead of
 * waiting in a queue (callers degrade: see the rate limiter and the invalidation bus), and the
 * connection retries in the background.
 */
export async function connectRedis(
  url: string,
  prefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<RedisConnection> {
  const client = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: 5_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const subscriber = client.duplicate();
  for (const [name, connection] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: Error) => log.warn({ err: error, redis: name }, 'redis connection error'));
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(
      `Cannot connect to REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    client,
    subscriber,
    prefix,
    async close() {
      await Promise.all([
        client.quit().catch(() => client.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}
