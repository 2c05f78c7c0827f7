import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRow, queryRows, type Executor } from '../../db/query.js';
import { RESOURCE_FILE_KINDS, resourceBannerClicks, resourceSearchDocument } from '../../db/schema/index.js';

/*
 * The learners' library (docs/decisions/0026). Raw SQL where it earns it: recursive walks up the
 * folder tree (breadcrumbs and the premium rule: a folder or file is premium when it or any
 * folder above it is), and the full-text search over folders and files in one ranked page. Each
 * function is one query; no call runs a query per folder or file.
 */

/** Deepest folder walk: a cycle in `parent_id` (which the admin never makes) cannot loop forever. */
const MAX_DEPTH = 32;

const count = z.coerce.number().int();

const FolderRowSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  description: z.string(),
  /** This folder's own flag. */
  isPremium: z.boolean(),
  folderCount: count,
  fileCount: count,
});
export type FolderRow = z.infer<typeof FolderRowSchema>;

const folderColumns = (alias: string) =>
  sql.raw(
    `${alias}.id, ${alias}.parent_id as "parentId", ${alias}.name, ${alias}.description, ${alias}.is_premium as "isPremium",
     (select count(*) from resource_folders c where c.parent_id = ${alias}.id)::int as "folderCount",
     (select count(*) from resource_files x where x.folder_id = ${alias}.id)::int as "fileCount"`,
  );

