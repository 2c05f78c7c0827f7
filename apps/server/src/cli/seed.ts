import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openAndMigrate } from '../db/bootstrap.js';
import { migrateDatabase } from '../db/database.js';
import { workshops } from '../db/schema/index.js';
import { createFileStorage } from '../integrations/storage/create-file-storage.js';
import { seedDemo, seedLarge } from '../db/seed/index.js';
import { DEMO_PAYMENT_LINK_TOKEN } from '../db/seed/payment-links.js';
import { EVERYTHING, publishInvalidation } from '../platform/cache/index.js';
import { connectRedis } from '../platform/redis.js';

/**
 * `npm run db:seed` seeds the demo data set into an empty database;
 * `npm run db:seed -- --scale large` builds the benchmark data set (5,000 workshops, 20,000
 * batches, 100,000 users, 1,000,000 quiz responses). `--reset` empties the database first.
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    reset: { type: 'boolean', default: false },
  },
});
if (values.scale !== 'demo' && values.scale !== 'large') {
  process.stderr.write('--scale must be demo or large\n');
  process.exit(2);
}

const config = loadConfig();
const database = await openAndMigrate(config);
try {
  if (values.reset) {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
    await migrateDatabase(database);
  }
  const [existing] = await database.db.select({ n: count() }).from(workshops);
  if ((existing?.n ?? 0) > 0) {
    process.stderr.write('The database already has content. Run with --reset to start over.\n');
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const now = new Date();
    if (values.scale === 'large') {
      const { counts } = await seedLarge(database.db, { now, tz: config.tz });
      const seconds = Math.round((performance.now() - started) / 1000);
      process.stdout.write(`Large data set seeded in ${seconds} s: ${JSON.stringify(counts)}\n`);
    } else {
      const files = await createFileStorage(config);
      const result = await seedDemo(database.db, { now, tz: config.tz, files }).finally(() => files.close());
      process.stdout.write(`Demo data set seeded in ${Math.round(performance.now() - started)} ms.\n`);
      for (const a of result.accounts)
        process.stdout.write(`  ${a.role.padEnd(10)} ${a.email.padEnd(28)} ${a.password}\n`);
      process.stdout.write(`  payment link: ${config.publicUrl}/pay/${DEMO_PAYMENT_LINK_TOKEN}\n`);
    }
    // Running servers have cached the previous content: with Redis, they drop it at once (without,
    // each converges within PUBLIC_CACHE_TTL_SECONDS).
    if (config.redisUrl) {
      const log = pino({ level: 'warn' });
      const redis = await connectRedis(config.redisUrl, config.redisKeyPrefix, log);
      await publishInvalidation(redis, EVERYTHING, 'db:seed', log);
      await redis.close();
      process.stdout.write('Running servers were told to drop their cached public answers.\n');
    }
  }
} finally {
  await database.close();
}
