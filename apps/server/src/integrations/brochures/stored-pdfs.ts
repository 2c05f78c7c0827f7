import { isPrivateKey, type FileStorage } from '../storage/file-storage.js';
import { renderSimplePdf } from './minimal-pdf.js';

/*
 * PDFs the platform itself stores (brochures, public resource PDFs), read from the file storage
 * (`DATA_DIR/files/{key}`, or the same key in the S3 bucket) and, when a seeded record names a file whose bytes were never
 * uploaded, generated deterministically from its title. Nothing here ever makes a network
 * request: an address is only ever mapped to a storage key (checklist E1).
 */

/** Storage keys this store reads: lower-case relative paths ending in `.pdf`. */
const PDF_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.pdf$/;

/** A PDF ready to send. */
export interface PdfFile {
  bytes: Buffer;
  /** File name for `Content-Disposition`. */
  fileName: string;
}

/** What to serve when the key has no stored bytes. */
export interface PdfFallback {
  title: string;
  paragraphs: string[];
}

/** Most PDFs kept in memory (identical requests are served from it: checklist D6). */
const MEMO_LIMIT = 200;

export interface StoredPdfs {
  /** The stored PDF under `key`, or one generated from `fallback` when none is stored. */
  get(key: string, fallback: PdfFallback): Promise<PdfFile>;
}

/** A PDF key for a storage path, or null when the path is not one (traversal, other types). */
export function pdfKeyOf(storagePath: string | null | undefined): string | null {
  if (!storagePath) return null;
  const key = storagePath.replace(/^\/+/, '');
  // Learners' private files (assignment PDFs) are never public PDFs, whatever a record names.
  return PDF_KEY.test(key) && !isPrivateKey(key) ? key : null;
}

/** The stored PDFs of a deployment's file storage (local files or the S3 bucket). */
export function createStoredPdfs(storage: FileStorage): StoredPdfs {
  const memo = new Map<string, Promise<PdfFile>>();
  return {
    get(key, fallback) {
      const cached = memo.get(key);
      if (cached) return cached;
      const loading = (async (): Promise<PdfFile> => {
        const fileName = key.slice(key.lastIndexOf('/') + 1);
        const stored = PDF_KEY.test(key) && !isPrivateKey(key) ? await storage.get(key) : null;
        return { bytes: stored ?? renderSimplePdf(fallback.title, fallback.paragraphs), fileName };
      })();
      loading.catch(() => memo.delete(key));
      if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
      memo.set(key, loading);
      return loading;
    },
  };
}
