import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, batchInstalmentTemplates, workshopInstructors } from '../../../db/schema/index.js';
import { createBatch, createCategory, createSubcategory, createWorkshop } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';

/*
 * Catalogue authoring in the staff console (issue 17 point 1) through the real app: categories and
 * their order, workshops (validation, slug conflicts, publishing, instructors), batches with
 * schedules and instalment templates. Each write leaves its audit row, and the public catalogue
 * and workshop pages answer the change at once (their cache is warmed first, then refreshed).
 */

const NOW = new Date('2026-11-20T10:00:00Z');

describe('staff console: catalogue authoring (issue 17 point 1)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let instructorId = 0;
  let learnerId = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = admin) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const data = <T = Record<string, unknown>>(res: { body: string }) =>
    (JSON.parse(res.body) as { data: T }).data;
  const audits = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  const workshopBody = (overrides: Record<string, unknown> = {}) => ({
    type: 2,
    title: 'Parametric Facades with Grasshopper',
    shortTitle: 'Parametric Facades',
    slug: 'parametric-facades',
    searchKeys: 'grasshopper rhino',
    markAs: 'New',
    description: 'Design responsive facades.',
    thumbnail: '/images/workshops/placeholder-1.jpg',
    brochureUrl: null,
    amount: 12000,
    dollar: 150,
    slashAmount: 18000,
    slashDollar: 220,
    hero: { tagline: 'Facades that respond', highlights: ['Live sessions'], hasCertificate: true },
    sections: { outcomes: ['A facade system'], curriculum: [{ title: 'Week 1', points: ['Lists'] }] },
    metaTags: { title: 'Parametric Facades', description: 'A course', keywords: 'facade' },
    subcategoryIds: [],
    isPublished: false,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    const a = await insertUser(db, { role: 'admin', name: 'Catalogue Admin' });
    admin = bearer((await insertSession(db, a.id, NOW)).token);
    instructorId = (await insertUser(db, { role: 'instructor', name: 'Ira Instructor' })).id;
    learnerId = (await insertUser(db, { role: 'learner', name: 'Lee Learner' })).id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when an admin reorders categories with one call, then the public menu shows the new order at once; a deactivated subcategory disappears from it', async () => {
    const db = t.database.db;
    const first = await createCategory(db, { name: 'Order A', sequence: 1 });
    const second = await createCategory(db, { name: 'Order B', sequence: 2 });
    const sub = await createSubcategory(db, first.id, { name: 'Order A sub' });
    const menuNames = async () => {
      const res = await call('GET', '/api/categories/all', undefined, {});
      const menu = data<{ categories: { name: string; Subcategory: { name: string }[] }[] }>(res);
      return menu.categories;
    };
    const before = await menuNames(); // warms the cache
    expect(before.findIndex((c) => c.name === 'Order A')).toBeLessThan(
      before.findIndex((c) => c.name === 'Order B'),
    );

    const tree = data<{ items: { id: number }[] }>(await call('GET', '/api/admin/categories'));
    const ids = tree.items.map((c) => c.id);
    const reordered = [second.id, ...ids.filter((id) => id !== second.id)];
    const res = await call('POST', '/api/admin/categories/reorder', { ids: reordered });
    expect(res.statusCode).toBe(200);
    expect(data<{ items: { id: number; sequence: number }[] }>(res).items.map((c) => c.id)).toEqual(
      reordered,
    );
    const after = await menuNames();
    expect(after.findIndex((c) => c.name === 'Order B')).toBeLessThan(
      after.findIndex((c) => c.name === 'Order A'),
    );
    expect(await audits('category.reorder')).toHaveLength(1);

    // A stale list (one id missing) is refused without changing anything.
    const stale = await call('POST', '/api/admin/categories/reorder', { ids: reordered.slice(1) });
    expect(stale.statusCode).toBe(409);

    expect(after.find((c) => c.name === 'Order A')?.Subcategory.map((s) => s.name)).toContain('Order A sub');
    const off = await call('PUT', `/api/admin/subcategories/${sub.id}`, {
      name: 'Order A sub',
      slug: sub.slug,
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await menuNames()).find((c) => c.name === 'Order A')?.Subcategory).toEqual([]);
  });

  it('when a category is created with a slug already taken or a bad slug, then 409 / 400 name the slug', async () => {
    const created = await call('POST', '/api/admin/categories', { name: 'Interiors', slug: 'interiors-x' });
    expect(created.statusCode).toBe(200);
    expect(data(created)).toMatchObject({ name: 'Interiors', slug: 'interiors-x', isActive: true });
    const again = await call('POST', '/api/admin/categories', { name: 'Interiors 2', slug: 'interiors-x' });
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).message).toMatch(/already has this slug/);
    const bad = await call('POST', '/api/admin/categories', { name: 'Bad', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lowercase letters, digits and single hyphens');
    const sub = await call(
      'POST',
      `/api/admin/categories/${data<{ id: number }>(created).id}/subcategories`,
      {
        name: 'Kitchens',
        slug: 'kitchens',
      },
    );
    expect(sub.statusCode).toBe(200);
    expect(await audits('subcategory.create')).toHaveLength(1);
  });

  it('when an admin creates a workshop unpublished and then publishes it, then the public catalogue lists it at once', async () => {
    const db = t.database.db;
    const category = await createCategory(db, { name: 'Computation' });
    const sub = await createSubcategory(db, category.id, { name: 'Scripting' });
    const catalogueTitles = async () => {
      const res = await call('GET', '/api/masterclasses-and-courses', undefined, {});
      return JSON.stringify(data(res));
    };
    expect(await catalogueTitles()).not.toContain('Parametric Facades'); // warm

    const created = await call('POST', '/api/admin/workshops', workshopBody({ subcategoryIds: [sub.id] }));
    expect(created.statusCode).toBe(200);
    const workshop = data<{ id: number; isPublished: boolean; metaTags: unknown; subcategoryIds: number[] }>(
      created,
    );
    expect(workshop).toMatchObject({ isPublished: false, subcategoryIds: [sub.id] });
    expect(workshop.metaTags).toMatchObject({ title: 'Parametric Facades' });
    expect(await catalogueTitles()).not.toContain('Parametric Facades');

    const published = await call('POST', `/api/admin/workshops/${workshop.id}/publish`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    expect(await catalogueTitles()).toContain('Parametric Facades');
    expect(await audits('workshop.publish')).toHaveLength(1);

    // An edit of the published workshop is on its public page at once.
    const page = async () =>
      data<{ title: string; MetaTags: { title: string } | null }>(
        await call('GET', `/api/workshop/${workshop.id}/details`, undefined, {}),
      );
    expect((await page()).title).toBe('Parametric Facades with Grasshopper');
    const edited = await call(
      'PUT',
      `/api/admin/workshops/${workshop.id}`,
      workshopBody({
        title: 'Parametric Facades, Second Edition',
        subcategoryIds: [sub.id],
        isPublished: true,
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await page()).title).toBe('Parametric Facades, Second Edition');
    const [audit] = await audits('workshop.update');
    expect(audit).toMatchObject({ entity: 'workshop', entityId: String(workshop.id) });
    expect((audit!.before as { title: string }).title).toBe('Parametric Facades with Grasshopper');

    // Unpublishing takes it off the public page.
    await call('POST', `/api/admin/workshops/${workshop.id}/publish`, { isPublished: false });
    expect((await call('GET', `/api/workshop/${workshop.id}/details`, undefined, {})).statusCode).toBe(404);
  });

  it('when a workshop body breaks the rules, then 400 names the fields; a slug already taken is a 409 with a clear message', async () => {
    const bad = await call(
      'POST',
      '/api/admin/workshops',
      workshopBody({
        slug: 'fine-slug',
        slashAmount: 100,
        amount: 500,
        type: 3,
        thumbnail: 'http://x/y.jpg',
      }),
    );
    expect(bad.statusCode).toBe(400);
    const errors = JSON.parse(bad.body).errors as { path: string; message: string }[];
    const paths = errors.map((e) => e.path).join(' ');
    expect(paths).toMatch(/type/);
    expect(paths).toMatch(/thumbnail/);
    expect(bad.body).not.toContain('"statusCode":500');

    const slash = await call(
      'POST',
      '/api/admin/workshops',
      workshopBody({ slug: 'fine-slug', slashAmount: 100 }),
    );
    expect(slash.statusCode).toBe(400);
    expect(slash.body).toContain('must be more than the price in INR');

    expect(
      (await call('POST', '/api/admin/workshops', workshopBody({ slug: 'taken-slug' }))).statusCode,
    ).toBe(200);
    const taken = await call('POST', '/api/admin/workshops', workshopBody({ slug: 'taken-slug' }));
    expect(taken.statusCode).toBe(409);
    expect(JSON.parse(taken.body).message).toBe(
      'Another workshop already has this slug; choose a different one.',
    );
  });

  it('when an admin lists workshops, then the list pages, sorts and searches on the server', async () => {
    for (let i = 0; i < 3; i += 1)
      await call(
        'POST',
        '/api/admin/workshops',
        workshopBody({ title: `Listing Studio ${i}`, shortTitle: `Listing ${i}`, slug: `listing-${i}` }),
      );
    const res = await call('GET', '/api/admin/workshops?q=listing&sort=title&pageSize=10&page=1');
    expect(res.statusCode).toBe(200);
    const page = data<{ items: { title: string }[]; total: number }>(res);
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.title)).toEqual([
      'Listing Studio 0',
      'Listing Studio 1',
      'Listing Studio 2',
    ]);
    const desc = data<{ items: { title: string }[] }>(
      await call('GET', '/api/admin/workshops?q=listing&sort=-title'),
    );
    expect(desc.items[0]!.title).toBe('Listing Studio 2');
    expect((await call('GET', '/api/admin/workshops?sort=price')).statusCode).toBe(400);
    const csv = await call('GET', '/api/admin/workshops?q=listing&sort=title&format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[1]).toContain('Listing Studio 0');
  });

  it('when an admin assigns an instructor, then the instructor teaches it (scope); a learner cannot be assigned', async () => {
    const w = await createWorkshop(t.database.db, { shortTitle: 'Taught Studio' });
    const list = data<{ items: { id: number }[] }>(await call('GET', '/api/admin/instructors'));
    expect(list.items.map((i) => i.id)).toContain(instructorId);
    const res = await call('PUT', `/api/admin/workshops/${w.id}/instructors`, { userIds: [instructorId] });
    expect(res.statusCode).toBe(200);
    expect(data<{ instructors: { id: number }[] }>(res).instructors.map((i) => i.id)).toEqual([instructorId]);
    const rows = await t.database.db
      .select()
      .from(workshopInstructors)
      .where(and(eq(workshopInstructors.workshopId, w.id), eq(workshopInstructors.userId, instructorId)));
    expect(rows).toHaveLength(1);
    const learner = await call('PUT', `/api/admin/workshops/${w.id}/instructors`, { userIds: [learnerId] });
    expect(learner.statusCode).toBe(400);
    const none = await call('PUT', `/api/admin/workshops/${w.id}/instructors`, { userIds: [] });
    expect(data<{ instructors: unknown[] }>(none).instructors).toEqual([]);
    expect(await audits('workshop.instructors')).toHaveLength(2);
  });

  it('when an admin creates a batch with weekly schedules, then the public page shows it at once; bad dates and times are 400s', async () => {
    const w = await createWorkshop(t.database.db, { shortTitle: 'Batch Studio' });
    const details = async () =>
      data<{
        Batches: { name: string | null; capacity: number | null; BatchSchedules: { day: number }[] }[];
      }>(await call('GET', `/api/workshop/${w.id}/details`, undefined, {}));
    expect((await details()).Batches).toEqual([]); // warm
    const body = {
      name: 'January cohort',
      startDate: '2027-01-10',
      endDate: '2027-03-10',
      sessionType: 1,
      amount: 9000,
      dollar: 120,
      slashAmount: 12000,
      slashDollar: 160,
      capacity: 40,
      zoomLink: 'https://zoom.example/j/1',
      isActive: true,
      schedules: [
        { day: 6, startTime: '10:00', endTime: '12:00' },
        { day: 7, startTime: '10:00', endTime: '12:30' },
      ],
    };
    const created = await call('POST', `/api/admin/workshops/${w.id}/batches`, body);
    expect(created.statusCode).toBe(200);
    const batch = data<{ id: number; schedules: unknown[] }>(created);
    expect(batch.schedules).toEqual([
      { day: 6, startTime: '10:00', endTime: '12:00' },
      { day: 7, startTime: '10:00', endTime: '12:30' },
    ]);
    const shown = (await details()).Batches;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ name: 'January cohort', capacity: 40 });
    expect(shown[0]!.BatchSchedules.map((s) => s.day)).toEqual([6, 7]);

    const updated = await call('PUT', `/api/admin/batches/${batch.id}`, {
      ...body,
      capacity: 25,
      schedules: [{ day: 2, startTime: '18:00', endTime: '20:00' }],
    });
    expect(updated.statusCode).toBe(200);
    expect((await details()).Batches[0]).toMatchObject({ capacity: 25 });
    expect((await details()).Batches[0]!.BatchSchedules.map((s) => s.day)).toEqual([2]);
    const listed = data<{ items: { id: number }[] }>(
      await call('GET', `/api/admin/workshops/${w.id}/batches`),
    );
    expect(listed.items.map((b) => b.id)).toEqual([batch.id]);
    expect(await audits('batch.update')).toHaveLength(1);

    const backwards = await call('POST', `/api/admin/workshops/${w.id}/batches`, {
      ...body,
      endDate: '2027-01-01',
      schedules: [{ day: 8, startTime: '12:00', endTime: '11:00' }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('must be on or after the start date');
    expect(backwards.body).toContain('must be 1 (Monday) to 7 (Sunday)');
    expect(backwards.body).toContain('must be after the start time');
  });

  it('when an admin saves an instalment template, then it replaces the plan in order; broken plans are 400s and an empty one removes it', async () => {
    const db = t.database.db;
    const w = await createWorkshop(db, { shortTitle: 'Plan Studio' });
    const live = await createBatch(db, w.id);
    const plan = {
      items: [
        { amountInrMinor: 500_000, amountUsdMinor: 6_000, dueDate: '2027-01-10' },
        { amountInrMinor: 400_000, amountUsdMinor: 5_000, dueDate: '2027-02-10' },
        { amountInrMinor: 300_000, amountUsdMinor: 4_000, dueDate: '2027-03-10' },
      ],
    };
    const saved = await call('PUT', `/api/admin/batches/${live.id}/instalments`, plan);
    expect(saved.statusCode).toBe(200);
    expect(data(saved)).toMatchObject({ totalInrMinor: 1_200_000, totalUsdMinor: 15_000 });
    const rows = await db
      .select()
      .from(batchInstalmentTemplates)
      .where(eq(batchInstalmentTemplates.batchId, live.id));
    expect(rows.map((r) => [r.sequence, r.amountInrMinor]).sort()).toEqual([
      [1, 500_000],
      [2, 400_000],
      [3, 300_000],
    ]);
    const read = data<{ items: { sequence: number; dueDate: string }[] }>(
      await call('GET', `/api/admin/batches/${live.id}/instalments`),
    );
    expect(read.items.map((i) => i.dueDate)).toEqual(['2027-01-10', '2027-02-10', '2027-03-10']);

    const outOfOrder = await call('PUT', `/api/admin/batches/${live.id}/instalments`, {
      items: [plan.items[1], plan.items[0]],
    });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.body).toContain('must fall due after the instalment before it');
    const single = await call('PUT', `/api/admin/batches/${live.id}/instalments`, { items: [plan.items[0]] });
    expect(single.statusCode).toBe(400);
    expect(single.body).toContain('at least 2 instalments');
    const zero = await call('PUT', `/api/admin/batches/${live.id}/instalments`, {
      items: [{ ...plan.items[0], amountInrMinor: 0 }, plan.items[1]],
    });
    expect(zero.statusCode).toBe(400);

    const recorded = await createBatch(db, w.id, { sessionType: 2 });
    const dated = await call('PUT', `/api/admin/batches/${recorded.id}/instalments`, plan);
    expect(dated.statusCode).toBe(400);
    expect(dated.body).toContain('days after purchase');
    const byDays = await call('PUT', `/api/admin/batches/${recorded.id}/instalments`, {
      items: [
        { amountInrMinor: 300_000, amountUsdMinor: 4_000, dueAfterDays: 0 },
        { amountInrMinor: 300_000, amountUsdMinor: 4_000, dueAfterDays: 30 },
      ],
    });
    expect(byDays.statusCode).toBe(200);

    const removed = await call('PUT', `/api/admin/batches/${live.id}/instalments`, { items: [] });
    expect(removed.statusCode).toBe(200);
    expect(data<{ items: unknown[] }>(removed).items).toEqual([]);
    expect(await audits('batch.instalments')).toHaveLength(3);
  });
});
