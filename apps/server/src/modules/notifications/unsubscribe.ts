import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import type { Executor } from '../../db/query.js';
import { accountOf, normaliseEmail, suppress, updatePreferences } from './preferences.js';

/*
 * The List-Unsubscribe address (RFC 2369, one-click RFC 8058) of marketing mail:
 * `{PUBLIC_URL}/api/unsubscribe?token=…`. The token names the address and is signed, so it needs
 * no table and never expires (an old mail's link keeps working), and nobody can unsubscribe an
 * address they did not receive mail at. The web page `/unsubscribe?token=…` calls the same API.
 *
 * Token: `v1.{base64url(address)}.{base64url(HMAC-SHA256(key, "v1\n" + address))}`, with the key
 * derived from APP_SECRET by HKDF for this purpose only (like the one-time codes' key).
 */

const VERSION = 'v1';

function unsubscribeKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'atelier', 'unsubscribe-hmac-v1', 32));
}

function mac(appSecret: string, email: string): Buffer {
  return createHmac('sha256', unsubscribeKey(appSecret)).update(`${VERSION}\n${email}`, 'utf8').digest();
}

/** The signed unsubscribe token of `email`. */
export function unsubscribeToken(appSecret: string, email: string): string {
  const address = normaliseEmail(email);
  return `${VERSION}.${Buffer.from(address, 'utf8').toString('base64url')}.${mac(appSecret, address).toString('base64url')}`;
}

/**
 * The one-click unsubscribe address of `email`: the mail's `List-Unsubscribe` header, which mail
 * clients POST to (RFC 8058). A GET there does nothing, so link scanners cannot unsubscribe anyone.
 */
export function unsubscribeUrl(config: Pick<AppConfig, 'publicUrl' | 'appSecret'>, email: string): string {
  return `${config.publicUrl}/api/unsubscribe?token=${unsubscribeToken(config.appSecret, email)}`;
}

/**
 * The unsubscribe page of `email` (`/unsubscribe?token=…`, built by the web app): the link in the
 * mail's footer, which a person opens in a browser; its button posts `{}` to the API address.
 */
export function unsubscribePageUrl(
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>,
  email: string,
): string {
  return `${config.publicUrl}/unsubscribe?token=${unsubscribeToken(config.appSecret, email)}`;
}

const badToken = () =>
  new AppError('VALIDATION_FAILED', 'This unsubscribe link is not valid. Use the link of a recent e-mail.', [
    { path: 'token', message: 'is not a valid unsubscribe token' },
  ]);

/** The address a token names, when its signature is ours; a 400 otherwise. */
export function verifyUnsubscribeToken(appSecret: string, token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) throw badToken();
  const [, encoded, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw badToken();
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  // The address must round-trip exactly (no alternative encodings of the same token).
  if (Buffer.from(address, 'utf8').toString('base64url') !== encoded || address !== normaliseEmail(address))
    throw badToken();
  const expected = mac(appSecret, address);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken();
  return address;
}

/** `j•••e@example.com`: enough for the owner to recognise it, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * Unsubscribes the token's address from marketing mail: an account's `marketingEmail` is turned
 * off, and the address is suppressed (which covers visitors without an account). Idempotent.
 */
export async function unsubscribe(
  db: Executor,
  config: Pick<AppConfig, 'appSecret'>,
  token: string,
  now: Date,
): Promise<{ unsubscribed: true; email: string }> {
  const email = verifyUnsubscribeToken(config.appSecret, token);
  const account = await accountOf(db, email);
  if (account) await updatePreferences(db, account.id, { marketingEmail: false }, now);
  await suppress(db, email, 'unsubscribe');
  return { unsubscribed: true, email: maskEmail(email) };
}
