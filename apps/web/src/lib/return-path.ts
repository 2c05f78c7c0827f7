/*
 * Where to go after signing in: back where the user came from, given as `?next=` (or the
 * router's state), and only to a path of this site — never another origin (open redirect,
 * security checklist E3), never the login page itself.
 */

export const LOGIN_PATH = '/auth/login';
export const ONBOARDING_PATH = '/dashboard/onboarding';
export const DASHBOARD_PATH = '/dashboard';
export const PROFILE_PATH = '/dashboard/profile';

/** The checkout page of a paid competition's entry fee (signed in). */
export function competitionPaymentPath(competitionId: number): string {
  return `/payments/competition/${competitionId}`;
}

const BASE = 'http://atelier.invalid';

/**
 * `value` as a same-site path with its query and hash (`'/course/x?id=3'`), or `null` when it is
 * missing, names another origin (`//evil.test`, `https://…`, `/\evil`), a scheme (`javascript:`)
 * or the login page.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (
    !text.startsWith('/') ||
    text.startsWith('//') ||
    text.startsWith('/\\') ||
    /[\u0000-\u001f]/.test(text)
  )
    return null;
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address that brings the user back to `from` afterwards. */
export function loginPath(from?: string | null): string {
  const next = safeNextPath(from);
  return next && next !== '/' ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
}

/** The onboarding page's address, passing `next` on. */
export function onboardingPath(next?: string | null): string {
  const safe = safeNextPath(next);
  return safe ? `${ONBOARDING_PATH}?next=${encodeURIComponent(safe)}` : ONBOARDING_PATH;
}
