import type { BrochureQuery } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { pdfKeyOf, type PdfFile, type StoredPdfs } from '../../integrations/brochures/stored-pdfs.js';
import * as repo from './workshop-pages.repository.js';

/*
 * `GET /api/brochure/pdf?id=|url=` serves brochures the platform stores, and nothing else. The
 * spec's `?url=` is never fetched (checklist E1, API7): the address is parsed, checked against an
 * exact host allow-list and mapped to a stored brochure. There is no outbound request at all, so
 * internal addresses, metadata services, odd IP spellings, DNS rebinding and redirects have
 * nothing to reach.
 */

/** A brochure address's path: `/brochures/{name}.pdf`. */
const BROCHURE_PATH = /^\/brochures\/[a-z0-9]+(-[a-z0-9]+)*\.pdf$/;

/** Control characters, spaces and backslashes are never part of an address we issue. */
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007F-\u009F\\]/;

const badUrl = () =>
  new AppError('VALIDATION_FAILED', 'That brochure address is not one of ours.', [
    { path: 'url', message: 'must be an https address of a stored brochure on an allowed host' },
  ]);

/**
 * The stored forms a brochure address may have in `workshops.brochure_url` (its path, or the
 * absolute address), after checking: `https:`, no user name, password or port, a host exactly
 * in `allowedHosts`, and a `/brochures/{name}.pdf` path. Anything else throws a 400.
 */
export function brochureUrlCandidates(url: string, allowedHosts: readonly string[]): string[] {
  if (UNSAFE_CHARACTERS.test(url)) throw badUrl();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl();
  }
  const hosts = new Set(allowedHosts.map((h) => h.toLowerCase()));
  if (
    parsed.protocol !== 'https:' ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    parsed.port !== '' ||
    !hosts.has(parsed.hostname) ||
    !BROCHURE_PATH.test(parsed.pathname)
  ) {
    throw badUrl();
  }
  return [parsed.pathname, `https://${parsed.hostname}${parsed.pathname}`];
}

/** The storage key of a stored brochure address (`/brochures/x.pdf` or `https://host/brochures/x.pdf`). */
function storageKey(row: repo.BrochureRow): string {
  let path = row.brochureUrl;
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = '';
    }
  }
  return pdfKeyOf(path) ?? `brochures/workshop-${row.id}.pdf`;
}

/**
 * The brochure PDF of a published workshop (`id`) or of a stored brochure address (`url`); from
 * storage, or generated from the workshop's title and description when its bytes were never
 * uploaded (demo data). Valid address but no such brochure → 404.
 */
export async function getBrochure(
  db: Db,
  pdfs: StoredPdfs,
  query: BrochureQuery,
  allowedHosts: readonly string[],
): Promise<PdfFile> {
  const row =
    query.url !== undefined
      ? await repo.findBrochureByUrl(db, brochureUrlCandidates(query.url, allowedHosts))
      : await repo.findBrochureByWorkshop(db, query.id!);
  if (!row) throw notFound('That brochure');
  return pdfs.get(storageKey(row), {
    title: `${row.title} - brochure`,
    paragraphs: [
      row.description,
      'Live sessions, assignments with feedback, and a certificate of completion.',
      'Atelier - learning for architects and designers.',
    ],
  });
}
