// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { render, type RenderAssets } from '../../entry-server';
import { everyPageAnswers, fakeApi, parametric, revit } from '../../test/fixtures';

vi.setConfig({ testTimeout: 30_000 });

const assets: RenderAssets = { scripts: ['/assets/entry.js'], styles: ['/assets/entry.css'], preloads: [] };

const referrer = {
  firstName: 'Kabir',
  referCode: 'KABIR123',
  offer: {
    referrerCoins: 400,
    refereeCoins: 100,
    description: 'Your friend gets 100 coins on sign-up; you get 400 coins when they enrol.',
  },
};

async function renderPage(path: string, answers: Record<string, unknown>) {
  const response = await render(new Request(`http://atelier.test${path}`), {
    fetch: fakeApi(answers).fetch,
    assets,
    nonce: 'n0nce',
  });
  return { response, html: await response.text() };
}

describe('/refer/:referCode on the server', () => {
  it('when a shared link is opened, then the HTML already says who invited, the offer and the promoted courses, with link-preview tags and no indexing', async () => {
    const { response, html } = await renderPage('/refer/KABIR123', {
      ...everyPageAnswers,
      '/api/referrer/KABIR123': referrer,
      '/api/referral/landing-page/courses': [parametric, revit],
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Kabir invited you to Atelier</h1>');
    expect(html).toContain('100 coins for you when you sign up');
    expect(html).toContain('Revit for Architects');
    expect(html).toContain('Sign up and claim the offer');
    expect(html).toContain('<title>Kabir invited you to Atelier · Atelier</title>');
    expect(html).toMatch(/<meta property="og:title" content="Kabir invited you to Atelier[^"]*"/);
    expect(html).toContain(
      '<meta name="description" content="Kabir invited you to Atelier: 100 coins for you when you sign up.',
    );
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('when the code is unknown or malformed, then the answer is the 404 page', async () => {
    const unknown = await renderPage('/refer/NOBODY99', everyPageAnswers);
    expect(unknown.response.status).toBe(404);
    const malformed = await renderPage('/refer/%3Cscript%3E', everyPageAnswers);
    expect(malformed.response.status).toBe(404);
  });
});
