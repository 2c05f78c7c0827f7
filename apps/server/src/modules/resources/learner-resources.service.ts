import type {
  LearnerResourceFile,
  LearnerResourceFolder,
  ResourceBannerClickBody,
  ResourceCrumb,
  ResourceFileDetails,
  ResourceFilesPage,
  ResourceFolderAll,
  ResourceFolderView,
  ResourceRoot,
  ResourceSearch,
  ResourceSearchHit,
  ResourceSearchQuery,
} from '@atelier/contract';
import { RESOURCE_FOLDER_ALL_MAX_FILES } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { pdfKeyOf, type PdfFile, type StoredPdfs } from '../../integrations/brochures/stored-pdfs.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { SessionIdentity } from '../../platform/identity.js';
import * as repo from './learner-resources.repository.js';
import { downloadKeyOf, isStoredDownload, readDownload, type StoredDownload } from './stored-downloads.js';

/*
 * The learners' resource library (spec §7 "Resources"; docs/decisions/0026).
 *
 * Entitled (may open premium files): a learner with at least one enrolment that is not refunded,
 * still enrolled and with dashboard access; staff (instructor, moderator, admin) on their own
 * session. Through a moderator's read-only view the learner's own entitlement applies.
 * Premium files are listed for everyone signed in, `locked` and without a download address for
 * callers who are not entitled; opening one (`/premium`, `/file`) answers 403 to them.
 */

const STAFF_ROLES = new Set(['instructor', 'moderator', 'admin']);

/** Whether the caller may open premium files (one query at most). */
export async function isEntitled(db: Db, session: SessionIdentity): Promise<boolean> {
  if (!session.isModeratorView && STAFF_ROLES.has(session.role)) return true;
  return repo.hasEntitlingEnrolment(db, session.userId);
}

const premiumRefusal = () =>
  new AppError(
    'FORBIDDEN',
    'This is a premium resource for enrolled learners. Enrol in any course from the catalogue to open it.',
  );

function folderOut(row: repo.FolderRow, abovePremium: boolean, entitled: boolean): LearnerResourceFolder {
  const isPremium = abovePremium || row.isPremium;
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    description: row.description,
    isPremium,
    locked: isPremium && !entitled,
    folderCount: row.folderCount,
    fileCount: row.fileCount,
  };
}

/** A stored PDF this library serves, by its storage key. */
const isStoredPdf = (row: repo.FileRow) => row.kind === 'pdf' && pdfKeyOf(row.path) !== null;

