// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAYLOAD_ELEMENT_ID, type SsrPayload } from '../app/ssr-payload';
import { render, type RenderAssets } from '../entry-server';
import { everyPageAnswers, fakeApi } from '../test/fixtures';

/*
 * Public documents (docs/decisions/0032): with the islands build, a route marked `islands` gets
 * the islands entry and speculation rules instead of the app, a data block without the router's
 * data and the store, and its islands marked with their props; every other route keeps the app.
 */

const assets: RenderAssets = {
  scripts: ['/assets/entry.js'],
  styles: ['/assets/entry.css'],
  preloads: ['/assets/react.js'],
  islands: { entry: '/assets/islands-entry.js' },
};

async function renderPage(path: string) {
  const response = await render(new Request(`http://atelier.test${path}`), {
    fetch: fakeApi(everyPageAnswers).fetch,
    assets,
    nonce: 'n0nce',
  });
  const html = await response.text();
  const match = new RegExp(`<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  return { response, html, payload: JSON.parse(match?.[1] ?? 'null') as SsrPayload | null };
}

describe('public documents with islands (entry-server render)', () => {
  it('when the home page is rendered, then it loads the islands entry and speculation rules, not the app', async () => {
    const { response, html, payload } = await renderPage('/');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('Parametric Facades with Grasshopper');
    expect(html).toContain('<script type="module" src="/assets/islands-entry.js" nonce="n0nce"></script>');
    expect(html).not.toContain('/assets/entry.js');
    expect(html).not.toContain('/assets/react.js');
    // The speculation rules run under the response's nonce: the policy needs no exception.
    const rules = /<script type="speculationrules" nonce="n0nce">(.*?)<\/script>/.exec(html)?.[1];
    const parsed = JSON.parse(rules ?? '{}') as {
      prefetch: { where: { and: [unknown, { not: { href_matches: string[] } }] }; eagerness: string }[];
    };
    expect(parsed.prefetch[0]?.eagerness).toBe('moderate');
    const excluded = parsed.prefetch[0]?.where.and[1].not.href_matches ?? [];
    for (const path of ['/api/*', '/dashboard*', '/auth/*', '/payments/*', '/admin*', '/*logout*'])
      expect(excluded).toContain(path);
    // The page's styles stay linked as before.
    expect(html).toContain('<link rel="stylesheet" href="/assets/entry.css">');
    // Islands: the header hydrates at load with its props in the container.
    expect(html).toMatch(/<div class="island" data-island="site-header" data-hydrate="load" data-props="\{/);
    expect(html).toMatch(/data-island="popups" data-hydrate="idle"/);
    // The data block carries no router data and no store: islands get their props.
    expect(payload?.rendered).toBe(true);
    expect(payload?.router).toBeUndefined();
    expect(payload?.api).toBeUndefined();
    expect(payload?.origin).toBe('http://atelier.test');
  });

  it('when a route not marked for islands is rendered (sign-in), then it loads the app as before', async () => {
    const { html, payload } = await renderPage('/auth/login');

    expect(html).toContain('<script type="module" src="/assets/entry.js" nonce="n0nce"></script>');
    expect(html).not.toContain('islands-entry.js');
    expect(html).not.toContain('speculationrules');
    expect(payload?.router).toBeDefined();
    expect(payload?.api).toBeDefined();
  });
});
