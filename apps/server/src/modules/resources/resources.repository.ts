import { and, desc, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRow, type Executor } from '../../db/query.js';
import { RESOURCE_FILE_KINDS, resourceFiles } from '../../db/schema/index.js';

const ResourceFileRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(RESOURCE_FILE_KINDS),
  path: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  downloads: z.number(),
});
export type ResourceFileRow = z.infer<typeof ResourceFileRowSchema>;

/** Public, non-premium files outside any folder, newest first (the partial "outer" index). */
export async function listOuterPublicFiles(db: Executor): Promise<ResourceFileRow[]> {
  return db
    .select({
      id: resourceFiles.id,
      name: resourceFiles.name,
      description: resourceFiles.description,
      kind: resourceFiles.kind,
      path: resourceFiles.path,
      url: resourceFiles.url,
      thumbnail: resourceFiles.thumbnail,
      sizeBytes: resourceFiles.sizeBytes,
      downloads: resourceFiles.downloads,
    })
    .from(resourceFiles)
    .where(
      and(
        isNull(resourceFiles.folderId),
        sql`${resourceFiles.isPublic}`,
        sql`not ${resourceFiles.isPremium}`,
      ),
    )
    .orderBy(desc(resourceFiles.createdAt), desc(resourceFiles.id));
}

const columns = sql.raw(
  `f.id, f.name, f.description, f.kind, f.path, f.url, f.thumbnail, f.size_bytes as "sizeBytes", f.downloads`,
);

/**
 * A public, non-premium stored file (a PDF, a drawing, an archive, an image) outside premium
 * folders, or null (premium, private, missing or not stored). A folder is premium when it or any
 * folder above it is: a free file in a subfolder of a premium folder is a member's file too. Raw
 * SQL: a recursive walk up the folders.
 */
export async function findPublicStoredFile(db: Executor, id: number): Promise<ResourceFileRow | null> {
  return (
    (await queryRow(
      db,
      sql`with recursive file as (
            select f.* from resource_files f
            where f.id = ${id} and f.is_public and not f.is_premium and f.path is not null
          ),
          ancestors (id, parent_id, is_premium, depth) as (
            select d.id, d.parent_id, d.is_premium, 1 from resource_folders d join file on d.id = file.folder_id
            union all
            select p.id, p.parent_id, p.is_premium, a.depth + 1
            from resource_folders p join ancestors a on p.id = a.parent_id
            where a.depth < 32
          )
          select ${columns} from file f
          where not exists (select 1 from ancestors where is_premium)`,
      ResourceFileRowSchema,
    )) ?? null
  );
}