function fileOut(row: repo.FileRow, abovePremium: boolean, entitled: boolean): LearnerResourceFile {
  const isPremium = abovePremium || row.isPremium;
  const locked = isPremium && !entitled;
  const viewable = !locked && isStoredPdf(row);
  let downloadUrl: string | null = null;
  if (!locked) {
    if (viewable || isStoredDownload(row)) downloadUrl = `/api/user/resource/${row.id}/file`;
    else if (row.url && /^https:\/\//i.test(row.url)) downloadUrl = row.url;
  }
  return {
    id: row.id,
    folderId: row.folderId,
    name: row.name,
    description: row.description,
    kind: row.kind,
    thumbnail: row.thumbnail,
    sizeBytes: row.sizeBytes,
    downloads: row.downloads,
    isPremium,
    locked,
    downloadUrl,
    viewable,
  };
}

const crumbsOf = (chain: { id: number; name: string }[]): ResourceCrumb[] =>
  chain.map(({ id, name }) => ({ id, name }));

/** A folder's chain (top first, itself last) with whether anything above it is premium; 404 when unknown. */
async function chainOf(db: Db, folderId: number) {
  const chain = await repo.folderChain(db, folderId);
  const self = chain[chain.length - 1];
  if (!self || self.id !== folderId) throw notFound('That folder');
  const abovePremium = chain.slice(0, -1).some((f) => f.isPremium);
  return { chain, self, abovePremium, premium: abovePremium || self.isPremium };
}

/** `GET /api/user/resource/fs/all`. */
export async function root(db: Db, session: SessionIdentity): Promise<ResourceRoot> {
  const [entitled, folders] = await Promise.all([isEntitled(db, session), repo.listRootFolders(db)]);
  return { folders: folders.map((f) => folderOut(f, false, entitled)), isEntitled: entitled };
}

/** `GET /api/user/resource/fs/{id}`. */
export async function folderView(db: Db, session: SessionIdentity, id: number): Promise<ResourceFolderView> {
  const [entitled, { chain, self, abovePremium, premium }, subfolders] = await Promise.all([
    isEntitled(db, session),
    chainOf(db, id),
    repo.listSubfolders(db, id),
  ]);
  return {
    folder: folderOut(self, abovePremium, entitled),
    breadcrumb: crumbsOf(chain),
    subfolders: subfolders.map((f) => folderOut(f, premium, entitled)),
    isEntitled: entitled,
  };
}

/** `GET /api/user/resource/fs/{id}/files?limit=&offset=`. */
export async function folderFiles(
  db: Db,
  session: SessionIdentity,
  id: number,
  page: { limit: number; offset: number },
): Promise<ResourceFilesPage> {
  const [entitled, { premium }, { total, files }] = await Promise.all([
    isEntitled(db, session),
    chainOf(db, id),
    repo.listFolderFiles(db, id, page),
  ]);
  return {
    files: files.map((f) => fileOut(f, premium, entitled)),
    total,
    limit: page.limit,
    offset: page.offset,
    isEntitled: entitled,
  };
}

/** `GET /api/user/resource/folder/{id}/all`: the folder, its subfolders and its first files. */
export async function folderAll(db: Db, session: SessionIdentity, id: number): Promise<ResourceFolderAll> {
  const [entitled, { chain, self, abovePremium, premium }, subfolders, { total, files }] = await Promise.all([
    isEntitled(db, session),
    chainOf(db, id),
    repo.listSubfolders(db, id),
    repo.listFolderFiles(db, id, { limit: RESOURCE_FOLDER_ALL_MAX_FILES, offset: 0 }),
  ]);
  return {
    folder: folderOut(self, abovePremium, entitled),
    breadcrumb: crumbsOf(chain),
    subfolders: subfolders.map((f) => folderOut(f, premium, entitled)),
    files: files.map((f) => fileOut(f, premium, entitled)),
    filesTotal: total,
    isEntitled: entitled,
  };
}

async function fileWithChain(db: Db, session: SessionIdentity, id: number) {
  const [entitled, row] = await Promise.all([isEntitled(db, session), repo.findFileWithChain(db, id)]);
  if (!row) throw notFound('That file');
  const chain = row.chain ?? [];
  const file = fileOut(
    row,
    chain.some((f) => f.isPremium),
    entitled,
  );
  return { entitled, row, file, breadcrumb: crumbsOf(chain) };
}

/** `GET /api/user/resource/{id}/details`: any file; a premium one is `locked` for a caller not entitled. */
export async function details(db: Db, session: SessionIdentity, id: number): Promise<ResourceFileDetails> {
  const { entitled, file, breadcrumb } = await fileWithChain(db, session, id);
  return { file, breadcrumb, isEntitled: entitled };
}

/**
 * `GET /api/user/resource/{id}/premium`: a file with its download address for an entitled
 * caller; 403 (without the address) to anyone else when the file is premium. Unknown → 404.
 */
export async function premium(db: Db, session: SessionIdentity, id: number): Promise<ResourceFileDetails> {
  const { entitled, file, breadcrumb } = await fileWithChain(db, session, id);
  if (file.locked) throw premiumRefusal();
  return { file, breadcrumb, isEntitled: entitled };
}

/**
 * `GET /api/user/resource/{id}/file`: the bytes of a stored file. A PDF (for the viewer, or the
 * small PDF generated for a seeded record whose bytes were never stored), or a stored drawing,
 * archive or image as a download (decision 0035). Premium and not entitled → 403; unknown, not a
 * stored file, or a download whose bytes are not in the storage → 404.
 */
export async function storedFile(
  db: Db,
  stores: { pdfs: StoredPdfs; storage: FileStorage },
  session: SessionIdentity,
  id: number,
): Promise<{ pdf: PdfFile } | { download: StoredDownload }> {
  const { file, row } = await fileWithChain(db, session, id);
  const pdfKey = row.kind === 'pdf' ? pdfKeyOf(row.path) : null;
  const downloadKey = pdfKey ? null : downloadKeyOf(row.path);
  if (!pdfKey && !downloadKey) throw notFound('That file');
  if (file.locked) throw premiumRefusal();
  if (pdfKey) {
    const pdf = await stores.pdfs.get(pdfKey, {
      title: row.name,
      paragraphs: [
        row.description || 'A resource from the Atelier library.',
        'Atelier - learning for architects and designers.',
      ],
    });
    return { pdf };
  }
  const download = await readDownload(stores.storage, downloadKey!, row.name);
  if (!download) throw notFound('That file');
  return { download };
}

/** Most words of a search that reach the database. */
const MAX_WORDS = 12;

/** The words of the search text: letters and digits; everything else separates words. */
export function searchWords(text: string): repo.SearchWords | null {
  const words = (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const endsInWord = /[\p{L}\p{N}]$/u.test(text.normalize('NFKC'));
  if (!endsInWord) return { complete: words.join(' '), prefix: '' };
  return { complete: words.slice(0, -1).join(' '), prefix: words[words.length - 1]! };
}

/** `GET /api/user/resource/search?query=&limit=&offset=`. */
export async function search(
  db: Db,
  session: SessionIdentity,
  query: ResourceSearchQuery,
): Promise<ResourceSearch> {
  const page = { limit: query.limit, offset: query.offset };
  const words = searchWords(query.query);
  const [entitled, found] = await Promise.all([
    isEntitled(db, session),
    words ? repo.search(db, words, page) : Promise.resolve({ total: 0, rows: [] }),
  ]);
  const results = found.rows.map((r): ResourceSearchHit => {
    const above = r.abovePremium ?? false;
    if (r.type === 'folder') {
      return {
        type: 'folder',
        folder: folderOut(
          {
            id: r.id!,
            parentId: r.parentId,
            name: r.name!,
            description: r.description!,
            isPremium: r.isPremium!,
            folderCount: r.folderCount ?? 0,
            fileCount: r.fileCount ?? 0,
          },
          above,
          entitled,
        ),
      };
    }
    return {
      type: 'file',
      folderName: r.folderName,
      file: fileOut(
        {
          id: r.id!,
          folderId: r.parentId,
          name: r.name!,
          description: r.description!,
          kind: r.kind!,
          path: r.path,
          url: r.url,
          thumbnail: r.thumbnail,
          sizeBytes: r.sizeBytes,
          downloads: r.downloads ?? 0,
          isPremium: r.isPremium!,
        },
        above,
        entitled,
      ),
    };
  });
  return { query: query.query, results, total: found.total, ...page, isEntitled: entitled };
}

/** `POST /api/user/resource/banner/click`: recorded with the caller's id. */
export async function bannerClick(
  db: Db,
  session: SessionIdentity,
  body: ResourceBannerClickBody,
): Promise<void> {
  await repo.insertBannerClick(db, { userId: session.userId, banner: body.banner, link: body.link ?? null });
}