const FileRowSchema = z.object({
  id: z.number(),
  folderId: z.number().nullable(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(RESOURCE_FILE_KINDS),
  path: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  downloads: z.number(),
  /** This file's own flag. */
  isPremium: z.boolean(),
});
export type FileRow = z.infer<typeof FileRowSchema>;

const fileColumns = (alias: string) =>
  sql.raw(
    `${alias}.id, ${alias}.folder_id as "folderId", ${alias}.name, ${alias}.description, ${alias}.kind, ${alias}.path,
     ${alias}.url, ${alias}.thumbnail, ${alias}.size_bytes as "sizeBytes", ${alias}.downloads, ${alias}.is_premium as "isPremium"`,
  );

/**
 * Whether the learner holds an enrolment that entitles them to premium files: not refunded,
 * still enrolled, with dashboard access.
 */
export async function hasEntitlingEnrolment(db: Executor, userId: number): Promise<boolean> {
  const row = await queryRow(
    db,
    sql`select exists (
          select 1 from enrolments e
          where e.user_id = ${userId} and not e.is_refund and e.is_enrolled and e.is_dashboard_access
        ) as "entitled"`,
    z.object({ entitled: z.boolean() }),
  );
  return row?.entitled ?? false;
}

/** The top-level folders in their order, with how many folders and files each holds. */
export async function listRootFolders(db: Executor): Promise<FolderRow[]> {
  return queryRows(
    db,
    sql`select ${folderColumns('d')} from resource_folders d
        where d.parent_id is null
        order by d.sequence, lower(d.name), d.id`,
    FolderRowSchema,
  );
}

const ChainRowSchema = FolderRowSchema.extend({ depth: z.number() });
export type ChainRow = z.infer<typeof ChainRowSchema>;

/**
 * A folder and every folder above it, top first (the breadcrumb; the folder itself last), or an
 * empty list when there is no such folder.
 */
export async function folderChain(db: Executor, folderId: number): Promise<ChainRow[]> {
  return queryRows(
    db,
    sql`with recursive up (id, parent_id, depth) as (
          select d.id, d.parent_id, 0 from resource_folders d where d.id = ${folderId}
          union all
          select d.id, d.parent_id, u.depth + 1 from resource_folders d join up u on d.id = u.parent_id
          where u.depth < ${MAX_DEPTH}
        )
        select ${folderColumns('d')}, up.depth from up join resource_folders d on d.id = up.id
        order by up.depth desc`,
    ChainRowSchema,
  );
}

/** The folders directly inside `folderId`, in their order, with counts. */
export async function listSubfolders(db: Executor, folderId: number): Promise<FolderRow[]> {
  return queryRows(
    db,
    sql`select ${folderColumns('d')} from resource_folders d
        where d.parent_id = ${folderId}
        order by d.sequence, lower(d.name), d.id`,
    FolderRowSchema,
  );
}

const PagedFileRowSchema = z.object({
  total: count,
  id: z.number().nullable(),
  folderId: z.number().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.enum(RESOURCE_FILE_KINDS).nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  downloads: z.number().nullable(),
  isPremium: z.boolean().nullable(),
});

/** Rows of a page joined to its total (one row with null fields when the page is empty). */
function pageOf(rows: z.infer<typeof PagedFileRowSchema>[]): { total: number; files: FileRow[] } {
  const total = rows[0]?.total ?? 0;
  const files = rows.filter((r) => r.id !== null).map((r) => FileRowSchema.parse(r));
  return { total, files };
}

/** A page of the files directly inside `folderId`, by name, and how many there are in all. */
export async function listFolderFiles(
  db: Executor,
  folderId: number,
  page: { limit: number; offset: number },
): Promise<{ total: number; files: FileRow[] }> {
  const rows = await queryRows(
    db,
    sql`select t.total, f.* from
          (select count(*)::int as total from resource_files where folder_id = ${folderId}) t
        left join lateral (
          select ${fileColumns('x')} from resource_files x where x.folder_id = ${folderId}
          order by lower(x.name), x.id limit ${page.limit} offset ${page.offset}
        ) f on true`,
    PagedFileRowSchema,
  );
  return pageOf(rows);
}

const FileWithChainSchema = FileRowSchema.extend({
  chain: z.array(z.object({ id: z.number(), name: z.string(), isPremium: z.boolean() })).nullable(),
});
export type FileWithChain = z.infer<typeof FileWithChainSchema>;

/** A file with the folders above it (top first), or undefined. */
export async function findFileWithChain(db: Executor, fileId: number): Promise<FileWithChain | undefined> {
  return queryRow(
    db,
    sql`with recursive file as (select * from resource_files where id = ${fileId}),
        up (id, parent_id, depth) as (
          select d.id, d.parent_id, 0 from resource_folders d join file on d.id = file.folder_id
          union all
          select d.id, d.parent_id, u.depth + 1 from resource_folders d join up u on d.id = u.parent_id
          where u.depth < ${MAX_DEPTH}
        )
        select ${fileColumns('f')},
          (select json_agg(json_build_object('id', d.id, 'name', d.name, 'isPremium', d.is_premium)
                           order by up.depth desc)
           from up join resource_folders d on d.id = up.id) as "chain"
        from file f`,
    FileWithChainSchema,
  );
}

const SearchRowSchema = z.object({
  total: count,
  type: z.enum(['folder', 'file']).nullable(),
  id: z.number().nullable(),
  parentId: z.number().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  isPremium: z.boolean().nullable(),
  abovePremium: z.boolean().nullable(),
  folderName: z.string().nullable(),
  folderCount: count.nullable(),
  fileCount: count.nullable(),
  kind: z.enum(RESOURCE_FILE_KINDS).nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  downloads: z.number().nullable(),
});
export type SearchRow = z.infer<typeof SearchRowSchema>;

/**
 * The words of a search, as the full-text search reads them: the complete words (all but the
 * last) through `plainto_tsquery`, which treats every character as text (no operators, quotes
 * or wildcards), and the last word as a prefix (search as you type). The prefix is built only
 * from letters and digits, so nothing in it can be tsquery syntax.
 */
export interface SearchWords {
  complete: string;
  /** Letters and digits only, or '' when there is no last word. */
  prefix: string;
}

/**
 * A ranked page of the folders and files whose name or description matches, best first, with
 * the total, whether a folder above each hit is premium, and a file's folder name.
 */
export async function search(
  db: Executor,
  words: SearchWords,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: SearchRow[] }> {
  const prefix: SQL = words.prefix
    ? sql`to_tsquery('english'::regconfig, ${`${words.prefix}:*`})`
    : sql`''::tsquery`;
  const folderDoc = resourceSearchDocument(sql.raw('d.name'), sql.raw('d.description'));
  const fileDoc = resourceSearchDocument(sql.raw('f.name'), sql.raw('f.description'));
  const rows = await queryRows(
    db,
    sql`with recursive q as (
          select (plainto_tsquery('english'::regconfig, ${words.complete}) && ${prefix}) as query
        ),
        hits as (
          select 'folder'::text as type, d.id, d.parent_id as up_id, ts_rank(${folderDoc}, q.query) as rank,
                 d.name, d.description, d.is_premium
          from resource_folders d, q where ${folderDoc} @@ q.query
          union all
          select 'file'::text, f.id, f.folder_id, ts_rank(${fileDoc}, q.query), f.name, f.description, f.is_premium
          from resource_files f, q where ${fileDoc} @@ q.query
        ),
        page as (
          select * from hits order by rank desc, lower(name), type, id
          limit ${page.limit} offset ${page.offset}
        ),
        up (hit_type, hit_id, id, parent_id, is_premium, depth) as (
          select p.type, p.id, d.id, d.parent_id, d.is_premium, 0
          from page p join resource_folders d on d.id = p.up_id
          union all
          select u.hit_type, u.hit_id, d.id, d.parent_id, d.is_premium, u.depth + 1
          from up u join resource_folders d on d.id = u.parent_id
          where u.depth < ${MAX_DEPTH}
        )
        select t.total, r.* from (select count(*)::int as total from hits) t
        left join lateral (
          select p.type, p.id, p.up_id as "parentId", p.name, p.description, p.is_premium as "isPremium",
            coalesce((select bool_or(u.is_premium) from up u where u.hit_type = p.type and u.hit_id = p.id), false)
              as "abovePremium",
            (select d.name from resource_folders d where d.id = p.up_id) as "folderName",
            case when p.type = 'folder'
              then (select count(*) from resource_folders c where c.parent_id = p.id)::int end as "folderCount",
            case when p.type = 'folder'
              then (select count(*) from resource_files x where x.folder_id = p.id)::int end as "fileCount",
            f.kind, f.path, f.url, f.thumbnail, f.size_bytes as "sizeBytes", f.downloads
          from page p
          left join resource_files f on p.type = 'file' and f.id = p.id
          order by p.rank desc, lower(p.name), p.type, p.id
        ) r on true`,
    SearchRowSchema,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((r) => r.id !== null) };
}

/** Records a banner click of `userId`. */
export async function insertBannerClick(
  db: Executor,
  click: { userId: number; banner: string; link: string | null },
): Promise<void> {
  await db.insert(resourceBannerClicks).values(click);
}
