import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/index.js';
import { createConsultationPackage } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('consultation packages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    // Inserted in id order 1..5: the answer must follow the spec's display order.
    await createConsultationPackage(db, {
      id: 1,
      covered: ['a1', 'b1', 'c1'],
      detailsRequired: ['Plan'],
      services: [{ name: 'Call', description: '30 minutes', durationMinutes: 30 }],
    });
    await createConsultationPackage(db, { id: 2, covered: ['a2', 'b2', 'c2'] });
    await createConsultationPackage(db, { id: 3, covered: ['a3', 'b3', 'c3', 'd3'] });
    await createConsultationPackage(db, { id: 4, covered: ['a4'] });
    await createConsultationPackage(db, { id: 5, covered: ['a5'] });
    await createConsultationPackage(db, { id: 6, covered: ['a6'], isActive: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when packages are fetched, then in the display order 3, 2, 4, 1 (others after) with the unchecked items', async () => {
    const res = await t.app.inject({ url: '/api/consultation/1/service/package' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const packages = res.json().data.packages as {
      id: number;
      covered: { text: string; checked: boolean }[];
    }[];
    expect(packages.map((p) => p.id)).toEqual([3, 2, 4, 1, 5]);
    const covered = Object.fromEntries(packages.map((p) => [p.id, p.covered.map((c) => c.checked)]));
    expect(covered[3]).toEqual([true, true, false, false]);
    expect(covered[2]).toEqual([true, true, false]);
    expect(covered[4]).toEqual([true]);
    expect(covered[1]).toEqual([true, true, true]);
    expect(packages[3]).toMatchObject({
      id: 1,
      covered: [
        { text: 'a1', checked: true },
        { text: 'b1', checked: true },
        { text: 'c1', checked: true },
      ],
      detailsRequired: ['Plan'],
      services: [{ name: 'Call', description: '30 minutes', durationMinutes: 30 }],
    });
  });

  it('when another service id is asked, then 404; a bad one, 400', async () => {
    expect((await t.app.inject({ url: '/api/consultation/2/service/package' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/consultation/abc/service/package' })).statusCode).toBe(400);
  });

  it('when the demo data is seeded, then its four packages come in the order 3, 2, 4, 1 with 3 and 2 partly unchecked', async () => {
    const demo = await createTestApp();
    await seedDemo(demo.database.db, { now: new Date('2026-03-10T06:30:00Z'), tz: 'Asia/Kolkata' });
    const packages = (await demo.app.inject({ url: '/api/consultation/1/service/package' })).json().data
      .packages as {
      id: number;
      covered: { checked: boolean }[];
    }[];
    expect(packages.map((p) => p.id)).toEqual([3, 2, 4, 1]);
    const unchecked = (id: number) => packages.find((p) => p.id === id)!.covered.map((c) => c.checked);
    expect(unchecked(3).slice(-3)).toEqual([true, false, false]);
    expect(unchecked(2).slice(-2)).toEqual([true, false]);
    expect(unchecked(4).every(Boolean)).toBe(true);
    expect(unchecked(1).every(Boolean)).toBe(true);
    await demo.close();
  });
});
