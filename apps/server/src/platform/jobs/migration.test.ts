import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/test-app.js';

const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/**
 * Migration 0001 moves the rows of the two old outbox tables into `jobs`. The test recreates the
 * old tables exactly as 0000 created them, fills them, and runs 0001's data statements.
 */
describe('migration 0001: one job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('when the old outbox tables hold rows, then they become jobs: held work runs again, recorded messages are never re-sent', async () => {
    const exec = (text: string) => database.pool.query(text);
    for (const statement of statements('0000_init.sql')) {
      if (/^CREATE TABLE "(message_outbox|outbox)"/.test(statement)) await exec(statement);
    }
    await exec(`INSERT INTO outbox (topic, payload, dedupe_key, status, attempts, locked_at, locked_by, last_error, available_at)
      VALUES ('crm.lead', '{"leadId": 7}', 'lead:a:2026-01-01', 'processing', 2, now(), 'old-worker', 'timeout', '2026-01-01T00:00:00Z'),
             ('crm.note', '{"noteId": 3}', NULL, 'dead', 5, NULL, NULL, 'refused', '2026-01-01T00:00:00Z')`);
    await exec(`INSERT INTO message_outbox (channel, recipient, subject, body, status, created_at)
      VALUES ('sms', '+91 9876543210', NULL, '123456 is your Atelier code', 'pending', '2026-02-01T00:00:00Z'),
             ('email', 'a@example.test', 'Hi', 'Hello', 'failed', '2026-02-02T00:00:00Z')`);

    for (const statement of statements('0001_one_job_queue.sql')) {
      if (/^(--[^\n]*\n)*(INSERT|DROP)/.test(statement)) await exec(statement);
    }

    const rows = await database.db.execute(sql`
      SELECT topic, payload, dedupe_key, status, attempts, locked_by, last_error, run_at, created_at FROM jobs ORDER BY id`);
    expect(rows.rows).toMatchObject([
      {
        topic: 'crm.lead',
        payload: { leadId: 7 },
        dedupe_key: 'lead:a:2026-01-01',
        status: 'pending',
        attempts: 2,
        locked_by: null,
        last_error: 'timeout',
      },
      { topic: 'crm.note', status: 'dead', attempts: 5, last_error: 'refused' },
      {
        topic: 'message.send',
        payload: {
          channel: 'sms',
          to: '+91 9876543210',
          subject: null,
          body: '123456 is your Atelier code',
          kind: 'message',
        },
        status: 'done',
      },
      {
        topic: 'message.send',
        payload: { channel: 'email', to: 'a@example.test', subject: 'Hi' },
        status: 'dead',
      },
    ]);
    expect(new Date(String((rows.rows[2] as { created_at: unknown }).created_at)).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
    const left = await exec(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('outbox', 'message_outbox')`,
    );
    expect(left.rows[0].n).toBe(0);
  });
});
