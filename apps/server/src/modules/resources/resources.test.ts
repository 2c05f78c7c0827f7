import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceFile, createResourceFolder } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('public resources', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};
  const storedBytes = Buffer.from('%PDF-1.4\n% stored test file\n%%EOF\n', 'latin1');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const folder = await createResourceFolder(db, { name: 'Standards' });
    const generated = await createResourceFile(db, {
      name: 'Thesis Topics.pdf',
      path: 'resources/public/thesis-topics.pdf',
    });
    const stored = await createResourceFile(db, {
      name: 'Checklist.pdf',
      path: 'resources/public/stored-checklist.pdf',
    });
    mkdirSync(path.join(t.config.dataDir, 'files/resources/public'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'files/resources/public/stored-checklist.pdf'), storedBytes);
    const link = await createResourceFile(db, {
      name: 'Video',
      kind: 'link',
      path: null,
      url: 'https://videos.atelier.test/x',
    });
    const image = await createResourceFile(db, {
      name: 'Map.jpg',
      kind: 'image',
      path: 'resources/public/map.jpg',
    });
    const premium = await createResourceFile(db, { name: 'Premium.pdf', isPremium: true });
    const privateFile = await createResourceFile(db, { name: 'Private.pdf', isPublic: false });
    const inFolder = await createResourceFile(db, { name: 'In folder.pdf', folderId: folder.id });
    const traversal = await createResourceFile(db, { name: 'Traversal.pdf', path: '../../etc/passwd.pdf' });
    Object.assign(ids, {
      generated: generated.id,
      stored: stored.id,
      link: link.id,
      image: image.id,
      premium: premium.id,
      privateFile: privateFile.id,
      inFolder: inFolder.id,
      traversal: traversal.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when outer files are listed, then public free files outside folders, newest first, with where to open them', async () => {
    const res = await t.app.inject({ url: '/api/user/resource/outer/files' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; downloadUrl: string | null }[];
    expect(data.map((f) => f.id).sort((a, b) => a - b)).toEqual(
      [ids.generated, ids.stored, ids.link, ids.image, ids.traversal].sort((a, b) => a - b),
    );
    expect(data.find((f) => f.id === ids.generated)!.downloadUrl).toBe(`/api/resource/pdf/${ids.generated}`);
    expect(data.find((f) => f.id === ids.link)!.downloadUrl).toBe('https://videos.atelier.test/x');
    expect(data.find((f) => f.id === ids.image)!.downloadUrl).toBeNull();
  });

  it('when a stored public PDF is asked, then its bytes as application/pdf with a disposition and nosniff', async () => {
    const res = await t.app.inject({ url: `/api/resource/pdf/${ids.stored}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="stored-checklist.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(storedBytes)).toBe(true);
  });

  it('when a seeded PDF has no stored bytes, then a small valid PDF with its title, the same bytes every time', async () => {
    const first = await t.app.inject({ url: `/api/resource/pdf/${ids.generated}` });
    expect(first.statusCode).toBe(200);
    const text = first.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('(Thesis Topics.pdf) Tj');
    expect(text).toMatch(/startxref\n\d+\n%%EOF\n$/);
    // The xref offset points at the xref table.
    const offset = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(offset, offset + 4)).toBe('xref');
    const second = await t.app.inject({ url: `/api/resource/pdf/${ids.generated}` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('when the PDF is premium, private, in a folder, not a PDF, traversing or unknown, then 404 (checklist A12)', async () => {
    for (const id of [ids.premium, ids.privateFile, ids.image, ids.link, ids.traversal, 999_999]) {
      const res = await t.app.inject({ url: `/api/resource/pdf/${id}` });
      expect(res.statusCode, `id ${id}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
    // Files in folders are members' resources, but when public and free they are still served.
    expect((await t.app.inject({ url: `/api/resource/pdf/${ids.inFolder}` })).statusCode).toBe(200);
    // Unless a folder anywhere above the file is premium.
    const db = t.database.db;
    const premiumTop = await createResourceFolder(db, { name: 'Members', isPremium: true });
    const middle = await createResourceFolder(db, { name: 'Details', parentId: premiumTop.id });
    const leaf = await createResourceFolder(db, { name: 'Stairs', parentId: middle.id });
    const deep = await createResourceFile(db, { name: 'Stair details.pdf', folderId: leaf.id });
    expect((await t.app.inject({ url: `/api/resource/pdf/${deep.id}` })).statusCode).toBe(404);
    const freeTop = await createResourceFolder(db, { name: 'Free' });
    const freeLeaf = await createResourceFolder(db, { name: 'Free sub', parentId: freeTop.id });
    const free = await createResourceFile(db, { name: 'Free details.pdf', folderId: freeLeaf.id });
    expect((await t.app.inject({ url: `/api/resource/pdf/${free.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/resource/pdf/abc' })).statusCode).toBe(400);
  });
});
