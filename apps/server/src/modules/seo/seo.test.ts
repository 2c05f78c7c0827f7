import { workshopPath } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('sitemap and robots.txt', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      now: new Date('2026-03-10T06:30:00Z'),
      env: { PUBLIC_URL: 'https://atelier.example' },
    });
    await seedDemo(t.database.db, { now: t.now.value, tz: 'Asia/Kolkata' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the sitemap is fetched, then every public page as an absolute canonical URL with a lastmod', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.every((l) => l.startsWith('https://atelier.example/'))).toBe(true);
    for (const page of [
      '/',
      '/courses-and-workshops',
      '/blogs',
      '/trips',
      '/competitions',
      '/consultation',
      '/resources',
      '/contact-us',
      '/terms-and-conditions',
      '/privacy-policy',
      '/cancellation-and-refund-policy',
      '/shipping-and-delivery-policy',
    ]) {
      expect(locs).toContain(`https://atelier.example${page}`);
    }
    const workshops = (
      await t.database.db.execute<{ id: number; type: number; shortTitle: string }>(
        sql`select id, type, short_title as "shortTitle" from workshops where is_published`,
      )
    ).rows;
    for (const w of workshops) expect(locs).toContain(`https://atelier.example${workshopPath(w)}`);
    expect(locs).toContain('https://atelier.example/blog/design-theory/why-parametric-thinking-matters?id=1');
    const blogCount = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from blogs where published_at <= ${t.now.value}`,
      )
    ).rows[0]!.n;
    expect(locs.filter((l) => l.includes('/blog/'))).toHaveLength(blogCount);
    expect(locs.filter((l) => /\/trip\/[a-z0-9-]+\?id=\d+$/.test(l)).length).toBeGreaterThan(0);
    const activeCompetitions = (
      await t.database.db.execute<{ id: number; slug: string }>(
        sql`select id, slug from competitions where is_active`,
      )
    ).rows;
    expect(activeCompetitions.length).toBeGreaterThanOrEqual(3);
    for (const c of activeCompetitions)
      expect(locs).toContain(`https://atelier.example/competition/${c.slug}?id=${c.id}`);
    expect(locs.some((l) => l.includes('/dashboard') || l.includes('/api/'))).toBe(false);
    expect([...xml.matchAll(/<url>/g)]).toHaveLength(
      [...xml.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)].length,
    );
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('when robots.txt is fetched, then public pages are allowed, private areas disallowed and the sitemap named', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /payments',
        'Disallow: /api/',
      ]),
    );
    expect(lines).toContain('Sitemap: https://atelier.example/sitemap.xml');
  });

  it('when fetched again with the ETag, then 304', async () => {
    const first = await t.app.inject({ url: '/sitemap.xml' });
    const again = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
