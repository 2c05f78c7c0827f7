import {
  RESOURCE_UPLOAD_MAX_BYTES,
  type AdminResourceFile,
  type AdminResourceFileBodySchema,
  type AdminResourceFilesQuerySchema,
  type AdminResourceFolder,
  type AdminResourceFolderBodySchema,
  type AdminResourceFoldersQuerySchema,
} from '@atelier/contract';
import { eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { queryRow, type Executor } from '../../../db/query.js';
import { resourceFiles, resourceFolders } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { randomFileName, type FileStorage } from '../../../integrations/storage/file-storage.js';
import type { Invalidation } from '../../../platform/cache/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { iso, matchesAny, orderBy, searchPattern, windowOf, count, all } from '../listing.js';
import type { Listed } from '../listing.js';

/*
 * The console's resource library (issue 17 point 2): folders (nested, premium flag) and files. A
 * PDF is uploaded first into the deployment's file storage (local files, or the S3-compatible
 * bucket when configured — the same storage the public and learners' PDF routes read), then a
 * file record names its key; any other kind is a link. Each write is audited in its transaction.
 */

/** The public resource pages (`resources:outer`) and the learners' library. */
export const RESOURCES_INVALIDATION: Invalidation = { prefixes: ['resources:'] };

// ---------------------------------------------------------------------------------------------
// Folders
// ---------------------------------------------------------------------------------------------

// Written out: inside a subquery on the same table, drizzle's unqualified `id` would mean the inner row.
const child = sql<number>`(SELECT count(*)::int FROM resource_folders c WHERE c.parent_id = resource_folders.id)`;
const filesIn = sql<number>`(SELECT count(*)::int FROM resource_files rf WHERE rf.folder_id = resource_folders.id)`;
const folderColumns = {
  id: resourceFolders.id,
  parentId: resourceFolders.parentId,
  name: resourceFolders.name,
  description: resourceFolders.description,
  isPremium: resourceFolders.isPremium,
  sequence: resourceFolders.sequence,
  folders: child,
  files: filesIn,
  createdAt: resourceFolders.createdAt,
};
type FolderRow = { createdAt: Date } & Omit<AdminResourceFolder, 'createdAt'>;
const folderOf = (r: FolderRow): AdminResourceFolder => ({ ...r, createdAt: iso(r.createdAt) });

export async function listFolders(
  db: Executor,
  query: z.output<typeof AdminResourceFoldersQuerySchema>,
): Promise<Listed<AdminResourceFolder>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [resourceFolders.name]) : undefined,
    query.parentId === undefined
      ? undefined
      : query.parentId === 0
        ? isNull(resourceFolders.parentId)
        : eq(resourceFolders.parentId, query.parentId),
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(folderColumns)
    .from(resourceFolders)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        'sequence',
        {
          sequence: resourceFolders.sequence,
          name: resourceFolders.name,
          createdAt: resourceFolders.createdAt,
        },
        resourceFolders.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(resourceFolders).where(where);
  return { items: rows.map(folderOf), total: total?.n ?? 0 };
}
export const folderCsvColumns = [
  { header: 'Id', value: (r: AdminResourceFolder) => r.id },
  { header: 'Parent', value: (r: AdminResourceFolder) => r.parentId ?? '' },
  { header: 'Name', value: (r: AdminResourceFolder) => r.name },
  { header: 'Premium', value: (r: AdminResourceFolder) => (r.isPremium ? 'yes' : 'no') },
  { header: 'Order', value: (r: AdminResourceFolder) => r.sequence },
  { header: 'Folders', value: (r: AdminResourceFolder) => r.folders },
  { header: 'Files', value: (r: AdminResourceFolder) => r.files },
];

async function getFolder(db: Executor, id: number): Promise<AdminResourceFolder> {
  const [row] = await db.select(folderColumns).from(resourceFolders).where(eq(resourceFolders.id, id));
  if (!row) throw notFound('The folder');
  return folderOf(row);
}

