// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAYLOAD_ELEMENT_ID, type SsrPayload } from '../../app/ssr-payload';
import { render } from '../../entry-server';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';

/** The lead pages are public pages: rendered on the server with their head, like the others. */
async function renderPage(path: string) {
  const response = await render(new Request(`http://atelier.test${path}`), {
    fetch: fakeApi(everyPageAnswers).fetch,
    assets: { scripts: ['/assets/entry.js'], styles: [], preloads: [] },
    publicUrl: 'https://atelier.example',
    siteConfig: { popupSnoozeDays: 3, newsletterPartner: 'studio' },
  });
  const html = await response.text();
  const match = new RegExp(`<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  return { response, html, payload: JSON.parse(match?.[1] ?? 'null') as SsrPayload | null };
}

describe('/hire-us and /skill-test on the server', () => {
  it('when /hire-us is requested, then its HTML has the heading, the head and the form before any script runs', async () => {
    const { response, html } = await renderPage('/hire-us');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Hire from Atelier');
    expect(html).toContain('<link rel="canonical" href="https://atelier.example/hire-us"');
    expect(html).toMatch(/<h1[^>]*>Hire from Atelier<\/h1>/);
    expect(html).toContain('Company or studio');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="consent"/);
  });

  it('when a page is rendered, then the server’s popup snooze and newsletter partner travel in its data block', async () => {
    const { payload } = await renderPage('/skill-test');
    expect(payload?.config).toEqual({ popupSnoozeDays: 3, newsletterPartner: 'studio' });
  });
});
