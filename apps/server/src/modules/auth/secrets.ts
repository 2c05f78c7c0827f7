import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/*
 * The secrets of sign-in: session and order tokens, one-time codes, and how each is stored.
 * Tokens are random and stored as SHA-256 hashes (a database leak yields no usable token);
 * one-time codes have only a million values, so they are stored as an HMAC under a key derived
 * from APP_SECRET, which a database leak alone cannot brute-force (checklist B4).
 */

/** A new session token: 32 random bytes (256 bits), base64url, 43 characters (checklist "Decisions"). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Shape of the tokens we issue; anything else is refused without a database query. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A one-time code: 6 digits, uniform over 000000–999999 from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** The HMAC key for one-time codes, derived from APP_SECRET with HKDF so it is used for nothing else. */
export function otpKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'atelier', 'otp-hmac-v1', 32));
}

/**
 * The stored form of a one-time code: HMAC-SHA256 over purpose, identifier and code, so a stored
 * hash only ever matches the code for its own identifier and purpose (checklist B3).
 */
export function hashOtp(key: Buffer, identifier: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${identifier}\n${code}`, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