/** 400 unless `parentId` exists and is neither `folderId` nor inside it. */
async function assertParent(tx: Executor, parentId: number | null, folderId: number | null): Promise<void> {
  if (parentId === null) return;
  const bad = (message: string) =>
    new AppError('VALIDATION_FAILED', message, [{ path: 'parentId', message: message.toLowerCase() }]);
  const [parent] = await tx
    .select({ id: resourceFolders.id })
    .from(resourceFolders)
    .where(eq(resourceFolders.id, parentId));
  if (!parent) throw bad('Must be an existing folder.');
  if (folderId === null) return;
  const inside = await queryRow(
    tx,
    sql`
    WITH RECURSIVE below(id) AS (
      SELECT ${folderId}::int
      UNION
      SELECT f.id FROM resource_folders f JOIN below b ON f.parent_id = b.id
    )
    SELECT id FROM below WHERE id = ${parentId}`,
    z.object({ id: z.number() }),
  );
  if (inside) throw bad('Cannot be the folder itself or a folder inside it.');
}

export async function saveFolder(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminResourceFolderBodySchema>,
): Promise<AdminResourceFolder> {
  return db.transaction(async (tx) => {
    let before: AdminResourceFolder | null = null;
    let rowId = id;
    if (rowId !== null) {
      const [locked] = await tx
        .select({ id: resourceFolders.id })
        .from(resourceFolders)
        .where(eq(resourceFolders.id, rowId))
        .for('update');
      if (!locked) throw notFound('The folder');
      before = await getFolder(tx, rowId);
    }
    await assertParent(tx, body.parentId, rowId);
    if (rowId === null) {
      const [row] = await tx.insert(resourceFolders).values(body).returning({ id: resourceFolders.id });
      rowId = row!.id;
    } else {
      await tx.update(resourceFolders).set(body).where(eq(resourceFolders.id, rowId));
    }
    const after = await getFolder(tx, rowId);
    await recordAudit(tx, actor, request, {
      action: id === null ? 'resource_folder.create' : 'resource_folder.update',
      entity: 'resource_folder',
      entityId: rowId,
      before,
      after,
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

const fileColumns = {
  id: resourceFiles.id,
  folderId: resourceFiles.folderId,
  folderName: resourceFolders.name,
  name: resourceFiles.name,
  description: resourceFiles.description,
  kind: resourceFiles.kind,
  path: resourceFiles.path,
  url: resourceFiles.url,
  thumbnail: resourceFiles.thumbnail,
  sizeBytes: resourceFiles.sizeBytes,
  isPremium: resourceFiles.isPremium,
  isPublic: resourceFiles.isPublic,
  downloads: resourceFiles.downloads,
  createdAt: resourceFiles.createdAt,
};
type FileRow = { createdAt: Date } & Omit<AdminResourceFile, 'createdAt'>;
const fileOf = (r: FileRow): AdminResourceFile => ({ ...r, createdAt: iso(r.createdAt) });

export async function listFiles(
  db: Executor,
  query: z.output<typeof AdminResourceFilesQuerySchema>,
): Promise<Listed<AdminResourceFile>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [resourceFiles.name]) : undefined,
    query.folderId === undefined
      ? undefined
      : query.folderId === 0
        ? isNull(resourceFiles.folderId)
        : eq(resourceFiles.folderId, query.folderId),
    query.kind ? eq(resourceFiles.kind, query.kind) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(fileColumns)
    .from(resourceFiles)
    .leftJoin(resourceFolders, eq(resourceFolders.id, resourceFiles.folderId))
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-createdAt',
        { createdAt: resourceFiles.createdAt, name: resourceFiles.name },
        resourceFiles.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(resourceFiles).where(where);
  return { items: rows.map(fileOf), total: total?.n ?? 0 };
}
export const fileCsvColumns = [
  { header: 'Id', value: (r: AdminResourceFile) => r.id },
  { header: 'Folder', value: (r: AdminResourceFile) => r.folderName ?? '' },
  { header: 'Name', value: (r: AdminResourceFile) => r.name },
  { header: 'Kind', value: (r: AdminResourceFile) => r.kind },
  { header: 'Link', value: (r: AdminResourceFile) => r.url ?? r.path ?? '' },
  { header: 'Size (bytes)', value: (r: AdminResourceFile) => r.sizeBytes ?? '' },
  { header: 'Premium', value: (r: AdminResourceFile) => (r.isPremium ? 'yes' : 'no') },
  { header: 'Public', value: (r: AdminResourceFile) => (r.isPublic ? 'yes' : 'no') },
  { header: 'Downloads', value: (r: AdminResourceFile) => r.downloads },
  { header: 'Created at', value: (r: AdminResourceFile) => r.createdAt },
];

async function getFile(db: Executor, id: number): Promise<AdminResourceFile> {
  const [row] = await db
    .select(fileColumns)
    .from(resourceFiles)
    .leftJoin(resourceFolders, eq(resourceFolders.id, resourceFiles.folderId))
    .where(eq(resourceFiles.id, id));
  if (!row) throw notFound('The file');
  return fileOf(row);
}

export async function saveFile(
  db: Db,
  storage: FileStorage,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminResourceFileBodySchema>,
): Promise<AdminResourceFile> {
  // A stored file (an uploaded PDF, or a file the seed stored) must be in the storage: its size
  // is what is stored there (decision 0035: a size says the bytes are there).
  let sizeBytes: number | null = null;
  if (body.path !== null) {
    const bytes = await storage.get(body.path);
    if (!bytes)
      throw body.kind === 'pdf'
        ? new AppError('VALIDATION_FAILED', 'That PDF is not in the storage; upload it again.', [
            { path: 'path', message: 'must be the path of an uploaded PDF' },
          ])
        : new AppError('VALIDATION_FAILED', 'That file is not in the storage; upload a PDF instead.', [
            { path: 'path', message: 'must be the path of a stored file' },
          ]);
    sizeBytes = bytes.length;
  }
  const values = {
    folderId: body.folderId,
    name: body.name,
    description: body.description,
    kind: body.kind,
    path: body.path,
    url: body.url,
    thumbnail: body.thumbnail || null,
    sizeBytes,
    isPremium: body.isPremium,
    isPublic: body.isPublic,
  };
  return db.transaction(async (tx) => {
    if (body.folderId !== null) {
      const [folder] = await tx
        .select({ id: resourceFolders.id })
        .from(resourceFolders)
        .where(eq(resourceFolders.id, body.folderId));
      if (!folder)
        throw new AppError('VALIDATION_FAILED', 'That folder does not exist.', [
          { path: 'folderId', message: 'must be an existing folder' },
        ]);
    }
    let before: AdminResourceFile | null = null;
    let rowId = id;
    if (rowId === null) {
      const [row] = await tx.insert(resourceFiles).values(values).returning({ id: resourceFiles.id });
      rowId = row!.id;
    } else {
      const [locked] = await tx
        .select({ id: resourceFiles.id })
        .from(resourceFiles)
        .where(eq(resourceFiles.id, rowId))
        .for('update');
      if (!locked) throw notFound('The file');
      before = await getFile(tx, rowId);
      await tx.update(resourceFiles).set(values).where(eq(resourceFiles.id, rowId));
    }
    const after = await getFile(tx, rowId);
    await recordAudit(tx, actor, request, {
      action: id === null ? 'resource_file.create' : 'resource_file.update',
      entity: 'resource_file',
      entityId: rowId,
      before,
      after,
    });
    return after;
  });
}

/** Stores an uploaded PDF under a random key in the library's area; 400 unless it is a PDF. */
export async function storeUploadedPdf(
  storage: FileStorage,
  bytes: Buffer,
  fileName: string,
): Promise<{ path: string; sizeBytes: number; fileName: string }> {
  if (
    bytes.length === 0 ||
    bytes.length > RESOURCE_UPLOAD_MAX_BYTES ||
    !bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))
  )
    throw new AppError('VALIDATION_FAILED', 'Upload a PDF file of at most 20 MB.', [
      { path: 'file', message: 'must be a PDF of at most 20 MB' },
    ]);
  const path = `resources/${randomFileName('pdf')}`;
  await storage.put(path, bytes, 'application/pdf');
  // The name as a suggestion only: no path, no control characters, bounded.
  const name = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return { path, sizeBytes: bytes.length, fileName: name };
}
