import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blogs } from '../../../db/schema/index.js';
import { createBlog, createBlogCategory, createTrip } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';

/*
 * The console's content (issue 17 point 2) through the real app: blog HTML saved through the
 * console is cleaned with the public page's allow-list, a slug is unique (409), a publish shows on
 * the public API at once (its cache refreshed), every write leaves an audit row; trips likewise.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

const blogBody = (over: Record<string, unknown> = {}) => ({
  title: 'Reading a plan',
  url: 'reading-a-plan',
  categoryId: null,
  excerpt: 'How to read one',
  content: '<p>Plans</p>',
  cover: 'https://cdn.example/cover.jpg',
  authorName: 'Asha Rao',
  readingMinutes: 4,
  isTrending: false,
  isFeatured: false,
  publishedAt: null,
  meta: { title: 'Reading a plan | Atelier', description: 'Plans, read', keywords: '' },
  ...over,
});

const tripBody = (over: Record<string, unknown> = {}) => ({
  title: 'Chandigarh Modernism',
  slug: 'chandigarh-modernism',
  location: 'Chandigarh',
  startDate: '2027-01-10',
  endDate: '2027-01-14',
  price: 45000,
  dollar: 600,
  thumbnail: null,
  isActive: true,
  details: {
    summary: 'Le Corbusier city',
    highlights: ['Capitol Complex'],
    itinerary: [{ day: 1, title: 'Arrival', description: 'Sector 17' }],
    inclusions: ['Stay'],
    exclusions: ['Flights'],
    seats: 20,
  },
  ...over,
});

describe('staff console: content (issue 17 point 2)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let adminId: number;
  let categoryId: number;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const audits = (entity: string, entityId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const user = await insertUser(t.database.db, { role: 'admin', name: 'Content Admin' });
    adminId = user.id;
    admin = bearer((await insertSession(t.database.db, user.id, NOW)).token);
    categoryId = (await createBlogCategory(t.database.db, { name: 'Design Theory', slug: 'design-theory' }))
      .id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when a blog with a script, an onerror and a javascript: link is saved, then the public article has none of them and keeps the formatting', async () => {
    const html = [
      '<h2>Section</h2><p>Intro <strong>bold</strong> <em>it</em></p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol>',
      '<p><a href="https://ok.test/a">ok link</a> <a href="javascript:alert(1)">bad link</a></p>',
      '<img src="https://cdn.example/a.png" alt="plan" onerror="alert(2)">',
      '<script>alert(3)</script><p onclick="x()">after</p>',
    ].join('');
    const created = await send(
      'POST',
      '/api/admin/blogs',
      blogBody({ categoryId, content: html, publishedAt: '2026-11-19T09:00:00Z' }),
    );
    expect(created.statusCode).toBe(200);
    const blog = created.json().data;
    expect(blog).toMatchObject({ status: 'published', category: { id: categoryId, name: 'Design Theory' } });
    // Stored clean, not only served clean.
    const [stored] = await t.database.db.select().from(blogs).where(eq(blogs.id, blog.id));
    for (const served of [
      stored!.content,
      (await t.app.inject(`/api/blogs/${blog.id}`)).json().data.content,
    ]) {
      expect(served).not.toMatch(/<script|alert|onerror|onclick|javascript:/i);
      expect(served).toContain('<h2>Section</h2>');
      expect(served).toContain('<strong>bold</strong>');
      expect(served).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
      expect(served).toContain('<a href="https://ok.test/a" rel="noopener noreferrer">ok link</a>');
      expect(served).toContain('<img src="https://cdn.example/a.png" alt="plan" />');
    }
    const [row] = await audits('blog', blog.id);
    expect(row).toMatchObject({ action: 'blog.create', actorId: adminId, before: null });
  });

  it('when a draft is published through the console, then the cached public list and article show it at once; unpublishing hides it again', async () => {
    const draft = (
      await send('POST', '/api/admin/blogs', blogBody({ url: 'draft-to-live', title: 'Draft to live' }))
    ).json().data;
    expect(draft.status).toBe('draft');
    // Warm the public cache while it is a draft.
    const listed = async () =>
      ((await t.app.inject('/api/blogs/all')).json().data.data as { id: number }[]).map((b) => b.id);
    expect(await listed()).not.toContain(draft.id);
    expect((await t.app.inject(`/api/blogs/${draft.id}`)).statusCode).toBe(404);

    const published = await send(
      'PUT',
      `/api/admin/blogs/${draft.id}`,
      blogBody({ url: 'draft-to-live', title: 'Draft to live, edited', publishedAt: '2026-11-20T09:00:00Z' }),
    );
    expect(published.json().data.status).toBe('published');
    expect(await listed()).toContain(draft.id);
    const article = (await t.app.inject(`/api/blogs/${draft.id}`)).json().data;
    expect(article.title).toBe('Draft to live, edited');

    await send('PUT', `/api/admin/blogs/${draft.id}`, blogBody({ url: 'draft-to-live', publishedAt: null }));
    expect(await listed()).not.toContain(draft.id);
    const rows = await audits('blog', draft.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['blog.create', 'blog.update', 'blog.update']);
    const publish = rows.find((r) => (r.after as { status: string }).status === 'published')!;
    expect(publish.before).toMatchObject({ status: 'draft', title: 'Draft to live' });
  });

  it('when a slug is taken, then 409 naming the field; bad fields → 400 with messages; an unknown blog → 404', async () => {
    await createBlog(t.database.db, { url: 'taken-slug' });
    const taken = await send('POST', '/api/admin/blogs', blogBody({ url: 'taken-slug' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'url', message: expect.stringContaining('already used') }]);

    const bad = await send(
      'POST',
      '/api/admin/blogs',
      blogBody({ title: '', url: 'Not A Slug', cover: 'javascript:alert(1)', extra: 1 }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'url', 'cover']));

    const noCategory = await send(
      'POST',
      '/api/admin/blogs',
      blogBody({ url: 'no-cat', categoryId: 999999 }),
    );
    expect(noCategory.statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/blogs/999999', blogBody({ url: 'ghost' }))).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/blogs/999999')).statusCode).toBe(404);
  });

  it('when the admin lists blogs, then drafts, scheduled and published ones show with filters, search and CSV', async () => {
    await createBlog(t.database.db, {
      url: 'scheduled-one',
      title: 'Scheduled one',
      publishedAt: new Date('2026-12-01T00:00:00Z'),
    });
    const scheduled = (await send('GET', '/api/admin/blogs?status=scheduled')).json().data;
    expect(scheduled.items.map((b: { url: string }) => b.url)).toEqual(['scheduled-one']);
    const searched = (await send('GET', '/api/admin/blogs?q=draft-to')).json().data;
    expect(searched.items.map((b: { url: string }) => b.url)).toEqual(['draft-to-live']);
    expect((await send('GET', '/api/admin/blogs?sort=-nope')).statusCode).toBe(400);
    const csv = await send('GET', '/api/admin/blogs?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('scheduled-one');
    const categories = (await send('GET', '/api/admin/blog-categories')).json().data;
    expect(categories).toContainEqual({ id: categoryId, name: 'Design Theory', slug: 'design-theory' });
  });

  it('when a trip is created, edited and deactivated, then the public list follows at once, with audit rows; slug clash → 409', async () => {
    const publicTitles = async () =>
      ((await t.app.inject('/api/dashboard/trips/list')).json().data as { title: string }[]).map(
        (x) => x.title,
      );
    expect(await publicTitles()).not.toContain('Chandigarh Modernism');
    const created = await send('POST', '/api/admin/trips', tripBody());
    expect(created.statusCode).toBe(200);
    const trip = created.json().data;
    expect(trip.details.itinerary).toEqual([{ day: 1, title: 'Arrival', description: 'Sector 17' }]);
    expect(await publicTitles()).toContain('Chandigarh Modernism');

    await send('PUT', `/api/admin/trips/${trip.id}`, tripBody({ isActive: false }));
    expect(await publicTitles()).not.toContain('Chandigarh Modernism');
    expect((await audits('trip', trip.id)).map((r) => r.action).sort()).toEqual([
      'trip.create',
      'trip.update',
    ]);

    const other = await createTrip(t.database.db, { slug: 'kutch-crafts' });
    const clash = await send('PUT', `/api/admin/trips/${other.id}`, tripBody());
    expect(clash.statusCode).toBe(409);
    const backwards = await send('POST', '/api/admin/trips', tripBody({ slug: 'x', endDate: '2027-01-01' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      path: 'endDate',
      message: 'must be on or after the start date',
    });
    const list = (await send('GET', '/api/admin/trips?active=false&q=chandigarh')).json().data;
    expect(list.items.map((x: { id: number }) => x.id)).toEqual([trip.id]);
  });
});
