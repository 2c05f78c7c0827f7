// `node scripts/screenshots.mjs`: the README's screenshots, taken from the built app with the demo
// seed in Debian's Chromium (run `node scripts/build.mjs` first). Writes docs/screenshots/*.png:
// the home page on a desktop and a phone, the catalogue on a phone, a course page, the learner's
// dashboard on a phone and the staff console on a desktop. Popups are closed as a visitor would.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from '../bench/built-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'docs/screenshots');
mkdirSync(out, { recursive: true });

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = /** @type {import('node:net').AddressInfo} */ (probe.address());
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-screenshots-'));
const stop = await startBuiltServer({
  root,
  base,
  label: 'screenshots',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    APP_SECRET: `screenshots-${Date.now()}-${Math.random().toString(36).slice(2)}-padding`,
    PUBLIC_URL: base,
    SEED_ON_START: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
});

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

/** A page with the site's automatic popups answered as "not now", as a returning visitor has. */
async function open(device) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await page.addLocatorHandler(page.locator('dialog[open]:not(.account-menu)').first(), async () => {
    const close = page
      .locator('dialog[open]')
      .getByRole('button', { name: /^Close/ })
      .first();
    if (await close.count()) await close.click();
    else await page.keyboard.press('Escape');
  });
  return { context, page };
}

async function settle(page, url) {
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function signIn(page, email, password) {
  await settle(page, '/auth/login');
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter your password' }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
}

try {
  const shots = [
    { file: 'home-desktop.png', device: DESKTOP, url: '/' },
    { file: 'home-phone.png', device: PHONE, url: '/' },
    { file: 'catalogue-phone.png', device: PHONE, url: '/courses-and-workshops' },
    { file: 'course-desktop.png', device: DESKTOP, url: '/course/architectural-design-studio?id=1' },
    {
      file: 'dashboard-phone.png',
      device: PHONE,
      url: '/dashboard',
      who: ['learner@atelier.test', 'atelier-learner-2026'],
    },
    {
      file: 'console-desktop.png',
      device: DESKTOP,
      url: '/admin/reports',
      who: ['admin@atelier.test', 'atelier-admin-2026'],
    },
  ];
  for (const shot of shots) {
    const { context, page } = await open(shot.device);
    if (shot.who) await signIn(page, ...shot.who);
    await settle(page, shot.url);
    await page.screenshot({ path: path.join(out, shot.file) });
    console.log(`docs/screenshots/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
