import { loadConfig } from '../config.js';
import { openAndMigrate } from '../db/bootstrap.js';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const database = await openAndMigrate(config);
await database.close();
process.stdout.write(
  `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).\n`,
);
