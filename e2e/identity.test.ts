import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

/*
 * The identity journey that must never break (issue 4), in Chromium against the real built server:
 * sign up with a one-time code read from the development outbox → onboarding → edit the profile
 * (picture, city, UPI id, a password) → log out → sign in with the password. `NODE_ENV=test`
 * keeps the server's built bundles and turns on `GET /api/dev/outbox` (off in production).
 * Set E2E_BASE_URL to drive a server that is already running (it must not be in production mode).
 */

interface OutboxMessage {
  subject: string | null;
  body: string;
}

async function waitForChromium(): Promise<void> {
  const { existsSync } = await import('node:fs');
  const deadline = Date.now() + 60_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The latest 6-digit code sent to `to`, read from the development outbox. */
async function latestCode(baseUrl: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { messages: OutboxMessage[] } };
    const message = data.messages[0];
    const code = /\b(\d{6})\b/.exec(`${message?.subject ?? ''} ${message?.body ?? ''}`)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code reached ${to}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A small real PNG drawn by the page itself (the server re-encodes what it receives). */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#f59a4c';
    ctx.fillRect(0, 0, 96, 96);
    ctx.fillStyle = '#222';
    ctx.beginPath();
    ctx.arc(48, 40, 18, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

describe('identity journey', () => {
  let baseUrl = '';
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
    await waitForChromium();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('when a visitor signs up with an e-mailed code, onboards, edits the profile and logs out, then they can sign in again with the password they set', async () => {
    const stamp = Date.now();
    const email = `e2e.learner.${stamp}@example.com`;
    const mobile = `9${String(stamp).slice(-9)}`;
    const password = `studio-sketch-${stamp}`;

    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Marketing popups may open on any page; they must not stand in the way.
    await page.addLocatorHandler(page.locator('dialog.campaign-popup'), async () => {
      await page.keyboard.press('Escape');
    });

    // The sign-in page arrives with Google allowed by its own policy (only this page).
    const login = await fetch(`${baseUrl}/auth/login`);
    expect(login.headers.get('content-security-policy')).toContain('https://accounts.google.com/gsi/client');
    const home = await fetch(`${baseUrl}/`);
    expect(home.headers.get('content-security-policy')).not.toContain('accounts.google.com');

    // 1. Sign up: the unknown address leads to the sign-up form; no password, so a code is e-mailed.
    await page.goto(`${baseUrl}/auth/login`);
    await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 15_000 });
    await page.getByLabel('E-mail or mobile number').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.getByLabel('Full name').fill('Kavya Menon');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Continue with an e-mail code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    await page.getByLabel('6-digit code').fill(await latestCode(baseUrl, email));
    await page.getByRole('button', { name: 'Verify and create account' }).click();

    // 2. Onboarding: name and mobile came from sign-up; date of birth and gender are left.
    await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard/onboarding');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Kavya Menon');
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(`+91 ${mobile}`);
    await page.getByLabel('Date of birth').fill('2001-05-04');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'What you do' }).waitFor();
    await page.getByRole('radio', { name: /^Student/ }).check();
    await page.getByLabel('College or university').fill('CEPT University');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where you are' }).waitFor();
    await page.getByLabel('City').fill('Ahmedabad');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are all set, Kavya' }).waitFor();
    await page.getByRole('link', { name: 'View your profile' }).click();

    // 3. Profile: greeting, picture, details, UPI id, a password, the private calendar key.
    await page
      .getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Kavya$/ })
      .waitFor();
    await page
      .getByLabel('Add a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPng(page) });
    await page.getByRole('img', { name: 'Your new avatar, not saved yet' }).waitFor();
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Picture updated.').waitFor();
    const avatar = page.locator('.avatar-editor img.user-avatar');
    expect(await avatar.getAttribute('src')).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const details = page.getByRole('region', { name: 'Personal details' });
    await details.getByLabel('City').fill('Mumbai');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Saved.').waitFor();

    const payouts = page.getByRole('region', { name: 'Payouts' });
    await payouts.getByLabel(/UPI id/).fill('not-a-upi');
    await payouts.getByRole('button', { name: 'Save UPI id' }).click();
    await payouts.getByText(/UPI id must be a UPI id such as name@bank/).waitFor();
    expect(await payouts.getByLabel(/UPI id/).inputValue()).toBe('not-a-upi');
    await payouts.getByLabel(/UPI id/).fill('kavya.menon@okbank');
    await payouts.getByRole('button', { name: 'Save UPI id' }).click();
    await payouts.getByText('Saved.').waitFor();

    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('New password').fill(password);
    await passwordSection.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password saved. Other devices have been signed out.').waitFor();

    const calendar = page.getByRole('region', { name: 'Private calendar feed' });
    await calendar.getByRole('button', { name: 'Show calendar key' }).click();
    expect(await calendar.locator('code').textContent()).toMatch(/^[a-f0-9]{64}$/);

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({
      city: 'Mumbai',
      upiId: 'kavya.menon@okbank',
      onboardingStep: 3,
    });
    expect(stored.user).not.toContain('secretKey');

    // 4. Log out: the server session ends and the browser forgets it.
    const token = stored.token!;
    await page.evaluate(() => {
      localStorage.setItem('quiz_progress_9', '{}');
      localStorage.setItem('courseId', '3');
    });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in or create an account' }).waitFor();
    expect(
      await page.evaluate(() =>
        ['token', 'user', 'courseId', 'quiz_progress_9'].map((key) => localStorage.getItem(key)),
      ),
    ).toEqual([null, null, null, null]);
    const revoked = await fetch(`${baseUrl}/api/user/v2/details`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);

    // 5. Sign in again with the password, and land on the dashboard (the profile is complete).
    await page.getByLabel('E-mail or mobile number').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter your password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Kavya$/ })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // A session the server no longer knows sends a dashboard page to sign-in, with the way back.
    await page.evaluate(() => localStorage.setItem('token', 'revoked-or-made-up'));
    await page.goto(`${baseUrl}/dashboard/profile`);
    await page.getByRole('heading', { level: 1, name: 'Log in or create an account' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/profile');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
