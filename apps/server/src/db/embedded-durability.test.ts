import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded, type Database } from './database.js';

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-durable-'));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when opened, then commits are durable: fsync and synchronous_commit are on, and a commit reaches fsync(2)', async () => {
    database = await openEmbedded(dataDir);
    const show = async (name: string) =>
      Object.values((await database!.pool.query(`show ${name}`)).rows[0])[0];
    expect(await show('fsync')).toBe('on');
    expect(await show('synchronous_commit')).toBe('on');
    expect(await show('full_page_writes')).toBe('on');
    // fdatasync() is a no-op in PGlite's file system layer; fsync() is passed through to the kernel.
    expect(await show('wal_sync_method')).toBe('fsync');

    await database.pool.query('create table durable_check (id int primary key)');
    const before = await database.embedded!.fsyncCount();
    await database.pool.query('insert into durable_check values (1)');
    const after = await database.embedded!.fsyncCount();
    expect(after).toBeGreaterThan(before);
  }, 180_000);

  it('when a second opener comes while it is open, then it is refused; after close the rows are there on reopen', async () => {
    await expect(openEmbedded(dataDir)).rejects.toThrow(/is in use by another process \(pid \d+\)/);
    await database!.close();
    database = await openEmbedded(dataDir);
    const { rows } = await database.pool.query<{ id: number }>('select id from durable_check');
    expect(rows).toEqual([{ id: 1 }]);
  }, 180_000);
});
