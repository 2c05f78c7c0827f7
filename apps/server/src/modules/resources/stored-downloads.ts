import { isPrivateKey, type FileStorage } from '../../integrations/storage/file-storage.js';

/*
 * The library's stored files that are not PDFs — drawings (DXF), archives (zip) and images — served
 * as downloads (docs/decisions/0026, point 4, as amended by decision 0035). PDFs keep their own path
 * (viewer, inline, a generated stand-in when a seeded record has no bytes); these have no stand-in:
 * a record whose bytes are not in the storage has no download address and its route answers 404.
 */

/** Content type of each extension served, by the storage key's extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  dxf: 'image/vnd.dxf',
  zip: 'application/zip',
};

/** Storage keys served as downloads: lower-case relative paths with one of the extensions above. */
const DOWNLOAD_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(jpe?g|png|dxf|zip)$/;

/** A stored download ready to send. */
export interface StoredDownload {
  bytes: Buffer;
  contentType: string;
  /** The name the browser saves it under: the record's name, with the stored file's extension. */
  fileName: string;
}

/** The download key of a record's storage path, or null (a PDF, another type, traversal, private area). */
export function downloadKeyOf(storagePath: string | null | undefined): string | null {
  if (!storagePath) return null;
  const key = storagePath.replace(/^\/+/, '');
  return DOWNLOAD_KEY.test(key) && !isPrivateKey(key) ? key : null;
}

/**
 * Whether a record is a stored download whose bytes are in the storage. The seed and the console
 * list such a file with the byte length they stored, so a size says the bytes are there; a record
 * without one (typed copy, never uploaded) offers no download.
 */
export function isStoredDownload(row: { path: string | null; sizeBytes: number | null }): boolean {
  return downloadKeyOf(row.path) !== null && row.sizeBytes !== null && row.sizeBytes > 0;
}

/** `name` with the key's extension (a record named "Doors set" stored as doors.zip saves as "Doors set.zip"). */
export function downloadName(name: string, key: string): string {
  const extension = key.slice(key.lastIndexOf('.'));
  const base = name.trim() || 'download';
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

/** The stored bytes under `key` as a download named after `name`, or null when nothing is stored there. */
export async function readDownload(
  storage: FileStorage,
  key: string,
  name: string,
): Promise<StoredDownload | null> {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const contentType = CONTENT_TYPES[extension];
  if (!contentType || !DOWNLOAD_KEY.test(key) || isPrivateKey(key)) return null;
  const bytes = await storage.get(key);
  if (!bytes) return null;
  return { bytes, contentType, fileName: downloadName(name, key) };
}
