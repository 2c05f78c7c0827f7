import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { enrolments, resourceBannerClicks, resourceFiles, resourceFolders } from '../../db/schema/index.js';
import { contentSecurityPolicy } from '../../http/web.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

/*
 * The learners' resource library (issue 15, spec §7 "Resources"; docs/decisions/0026): folders,
 * files, search, the premium rule, PDFs and banner clicks.
 */

type Headers = { authorization: string };

async function folder(
  db: Db,
  values: { name: string; description?: string; isPremium?: boolean; parentId?: number; sequence?: number },
) {
  const [row] = await db
    .insert(resourceFolders)
    .values({
      name: values.name,
      description: values.description ?? '',
      isPremium: values.isPremium ?? false,
      parentId: values.parentId ?? null,
      sequence: values.sequence ?? 0,
    })
    .returning();
  return row!;
}

async function file(
  db: Db,
  values: {
    name: string;
    folderId?: number | null;
    description?: string;
    kind?: 'pdf' | 'image' | 'video' | 'cad' | 'archive' | 'link';
    path?: string | null;
    url?: string | null;
    isPremium?: boolean;
    isPublic?: boolean;
  },
) {
  const kind = values.kind ?? 'pdf';
  const [row] = await db
    .insert(resourceFiles)
    .values({
      name: values.name,
      folderId: values.folderId ?? null,
      description: values.description ?? '',
      kind,
      path:
        values.path === undefined
          ? `resources/test/${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`
          : values.path,
      url: values.url ?? null,
      isPremium: values.isPremium ?? false,
      isPublic: values.isPublic ?? false,
    })
    .returning();
  return row!;
}

