import type { Db } from '../../db/client.js';
import { listBlogPages } from '../blogs/index.js';
import { listWorkshopPages } from '../catalogue/index.js';
import { listCompetitionPages } from '../competitions/index.js';
import { listTripPages } from '../trips/index.js';

/** A page of the sitemap: a site path and its last change (ISO instant). */
export interface SitemapPage {
  path: string;
  lastmod: string | null;
}

/**
 * The public listing pages (spec §2 routes, plus the trips, competitions and consultation pages). Their last
 * change is that of the newest content they list.
 */
const LISTING_PAGES = [
  '/',
  '/courses-and-workshops',
  '/blogs',
  '/trips',
  '/competitions',
  '/consultation',
  '/resources',
] as const;

/** The contact and policy pages a payment provider asks for (decision 0019); they change rarely. */
export const POLICY_PAGES = [
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellation-and-refund-policy',
  '/shipping-and-delivery-policy',
] as const;
/** When the policy pages' text last changed (the web pages say the same date). */
export const POLICIES_UPDATED = '2026-11-25T00:00:00.000Z';

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Every public page: listing pages, every published workshop, blog, active trip and competition. */
export async function listSitemapPages(db: Db, now: Date): Promise<SitemapPage[]> {
  const [workshops, blogs, trips, competitions] = await Promise.all([
    listWorkshopPages(db),
    listBlogPages(db, now),
    listTripPages(db),
    listCompetitionPages(db),
  ]);
  const content = [...workshops, ...blogs, ...trips, ...competitions];
  const newest = content.reduce<string | null>(
    (max, p) => (max === null || p.lastmod > max ? p.lastmod : max),
    null,
  );
  return [
    ...LISTING_PAGES.map((path) => ({ path, lastmod: newest })),
    ...POLICY_PAGES.map((path) => ({ path, lastmod: POLICIES_UPDATED })),
    ...content,
  ];
}

/** `GET /sitemap.xml`: the sitemaps.org document with absolute URLs on `publicUrl`. */
export async function buildSitemapXml(db: Db, now: Date, publicUrl: string): Promise<string> {
  const pages = await listSitemapPages(db, now);
  const entries = pages.map((p) => {
    const loc = `  <url><loc>${xmlEscape(new URL(p.path, `${publicUrl}/`).href)}</loc>`;
    return p.lastmod ? `${loc}<lastmod>${p.lastmod.slice(0, 10)}</lastmod></url>` : `${loc}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * `GET /robots.txt`: public pages may be crawled; the learner dashboard, payments, sign-in and the
 * API may not; the sitemap is named.
 */
export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /payments',
    'Disallow: /auth/',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
