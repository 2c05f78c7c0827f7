/*
 * The learners' resource search (spec §7 "Resources"; docs/decisions/0026), shared by the PGlite
 * suite (`modules/resources/learner-resources-search.test.ts`) and the PostgreSQL one (`resources.postgres.test.ts`):
 * full-text search must find, refuse and page the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resourceFiles, resourceFolders, resourceSearchDocument } from '../db/schema/index.js';
import { createTestApp, type TestContext } from './test-app.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';

interface Hit {
  type: 'folder' | 'file';
  folder?: { id: number; name: string };
  file?: { id: number; name: string; locked: boolean; downloadUrl: string | null };
  folderName?: string | null;
}

export function describeResourceSearch(label: string): void {
  describe(`learner resource search (${label})`, () => {
    let t: TestContext;
    let headers: { authorization: string };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp();
      const db = t.database.db;
      const [standards, revit] = await db
        .insert(resourceFolders)
        .values([
          { name: 'Architectural Standards', description: 'Quick references for everyday design decisions.' },
          { name: 'Revit Family Library', description: 'Parametric doors and windows.', isPremium: true },
        ])
        .returning();
      const [stairs] = await db
        .insert(resourceFolders)
        .values({ name: 'Stairs and ramps', description: '', parentId: standards!.id })
        .returning();
      const files = await db
        .insert(resourceFiles)
        .values([
          {
            name: 'Residential Room Sizes Cheat Sheet.pdf',
            description: 'Minimum bedroom and kitchen dimensions.',
            kind: 'pdf' as const,
            path: 'resources/s/room-sizes.pdf',
            folderId: standards!.id,
          },
          {
            name: 'Staircase Design Rules.pdf',
            description: 'Riser and tread proportions, 100% literal.',
            kind: 'pdf' as const,
            path: 'resources/s/staircase.pdf',
            folderId: stairs!.id,
          },
          {
            name: 'Doors Family Guide.pdf',
            description: 'Waterproofing of door sills.',
            kind: 'pdf' as const,
            path: 'resources/s/doors.pdf',
            folderId: revit!.id,
          },
          {
            name: 'Quote "marks" and O\'Brien notes.pdf',
            description: '',
            kind: 'pdf' as const,
            path: 'resources/s/quotes.pdf',
            folderId: standards!.id,
          },
        ])
        .returning();
      await db.insert(resourceFiles).values(
        Array.from({ length: 25 }, (_, i) => ({
          name: `Pagination sheet ${String(i).padStart(2, '0')}.pdf`,
          description: 'Numbered pagination sample.',
          kind: 'pdf' as const,
          path: `resources/s/page-${i}.pdf`,
          folderId: standards!.id,
        })),
      );
      Object.assign(ids, {
        standards: standards!.id,
        revit: revit!.id,
        stairs: stairs!.id,
        roomSizes: files[0]!.id,
        staircase: files[1]!.id,
        doors: files[2]!.id,
        quotes: files[3]!.id,
      });
      const user = await insertUser(t.database.db);
      headers = bearer((await insertSession(t.database.db, user.id, t.now.value)).token);
    }, 120_000);
    afterAll(async () => {
      await t.close();
    });

    const search = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/user/resource/search', query, headers });
    const hitsOf = async (query: string) => {
      const res = await search({ query });
      expect(res.statusCode, query).toBe(200);
      return res.json().data.results as Hit[];
    };
    const keys = (hits: Hit[]) => hits.map((h) => `${h.type}:${(h.folder ?? h.file)!.id}`).sort();

    it('when words are searched, then folders and files match by name or description, stemmed, the last word as a prefix', async () => {
      expect(keys(await hitsOf('room sizes'))).toEqual([`file:${ids.roomSizes}`]);
      // "stair" finds the folder "Stairs …" and the file "Staircase …"; "stai" as you type, too.
      expect(keys(await hitsOf('stair'))).toEqual([`file:${ids.staircase}`, `folder:${ids.stairs}`].sort());
      expect(keys(await hitsOf('stai'))).toEqual([`file:${ids.staircase}`, `folder:${ids.stairs}`].sort());
      // A description word; a folder by its description; case does not matter.
      expect(keys(await hitsOf('WATERPROOFING'))).toEqual([`file:${ids.doors}`]);
      expect(keys(await hitsOf('parametric'))).toEqual([`folder:${ids.revit}`]);
      // Every word must match.
      expect(await hitsOf('room waterproofing')).toEqual([]);
      const [hit] = await hitsOf('staircase rules');
      expect(hit).toMatchObject({ type: 'file', folderName: 'Stairs and ramps' });
    });

    it('when a premium file is found by a learner without enrolment, then it is locked and has no address', async () => {
      const [hit] = await hitsOf('door sills');
      expect(hit!.file).toMatchObject({ id: ids.doors, locked: true, downloadUrl: null });
    });

    it('when the text carries %, _, *, :, quotes or operators, then they are literal: no wildcard, no error', async () => {
      for (const query of [
        '%',
        '_',
        '%%',
        '*',
        ':*',
        '"',
        "'",
        '\\',
        '!',
        '&|!()',
        "'; drop table resource_files; --",
      ]) {
        expect(await hitsOf(query), query).toEqual([]);
      }
      // Would match "Room Sizes" as LIKE patterns: not here.
      for (const query of ['r%s', 'r_om', 'roo_', 'r*']) expect(await hitsOf(query), query).toEqual([]);
      // Punctuation around real words only separates them.
      expect(keys(await hitsOf('"room" sizes:*'))).toEqual([`file:${ids.roomSizes}`]);
      expect(keys(await hitsOf('100%'))).toEqual([`file:${ids.staircase}`]);
      // Operators are not operators: `|` is no OR (both words are needed), `!` no NOT.
      expect(await hitsOf('stair | room')).toEqual([]);
      expect(keys(await hitsOf('!room'))).toEqual([`file:${ids.roomSizes}`]);
      expect(keys(await hitsOf("O'Brien"))).toEqual([`file:${ids.quotes}`]);
      expect(keys(await hitsOf('"marks"'))).toEqual([`file:${ids.quotes}`]);
    });

    it('when the text is empty, blank, too long, has control characters or unknown keys, then 400 in the envelope', async () => {
      expect((await search({ query: 'a'.repeat(100) })).statusCode).toBe(200);
      for (const query of [
        { query: '' },
        { query: '   ' },
        { query: 'a'.repeat(101) },
        { query: 'x'.repeat(100_000) },
        { query: 'room\u0000sizes' },
        { query: 'room', sort: 'name' },
        {},
      ]) {
        const res = await search(query);
        expect(res.statusCode, JSON.stringify(query).slice(0, 60)).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      }
    });

    it('when results span pages, then limit and offset page them without repeats, with the total', async () => {
      const seen: number[] = [];
      for (const offset of [0, 10, 20]) {
        const res = await search({ query: 'pagination', limit: '10', offset: String(offset) });
        const data = res.json().data;
        expect(data).toMatchObject({ total: 25, limit: 10, offset });
        seen.push(...(data.results as Hit[]).map((h) => h.file!.id));
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
      const past = (await search({ query: 'pagination', offset: '100' })).json().data;
      expect(past).toMatchObject({ results: [], total: 25 });
      expect((await search({ query: 'pagination', limit: '51' })).statusCode).toBe(400);
    });

    it('when the planner is asked, then the match uses the GIN expression indexes (same expression as the search)', async () => {
      const plans = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = async (table: 'resource_files' | 'resource_folders', alias: string) => {
          const doc = resourceSearchDocument(sql.raw(`${alias}.name`), sql.raw(`${alias}.description`));
          const result = await tx.execute(
            sql`explain select ${sql.raw(alias)}.id from ${sql.raw(table)} ${sql.raw(alias)}
                where ${doc} @@ plainto_tsquery('english'::regconfig, 'stair')`,
          );
          return result.rows.map((r) => Object.values(r).join(' ')).join('\n');
        };
        return [await plan('resource_files', 'f'), await plan('resource_folders', 'd')];
      });
      expect(plans[0]).toContain('resource_files_search_idx');
      expect(plans[1]).toContain('resource_folders_search_idx');
    });

    it('when one client searches too often, then 429 RATE_LIMITED with Retry-After', async () => {
      let limited: Awaited<ReturnType<typeof search>> | undefined;
      for (let i = 0; i < 130 && !limited; i++) {
        const res = await search({ query: 'room' });
        if (res.statusCode === 429) limited = res;
        else expect(res.statusCode).toBe(200);
      }
      expect(limited).toBeDefined();
      expect(limited!.json()).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
      expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}
