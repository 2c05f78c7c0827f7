// One instance's start-up as main.ts does it (open, migrate, seed an empty database), in its own
// process, for src/db/startup-concurrency.postgres.test.ts. Prints `{"ok":true,"seeded":…}` or the error.
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openAndMigrate } from '../db/bootstrap.js';
import { seedIfEmpty } from '../db/seed-on-start.js';
import { PublicCache } from '../platform/cache/index.js';

const config = loadConfig({
  NODE_ENV: 'test',
  APP_SECRET: 'test-secret-test-secret-test-secret-0123',
  DATABASE_URL: process.argv[2],
  DATABASE_POOL_SIZE: '1',
});
try {
  const database = await openAndMigrate(config);
  const accounts = await seedIfEmpty(database, config, pino({ level: 'silent' }), new PublicCache(60_000));
  await database.close();
  process.stdout.write(`${JSON.stringify({ ok: true, seeded: accounts !== null })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
  process.exitCode = 1;
}
