import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { connectEmbedded, connectPostgres, type Database } from '../db/database.js';
import { startEmbeddedServer } from '../db/embedded.js';
import { testDatabaseKind, testDatabaseUrl } from './test-database-kind.js';

/** A fresh database cloned from the migrated template: PGlite or PostgreSQL per ATELIER_TEST_DB. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  if (testDatabaseKind() === 'postgres') {
    const url = testDatabaseUrl();
    const name = `atelier_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = connectPostgres(target.toString(), 5);
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
    return database;
  }
  const server = await startEmbeddedServer({ template: readFileSync(template) });
  return connectEmbedded(server);
}

/**
 * Configuration for tests: no secrets from the environment, a throw-away data folder. Tests hand
 * the app their own database, so production here may run without DATABASE_URL.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
    // Tests that run as production sell through the offline sandbox (decision 0014).
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: path.join(tmpdir(), `atelier-test-${process.pid}`),
    LOG_LEVEL: process.env.TEST_LOG === '1' ? 'error' : 'silent',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The instant the app believes it is; move it to test time rules. */
  now: { value: Date };
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, for `app.inject()` tests. */
export async function createTestApp(
  opts: { env?: Record<string, string>; now?: Date } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(opts.env);
  const now = { value: opts.now ?? new Date() };
  const app = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOG === '1',
    clock: () => now.value,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    now,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
