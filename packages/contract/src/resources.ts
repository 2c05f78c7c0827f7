import { z } from 'zod';
import { IdSchema } from './wire.js';

/** Kinds of resource files. */
export const ResourceKindSchema = z.enum(['pdf', 'image', 'video', 'cad', 'archive', 'link']);

/**
 * A public resource file. `downloadUrl` is where the page links: `/api/resource/pdf/{id}` for a
 * stored PDF, the external address for a link, null for other stored kinds (members only).
 */
export const PublicResourceFileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  kind: ResourceKindSchema,
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  downloads: z.number().int().min(0),
  downloadUrl: z.string().nullable(),
});
export type PublicResourceFile = z.infer<typeof PublicResourceFileSchema>;

/** `GET /api/user/resource/outer/files` (public): public, non-premium files outside folders, newest first. */
export const OuterResourceFilesSchema = z.array(PublicResourceFileSchema);

/** `GET /api/resource/pdf/{id}` path. The answer is the PDF itself (`application/pdf`). */
export const ResourcePdfParamsSchema = z.object({ id: IdSchema }).strict();
