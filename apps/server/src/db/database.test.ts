import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './database.js';

describe('database connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('create table conn_check (id int primary key)');
  });
  afterAll(async () => {
    await database.close();
  });

  it('when a statement fails outside a transaction, then the next queries still work', async () => {
    await database.pool.query('insert into conn_check values (1)');
    await expect(database.pool.query('insert into conn_check values ($1)', [1])).rejects.toThrow(
      /duplicate key/,
    );
    await expect(database.pool.query('insert into conn_check values (1)')).rejects.toThrow(/duplicate key/);
    const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from conn_check');
    expect(rows[0]!.n).toBe(1);
    expect(await database.ping()).toBe(true);
  });

  it('when a transaction fails, then it rolls back whole and the connection stays usable', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into conn_check values (2)`);
        await tx.execute(sql`insert into conn_check values (1)`);
      }),
    ).rejects.toThrow();
    const { rows } = await database.pool.query<{ id: number }>('select id from conn_check order by id');
    expect(rows.map((r) => r.id)).toEqual([1]);
  });
});
