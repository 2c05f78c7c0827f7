import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type ResourceFileRow = {
  id: number;
  name: string;
  description: string;
  kind: 'pdf' | 'image' | 'video' | 'cad' | 'archive' | 'link';
  path: string | null;
  url: string | null;
  thumbnail: string | null;
  sizeBytes: number | null;
  downloads: number;
};

const columns = sql.raw(
  `f.id, f.name, f.description, f.kind, f.path, f.url, f.thumbnail, f.size_bytes as "sizeBytes", f.downloads`,
);

/** Public, non-premium files outside any folder, newest first (the partial "outer" index). */
export async function listOuterPublicFiles(db: Db): Promise<ResourceFileRow[]> {
  const result = await db.execute<ResourceFileRow>(
    sql`select ${columns} from resource_files f
        where f.folder_id is null and f.is_public and not f.is_premium
        order by f.created_at desc, f.id desc`,
  );
  return result.rows;
}

/**
 * A public, non-premium stored PDF outside premium folders, or null (premium, private, missing
 * or not a PDF). A folder is premium when it or any folder above it is: a free file in a
 * subfolder of a premium folder is a member's file too.
 */
export async function findPublicPdf(db: Db, id: number): Promise<ResourceFileRow | null> {
  const result = await db.execute<ResourceFileRow>(
    sql`with recursive file as (
          select f.* from resource_files f
          where f.id = ${id} and f.kind = 'pdf' and f.is_public and not f.is_premium and f.path is not null
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
  );
  return result.rows[0] ?? null;
}
