import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { testDatabaseKind, testDatabaseUrl } from '../test/test-database-kind.js';
import { openAndMigrate } from './bootstrap.js';
import { migrationsFolder } from './database.js';

const opener = fileURLToPath(new URL('../test/startup-opener.ts', import.meta.url));

/** Runs one instance's start-up (open, migrate, seed) in its own process. */
function startInstance(
  url: string,
): Promise<{ code: number | null; out: { ok: boolean; seeded?: boolean; error?: string } }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', opener, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      try {
        resolve({ code, out: JSON.parse(stdout.trim().split('\n').pop()!) });
      } catch {
        resolve({ code, out: { ok: false, error: `${stdout}\n${stderr}` } });
      }
    });
  });
}

// PostgreSQL only: the suite runs it when ATELIER_TEST_DB=postgres and TEST_DATABASE_URL are set
// (CI's second run); on PGlite one process owns the folder, so there is no race to serialise.
describe.runIf(testDatabaseKind() === 'postgres')('start-up on a shared PostgreSQL database', () => {
  const created: string[] = [];
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl() });
  async function freshDatabase(): Promise<string> {
    const name = `atelier_start_${randomBytes(5).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
    created.push(name);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of created) await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('when four instances start together on a fresh database, then all come up, it is migrated once and seeded once', async () => {
    const url = await freshDatabase();
    const results = await Promise.all([1, 2, 3, 4].map(() => startInstance(url)));
    for (const r of results) expect(r.out, JSON.stringify(r.out)).toMatchObject({ ok: true });
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(results.filter((r) => r.out.seeded)).toHaveLength(1);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { readdirSync } = await import('node:fs');
    const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.n).toBe(migrations);
    const learners = await client.query<{ n: number }>(
      `select count(*)::int as n from users where email = 'learner@atelier.test'`,
    );
    expect(learners.rows[0]!.n).toBe(1);
    await client.end();
  }, 180_000);

  it('when a migration fails, then the error carries the database’s own message', async () => {
    const url = await freshDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create table users (oops int)');
    await client.end();
    const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32), DATABASE_URL: url });
    await expect(openAndMigrate(config)).rejects.toThrow(
      /^Migrating the postgres database failed: .*relation "users" already exists \(SQLSTATE 42P07\)/,
    );
  }, 60_000);
});
