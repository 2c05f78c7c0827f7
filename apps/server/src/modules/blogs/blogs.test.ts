import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createBlogCategory } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { sanitizeBlogHtml } from './blog-html.js';

const NOW = new Date('2026-11-22T06:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe('blogs', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const theory = await createBlogCategory(db, {
      name: 'Design Theory',
      slug: 'design-theory',
      sequence: 2,
    });
    const software = await createBlogCategory(db, {
      name: 'Software Tutorials',
      slug: 'software-tutorials',
      sequence: 1,
    });
    const newest = await createBlog(db, {
      title: 'Newest on Revit',
      url: 'newest-on-revit',
      categoryId: software.id,
      publishedAt: daysAgo(1),
      isTrending: true,
      meta: { keywords: 'bim, families' },
    });
    const featured = await createBlog(db, {
      title: 'Featured theory',
      url: 'featured-theory',
      categoryId: theory.id,
      publishedAt: daysAgo(5),
      isFeatured: true,
      isTrending: true,
    });
    const old = await createBlog(db, {
      title: '50% faster_modelling',
      url: 'fifty-percent',
      categoryId: software.id,
      publishedAt: daysAgo(30),
      isFeatured: true,
    });
    const uncategorised = await createBlog(db, {
      title: 'No category',
      url: 'no-category',
      categoryId: null,
      publishedAt: daysAgo(40),
    });
    const draft = await createBlog(db, {
      title: 'Draft Revit',
      url: 'draft',
      publishedAt: null,
      isTrending: true,
      isFeatured: true,
    });
    const future = await createBlog(db, {
      title: 'Future Revit',
      url: 'future',
      publishedAt: new Date(NOW.getTime() + 86_400_000),
      isTrending: true,
    });
    const malicious = await createBlog(db, {
      title: 'Malicious',
      url: 'malicious',
      categoryId: theory.id,
      publishedAt: daysAgo(60),
      content:
        '<h2 onclick="x()">Title</h2><p style="color:red">Hi <a href="javascript:alert(1)">x</a> <a href="https://ok.test/a" target="_blank">ok</a></p>' +
        '<script>alert(1)</script><img src="x.png" onerror="alert(1)" alt="a"><img src="data:image/png;base64,AAAA">' +
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.test/">frame text</iframe>' +
        '<style>body{display:none}</style><form action="https://evil.test"><input name="p"></form>',
    });
    for (let i = 0; i < 55; i++)
      await createBlog(db, { title: `Filler ${i}`, categoryId: theory.id, publishedAt: daysAgo(100 + i) });
    Object.assign(ids, {
      theory: theory.id,
      software: software.id,
      newest: newest.id,
      featured: featured.id,
      old: old.id,
      uncategorised: uncategorised.id,
      draft: draft.id,
      future: future.id,
      malicious: malicious.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ url });

  it('when trending and featured blogs are fetched, then published ones only, newest first, with blogPath paths', async () => {
    const res = await get('/api/blogs/trending-and-featured');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const { trending, featured } = res.json().data;
    expect(trending.map((b: { id: number }) => b.id)).toEqual([ids.newest, ids.featured]);
    expect(featured.map((b: { id: number }) => b.id)).toEqual([ids.featured, ids.old]);
    expect(trending[0]).toMatchObject({
      path: `/blog/software-tutorials/newest-on-revit?id=${ids.newest}`,
      category: { id: ids.software, name: 'Software Tutorials', slug: 'software-tutorials' },
      publishedAt: daysAgo(1).toISOString(),
    });
  });

  it('when the home page blogs are fetched, then data.data holds the 6 newest published', async () => {
    const body = (await get('/api/homepage/blogs')).json();
    expect(body.data.data).toHaveLength(6);
    expect(body.data.data[0].id).toBe(ids.newest);
    expect(body.data.data.map((b: { id: number }) => b.id)).not.toContain(ids.draft);
  });

  it('when all blogs are listed, then a page newest first with the total, categories by sequence', async () => {
    const body = (await get('/api/blogs/all')).json();
    expect(body.data).toMatchObject({ total: 60, page: 1, pageSize: 20 });
    expect(body.data.data).toHaveLength(20);
    expect(body.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'software-tutorials',
      'design-theory',
    ]);
    const uncategorised = (await get('/api/blogs/all?query=no%20category')).json().data.data[0];
    expect(uncategorised).toMatchObject({
      category: null,
      path: `/blog/uncategorized/no-category?id=${ids.uncategorised}`,
    });
  });

  it('when searching and filtering, then title, excerpt and keywords match literally within the category', async () => {
    const revit = (await get('/api/blogs/all?query=revit')).json().data;
    expect(revit.data.map((b: { id: number }) => b.id)).toEqual([ids.newest]);
    expect((await get('/api/blogs/all?query=families')).json().data.total).toBe(1);
    expect((await get('/api/blogs/all?query=%25')).json().data.data.map((b: { id: number }) => b.id)).toEqual(
      [ids.old],
    );
    expect((await get('/api/blogs/all?query=_')).json().data.data.map((b: { id: number }) => b.id)).toEqual([
      ids.old,
    ]);
    expect((await get("/api/blogs/all?query=' or 1=1 --")).json().data.total).toBe(0);
    const software = (await get('/api/blogs/all?category=software-tutorials')).json().data;
    expect(software.data.map((b: { id: number }) => b.id)).toEqual([ids.newest, ids.old]);
    expect((await get('/api/blogs/all?category=unknown')).json().data.total).toBe(0);
  });

  it('when pageSize is above 50, then it is clamped; later pages continue', async () => {
    const first = (await get('/api/blogs/all?pageSize=500')).json().data;
    expect(first.pageSize).toBe(50);
    expect(first.data).toHaveLength(50);
    const second = (await get('/api/blogs/all?pageSize=500&page=2')).json().data;
    expect(second.data).toHaveLength(10);
    expect((await get('/api/blogs/all?page=40')).json().data.data).toEqual([]);
  });

  it.each([
    ['page', 'page=0'],
    ['category', 'category=Bad%20Slug'],
    ['query', `query=${'q'.repeat(101)}`],
    ['sort', 'sort=asc'],
  ])('when %s is invalid or unknown, then 400 names it', async (field, qs) => {
    const res = await get(`/api/blogs/all?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('when an article is fetched, then its sanitised HTML, meta and path; drafts, future and unknown → 404', async () => {
    const article = (await get(`/api/blogs/${ids.newest}`)).json().data;
    expect(article).toMatchObject({
      id: ids.newest,
      content: '<p>Newest on Revit</p>',
      meta: { title: null, description: null, keywords: 'bim, families' },
    });
    for (const id of [ids.draft, ids.future, 999_999]) {
      const res = await get(`/api/blogs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
    expect((await get('/api/blogs/abc')).statusCode).toBe(400);
  });

  it('when an article carries malicious HTML, then scripts, handlers, styles, forms, bad links and iframes are gone', async () => {
    const html = (await get(`/api/blogs/${ids.malicious}`)).json().data.content as string;
    expect(html).not.toMatch(
      /<script|onerror|onclick|style=|<style|javascript:|data:|<form|<input|<iframe|evil\.test|target=/i,
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<a href="https://ok.test/a" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<img src="x.png" alt="a" />');
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer" data-youtube-id="dQw4w9WgXcQ">',
    );
    expect(html).not.toContain('frame text');
  });

  it.each([
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'javascript'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'script:'],
    ['<a href="//evil.test/x">x</a>', 'evil.test'],
    ['<img src="http://169.254.169.254/">', '169.254'],
    ['<svg><script>alert(1)</script></svg>', 'alert'],
    ['<p><object data="x.swf"></object><embed src="x.swf"></p>', 'swf'],
    ['<a href="https://ok.test" rel="opener">x</a>', 'rel="opener"'],
  ])('when HTML is %s, then the sanitiser leaves no %s', (input, forbidden) => {
    expect(sanitizeBlogHtml(input)).not.toContain(forbidden);
  });

  it('when the consultation page asks for blogs, then featured first, at most the limit; bad bodies → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultation/page/blogs',
      payload: { limit: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: { id: number }) => b.id)).toEqual([ids.featured, ids.old, ids.newest]);
    const fallback = await t.app.inject({ method: 'POST', url: '/api/consultation/page/blogs' });
    expect(fallback.json().data).toHaveLength(3);
    for (const payload of [{ limit: 0 }, { limit: 13 }, { limit: 'x' }, { limit: 2, userId: 1 }]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/consultation/page/blogs', payload })).statusCode,
      ).toBe(400);
    }
  });
});
