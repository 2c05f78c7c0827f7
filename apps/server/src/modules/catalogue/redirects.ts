import { AppError, notFound } from '../../http/app-error.js';

/*
 * Open-redirect defence (checklist E3, ASVS 3.7.2): `GET /api/ws/redirect?to=` and
 * `POST /api/{partner}/redirect` only ever point at a same-site path or an exact allow-listed
 * host. Parsing is done by the WHATWG URL parser (what browsers use), never by regular
 * expressions over the raw text, and the answer is the parser's normalised address.
 */

/** Control characters, spaces and backslashes: browsers strip or reinterpret them. */
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007F-\u009F\\]/;

const rejected = (field = 'to') =>
  new AppError('VALIDATION_FAILED', 'That address is not one we redirect to.', [
    { path: field, message: 'must be a path on this site or an address on an allowed host' },
  ]);

/** Settings of the redirect policy, from the configuration. */
export interface RedirectPolicy {
  /** Our own origin (`PUBLIC_URL`). */
  publicUrl: string;
  /** Exact `host[:port]` values allowed besides our own. */
  allowedHosts: readonly string[];
}

/**
 * Where `GET /api/ws/redirect?to=` sends the visitor: `to` itself when it is a same-site path
 * (`/…` but not `//…`), or the normalised address when it is `https:` (or our own origin's
 * scheme) on an exactly allow-listed host, without user name or password. Anything else —
 * `javascript:`, `data:`, `//evil.test`, `https://allowed@evil.test`, `https://allowed.evil.test`,
 * a trailing-dot host — throws a 400.
 */
export function resolveRedirect(to: string, policy: RedirectPolicy): string {
  if (UNSAFE_CHARACTERS.test(to)) throw rejected();
  if (to.startsWith('/')) {
    if (to.startsWith('//')) throw rejected();
    // Resolve against our origin to prove the path stays on it (e.g. no `/..//evil`).
    const own = new URL(policy.publicUrl);
    const resolved = new URL(to, own);
    // A path that normalises to `//host` (`/..//evil`, `/%2e%2e//evil`) would leave the site as a
    // protocol-relative address.
    if (resolved.origin !== own.origin || resolved.pathname.startsWith('//')) throw rejected();
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  }
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    throw rejected();
  }
  const own = new URL(policy.publicUrl);
  const schemeAllowed = url.protocol === 'https:' || (url.protocol === own.protocol && url.host === own.host);
  if (!schemeAllowed || url.username !== '' || url.password !== '') throw rejected();
  const allowed = new Set([own.host, ...policy.allowedHosts].map((h) => h.toLowerCase()));
  if (!allowed.has(url.host.toLowerCase())) throw rejected();
  return url.href;
}

/**
 * The address on a sister site for `POST /api/{partner}/redirect`: the partner's configured base
 * joined with `path` (a path starting with one `/`), proven to stay on the base's origin. An
 * unknown partner is a 404 (checklist A13: unknown `{partner}` path values answer 404).
 */
export function partnerRedirect(
  partner: string,
  path: string | undefined,
  partners: Readonly<Record<string, string>>,
): string {
  const base = Object.hasOwn(partners, partner) ? partners[partner] : undefined;
  if (!base) throw notFound('That partner');
  if (path !== undefined && (UNSAFE_CHARACTERS.test(path) || !path.startsWith('/') || path.startsWith('//')))
    throw rejected('path');
  const origin = new URL(base);
  const target = new URL(path ?? '/', `${origin.origin}/`);
  if (
    target.origin !== origin.origin ||
    target.pathname.startsWith('//') ||
    target.username !== '' ||
    target.password !== ''
  )
    throw rejected('path');
  return target.href;
}
