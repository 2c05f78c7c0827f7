import argon2 from 'argon2';

/**
 * Password hashing with argon2id at the OWASP minimum for argon2id (19 MiB memory, 2 passes,
 * 1 lane); checklist "Decisions" and B9. The parameters travel inside the encoded hash, so
 * raising them later still verifies old hashes.
 */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Unicode NFKC normalisation, so that a password typed with composed or decomposed characters
 * (or full-width forms) hashes the same way (NIST SP 800-63B §5.1.1.2).
 */
function normalise(plain: string): string {
  return plain.normalize('NFKC');
}

/**
 * Hashes a password with argon2id after NFKC normalisation.
 *
 * @param plain the password as the user typed it (length rules are checked by the caller)
 * @returns the encoded hash (`$argon2id$v=19$m=19456,t=2,p=1$…`), salt included
 */
export async function hashPassword(plain: string): Promise<string> {
  return argon2.hash(normalise(plain), ARGON2_OPTIONS);
}

/**
 * Checks a password against a stored hash, in constant time.
 *
 * @param hash the encoded hash from {@link hashPassword}
 * @param plain the password to check; NFKC-normalised like at hashing
 * @returns true when they match; false when they do not or the hash is malformed
 */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, normalise(plain));
  } catch {
    return false;
  }
}
