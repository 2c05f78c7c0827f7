import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createFileStorage } from '../integrations/storage/create-file-storage.js';
import { EVERYTHING, type PublicCache } from '../platform/cache/index.js';
import { withStartupLock, type Database } from './database.js';
import { workshops } from './schema/index.js';
import { seedDemo, type DemoSeedResult } from './seed/index.js';

/**
 * Seeds the demo data set into an empty database (no workshops yet) and returns its accounts;
 * returns null when the database already has content, so restarts never reseed. Instances starting
 * together on one PostgreSQL database take turns (the start-up advisory lock): one seeds, the
 * others then find content and skip. Every public answer changes: the whole public cache is
 * invalidated, on every instance (one that started beside this one may already have cached the
 * empty catalogue).
 */
export async function seedIfEmpty(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  cache: Pick<PublicCache, 'invalidate'>,
): Promise<DemoSeedResult['accounts'] | null> {
  const accounts = await withStartupLock(database, async (db) => {
    const [existing] = await db.select({ n: count() }).from(workshops);
    if ((existing?.n ?? 0) > 0) return null;
    const started = performance.now();
    // The library's documents go to this deployment's file storage (local files or the bucket).
    const files = await createFileStorage(config);
    const seeded = await seedDemo(db, { now: new Date(), tz: config.tz, files }).finally(() => files.close());
    log.info({ ms: Math.round(performance.now() - started) }, 'seeded the demo data set');
    return seeded.accounts;
  });
  if (accounts) await cache.invalidate(EVERYTHING);
  return accounts;
}
