import type { AppConfig } from '../config.js';
import { connectPostgres, migrateDatabase, openEmbedded, type Database } from './database.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else embedded PGlite). */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, config.databasePoolSize)
    : openEmbedded(config.dataDir);
}

/** Opens and migrates; what `main.ts` and the CLI do before anything else. */
export async function openAndMigrate(config: AppConfig): Promise<Database> {
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
