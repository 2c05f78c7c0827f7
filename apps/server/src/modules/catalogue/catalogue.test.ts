import { EVERY_PAGE_WORKSHOPS_PER_CATEGORY, TREE_WORKSHOPS_PER_SUBCATEGORY } from '@atelier/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createBatch,
  createCampaign,
  createCategory,
  createEventObject,
  createSubcategory,
  createTopBanner,
  createWorkshop,
} from '../../test/factories.js';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from '../../test/test-app.js';

interface CardJson {
  id: number;
  type: number;
  shortTitle: string;
  Batches: { startDate: string; endDate: string; amount: number | null; BatchSchedules: unknown[] }[];
}

describe('catalogue: every-page data and trees', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-22T06:00:00Z') });
    const db = t.database.db;
    // Categories inserted out of order: the API must order by sequence.
    const design = await createCategory(db, { name: 'Design', sequence: 2 });
    const architecture = await createCategory(db, { name: 'Architecture', sequence: 1 });
    await createCategory(db, { name: 'Hidden', sequence: 0, isActive: false });
    const parametric = await createSubcategory(db, architecture.id, { name: 'Parametric', sequence: 2 });
    const bim = await createSubcategory(db, architecture.id, { name: 'BIM', sequence: 1 });
    const interiors = await createSubcategory(db, design.id, { name: 'Interiors', sequence: 1 });

    const older = await createWorkshop(db, {
      type: 1,
      shortTitle: 'Older Masterclass',
      subcategoryId: bim.id,
      sequence: 3,
    });
    await createBatch(db, older.id, {
      startDate: '2026-10-01',
      endDate: '2026-10-02',
      schedules: [{ startTime: '18:00:00', endTime: '20:00:00' }],
    });
    const newer = await createWorkshop(db, {
      type: 1,
      shortTitle: 'Newer Masterclass',
      subcategoryId: bim.id,
      sequence: 2,
    });
    await createBatch(db, newer.id, {
      startDate: '2026-12-05',
      endDate: '2026-12-06',
      amount: 999,
      dollar: 19,
    });
    const course = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Dated Course',
      subcategoryId: parametric.id,
      sequence: 1,
    });
    // Two batches: Batches[0] is the newest by start date.
    await createBatch(db, course.id, { startDate: '2026-01-10', endDate: '2026-03-10', amount: 10000 });
    await createBatch(db, course.id, {
      startDate: '2027-01-10',
      endDate: '2027-03-10',
      amount: 12000,
      slashAmount: 15000,
    });
    const undated = await createWorkshop(db, {
      type: 1,
      shortTitle: 'Undated Masterclass',
      subcategoryId: bim.id,
      sequence: 1,
      amount: 1500,
    });
    await createBatch(db, undated.id, { startDate: null, endDate: null });
    const noBatch = await createWorkshop(db, {
      type: 2,
      shortTitle: 'No Batch Course',
      subcategoryId: interiors.id,
      amount: 7000,
      dollar: 99,
    });
    // Linked twice: listed once, under the first category in order.
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`insert into course_categories (subcategory_id, workshop_id, sequence) values (${interiors.id}, ${course.id}, 5)`,
    );
    const draft = await createWorkshop(db, {
      shortTitle: 'Draft Course',
      subcategoryId: interiors.id,
      isPublished: false,
    });
    Object.assign(ids, {
      design: design.id,
      architecture: architecture.id,
      older: older.id,
      newer: newer.id,
      course: course.id,
      undated: undated.id,
      noBatch: noBatch.id,
      draft: draft.id,
      bim: bim.id,
      parametric: parametric.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the masterclass and course list is fetched, then categories come by sequence and workshops in catalogue order, each once', async () => {
    const res = await t.app.inject({ url: '/api/masterclasses-and-courses' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    const categories = body.data.categories as { name: string; Workshops: CardJson[] }[];
    expect(categories.map((c) => c.name)).toEqual(['Architecture', 'Design']);
    // Masterclasses with dates by start date descending, then dated courses, then undated.
    expect(categories[0]!.Workshops.map((w) => w.shortTitle)).toEqual([
      'Newer Masterclass',
      'Older Masterclass',
      'Dated Course',
      'Undated Masterclass',
    ]);
    expect(categories[1]!.Workshops.map((w) => w.shortTitle)).toEqual(['No Batch Course']);
    const all = categories.flatMap((c) => c.Workshops.map((w) => w.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(ids.draft);
  });

  it('when a workshop has batches, then Batches[0] is its newest batch with dates, prices and schedules', async () => {
    const body = (await t.app.inject({ url: '/api/masterclasses-and-courses' })).json();
    const cards = (body.data.categories as { Workshops: CardJson[] }[]).flatMap((c) => c.Workshops);
    const course = cards.find((w) => w.id === ids.course)!;
    expect(course.Batches).toHaveLength(1);
    expect(course.Batches[0]).toMatchObject({
      startDate: '2027-01-10',
      endDate: '2027-03-10',
      amount: 12000,
      slashAmount: 15000,
      // The last day it is sold (late joining: a week after its start by default), so a card can
      // say "started · join by …" or "enrolment closed" against today.
      joinUntil: '2027-01-17',
    });
    const older = cards.find((w) => w.id === ids.older)!;
    expect(older.Batches[0]!.BatchSchedules).toEqual([
      expect.objectContaining({ startTime: '18:00:00', endTime: '20:00:00' }),
    ]);
    const undated = cards.find((w) => w.id === ids.undated)!;
    expect(undated.Batches[0]).toMatchObject({
      startDate: '0000-00-00',
      endDate: '0000-00-00',
      joinUntil: '0000-00-00',
    });
    const noBatch = cards.find((w) => w.id === ids.noBatch)!;
    expect(noBatch).toMatchObject({ Batches: [], amount: 7000, dollar: 99 });
  });

  it('when the category tree is fetched, then every level is ordered by sequence', async () => {
    const body = (await t.app.inject({ url: '/api/v3/categories' })).json();
    const [architecture] = body.data.categories;
    expect(body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Architecture', 'Design']);
    expect(architecture.Subcategory.map((s: { name: string }) => s.name)).toEqual(['BIM', 'Parametric']);
    const bim = architecture.Subcategory[0];
    expect(bim.CourseCategories.map((cc: { sequence: number }) => cc.sequence)).toEqual([1, 2, 3]);
    expect(bim.CourseCategories[0].Workshop.shortTitle).toBe('Undated Masterclass');
  });

  it('when menu categories are fetched, then they carry subcategories but no workshops', async () => {
    const body = (await t.app.inject({ url: '/api/categories/all' })).json();
    expect(body.data.categories[0]).toEqual({
      id: ids.architecture,
      name: 'Architecture',
      sequence: 1,
      Subcategory: [
        { id: ids.bim, name: 'BIM', sequence: 1 },
        { id: ids.parametric, name: 'Parametric', sequence: 2 },
      ],
    });
  });

  it('when a client accepts brotli or gzip, then it gets the same JSON pre-compressed, and 304 for a matching ETag', async () => {
    const plain = await t.app.inject({ url: '/api/masterclasses-and-courses' });
    const br = await t.app.inject({
      url: '/api/masterclasses-and-courses',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({
      url: '/api/masterclasses-and-courses',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toContain('Accept-Encoding');
    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/api/masterclasses-and-courses',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('when content changes, then the cached answer is kept until its TTL and rebuilt after it', async () => {
    const before = (await t.app.inject({ url: '/api/categories/all' })).json();
    await createCategory(t.database.db, { name: 'Landscape', sequence: 3 });
    expect((await t.app.inject({ url: '/api/categories/all' })).json()).toEqual(before);
    t.now.value = new Date(t.now.value.getTime() + t.config.publicCacheTtlMs + 1000);
    // The first request after the TTL is answered from the stale bytes while one rebuild runs.
    let names: string[] = [];
    for (let i = 0; i < 50 && !names.includes('Landscape'); i++) {
      const body = (await t.app.inject({ url: '/api/categories/all' })).json();
      names = body.data.categories.map((c: { name: string }) => c.name);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(names).toEqual(['Architecture', 'Design', 'Landscape']);
  });

  it('when no top banner is active, then data is null; when one is, then its content and link', async () => {
    expect((await t.app.inject({ url: '/api/top-banner' })).json().data).toBeNull();
  });
});

describe('catalogue: the every-page list stays small', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const category = await createCategory(db, { name: 'Big', sequence: 1 });
    const sub = await createSubcategory(db, category.id);
    for (let i = 0; i < EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6; i++) {
      await createWorkshop(db, { type: 2, shortTitle: `Course ${i}`, subcategoryId: sub.id, sequence: i });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a category has more workshops than the every-page cap, then the list carries the first ones and the full count', async () => {
    const body = (await t.app.inject({ url: '/api/masterclasses-and-courses' })).json();
    const [big] = body.data.categories;
    expect(big.Workshops).toHaveLength(EVERY_PAGE_WORKSHOPS_PER_CATEGORY);
    expect(big.workshopCount).toBe(EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6);
    const paged = (await t.app.inject({ url: '/api/masterclasses-and-courses?page=2&pageSize=20' })).json();
    expect(paged.data.total).toBe(EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6);
    expect(paged.data.categories[0].Workshops).toHaveLength(EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6 - 20);
  });

  it('when a subcategory has more courses than the tree carries, then the tree has its first ones by sequence and the full count', async () => {
    const body = (await t.app.inject({ url: '/api/v3/categories' })).json();
    const [sub] = body.data.categories[0].Subcategory;
    expect(sub.CourseCategories).toHaveLength(TREE_WORKSHOPS_PER_SUBCATEGORY);
    expect(sub.CourseCategories.map((cc: { sequence: number }) => cc.sequence)).toEqual(
      Array.from({ length: TREE_WORKSHOPS_PER_SUBCATEGORY }, (_, i) => i),
    );
    expect(sub.CourseCategories[0].Workshop.shortTitle).toBe('Course 0');
    expect(sub.courseCount).toBe(EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6);
  });

  it('when the catalogue is searched by subcategory, then every course of it is found and paged, and none of another', async () => {
    const tree = (await t.app.inject({ url: '/api/v3/categories' })).json();
    const subId = tree.data.categories[0].Subcategory[0].id as number;
    const other = await createSubcategory(t.database.db, tree.data.categories[0].id as number);
    await createWorkshop(t.database.db, {
      type: 2,
      shortTitle: 'Elsewhere',
      subcategoryId: other.id,
      sequence: 1,
    });
    const first = (
      await t.app.inject({ url: `/api/masterclasses-and-courses?subcategoryId=${subId}&pageSize=50` })
    ).json();
    expect(first.data.total).toBe(EVERY_PAGE_WORKSHOPS_PER_CATEGORY + 6);
    const titles = first.data.categories.flatMap((c: { Workshops: { shortTitle: string }[] }) =>
      c.Workshops.map((w) => w.shortTitle),
    );
    expect(titles).not.toContain('Elsewhere');
    const elsewhere = (
      await t.app.inject({ url: `/api/masterclasses-and-courses?subcategoryId=${other.id}` })
    ).json();
    expect(elsewhere.data.total).toBe(1);
    const bad = await t.app.inject({ url: '/api/masterclasses-and-courses?subcategoryId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/subcategoryId/);
  });
});

describe('catalogue: banners, events and currency', () => {
  let t: TestContext;
  const now = new Date('2026-11-22T06:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now, env: { COUNTRY_HEADER: 'cf-ipcountry' } });
    const db = t.database.db;
    await createTopBanner(db, { content: 'Old banner', isActive: false });
    await createTopBanner(db, { content: 'Admissions close Friday', link: '/courses-and-workshops' });
    await createCampaign(db, {
      name: 'Running',
      startsAt: new Date('2026-11-01T00:00:00Z'),
      endsAt: new Date('2026-12-01T00:00:00Z'),
    });
    await createCampaign(db, {
      name: 'Over',
      startsAt: new Date('2026-10-01T00:00:00Z'),
      endsAt: new Date('2026-11-01T00:00:00Z'),
      bannerTypes: [1],
    });
    await createCampaign(db, {
      name: 'Future',
      startsAt: new Date('2026-12-01T00:00:00Z'),
      bannerTypes: [2],
    });
    await createEventObject(db, {
      name: 'Open house',
      startsAt: new Date('2026-11-25T10:00:00Z'),
      endsAt: new Date('2026-11-25T12:00:00Z'),
      payload: { ribbon: 'Join us' },
    });
    await createEventObject(db, { name: 'Past webinar', endsAt: new Date('2026-11-01T00:00:00Z') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the top banner is fetched, then the newest active one is answered', async () => {
    const body = (await t.app.inject({ url: '/api/top-banner' })).json();
    expect(body.data).toEqual({ content: 'Admissions close Friday', link: '/courses-and-workshops' });
  });

  it('when campaign banners are fetched, then only running campaigns appear, popup (1) before sidebar (2)', async () => {
    const body = (await t.app.inject({ url: '/api/campaign/banners' })).json();
    expect(Array.isArray(body.data)).toBe(true);
    expect(
      body.data.map((b: { type: number; campaign: { name: string } }) => [b.type, b.campaign.name]),
    ).toEqual([
      [1, 'Running'],
      [2, 'Running'],
    ]);
    expect(body.data[0].campaign).toMatchObject({ isPopup: true, isSidebar: true });
  });

  it('when event objects are fetched, then events that are over are left out', async () => {
    const body = (await t.app.inject({ url: '/api/event/objects' })).json();
    expect(body.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Open house',
        startsAt: '2026-11-25T10:00:00.000Z',
        endsAt: '2026-11-25T12:00:00.000Z',
        payload: { ribbon: 'Join us' },
      },
    ]);
  });

  it.each([
    [undefined, 'INR'],
    ['IN', 'INR'],
    ['in', 'INR'],
    ['US', 'USD'],
    ['GB', 'USD'],
    ['XX', 'INR'],
    ['not-a-country', 'INR'],
  ])('when the trusted country header is %s, then the currency is %s', async (country, code) => {
    const res = await t.app.inject({
      url: '/api/geolocation/locus',
      headers: country ? { 'cf-ipcountry': country } : {},
    });
    expect(res.json().data).toEqual({ currency: { code } });
    expect(res.headers.vary).toContain('cf-ipcountry');
  });

  it('when no country header is configured, then a client-sent header is ignored and the currency is INR', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const res = await app.inject({ url: '/api/geolocation/locus', headers: { 'cf-ipcountry': 'US' } });
    expect(res.json().data).toEqual({ currency: { code: 'INR' } });
    await app.close();
    await database.close();
  });
});
