import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoAccount } from '../../db/seed/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

// The demo library shows every case (issue 15 "Seed the demo learner with enough to see everything").
const NOW = new Date('2026-03-10T06:30:00Z');

describe('the demo seed’s learner library', () => {
  let t: TestContext;
  let learner: DemoAccount;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const { accounts } = await seedDemo(t.database.db, { now: NOW, tz: 'Asia/Kolkata' });
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
});