describe('learner resources', () => {
  let t: TestContext;
  let db: Db;
  let member: Headers; // signed in, no enrolment
  let enrolled: Headers; // one live enrolment
  let refunded: Headers; // only a refunded enrolment
  let staff: Headers;
  let enrolledId: number;
  let memberId: number;
  const ids: Record<string, number> = {};
  const storedBytes = Buffer.from('%PDF-1.4\n% stored learner file\n%%EOF\n', 'latin1');

  beforeAll(async () => {
    // No job worker: a poll of its own inside a query-counting window would be counted (the check
    // of queries per call below failed that way once in CI).
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
    db = t.database.db;
    const standards = await folder(db, {
      name: 'Architectural Standards',
      description: 'Quick references for everyday design decisions.',
      sequence: 1,
    });
    const stairs = await folder(db, { name: 'Stairs and ramps', parentId: standards.id, sequence: 1 });
    const revit = await folder(db, {
      name: 'Revit Family Library',
      description: 'Parametric doors and windows.',
      isPremium: true,
      sequence: 2,
    });
    const furniture = await folder(db, { name: 'Furniture', parentId: revit.id });
    const empty = await folder(db, { name: 'Empty shelf', sequence: 3 });
    const roomSizes = await file(db, {
      name: 'Residential Room Sizes Cheat Sheet.pdf',
      folderId: standards.id,
      description: 'Minimum bedroom, kitchen and toilet dimensions.',
      path: 'resources/learner/room-sizes.pdf',
    });
    const staircase = await file(db, {
      name: 'Staircase Design Rules.pdf',
      folderId: stairs.id,
      description: 'Riser and tread proportions, 100% literal.',
    });
    const toilets = await file(db, {
      name: 'Accessible Toilet Layouts.dwg',
      folderId: standards.id,
      kind: 'cad',
      path: 'resources/learner/toilets.dwg',
    });
    const video = await file(db, {
      name: 'How we review portfolios',
      folderId: standards.id,
      kind: 'video',
      path: null,
      url: 'https://videos.atelier.test/review',
    });
    const premiumInFree = await file(db, {
      name: 'Premium Detail Sheet.pdf',
      folderId: standards.id,
      isPremium: true,
      description: 'Waterproofing details.',
    });
    const doors = await file(db, {
      name: 'Doors Family Guide.pdf',
      folderId: revit.id,
      description: 'How the door families are built.',
    });
    const kitchen = await file(db, { name: 'Modular Kitchen Families Guide.pdf', folderId: furniture.id });
    const premiumVideo = await file(db, {
      name: 'Premium masterclass recording',
      folderId: revit.id,
      kind: 'video',
      path: null,
      url: 'https://videos.atelier.test/premium-secret',
    });
    const outer = await file(db, { name: 'Thesis Topics.pdf', isPublic: true });
    Object.assign(ids, {
      standards: standards.id,
      stairs: stairs.id,
      revit: revit.id,
      furniture: furniture.id,
      empty: empty.id,
      roomSizes: roomSizes.id,
      staircase: staircase.id,
      toilets: toilets.id,
      video: video.id,
      premiumInFree: premiumInFree.id,
      doors: doors.id,
      kitchen: kitchen.id,
      premiumVideo: premiumVideo.id,
      outer: outer.id,
    });
    mkdirSync(path.join(t.config.dataDir, 'files/resources/learner'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'files/resources/learner/room-sizes.pdf'), storedBytes);

    const workshop = await createWorkshop(db);
    const batch = await createBatch(db, workshop.id);
    const otherBatch = await createBatch(db, workshop.id);
    const sessionFor = async (userId: number) => bearer((await insertSession(db, userId, t.now.value)).token);

    const m = await insertUser(db, { name: 'Mira Member' });
    memberId = m.id;
    member = await sessionFor(m.id);
    const e = await insertUser(db, { name: 'Esha Enrolled' });
    enrolledId = e.id;
    await db.insert(enrolments).values({ userId: e.id, batchId: batch.id });
    enrolled = await sessionFor(e.id);
    const r = await insertUser(db, { name: 'Ravi Refunded' });
    await db.insert(enrolments).values([
      { userId: r.id, batchId: batch.id, isRefund: true },
      { userId: r.id, batchId: otherBatch.id, isDashboardAccess: false },
    ]);
    refunded = await sessionFor(r.id);
    const s = await insertUser(db, { name: 'Ian Instructor', role: 'instructor' });
    staff = await sessionFor(s.id);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  it('when a visitor calls any learner resource call, then 401', async () => {
    for (const url of [
      '/api/user/resource/fs/all',
      `/api/user/resource/fs/${ids.standards}`,
      `/api/user/resource/${ids.roomSizes}/file`,
      '/api/user/resource/search?query=stairs',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('when the top-level folders are listed, then they come in order with counts and the premium flag', async () => {
    const res = await get('/api/user/resource/fs/all', member);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.isEntitled).toBe(false);
    expect(data.folders).toEqual([
      expect.objectContaining({
        id: ids.standards,
        parentId: null,
        folderCount: 1,
        fileCount: 4,
        isPremium: false,
        locked: false,
      }),
      expect.objectContaining({ id: ids.revit, folderCount: 1, fileCount: 2, isPremium: true, locked: true }),
      expect.objectContaining({ id: ids.empty, folderCount: 0, fileCount: 0 }),
    ]);
    const mine = (await get('/api/user/resource/fs/all', enrolled)).json().data;
    expect(mine.isEntitled).toBe(true);
    expect(mine.folders[1]).toMatchObject({ isPremium: true, locked: false });
  });

  it('when a folder is opened, then its breadcrumb and subfolders; a subfolder of a premium folder is premium too', async () => {
    const res = await get(`/api/user/resource/fs/${ids.stairs}`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      folder: { id: ids.stairs, parentId: ids.standards, name: 'Stairs and ramps', fileCount: 1 },
      breadcrumb: [
        { id: ids.standards, name: 'Architectural Standards' },
        { id: ids.stairs, name: 'Stairs and ramps' },
      ],
      subfolders: [],
    });
    const revit = (await get(`/api/user/resource/fs/${ids.revit}`, member)).json().data;
    expect(revit.subfolders).toEqual([
      expect.objectContaining({ id: ids.furniture, isPremium: true, locked: true }),
    ]);
    const furniture = (await get(`/api/user/resource/fs/${ids.furniture}`, member)).json().data;
    expect(furniture.folder).toMatchObject({ isPremium: true, locked: true });
    expect(furniture.breadcrumb.map((c: { id: number }) => c.id)).toEqual([ids.revit, ids.furniture]);
  });

  it('when a folder’s files are listed, then a page by name with the total and where to open each', async () => {
    const res = await get(`/api/user/resource/fs/${ids.standards}/files?limit=2&offset=0`, member);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(page.files.map((f: { name: string }) => f.name)).toEqual([
      'Accessible Toilet Layouts.dwg',
      'How we review portfolios',
    ]);
    expect(page.files[0]).toMatchObject({ kind: 'cad', downloadUrl: null, viewable: false });
    expect(page.files[1]).toMatchObject({
      downloadUrl: 'https://videos.atelier.test/review',
      viewable: false,
    });
    const next = (await get(`/api/user/resource/fs/${ids.standards}/files?limit=2&offset=2`, member)).json()
      .data;
    expect(next.files.map((f: { name: string }) => f.name)).toEqual([
      'Premium Detail Sheet.pdf',
      'Residential Room Sizes Cheat Sheet.pdf',
    ]);
    expect(next.files[1]).toMatchObject({
      downloadUrl: `/api/user/resource/${ids.roomSizes}/file`,
      viewable: true,
      locked: false,
    });
    const beyond = (await get(`/api/user/resource/fs/${ids.standards}/files?offset=40`, member)).json().data;
    expect(beyond).toMatchObject({ files: [], total: 4, limit: 20, offset: 40 });
    const none = (await get(`/api/user/resource/fs/${ids.empty}/files`, member)).json().data;
    expect(none).toMatchObject({ files: [], total: 0 });
  });

  it('when a learner without an entitling enrolment lists premium files, then they are locked and no download address appears anywhere', async () => {
    for (const who of [member, refunded]) {
      const bodies = [
        (await get(`/api/user/resource/fs/${ids.standards}/files`, who)).body,
        (await get(`/api/user/resource/fs/${ids.revit}/files`, who)).body,
        (await get(`/api/user/resource/folder/${ids.revit}/all`, who)).body,
        (await get(`/api/user/resource/folder/${ids.standards}/all`, who)).body,
        (await get(`/api/user/resource/${ids.premiumVideo}/details`, who)).body,
        (await get('/api/user/resource/search?query=premium', who)).body,
        (await get('/api/user/resource/search?query=guide', who)).body,
      ];
      for (const body of bodies) {
        expect(body).not.toContain('premium-secret');
        expect(body).not.toContain(`/api/user/resource/${ids.doors}/file`);
        expect(body).not.toContain(`/api/user/resource/${ids.kitchen}/file`);
        expect(body).not.toContain(`/api/user/resource/${ids.premiumInFree}/file`);
      }
      const files = (await get(`/api/user/resource/fs/${ids.revit}/files`, who)).json().data.files;
      expect(files).toEqual([
        expect.objectContaining({
          id: ids.doors,
          isPremium: true,
          locked: true,
          downloadUrl: null,
          viewable: false,
        }),
        expect.objectContaining({ id: ids.premiumVideo, locked: true, downloadUrl: null }),
      ]);
    }
    // The entitled learner sees the same files with their addresses.
    const mine = (await get(`/api/user/resource/fs/${ids.revit}/files`, enrolled)).json().data.files;
    expect(mine[0]).toMatchObject({
      locked: false,
      downloadUrl: `/api/user/resource/${ids.doors}/file`,
      viewable: true,
    });
    expect(mine[1]).toMatchObject({ downloadUrl: 'https://videos.atelier.test/premium-secret' });
  });

  it('when a premium file is asked through /premium, then 403 without its address for a learner without enrolment, and the file for one with', async () => {
    for (const who of [member, refunded]) {
      const refused = await get(`/api/user/resource/${ids.premiumVideo}/premium`, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
      expect(refused.json().message).toMatch(/premium resource for enrolled learners/);
      expect(refused.body).not.toContain('premium-secret');
      // A free file in a premium folder's subfolder is premium too.
      expect((await get(`/api/user/resource/${ids.kitchen}/premium`, who)).statusCode).toBe(403);
    }
    const granted = await get(`/api/user/resource/${ids.premiumVideo}/premium`, enrolled);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({
      file: {
        id: ids.premiumVideo,
        downloadUrl: 'https://videos.atelier.test/premium-secret',
        locked: false,
      },
      breadcrumb: [{ id: ids.revit, name: 'Revit Family Library' }],
      isEntitled: true,
    });
    const kitchen = (await get(`/api/user/resource/${ids.kitchen}/premium`, enrolled)).json().data;
    expect(kitchen.breadcrumb.map((c: { id: number }) => c.id)).toEqual([ids.revit, ids.furniture]);
    // Staff on their own session are entitled.
    expect((await get(`/api/user/resource/${ids.premiumVideo}/premium`, staff)).statusCode).toBe(200);
    // A free file through /premium is simply answered.
    expect((await get(`/api/user/resource/${ids.video}/premium`, member)).statusCode).toBe(200);
    expect((await get('/api/user/resource/999999/premium', enrolled)).statusCode).toBe(404);
  });

  it('when the enrolment is refunded, then the same learner is refused again', async () => {
    const user = await insertUser(db);
    const workshop = await createWorkshop(db);
    const batch = await createBatch(db, workshop.id);
    const [row] = await db.insert(enrolments).values({ userId: user.id, batchId: batch.id }).returning();
    const headers = bearer((await insertSession(db, user.id, t.now.value)).token);
    expect((await get(`/api/user/resource/${ids.doors}/premium`, headers)).statusCode).toBe(200);
    await db.update(enrolments).set({ isRefund: true }).where(eq(enrolments.id, row!.id));
    expect((await get(`/api/user/resource/${ids.doors}/premium`, headers)).statusCode).toBe(403);
  });

  it('when file details are asked, then the file and its breadcrumb; a premium one locked for the non-entitled', async () => {
    const res = await get(`/api/user/resource/${ids.staircase}/details`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      file: { id: ids.staircase, folderId: ids.stairs, kind: 'pdf', isPremium: false, viewable: true },
      breadcrumb: [{ id: ids.standards }, { id: ids.stairs }],
      isEntitled: false,
    });
    const premium = (await get(`/api/user/resource/${ids.doors}/details`, member)).json().data;
    expect(premium.file).toMatchObject({ locked: true, downloadUrl: null });
    const outer = (await get(`/api/user/resource/${ids.outer}/details`, member)).json().data;
    expect(outer).toMatchObject({ file: { folderId: null }, breadcrumb: [] });
  });

  it('when a folder is asked whole, then the folder, subfolders and files in one answer', async () => {
    const res = await get(`/api/user/resource/folder/${ids.standards}/all`, member);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.folder.id).toBe(ids.standards);
    expect(data.breadcrumb).toEqual([{ id: ids.standards, name: 'Architectural Standards' }]);
    expect(data.subfolders.map((f: { id: number }) => f.id)).toEqual([ids.stairs]);
    expect(data.files).toHaveLength(4);
    expect(data.filesTotal).toBe(4);
  });

  it('when a stored PDF is opened, then its bytes inline as application/pdf, nosniff and a private cache', async () => {
    const res = await get(`/api/user/resource/${ids.roomSizes}/file`, member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="room-sizes.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.rawPayload.equals(storedBytes)).toBe(true);
    // A seeded record without stored bytes: a small generated PDF with its title.
    const generated = await get(`/api/user/resource/${ids.staircase}/file`, member);
    expect(generated.statusCode).toBe(200);
    expect(generated.rawPayload.toString('latin1')).toContain('(Staircase Design Rules.pdf) Tj');
  });

  it('when a premium PDF is opened, then 403 without enrolment and the bytes with one; not a PDF or unknown → 404', async () => {
    const refused = await get(`/api/user/resource/${ids.doors}/file`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect((await get(`/api/user/resource/${ids.kitchen}/file`, refunded)).statusCode).toBe(403);
    const granted = await get(`/api/user/resource/${ids.doors}/file`, enrolled);
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toBe('application/pdf');
    for (const id of [ids.toilets, ids.video, 999_999]) {
      expect((await get(`/api/user/resource/${id}/file`, enrolled)).statusCode, `id ${id}`).toBe(404);
    }
  });

  it('when ids are unknown or malformed, then 404 or 400 in the error envelope', async () => {
    for (const url of [
      '/api/user/resource/fs/999999',
      '/api/user/resource/fs/999999/files',
      '/api/user/resource/999999/details',
      '/api/user/resource/folder/999999/all',
    ]) {
      const res = await get(url, member);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
    for (const url of [
      '/api/user/resource/fs/abc',
      '/api/user/resource/fs/0/files',
      '/api/user/resource/1e3/details',
      `/api/user/resource/fs/${ids.standards}/files?limit=500`,
      `/api/user/resource/fs/${ids.standards}/files?limit=-1`,
      `/api/user/resource/fs/${ids.standards}/files?page=2`,
    ]) {
      const res = await get(url, member);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
  });

  it('when a folder holds more files, then its calls still run the same number of queries', async () => {
    const big = await folder(db, { name: 'Big shelf' });
    const small = await folder(db, { name: 'Small shelf' });
    await file(db, { name: 'One.pdf', folderId: small.id });
    for (let i = 0; i < 25; i++) await file(db, { name: `Sheet ${i}.pdf`, folderId: big.id });
    for (let i = 0; i < 4; i++) await folder(db, { name: `Sub ${i}`, parentId: big.id });
    const pool = t.database.pool;
    const count = async (url: string) => {
      const spy = vi.spyOn(pool, 'query');
      try {
        expect((await get(url, member)).statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    for (const shape of [
      '/api/user/resource/folder/{id}/all',
      '/api/user/resource/fs/{id}/files',
      '/api/user/resource/fs/{id}',
    ]) {
      const few = await count(shape.replace('{id}', String(small.id)));
      const many = await count(shape.replace('{id}', String(big.id)));
      expect(many, shape).toBe(few);
      expect(few, shape).toBeGreaterThan(0);
      expect(few, shape).toBeLessThanOrEqual(6);
    }
  });

  it('when a banner is clicked, then the click is stored with the caller; bad bodies are 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/resource/banner/click',
      headers: member,
      payload: { banner: 'revit-library-upsell', link: 'https://atelier.test/courses/revit' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, data: { recorded: true } });
    const rows = await db
      .select()
      .from(resourceBannerClicks)
      .where(eq(resourceBannerClicks.userId, memberId));
    expect(rows).toEqual([
      expect.objectContaining({ banner: 'revit-library-upsell', link: 'https://atelier.test/courses/revit' }),
    ]);
    // A site path is a link too; no link at all is fine.
    for (const payload of [{ banner: 'catalogue', link: '/courses' }, { banner: 'catalogue' }]) {
      const okRes = await t.app.inject({
        method: 'POST',
        url: '/api/user/resource/banner/click',
        headers: enrolled,
        payload,
      });
      expect(okRes.statusCode).toBe(201);
    }
    expect(
      await db.select().from(resourceBannerClicks).where(eq(resourceBannerClicks.userId, enrolledId)),
    ).toHaveLength(2);
    for (const payload of [
      { banner: 'x', userId: enrolledId },
      { banner: 'nul\u0000byte' },
      { banner: '' },
      { banner: 'x'.repeat(101) },
      { banner: 'x', link: 'javascript:alert(1)' },
      { banner: 'x', link: 'http://plain.test' },
      { banner: 'x', link: '//evil.test' },
      {},
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user/resource/banner/click',
        headers: member,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
    expect(
      await db.select().from(resourceBannerClicks).where(eq(resourceBannerClicks.userId, memberId)),
    ).toHaveLength(1);
  });

  it('when a moderator’s read-only view clicks a banner, then 403; reads still answer with the learner’s entitlement', async () => {
    const moderator = await insertUser(db, { role: 'moderator' });
    const view = bearer(
      (await insertSession(db, moderator.id, t.now.value, { viewedUserId: memberId })).token,
    );
    const click = await t.app.inject({
      method: 'POST',
      url: '/api/user/resource/banner/click',
      headers: view,
      payload: { banner: 'x' },
    });
    expect(click.statusCode).toBe(403);
    const root = await get('/api/user/resource/fs/all', view);
    expect(root.statusCode).toBe(200);
    expect(root.json().data.isEntitled).toBe(false);
  });

  it('when the pages’ security policy is read, then blob: frames are allowed for the PDF viewer and objects stay off', () => {
    const directives = new Map(
      contentSecurityPolicy('n0nce', false, false, false)
        .split('; ')
        .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const),
    );
    expect(directives.get('frame-src')).toContain('blob:');
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });
});
