import { createHash } from 'node:crypto';

/*
 * What the tracker gets of a person (checklist G6): SHA-256 hex of the normalised e-mail and phone,
 * as the Meta Conversions API expects them — never the clear text.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 hex of the trimmed, lower-cased e-mail. */
export function hashEmail(email: string): string {
  return sha256(email.trim().toLowerCase());
}

/** SHA-256 hex of the phone's digits with its country code (`+91 98765 43210` → `919876543210`). */
export function hashPhone(mobile: string): string {
  return sha256(mobile.replace(/\D/g, ''));
}
