import type { Page } from 'playwright-core';

/*
 * What the browser journeys share: Debian's Chromium and its flags (nothing reaches out of the
 * machine), the demo learner, the long wait of a loaded CI machine, and two helpers — an /api call
 * that unwraps the envelope, opening a page until the app has hydrated, and the page's layout shift.
 */

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const LEARNER = { email: 'learner@atelier.test', password: 'atelier-learner-2026' };
export const SLOW = { timeout: 60_000 };

/** `method path` on the server at `baseUrl`, as JSON; the envelope's `data`, or an error with the body. */
export async function apiAt<T>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Opens `path` and waits until the app has hydrated. */
export async function openHydrated(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('html[data-hydrated="true"]').waitFor(SLOW);
}

/** Sum of the page's layout shifts so far (what CLS adds up), recorded from the start of the load. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}
