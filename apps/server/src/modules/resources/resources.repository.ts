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

const columns = sql.raw(`f.id, f.name, f.description, f.kind, f.path, f.url, f.thumbnail, f.size_bytes as "sizeBytes", f.downloads`);

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
 * or not a PDF).
 */
export async function findPublicPdf(db: Db, id: number): Promise<ResourceFileRow | null> {
  const result = await db.execute<ResourceFileRow>(
    sql`select ${columns} from resource_files f
        left join resource_folders d on d.id = f.folder_id
        where f.id = ${id} and f.kind = 'pdf' and f.is_public and not f.is_premium and f.path is not null
          and not coalesce(d.is_premium, false)`,
  );
  return result.rows[0] ?? null;
}
