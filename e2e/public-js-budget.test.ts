import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { apiAt, CHROMIUM, CHROMIUM_ARGS, layoutShift, LEARNER, openHydrated, SLOW } from './browser';

/**
 * Issue 18 (option a, docs/decisions/0032): the public documents — home, catalogue, a course and a
 * masterclass page, a blog article — hydrate islands only. Each loads at most 80 KB of compressed
 * JavaScript (transfer size: bodies and headers, as the browser fetched them) before it is
 * interactive, none of the app's code (its entry, the router, Redux Toolkit), hydrates without a
 * mismatch or a policy violation, and takes a first tap at once: the menu button and the lead
 * buttons work right after the page has loaded, hydrated or not.
 */

const BUDGET_BYTES = 80 * 1024;

/** The first address on the server-rendered page `path` that matches `pattern`. */
async function firstLink(baseUrl: string, path: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const href = pattern.exec(html)?.[0];
  if (!href) throw new Error(`${path} links to nothing like ${pattern}.`);
  return href.replace(/&amp;/g, '&');
}

/** Opens `path` and sums the compressed size of the scripts fetched until the islands have hydrated. */
async function openCounting(
  page: Page,
  url: string,
): Promise<{ bytes: number; scripts: string[]; problems: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scriptRequests = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptRequests.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scriptRequests.get(event.requestId);
    if (script) sizes.set(script, event.encodedDataLength);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor(SLOW);
  // Anything still in flight at that moment counts too.
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return {
    bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0),
    scripts: [...sizes.keys()],
    problems,
  };
}

