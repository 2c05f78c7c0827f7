import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { EVERYTHING, type PublicCache } from '../platform/cache/index.js';
import type { Database } from './database.js';
import { seedDemo, type DemoSeedResult } from './seed/index.js';

/**
 * Seeds the demo data set into an empty database (no workshops yet) and returns its accounts;
 * returns null when the database already has content, so restarts never reseed. Every public
 * answer changes: the whole public cache is invalidated, on every instance (one that started
 * beside this one may already have cached the empty catalogue).
 */
export async function seedIfEmpty(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  cache: Pick<PublicCache, 'invalidate'>,
): Promise<DemoSeedResult['accounts'] | null> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from workshops`);
  if ((result.rows[0]?.n ?? 0) > 0) return null;
  const started = performance.now();
  const seeded = await seedDemo(database.db, { now: new Date(), tz: config.tz });
  log.info({ ms: Math.round(performance.now() - started) }, 'seeded the demo data set');
  await cache.invalidate(EVERYTHING);
  return seeded.accounts;
}
