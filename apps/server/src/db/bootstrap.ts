import type { AppConfig } from '../config.js';
import {
  connectPostgres,
  databaseErrorMessage,
  migrateDatabase,
  openEmbedded,
  type Database,
} from './database.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else embedded PGlite). */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, config.databasePoolSize)
    : openEmbedded(config.dataDir);
}

/**
 * Opens and migrates; what `main.ts` and the CLI do before anything else. Instances starting
 * together on one PostgreSQL database migrate one at a time (an advisory lock); a failure names
 * the database's own message, not only the statement that failed.
 */
export async function openAndMigrate(config: AppConfig): Promise<Database> {
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new Error(`Migrating the ${database.kind} database failed: ${databaseErrorMessage(error)}`, {
      cause: error,
    });
  }
  return database;
}
