import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Object storage for uploaded and generated files (DESIGN.md "files"): a key-value store of
 * bytes. The local adapter keeps them under `DATA_DIR/files`, outside any web root; an
 * S3-compatible adapter implements the same interface when the platform scales out.
 */

/** Keys are relative paths of lower-case names: `avatars/3f…9a.webp`. Nothing else is accepted. */
const KEY_SHAPE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing any earlier content. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
}

function assertKey(key: string): void {
  if (!KEY_SHAPE.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A random file name (128 bits, hex) with `extension`, so names can be neither guessed nor chosen. */
export function randomFileName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** The local adapter: files under `root`, written atomically (temporary file, then rename). */
export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o640 });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The storage of this deployment: local files under `dataDir/files`. */
export function createFileStorage(dataDir: string): FileStorage {
  return createLocalFileStorage(path.join(dataDir, 'files'));
}
