import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { passwordLength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@atelier/contract';

/*
 * The password policy (checklist "Decisions", B8; NIST SP 800-63B §3.1.1.2): 8–128 characters
 * after NFKC normalisation, any characters, no composition rules, and not on the list of common
 * passwords shipped with the app. The length rule is also in the contract (`NewPasswordSchema`),
 * so forms show it; the list lives only here.
 */

// Resolved from the source tree both when running from `src/` (tests, tsx) and from `dist/`
// (same depth), since the compiler does not copy text files.
const LIST_FILE = fileURLToPath(new URL('../../../src/modules/auth/common-passwords.txt', import.meta.url));

function loadCommonPasswords(): ReadonlySet<string> {
  const lines = readFileSync(LIST_FILE, 'utf8').split('\n');
  return new Set(lines.filter((line) => line.length > 0 && !line.startsWith('#')).map(canonical));
}

/** How a password is compared with the list: NFKC, lower-case. */
function canonical(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

let common: ReadonlySet<string> | undefined;

/** Whether `password` is on the common-password list (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return common.has(canonical(password));
}

/** Number of passwords on the list (for tests and the README). */
export function commonPasswordCount(): number {
  common ??= loadCommonPasswords();
  return common.size;
}

/** Why a new password is refused, as a field message; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return 'is too common and easy to guess; choose another';
  return null;
}
