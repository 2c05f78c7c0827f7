import { randomBytes } from 'node:crypto';

/*
 * Object storage for uploaded and generated files (DESIGN.md "files"): a key-value store of
 * bytes with two adapters. The local one keeps them under `DATA_DIR/files`, outside any web root
 * (the default, for one instance); the S3 one keeps them in an S3-compatible bucket, so every
 * instance of a scaled-out deployment reads what any other wrote. `buildApp` chooses once, from
 * the configuration (`create-file-storage.ts`), and hands the result to the modules.
 */

/** Keys are relative paths of lower-case names: `avatars/3f…9a.webp`. Nothing else is accepted. */
const KEY_SHAPE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export interface FileStorage {
  /** Where the bytes live: `local` (DATA_DIR/files) or `s3` (the configured bucket). */
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key` (served later as `contentType`), replacing any earlier content. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client's sockets); the storage is not used afterwards. */
  close(): Promise<void>;
}

/**
 * The private area: keys under `private/` hold learners' own files (assignment PDFs, issue 15).
 * No public route serves them; only the owning module reads them, after its access check.
 */
export const PRIVATE_AREA = 'private';

/** Whether `key` lies in the private area (see `PRIVATE_AREA`). */
export function isPrivateKey(key: string): boolean {
  return key.startsWith(`${PRIVATE_AREA}/`);
}

/** Whether `key` is a relative path of lower-case names (no traversal, no oddities). */
export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** Throws for a key that is not a storage key (see `isStorageKey`). */
export function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A random file name (128 bits, hex) with `extension`, so names can be neither guessed nor chosen. */
export function randomFileName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}