describe('public documents: islands within the JavaScript budget', () => {
  let baseUrl = '';
  let close: () => Promise<void> = async () => {};
  let browser: Browser | undefined;
  const pages: [string, string][] = [];

  beforeAll(async () => {
    if (process.env.E2E_BASE_URL) {
      baseUrl = process.env.E2E_BASE_URL.replace(/\/$/, '');
    } else {
      const server = await startTestServer();
      baseUrl = server.url;
      close = () => server.close();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const course = await firstLink(baseUrl, '/courses-and-workshops?type=course', /\/course\/[^"]+/);
    const masterclass = await firstLink(
      baseUrl,
      '/courses-and-workshops?type=masterclass',
      /\/masterclass\/[^"]+/,
    );
    const blog = await firstLink(baseUrl, '/blogs', /\/blog\/[^"]+/);
    pages.push(
      ['home', '/'],
      ['catalogue', '/courses-and-workshops'],
      ['course', course],
      ['masterclass', masterclass],
      ['blog article', blog],
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('when each public document loads on a phone, then at most 80 KB of compressed JavaScript arrives before it is interactive, none of it the app, and it hydrates cleanly', async () => {
    for (const [name, path] of pages) {
      // A fresh browser profile per page: nothing comes from the cache.
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const { bytes, scripts, problems } = await openCounting(page, `${baseUrl}${path}`);
        expect(bytes, `${name} (${path}): ${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
        expect(bytes, `${name}: its islands' scripts were counted`).toBeGreaterThan(40 * 1024);
        expect(
          scripts.filter((url) => /\/assets\/(entry-client|framework|boot)-/.test(url)),
          name,
        ).toEqual([]);
        expect(problems, `${name}: console errors (hydration mismatches, CSP)`).toEqual([]);
        // The document speculates its public links (prefetch on hover, prerender on press).
        const rules = await page.locator('script[type="speculationrules"]').textContent();
        expect(JSON.parse(rules ?? '{}')).toHaveProperty('prefetch');
        // React and React DOM carry V8's compile hint: compiled off the main thread as they
        // stream in, not function by function inside the evaluation task (decision 0034).
        const react = scripts.find((url) => /\/assets\/islands-react-/.test(url));
        expect(react, `${name}: React's chunk`).toBeDefined();
        expect(await (await fetch(react!)).text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
      } finally {
        await context.close();
      }
    }
  }, 240_000);

  it('when a blog article loads on a phone, then its cover is fetched from the head, before the stylesheets, and React only after the first contentful paint', async () => {
    const html = await (await fetch(`${baseUrl}${pages[4]![1]}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" href="([^"]+)"[^>]*fetchpriority="high"[^>]*>/.exec(head);
    expect(preload, 'the cover is preloaded').not.toBeNull();
    expect(preload![1]).toMatch(/^\/images\/blogs\/.+-800\.webp$/);
    expect(head).toContain('imagesizes="(min-width: 1000px) 960px, 100vw"');
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('rel="stylesheet"'));

    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await openHydrated(page, baseUrl, pages[4]![1]);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const react = performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/islands-react-/.test(entry.name));
        const covers = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/images\/blogs\//.test(entry.name))
          .map((entry) => entry.name);
        return { paint: paint?.startTime, react: react?.startTime, covers };
      });
      // React's 60 KB would otherwise share a slow link with the cover and the fonts.
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.react).toBeGreaterThanOrEqual(timing.paint!);
      // One request for the cover: the preload chose the rendition the image then uses.
      expect(timing.covers).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('when a phone opens the home page, then what lies below the first screen is laid out only as the visitor scrolls to it, and its islands then hydrate', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await openHydrated(page, baseUrl, '/');
      /** Whether the browser has rendered the first match (false while content-visibility skips it). */
      const rendered = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
      await expect(rendered('.hero h1')).resolves.toBe(true);
      for (const below of ['.disciplines a', '.testimonial', '.site-footer a']) {
        await expect(rendered(below), `${below} waits below the first screen`).resolves.toBe(false);
      }
      const footer = page.locator('[data-island="site-footer"]');
      await expect(footer.getAttribute('data-island-hydrated')).resolves.toBeNull();

      // The visitor scrolls down: each part renders as it comes near, and works.
      const video = page.locator('[data-island="youtube"]').first();
      await page.locator('.testimonial').first().scrollIntoViewIfNeeded();
      await expect.poll(() => rendered('.testimonial'), SLOW).toBe(true);
      await expect.poll(() => video.getAttribute('data-island-hydrated'), SLOW).toBe('true');
      await page.locator('.site-footer').scrollIntoViewIfNeeded();
      await expect.poll(() => rendered('.site-footer a'), SLOW).toBe(true);
      await expect.poll(() => footer.getAttribute('data-island-hydrated'), SLOW).toBe('true');
      await expect(
        page.locator('.site-footer').getByRole('link', { name: 'Blogs' }).isVisible(),
      ).resolves.toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('when a phone visitor taps each entry of a course page section nav, then the heading of that section lands just below the bars', async () => {
    const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await openHydrated(page, baseUrl, pages[2]![1]);
      await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((d) => d.close()));
      const links = page.locator('.section-nav a[href^="#"]');
      const targets = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!.slice(1)));
      expect(targets.length).toBeGreaterThan(3);
      // From the top, the furthest first (the most sections to scroll past), then back up.
      for (const id of [...targets.slice(1)].reverse()) {
        await page.locator(`.section-nav a[href="#${id}"]`).click();
        // Where the smooth scroll comes to rest (still for half a second): the section's top,
        // under the header and the nav.
        let last = -1;
        await expect
          .poll(
            async () => {
              await page.waitForTimeout(500);
              const now = await page.evaluate(() => Math.round(window.scrollY));
              const still = now === last;
              last = now;
              return still;
            },
            { timeout: 10_000 },
          )
          .toBe(true);
        const top = await page
          .locator(`[id="${id}"]`)
          .evaluate((element) => Math.round(element.getBoundingClientRect().top));
        expect(top, `#${id}`).toBeGreaterThanOrEqual(0);
        expect(top, `#${id}`).toBeLessThanOrEqual(320);
      }
    } finally {
      await page.close();
    }
  }, 120_000);

  it('when the islands of a public document hydrate, on a phone or a desktop, then nothing on the page moves', async () => {
    for (const width of [390, 1280]) {
      for (const [name, path] of pages.slice(0, 3)) {
        const page = await browser!.newPage({ viewport: { width, height: 900 } });
        try {
          await openHydrated(page, baseUrl, path);
          await page.evaluate(() => document.fonts.ready);
          // The late islands' stylesheet once re-ordered the cascade and resized the top banner's
          // close button at 1280 px (0.011); the font's swap alone is ≈ 0.0002 (e2e/brand.test.ts).
          expect(await layoutShift(page), `${name} at ${width} px`).toBeLessThanOrEqual(0.002);
        } finally {
          await page.close();
        }
      }
    }
  }, 120_000);

  it('when a visitor leaves a public document and comes back, then nothing on the page keeps it out of the back/forward cache', async () => {
    // Playwright's Chromium runs with the cache switched off; what it reports as the page's own
    // blockers (an unload handler, Cache-Control: no-store, …) are what would keep it out.
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.enable');
      const blockers: string[] = [];
      cdp.on('Page.backForwardCacheNotUsed', (event) => {
        for (const reason of event.notRestoredExplanations)
          if (reason.type !== 'Circumstantial') blockers.push(`${reason.type}: ${reason.reason}`);
      });
      let reported = false;
      cdp.on('Page.backForwardCacheNotUsed', () => {
        reported = true;
      });
      for (const [, path] of pages) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('html[data-hydrated="true"]').waitFor(SLOW);
        await page.goto(`${baseUrl}/terms-and-conditions`);
        await page.goBack();
        await page.locator('html[data-hydrated="true"]').waitFor(SLOW);
      }
      await expect.poll(() => reported, SLOW).toBe(true);
      expect(blockers).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('when a visitor taps the menu button the moment a page has loaded, then the menu opens (the tap is never lost)', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      // Hydration is held back until after the tap: the tap lands on the server's markup.
      await page.route(/\/assets\/islands-react-.*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(`${baseUrl}/courses-and-workshops`, { waitUntil: 'domcontentloaded' });
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
      await menu.click();
      await expect.poll(() => menu.getAttribute('aria-expanded'), SLOW).toBe('true');
      await expect.poll(() => page.locator('#site-mobile-menu').isVisible(), SLOW).toBe(true);
      await page.getByRole('link', { name: 'Study trips' }).last().waitFor(SLOW);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('when a visitor taps "Talk to a counsellor" on a course page right after it loads, then the counselling form opens', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      // The campaign offer would open over the page a moment later: this visitor closed it before.
      await context.addInitScript(() => {
        for (let id = 1; id <= 20; id += 1)
          window.localStorage.setItem(`popup_closed:campaign:${id}`, String(Date.now()));
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${pages[2]![1]}`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Talk to a counsellor' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(SLOW);
      await dialog
        .getByLabel(/e-?mail/i)
        .first()
        .waitFor(SLOW);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('when a signed-in learner opens a public document, then the header offers the dashboard (no "Start learning") and the footer no "Log in"', async () => {
    const session = await apiAt<{ token: string; user: { id: number } }>(
      baseUrl,
      'POST',
      '/api/auth/login',
      undefined,
      {
        email: LEARNER.email,
        password: LEARNER.password,
      },
    );
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addInitScript((stored) => {
        window.localStorage.setItem('token', stored.token);
        window.localStorage.setItem('user', JSON.stringify(stored.user));
      }, session);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto(`${baseUrl}/`);
      await page.locator('html[data-hydrated="true"]').waitFor(SLOW);
      const header = page.locator('header.site-header');
      await header.getByRole('link', { name: 'Dashboard' }).waitFor(SLOW);
      expect(await header.getByRole('link', { name: 'Start learning' }).count()).toBe(0);
      expect(await header.getByRole('button', { name: /Account menu/ }).count()).toBe(1);
      const footer = page.locator('footer.site-footer');
      await footer.scrollIntoViewIfNeeded();
      await expect.poll(() => footer.getByRole('link', { name: 'Log in' }).count(), SLOW).toBe(0);
      expect(await footer.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
      // Switched after hydration, from the signed-out markup the server sent: no mismatch.
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
