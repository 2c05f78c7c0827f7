import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceFiles } from '../../db/schema/index.js';
import { seedDemo, type DemoAccount } from '../../db/seed/index.js';
import { createLocalFileStorage } from '../../integrations/storage/local-file-storage.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

// The demo library shows every case (issue 15 "Seed the demo learner with enough to see everything").
const NOW = new Date('2026-03-10T06:30:00Z');

describe('the demo seed’s learner library', () => {
  let t: TestContext;
  let learner: DemoAccount;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    // As at start: the library's documents are written to the app's file storage.
    const files = createLocalFileStorage(path.join(t.config.dataDir, 'files'));
    const { accounts } = await seedDemo(t.database.db, { now: NOW, tz: 'Asia/Kolkata', files });
    learner = accounts.find((a) => a.role === 'learner')!;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const as = async (userId: number) => bearer((await insertSession(t.database.db, userId, NOW)).token);
  const get = (url: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('when the demo learner opens the library, then nested folders, member, premium and public files are there, premium open to them', async () => {
    const headers = await as(learner.id);
    const root = (await get('/api/user/resource/fs/all', headers)).json().data;
    expect(root.isEntitled).toBe(true);
    const standards = root.folders.find(
      (f: { name: string }) => f.name === 'Architectural Standards & Checklists',
    );
    const revit = root.folders.find((f: { name: string }) => f.name === 'Revit Family Library');
    expect(standards).toMatchObject({ isPremium: false, folderCount: 1 });
    expect(revit).toMatchObject({ isPremium: true, locked: false });

    const all = (await get(`/api/user/resource/folder/${standards.id}/all`, headers)).json().data;
    expect(all.subfolders.map((f: { name: string }) => f.name)).toEqual(['Stairs & Ramps']);
    const byName = new Map<string, { isPremium: boolean; viewable: boolean }>(
      all.files.map((f: { name: string }) => [f.name, f]),
    );
    expect(byName.get('Staircase Design Rules of Thumb.pdf')).toMatchObject({
      isPremium: false,
      viewable: true,
    });
    expect(byName.get('Waterproofing Details Sheet.pdf')).toMatchObject({ isPremium: true, viewable: true });

    const found = (await get('/api/user/resource/search?query=family%20creation', headers)).json().data;
    const guide = found.results.find((h: { type: string }) => h.type === 'file').file;
    expect(guide).toMatchObject({ name: 'Revit Family Creation Guide.pdf', isPremium: true, viewable: true });
    const pdf = await get(guide.downloadUrl, headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A public outer file is in the library too.
    const outer = (await get('/api/user/resource/search?query=thesis', headers)).json().data;
    expect(outer.results[0].file).toMatchObject({
      folderId: null,
      name: 'Architecture Thesis Topic Ideas.pdf',
    });
  });

  it('when a new learner without an enrolment opens it, then the premium guide is locked and refused', async () => {
    const stranger = await insertUser(t.database.db, { name: 'New Learner' });
    const headers = await as(stranger.id);
    const found = (await get('/api/user/resource/search?query=family%20creation', headers)).json().data;
    const guide = found.results.find((h: { type: string }) => h.type === 'file').file;
    expect(guide).toMatchObject({ locked: true, downloadUrl: null });
    expect((await get(`/api/user/resource/${guide.id}/file`, headers)).statusCode).toBe(403);
  });

  it('when the library lists a seeded PDF, then its size is the byte length of the stored file, which is a real multi-page document, and the file route serves those bytes', async () => {
    const headers = await as(learner.id);
    const root = (await get('/api/user/resource/fs/all', headers)).json().data;
    const standards = root.folders.find(
      (f: { name: string }) => f.name === 'Architectural Standards & Checklists',
    );
    const listed = (await get(`/api/user/resource/folder/${standards.id}/all`, headers)).json().data.files;
    // The public page's outer files (where "625 KB" and "1.1 MB" were seen) and a folder's.
    const outerFiles = (await get('/api/user/resource/outer/files', headers)).json().data as unknown[];
    const pdfs = [...listed, ...outerFiles].filter(
      (f): f is { id: number; name: string; sizeBytes: number | null; downloadUrl?: string | null } =>
        typeof f === 'object' && f !== null && (f as { name: string }).name.endsWith('.pdf'),
    );
    expect(pdfs.length).toBeGreaterThanOrEqual(2);
    for (const file of pdfs) {
      const [row] = await t.database.db
        .select({ path: resourceFiles.path })
        .from(resourceFiles)
        .where(eq(resourceFiles.id, file.id));
      const stored = await readFile(path.join(t.config.dataDir, 'files', row!.path!));
      expect(file.sizeBytes, file.name).toBe(stored.length);
      // A document, not a stand-in: more than one page, and kilobytes rather than ~760 bytes.
      expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((stored.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(stored.length).toBeGreaterThan(2_000);
    }
    const staircase = pdfs.find((f) => f.name === 'Staircase Design Rules of Thumb.pdf')!;
    const served = await get(`/api/user/resource/${staircase.id}/file`, headers);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(staircase.sizeBytes);
  });

  it('when the library lists any stored file — a drawing, an archive, an image — then its size is the byte length stored, and the learner downloads exactly those bytes as an attachment', async () => {
    const headers = await as(learner.id);
    const rows = await t.database.db
      .select({ id: resourceFiles.id, path: resourceFiles.path, kind: resourceFiles.kind })
      .from(resourceFiles);
    const stored = rows.filter((r) => r.path !== null && r.kind !== 'pdf');
    // The CAD drawing, the zips and the images of the demo library.
    expect(new Set(stored.map((r) => r.kind))).toEqual(new Set(['cad', 'archive', 'image']));
    const types: Record<string, RegExp> = {
      cad: /^image\/vnd\.dxf/,
      archive: /^application\/zip/,
      image: /^image\/jpeg/,
    };
    for (const row of stored) {
      const bytes = await readFile(path.join(t.config.dataDir, 'files', row.path!));
      const { file } = (await get(`/api/user/resource/${row.id}/details`, headers)).json().data;
      expect(file.sizeBytes, file.name).toBe(bytes.length);
      expect(file.downloadUrl, file.name).toBe(`/api/user/resource/${row.id}/file`);
      expect(file.viewable, file.name).toBe(false);
      const served = await get(file.downloadUrl, headers);
      expect(served.statusCode, file.name).toBe(200);
      expect(served.headers['content-type'], file.name).toMatch(types[row.kind]!);
      expect(served.headers['content-disposition'], file.name).toMatch(/^attachment; filename="/);
      expect(served.headers['cache-control']).toBe('private, max-age=300');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.rawPayload, bytes), file.name).toBe(0);
    }
    // Saved under the record's own name, with its extension.
    const doors = stored.find((r) => r.path === 'resources/revit/doors.zip')!;
    const saved = await get(`/api/user/resource/${doors.id}/file`, headers);
    expect(saved.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Doors - Flush & Panel Set.zip')}`,
    );
  });

  it('when a visitor opens the public resources, then a free stored image downloads without an account, and a premium archive is refused to a learner without an enrolment', async () => {
    const outer = (await t.app.inject({ method: 'GET', url: '/api/user/resource/outer/files' })).json()
      .data as {
      id: number;
      name: string;
      kind: string;
      sizeBytes: number | null;
      downloadUrl: string | null;
    }[];
    const map = outer.find((f) => f.name === 'Climate Zones of India Map.jpg')!;
    expect(map.downloadUrl).toBe(`/api/resource/file/${map.id}`);
    const served = await t.app.inject({ method: 'GET', url: map.downloadUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.rawPayload.length).toBe(map.sizeBytes);
    const again = await t.app.inject({
      method: 'GET',
      url: map.downloadUrl!,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // A premium archive: not through the public route, and locked for a learner with no enrolment.
    const [doors] = await t.database.db
      .select({ id: resourceFiles.id })
      .from(resourceFiles)
      .where(eq(resourceFiles.path, 'resources/revit/doors.zip'));
    expect((await t.app.inject({ method: 'GET', url: `/api/resource/file/${doors!.id}` })).statusCode).toBe(
      404,
    );
    const stranger = await insertUser(t.database.db, { name: 'Window Shopper' });
    const headers = await as(stranger.id);
    const { file } = (await get(`/api/user/resource/${doors!.id}/details`, headers)).json().data;
    expect(file).toMatchObject({ locked: true, downloadUrl: null });
    expect((await get(`/api/user/resource/${doors!.id}/file`, headers)).statusCode).toBe(403);
    // A PDF is not served as a download, nor a file whose bytes are gone.
    const [pdf] = await t.database.db
      .select({ id: resourceFiles.id })
      .from(resourceFiles)
      .where(eq(resourceFiles.path, 'resources/public/thesis-topics.pdf'));
    expect((await t.app.inject({ method: 'GET', url: `/api/resource/file/${pdf!.id}` })).statusCode).toBe(
      404,
    );
  });
});
