import { slugify } from '@atelier/domain';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { apiAt, CHROMIUM, CHROMIUM_ARGS, LEARNER, openHydrated, SLOW } from './browser';

/*
 * The commerce journeys of issue 14 ("Proof"), in Chromium against the real built server with the
 * sandbox provider (no Razorpay keys) and the demo seed:
 *  1. a guest buys a live course by instalments with WELCOME10, is signed in by the order, sees the
 *     course on the dashboard, and later pays the next instalment;
 *  2. the demo learner pays in full with coins and downloads the invoice (a PDF).
 * Money is then checked through the API: orders paid, instalment paid, coins balance reduced.
 * Set E2E_BASE_URL to drive a server that is already running (not in production mode).
 */

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-admin-2026' };

interface BatchInfo {
  id: number;
}
interface WorkshopInfo {
  id: number;
  title: string;
  shortTitle: string;
  Batches?: BatchInfo[];
}
interface Details {
  plans: { full: { amountMinor: number }; instalments: { totalMinor: number } | null };
  coins: { balance: number; maxUsable: number } | null;
  Workshop: { title: string; shortTitle: string };
}
interface Pending {
  batchId: number;
  instalmentDetails: { id: number; sequence: number; paid: boolean; amountMinor: number }[];
}

let baseUrl = '';

function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  return apiAt<T>(baseUrl, method, path, token, body);
}

async function signIn(who: { email: string; password: string }) {
  return api<{ token: string; user: { id: number } }>('POST', '/api/auth/login', undefined, who);
}

