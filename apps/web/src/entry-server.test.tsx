// @vitest-environment node
import { QueryStatus } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { PAYLOAD_ELEMENT_ID, type SsrPayload } from './app/ssr-payload';
import { render, type RenderAssets } from './entry-server';
import { everyPageAnswers, FAILS, fakeApi, masterclassesAndCourses, workshopCard } from './test/fixtures';

const assets: RenderAssets = { scripts: ['/assets/entry.js'], styles: ['/assets/entry.css'], preloads: [] };

async function renderPage(path: string, answers: Record<string, unknown> = everyPageAnswers) {
  const api = fakeApi(answers);
  const response = await render(new Request(`http://atelier.test${path}`), {
    fetch: api.fetch,
    assets,
    nonce: 'n0nce',
  });
  const html = response.status >= 300 && response.status < 400 ? '' : await response.text();
  const match = new RegExp(`<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  const payload = match ? (JSON.parse(match[1] ?? '') as SsrPayload) : null;
  return { response, html, payload, calls: api.calls };
}

describe('server rendering (entry-server render)', () => {
  it('when the home page is requested, then its HTML carries the seeded workshops before any script runs', async () => {
    const { response, html } = await renderPage('/');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('Parametric Facades with Grasshopper');
    expect(html).toContain('<meta name="theme-color" content="#f59a4c">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('<script type="module" src="/assets/entry.js" nonce="n0nce"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/entry.css">');
  });

  it('when some loads fail, then only fulfilled queries are inlined into the page', async () => {
    const { payload } = await renderPage('/', { ...everyPageAnswers, '/api/campaign/banners': FAILS });

    const entries = Object.values(payload?.api?.queries ?? {});
    const endpoints = entries.map((entry) => entry?.endpointName);
    expect(endpoints).toContain('listMasterclassesAndCourses');
    expect(endpoints).not.toContain('listCampaignBanners');
    expect(entries.every((entry) => entry?.status === QueryStatus.fulfilled)).toBe(true);
    expect(payload?.rendered).toBe(true);
  });

  it('when data contains markup, then it cannot break out of the inlined data block', async () => {
    const hostile = workshopCard({
      id: 9,
      type: 2,
      title: '</script><script>alert(1)</script>',
      shortTitle: 'Hostile',
    });
    const { html, payload } = await renderPage('/', {
      ...everyPageAnswers,
      '/api/masterclasses-and-courses': {
        categories: [{ ...masterclassesAndCourses.categories[0], Workshops: [hostile] }],
      },
    });

    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(payload)).toContain('</script><script>alert(1)</script>');
  });

  it('when a workshop page is requested, then its title names the page and it is served with status 200', async () => {
    const { response, html } = await renderPage('/masterclass/parametric-facades?id=1');

    expect(response.status).toBe(200);
    expect(html).toContain('<title>Parametric Facades with Grasshopper · Atelier</title>');
    expect(html).toContain('₹1,499/-');
  });

  it('when a workshop address is not canonical, then it redirects permanently to workshopPath', async () => {
    const { response } = await renderPage('/course/old-name?id=1&utm_source=mail');

    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/masterclass/parametric-facades?id=1&utm_source=mail');
  });

  it('when the address is unknown, then the answer is the 404 page with status 404', async () => {
    const { response, html } = await renderPage('/no-such-page');

    expect(response.status).toBe(404);
    expect(html).toContain('We could not find that page');
  });

  it('when a dashboard page is requested, then the server sends the app shell without fetching data', async () => {
    const { response, html, payload, calls } = await renderPage('/dashboard/my-certificates');

    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    // The platform's day goes with every page, so the browser's first render agrees with the server's.
    expect(payload).toEqual({
      rendered: false,
      origin: 'http://atelier.test',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(calls).toEqual([]);
  });
});
