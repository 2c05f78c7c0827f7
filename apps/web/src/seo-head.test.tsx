// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render, type RenderAssets } from './entry-server';
import { everyPageAnswers, fakeApi } from './test/fixtures';
import { blogArticle, landingPage } from './test/public-fixtures';

const assets: RenderAssets = { scripts: ['/assets/entry.js'], styles: [], preloads: [] };
const PUBLIC_URL = 'https://atelier.example';

async function renderHead(path: string, answers: Record<string, unknown> = everyPageAnswers) {
  const response = await render(new Request(`http://atelier.internal${path}`), {
    fetch: fakeApi(answers).fetch,
    assets,
    nonce: 'n0nce',
    publicUrl: PUBLIC_URL,
  });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
  const meta = (attr: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/[+:]/g, '\\$&')}" content="([^"]*)"`).exec(head)?.[1] ?? null;
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? null;
  return { response, html, head, jsonLd, meta, canonical };
}

describe('search engines and sharing: the head of server-rendered pages', () => {
  it('when a masterclass page is rendered, then it carries title, description, keywords, an absolute canonical URL, Open Graph and Twitter cards', async () => {
    const { response, head, meta, canonical } = await renderHead(
      '/masterclass/parametric-facades?id=1&utm_source=mail',
      {
        ...everyPageAnswers,
        '/api/course/1/landing-page': landingPage(),
      },
    );

    expect(response.status).toBe(200);
    expect(head).toContain('<title>Parametric Facades with Grasshopper · Atelier</title>');
    expect(meta('name', 'description')).toBe('A facade masterclass.');
    expect(meta('name', 'keywords')).toBe('grasshopper, facade, parametric');
    // The canonical address is PUBLIC_URL + workshopPath: tracking parameters are not part of it.
    expect(canonical).toBe(`${PUBLIC_URL}/masterclass/parametric-facades?id=1`);
    expect(meta('property', 'og:url')).toBe(canonical);
    expect(meta('property', 'og:title')).toBe('Parametric Facades with Grasshopper · Atelier');
    expect(meta('property', 'og:image')).toBe(`${PUBLIC_URL}/images/workshops/parametric-facades-1200.webp`);
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:image')).toBe(meta('property', 'og:image'));
  });

  it('when a masterclass page is rendered, then its JSON-LD is a Course with a CourseInstance per batch, an Event per live batch and a BreadcrumbList', async () => {
    const { jsonLd } = await renderHead('/masterclass/parametric-facades?id=1', {
      ...everyPageAnswers,
      '/api/course/1/landing-page': landingPage(),
    });

    const course = jsonLd.find((doc) => doc['@type'] === 'Course');
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Parametric Facades with Grasshopper',
      url: `${PUBLIC_URL}/masterclass/parametric-facades?id=1`,
      provider: { '@type': 'Organization', name: 'Atelier' },
      offers: { '@type': 'Offer', price: 1499, priceCurrency: 'INR' },
      hasCourseInstance: [
        {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          startDate: '2026-12-12',
          endDate: '2026-12-13',
          courseSchedule: {
            '@type': 'Schedule',
            repeatFrequency: 'P1W',
            byDay: ['https://schema.org/Saturday'],
          },
        },
      ],
    });
    expect(jsonLd.find((doc) => doc['@type'] === 'Event')).toMatchObject({
      name: 'Parametric Facades with Grasshopper',
      startDate: '2026-12-12T19:00:00+05:30',
      endDate: '2026-12-13T21:00:00+05:30',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation' },
    });
    const breadcrumbs = jsonLd.find((doc) => doc['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual([
      'Home',
      'Courses and workshops',
      'Architecture',
      'Parametric Facades',
    ]);
    expect(breadcrumbs.itemListElement[0]?.item).toBe(`${PUBLIC_URL}/`);
  });

  it('when an article title carries markup, then its BlogPosting JSON-LD is escaped inside the script element and reads back intact', async () => {
    const { head, html, jsonLd, meta } = await renderHead('/blog/design-theory/daylight-and-shade?id=7', {
      ...everyPageAnswers,
      '/api/blogs/7': blogArticle,
    });

    // No `</script>` from the data can close the JSON-LD element, so no script is injected.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(head).toContain('\\u003c/script\\u003e');
    const posting = jsonLd.find((doc) => doc['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: blogArticle.title,
      datePublished: blogArticle.publishedAt,
      dateModified: blogArticle.updatedAt,
      author: { '@type': 'Person', name: 'Nikhil Rao' },
      mainEntityOfPage: { '@id': `${PUBLIC_URL}/blog/design-theory/daylight-and-shade?id=7` },
    });
    expect(meta('property', 'og:type')).toBe('article');
    expect(meta('property', 'article:published_time')).toBe(blogArticle.publishedAt);
    // The article body (sanitised by the server) is in the HTML before any script runs.
    expect(html).toContain('<p>Light is a <em>material</em>.</p>');
  });

  it('when the address is unknown, then the 404 page asks search engines not to index it and names no canonical URL', async () => {
    const { response, meta, canonical } = await renderHead('/no-such-page');

    expect(response.status).toBe(404);
    expect(meta('name', 'robots')).toBe('noindex');
    expect(canonical).toBeNull();
  });

  it('when the home page is rendered, then its canonical URL is the site root and it describes the site as a WebSite with search', async () => {
    const { canonical, jsonLd } = await renderHead('/');

    expect(canonical).toBe(`${PUBLIC_URL}/`);
    expect(jsonLd.find((doc) => doc['@type'] === 'WebSite')).toMatchObject({
      url: `${PUBLIC_URL}/`,
      potentialAction: { '@type': 'SearchAction' },
    });
  });
});