/** Every batch of the public catalogue with its workshop. */
async function catalogue(): Promise<{ batchId: number; workshop: WorkshopInfo }[]> {
  const data = await api<unknown>('GET', '/api/masterclasses-and-courses');
  const found: { batchId: number; workshop: WorkshopInfo }[] = [];
  const seen = new Set<number>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object') {
      const w = value as WorkshopInfo;
      if (typeof w.shortTitle === 'string' && Array.isArray(w.Batches)) {
        for (const b of w.Batches) {
          if (!seen.has(b.id)) {
            seen.add(b.id);
            found.push({ batchId: b.id, workshop: w });
          }
        }
        return;
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(data);
  return found;
}

async function details(batchId: number, token?: string): Promise<Details | null> {
  try {
    return await api<Details>('POST', '/api/course/ws/details', token, { batchId });
  } catch {
    return null;
  }
}

function ready(page: Page, path: string) {
  return openHydrated(page, baseUrl, path);
}

/** The sandbox checkout dialog: pay successfully. */
async function paySandbox(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment — no money moves' });
  await dialog.waitFor(SLOW);
  await dialog.getByRole('button', { name: /successfully$/ }).click();
}

describe('commerce journeys', () => {
  let close: () => Promise<void> = async () => {};
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (process.env.E2E_BASE_URL) {
      baseUrl = process.env.E2E_BASE_URL.replace(/\/$/, '');
    } else {
      const server = await startTestServer({ NODE_ENV: 'test' });
      baseUrl = server.url;
      close = () => server.close();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('a guest buys a course by instalments with a coupon, is signed in, sees it on the dashboard and later pays the next instalment', async () => {
    // A live batch sold by instalments.
    let chosen: { batchId: number; details: Details } | null = null;
    for (const { batchId } of await catalogue()) {
      const d = await details(batchId);
      if (d?.plans.instalments) {
        chosen = { batchId, details: d };
        break;
      }
    }
    expect(chosen, 'a demo batch sold by instalments').not.toBeNull();
    const { batchId, details: offer } = chosen!;
    const title = offer.Workshop.title;

    const stamp = Date.now();
    const email = `e2e.guest.${stamp}@example.com`;
    const mobile = `8${String(stamp).slice(-9)}`;
    const context = await browser!.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addLocatorHandler(page.locator('dialog.campaign-popup'), async () => {
      await page.keyboard.press('Escape');
    });

    await ready(page, `/payments/${slugify(offer.Workshop.shortTitle)}?id=${batchId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    await page.getByRole('radio', { name: /instalments ·/ }).check();
    await page.getByRole('table', { name: 'Instalment schedule' }).waitFor();
    await page.getByLabel(/Coupon code/).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/WELCOME10\s*applied — you save/).waitFor(SLOW);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await summary.getByText('Coupon WELCOME10').waitFor();
    await summary.getByText('Pay today (instalment 1)').waitFor();

    await page.getByLabel('Full name').fill('Ishaan Guest');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Mobile number').fill(mobile);
    await summary.getByRole('button', { name: /^Pay / }).click();
    await paySandbox(page);

    await page.getByRole('heading', { level: 1, name: 'Payment received — you are enrolled' }).waitFor(SLOW);
    await page.getByText(/You are signed in as/).waitFor(SLOW);
    const orderId = Number(/\/payments\/success\/(\d+)/.exec(page.url())?.[1]);
    expect(orderId).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(/\/dashboard/, SLOW);
    // The dashboard asks a new account to set up its profile first (name and mobile come from
    // the checkout); then the course is there.
    await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor(SLOW);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ishaan Guest');
    await page.getByLabel('Date of birth').fill('2000-02-14');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'What you do' }).waitFor(SLOW);
    await page.getByRole('radio', { name: /^Student/ }).check();
    await page.getByLabel('College or university').fill('CEPT University');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where you are' }).waitFor(SLOW);
    await page.getByLabel('City').fill('Pune');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are all set, Ishaan' }).waitFor(SLOW);
    await ready(page, '/dashboard');
    await page
      .getByRole('heading', { level: 3, name: title })
      .first()
      .waitFor(SLOW)
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/e2e-guest-dashboard.png', fullPage: true });
        throw new Error(`${page.url()}: ${String(error)}`);
      });

    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(token).toBeTruthy();
    const first = await api<{ status: string; amountMinor: number }>(
      'GET',
      `/api/order/${orderId}/success`,
      token,
    );
    expect(first.status).toBe('paid');
    const courses = await api<unknown>('GET', '/api/user/profile/courses', token);
    expect(JSON.stringify(courses)).toContain(title);

    // Later: the next instalment, paid in the sandbox from its own page.
    const pending = await api<Pending[]>('GET', '/api/user/pending/payment/notification', token);
    const plan = pending.find((p) => p.batchId === batchId);
    expect(plan).toBeDefined();
    const next = plan!.instalmentDetails.filter((i) => !i.paid).sort((a, b) => a.sequence - b.sequence)[0]!;
    expect(next.sequence).toBe(2);
    // The dashboard's pending payments offer the next instalment ("Pay now").
    await ready(page, '/dashboard');
    await page.getByRole('link', { name: `Pay now for ${title}` }).click();
    await page.waitForURL(new RegExp(`/payments/instalment/${next.id}$`), SLOW);
    await page.getByRole('heading', { level: 2, name: /^Instalment 2 of / }).waitFor(SLOW);
    await page
      .getByRole('complementary', { name: /Instalment 2 of/ })
      .getByRole('button', { name: /^Pay / })
      .click();
    await paySandbox(page);
    await page
      .getByText(/Payment received — you are enrolled|This instalment is paid/)
      .first()
      .waitFor(SLOW);

    const after = await api<{ paid: boolean; plan: { paidMinor: number } }>(
      'GET',
      `/api/payment/instalment/${next.id}`,
      token,
    );
    expect(after.paid).toBe(true);
    expect(after.plan.paidMinor).toBeGreaterThanOrEqual(first.amountMinor + next.amountMinor);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);

  it('the demo learner pays in full with coins and downloads the invoice', async () => {
    const learner = await signIn(LEARNER);
    const wallet = () =>
      api<{ user: { CoinsWallet: { walletCoins: number } } }>(
        'GET',
        `/api/user/${learner.user.id}/wallet/courses`,
        learner.token,
      );
    if ((await wallet()).user.CoinsWallet.walletCoins < 500) {
      const admin = await signIn(ADMIN);
      await api('POST', '/api/user/wallet/coins/add', admin.token, {
        userId: learner.user.id,
        coins: 1000,
        reason: 'E2E top-up',
      });
    }
    const before = (await wallet()).user.CoinsWallet.walletCoins;

    // A batch the learner may buy where coins can pay part of the price.
    let chosen: { batchId: number; details: Details } | null = null;
    for (const { batchId } of await catalogue()) {
      const d = await details(batchId, learner.token);
      if (d?.coins && d.coins.maxUsable > 0) {
        chosen = { batchId, details: d };
        break;
      }
    }
    expect(chosen, 'a batch the learner can pay with coins').not.toBeNull();
    const { batchId, details: offer } = chosen!;

    const context = await browser!.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addLocatorHandler(page.locator('dialog.campaign-popup'), async () => {
      await page.keyboard.press('Escape');
    });

    await ready(page, '/auth/login');
    await page.getByLabel('E-mail or mobile number').fill(LEARNER.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter your password' }).waitFor(SLOW);
    await page.getByLabel('Password', { exact: true }).fill(LEARNER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard/, SLOW);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;

    await ready(page, `/payments/${slugify(offer.Workshop.shortTitle)}?id=${batchId}`);
    await page.getByRole('heading', { level: 1, name: offer.Workshop.title }).waitFor(SLOW);
    const full = page.getByRole('radio', { name: /^Pay in full/ });
    if (await full.count()) await full.check();
    await page.getByRole('checkbox', { name: /^Use \d+ coins/ }).check();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    const coinsLine = await summary.getByText(/^\d+ coins$/).textContent(SLOW);
    const coinsUsed = Number(/^(\d+)/.exec(coinsLine ?? '')?.[1]);
    expect(coinsUsed).toBeGreaterThan(0);
    await summary.getByRole('button', { name: /^Pay / }).click();
    await paySandbox(page);

    await page.getByRole('heading', { level: 1, name: 'Payment received — you are enrolled' }).waitFor(SLOW);
    const orderId = Number(/\/payments\/success\/(\d+)/.exec(page.url())?.[1]);
    expect(orderId).toBeGreaterThan(0);

    const download = page.waitForEvent('download', SLOW);
    await page.getByRole('button', { name: 'Download the invoice (PDF)' }).click();
    const file = await download;
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 4).toString('latin1')).toBe('%PDF');

    const invoice = await fetch(`${baseUrl}/api/order/${orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await invoice.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');

    const order = await api<{ status: string }>('GET', `/api/order/${orderId}/success`, token);
    expect(order.status).toBe('paid');
    expect((await wallet()).user.CoinsWallet.walletCoins).toBe(before - coinsUsed);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);
});
