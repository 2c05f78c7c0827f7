import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectEmbedded, connectPostgres, migrateDatabase, migrationsFolder } from '../db/database.js';
import { startEmbeddedServer } from '../db/embedded.js';
import { testDatabaseKind, testDatabaseUrl } from './test-database-kind.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data directory. PostgreSQL: name of a template database. */
    dbTemplate: string;
  }
}

/** Hash of the committed migrations: a template is rebuilt only when they change. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else hash.update(name.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates one template database per run (creating a PGlite database from scratch takes ~3 s and
 * ~0.7 GB; loading a dumped one ~0.4 s), which every test file then clones.
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  if (testDatabaseKind() === 'postgres') {
    const url = testDatabaseUrl();
    const name = `atelier_tpl_${hash}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_build_${process.pid}`;
        await admin.query(`drop database if exists "${building}"`);
        await admin.query(`create database "${building}"`);
        const target = new URL(url);
        target.pathname = `/${building}`;
        const database = connectPostgres(target.toString(), 2);
        await migrateDatabase(database);
        await database.close();
        await admin.query(`alter database "${building}" rename to "${name}"`).catch(async () => {
          await admin.query(`drop database if exists "${building}"`);
        });
      }
    } finally {
      await admin.end();
    }
    project.provide('dbTemplate', name);
    return;
  }

  const dir = path.resolve('.data/test');
  const file = path.join(dir, `pglite-template-${hash}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const server = await startEmbeddedServer({});
    const database = connectEmbedded(server);
    await migrateDatabase(database);
    await database.pool.end();
    const bytes = await server.dump();
    await server.close();
    writeFileSync(`${file}.${process.pid}`, bytes);
    renameSync(`${file}.${process.pid}`, file);
  }
  project.provide('dbTemplate', file);
}
