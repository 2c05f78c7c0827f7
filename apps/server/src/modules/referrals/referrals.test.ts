import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch, createCategory, createSubcategory, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('referral landing page', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const category = await createCategory(db, { name: 'Architecture' });
    const sub = await createSubcategory(db, category.id);
    const plain = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Plain course',
      subcategoryId: sub.id,
      sequence: 1,
    });
    await createBatch(db, plain.id, { startDate: '2026-12-01' });
    const top = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Top course',
      subcategoryId: sub.id,
      sequence: 2,
      markAs: 'Top Seller',
    });
    await createBatch(db, top.id, { startDate: '2026-11-01', endDate: '2026-12-01' });
    const masterclass = await createWorkshop(db, {
      type: 1,
      shortTitle: 'Masterclass',
      subcategoryId: sub.id,
      sequence: 3,
    });
    await createBatch(db, masterclass.id, { startDate: '2026-12-01' });
    const undated = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Undated course',
      subcategoryId: sub.id,
      sequence: 4,
    });
    await createBatch(db, undated.id, { startDate: null, endDate: null });
    for (let i = 0; i < 10; i++) {
      const w = await createWorkshop(db, {
        type: 2,
        shortTitle: `Course ${i}`,
        subcategoryId: sub.id,
        sequence: 10 + i,
      });
      await createBatch(db, w.id, { startDate: '2027-01-01', endDate: '2027-02-01' });
    }
    Object.assign(ids, { plain: plain.id, top: top.id, masterclass: masterclass.id, undated: undated.id });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the landing courses are fetched, then dated courses only, top sellers first, at most 8', async () => {
    const res = await t.app.inject({ url: '/api/referral/landing-page/courses' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const data = res.json().data as { id: number; type: number }[];
    expect(data).toHaveLength(8);
    expect(data[0]!.id).toBe(ids.top);
    expect(data.every((w) => w.type === 2)).toBe(true);
    expect(data.map((w) => w.id)).not.toContain(ids.masterclass);
    expect(data.map((w) => w.id)).not.toContain(ids.undated);
  });
});
