// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { competitionDetails, openCompetition, pastCompetition } from './competition-fixtures';

async function renderPage(path: string, answers: Record<string, unknown>) {
  const response = await render(new Request(`http://atelier.test${path}`), {
    fetch: fakeApi({ ...everyPageAnswers, ...answers }).fetch,
    assets: { scripts: ['/assets/entry.js'], styles: [], preloads: [] },
    publicUrl: 'https://atelier.example',
    siteConfig: { popupSnoozeDays: 3, newsletterPartner: 'studio' },
  });
  return { response, html: await response.text() };
}

describe('/competitions and /competition/{slug} on the server (issue 16)', () => {
  it('when /competitions is requested, then its HTML lists open and past competitions with the head', async () => {
    const { response, html } = await renderPage('/competitions', {
      '/api/competitions': [openCompetition, pastCompetition],
    });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Design competitions');
    expect(html).toContain('<link rel="canonical" href="https://atelier.example/competitions"');
    expect(html).toMatch(/<h1[^>]*>Design competitions<\/h1>/);
    expect(html).toContain('href="/competition/riverfront-pavilion?id=3"');
    expect(html).toContain('Courtyard House 2026');
    expect(html).toContain('Register by 15 Jan 2027');
    expect(html).toContain('/images/competitions/riverfront-pavilion-800.webp');
    expect(html).toContain('"@type":"ItemList"');
  });

  it('when a competition page is requested, then its HTML has the brief, prizes, the head with JSON-LD and a sign-in link to register', async () => {
    const { response, html } = await renderPage(openCompetition.path, {
      '/api/competition/3/details': competitionDetails,
    });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Riverfront Pavilion Challenge');
    expect(html).toContain(
      '<link rel="canonical" href="https://atelier.example/competition/riverfront-pavilion?id=3"',
    );
    expect(html).toContain('Design a shaded pavilion for the Sabarmati riverfront.');
    expect(html).toContain('"@type":"Event"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(/<h1[^>]*>Riverfront Pavilion Challenge<\/h1>/);
    expect(html).toContain('₹1,00,000 first prize');
    expect(html).toContain('Shade, water and seating for everyone.');
    expect(html).toContain('Free');
    expect(html).toContain(
      `href="/auth/login?next=${encodeURIComponent('/competition/riverfront-pavilion?id=3').replace(/&/g, '&amp;')}"`,
    );
    // The contact form for questions about it.
    expect(html).toContain('Your question');
  });

  it('when the id is unknown or the slug is not the competition’s own, then 404 and a permanent redirect', async () => {
    expect((await renderPage('/competition/anything?id=99', {})).response.status).toBe(404);
    const moved = await renderPage('/competition/old-name?id=3', {
      '/api/competition/3/details': competitionDetails,
    });
    expect(moved.response.status).toBe(301);
    expect(moved.response.headers.get('location')).toBe('/competition/riverfront-pavilion?id=3');
  });
});
