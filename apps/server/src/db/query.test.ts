import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './database.js';
import { queryRow, queryRows } from './query.js';

describe('raw queries parsed by a row schema', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const Row = z.object({ id: z.number(), title: z.string() });

  it('when the rows match their schema, then they are returned as parsed', async () => {
    const rows = await queryRows(
      database.db,
      sql`select * from (values (1, 'Revit'), (2, 'Rhino')) as t(id, title) order by id`,
      Row,
    );
    expect(rows).toEqual([
      { id: 1, title: 'Revit' },
      { id: 2, title: 'Rhino' },
    ]);
    expect(await queryRow(database.db, sql`select 1 as id, 'x' as title where false`, Row)).toBeUndefined();
  });

  it('when a column is renamed in the SQL, then the query is refused naming the row and the missing field', async () => {
    const query = queryRows(
      database.db,
      sql`select * from (values (1, 'Revit'), (2, 'Rhino')) as t(id, name) order by id`,
      Row,
    );
    await expect(query).rejects.toThrow(/^Row 0 of a raw query does not match its schema: .*"title"/s);
  });

  it('when a column comes back null where its schema says text, then the query is refused instead of passing the null on', async () => {
    await expect(
      queryRow(database.db, sql`select 1 as id, 'Revit' as title union all select 2, null`, Row),
    ).rejects.toThrow(/^Row 1 of a raw query does not match its schema: .*"title"/s);
  });
});
