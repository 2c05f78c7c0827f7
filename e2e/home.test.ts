import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

/**
 * The journey that must never break: the home page arrives server-rendered with the seeded
 * catalogue, hydrates its islands, and a course card opens its page as a new document (public pages
 * are documents with islands, docs/decisions/0032), fetched ahead when the pointer rests on it. Runs the real built server (`npm run test:e2e` builds it first); set
 * E2E_BASE_URL to drive a server that is already running instead.
 */

interface Envelope<T> {
  data: T;
}
interface ListedWorkshop {
  id: number;
  type: number;
  title: string;
}
interface CampaignBanner {
  type: number;
  campaign: { isPopup: boolean };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

async function waitForChromium(): Promise<void> {
  const { existsSync } = await import('node:fs');
  const deadline = Date.now() + 60_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe('home page journey', () => {
  let baseUrl = '';
  let close: () => Promise<void> = async () => {};
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (process.env.E2E_BASE_URL) {
      baseUrl = process.env.E2E_BASE_URL.replace(/\/$/, '');
    } else {
      const server = await startTestServer();
      baseUrl = server.url;
      close = () => server.close();
    }
    await waitForChromium();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('when a visitor opens the home page and a course card, then the page is server-rendered and the card, prefetched on hover, opens the course as a new document', async () => {
    const catalogue = await getJson<{ categories: { Workshops: ListedWorkshop[] }[] }>(
      `${baseUrl}/api/masterclasses-and-courses`,
    );
    const workshops = catalogue.categories.flatMap((category) => category.Workshops);
    const course = workshops.find((w) => w.type === 2) ?? workshops[0];
    if (!course) throw new Error('The seeded catalogue has no workshops.');

    // 1. Server rendering: the course is in the markup itself, not only in the inlined data.
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const markup = html.slice(0, html.indexOf('<script type="application/json"'));
    expect(markup).toContain(escapeHtml(course.title));

    // 2. In Chromium: hydrate, then navigate by clicking the card.
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const pageErrors: string[] = [];
    tab.on('pageerror', (error) => pageErrors.push(error.message));

    await tab.goto(`${baseUrl}/`);
    await tab.locator('html[data-hydrated="true"]').waitFor({ timeout: 15_000 });
    await tab.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
    });

    // A campaign popup (type 1) may open shortly after load; Escape must close it.
    const banners = await getJson<CampaignBanner[]>(`${baseUrl}/api/campaign/banners`);
    if (banners.some((b) => b.type === 1 && b.campaign.isPopup)) {
      const dialog = tab.getByRole('dialog');
      await dialog.waitFor({ state: 'visible', timeout: 10_000 });
      await tab.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }

    // Speculation rules: resting the pointer on the card prefetches the course page.
    const prefetched: string[] = [];
    tab.on('request', (request) => {
      if (request.headers()['sec-purpose']?.includes('prefetch')) prefetched.push(request.url());
    });
    const card = tab.getByRole('link', { name: course.title, exact: true }).first();
    await card.hover();
    await expect.poll(() => prefetched.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(new URL(prefetched[0]!).searchParams.get('id')).toBe(String(course.id));

    await card.click();
    await tab
      .getByRole('heading', { level: 1, name: course.title, exact: true })
      .waitFor({ timeout: 15_000 });
    await tab.locator('html[data-hydrated="true"]').waitFor({ timeout: 15_000 });

    expect(new URL(tab.url()).pathname).toMatch(/^\/(course|masterclass)\//);
    expect(new URL(tab.url()).searchParams.get('id')).toBe(String(course.id));
    // A new document (a full page load), not a client-side navigation of the app.
    expect(await tab.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBeUndefined();
    expect(await tab.title()).toContain(course.title);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
