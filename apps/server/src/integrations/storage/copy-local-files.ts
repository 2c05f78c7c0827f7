import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type FileStorage } from './file-storage.js';

/** Content types of the files the platform stores, by extension. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** What a copy did: keys written, and files left behind because their path is no storage key. */
export interface CopyReport {
  copied: string[];
  skipped: string[];
}

/**
 * Copies every file under `root` (a deployment's `DATA_DIR/files`) into `target` under the same
 * key, for switching a deployment from local files to S3. Existing objects are overwritten;
 * leftovers such as interrupted `.tmp` writes are skipped and reported.
 */
export async function copyLocalFiles(root: string, target: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: [], skipped: [] };
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!isStorageKey(key)) {
      report.skipped.push(key);
      continue;
    }
    const extension = key.slice(key.lastIndexOf('.') + 1);
    await target.put(
      key,
      await readFile(path.join(root, key)),
      CONTENT_TYPES[extension] ?? 'application/octet-stream',
    );
    report.copied.push(key);
  }
  report.copied.sort();
  report.skipped.sort();
  return report;
}
