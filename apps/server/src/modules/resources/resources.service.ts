import type { PublicResourceFile } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { pdfKeyOf, type PdfFile, type StoredPdfs } from '../../integrations/brochures/stored-pdfs.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import * as repo from './resources.repository.js';
import { downloadKeyOf, isStoredDownload, readDownload, type StoredDownload } from './stored-downloads.js';

/**
 * Where a public file is opened from: our PDF route, the download route of a stored drawing,
 * archive or image (decision 0035), an external link, or nowhere for the public.
 */
function downloadUrl(row: repo.ResourceFileRow): string | null {
  if (row.kind === 'pdf' && row.path) return `/api/resource/pdf/${row.id}`;
  if (row.kind !== 'pdf' && isStoredDownload(row)) return `/api/resource/file/${row.id}`;
  if (row.url && /^https:\/\//i.test(row.url)) return row.url;
  return null;
}

/** `GET /api/user/resource/outer/files`: public, non-premium files outside folders. */
export async function listOuterFiles(db: Db): Promise<PublicResourceFile[]> {
  const rows = await repo.listOuterPublicFiles(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind,
    thumbnail: r.thumbnail,
    sizeBytes: r.sizeBytes,
    downloads: r.downloads,
    downloadUrl: downloadUrl(r),
  }));
}

/**
 * `GET /api/resource/pdf/{id}`: a public, non-premium PDF from our storage (`DATA_DIR/files/{path}`),
 * or, when the seeded record's bytes were never stored, a small PDF generated from its name and
 * description. Premium, private, missing → 404, the same answer (checklist A12).
 */
export async function getPublicPdf(db: Db, pdfs: StoredPdfs, id: number): Promise<PdfFile> {
  const row = await repo.findPublicStoredFile(db, id);
  const key = row?.kind === 'pdf' ? pdfKeyOf(row.path) : null;
  if (!row || !key) throw notFound('That file');
  return pdfs.get(key, {
    title: row.name,
    paragraphs: [
      row.description || 'A free resource from Atelier.',
      'Atelier - learning for architects and designers.',
    ],
  });
}

/**
 * `GET /api/resource/file/{id}`: a public, non-premium stored drawing, archive or image as a
 * download (decision 0035). Premium, private, a PDF (its own route), not stored → 404, the same answer.
 */
export async function getPublicDownload(db: Db, storage: FileStorage, id: number): Promise<StoredDownload> {
  const row = await repo.findPublicStoredFile(db, id);
  const key = row && row.kind !== 'pdf' ? downloadKeyOf(row.path) : null;
  const download = key ? await readDownload(storage, key, row!.name) : null;
  if (!download) throw notFound('That file');
  return download;
}
