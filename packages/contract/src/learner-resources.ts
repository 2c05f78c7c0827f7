/**
 * The learners' resource library (issue 15; spec §7 "Resources"): folders, files, search, premium
 * files and banner clicks for signed-in learners (docs/decisions/0026).
 *
 * Premium: a file is premium when it, or any folder above it, is marked premium. Premium files
 * are for entitled callers only: a learner holding at least one enrolment that is not refunded,
 * still enrolled and with dashboard access, or staff (instructor, moderator, admin) on their own
 * session. Everyone signed in sees premium files listed, but for a caller who is not entitled a
 * premium file is `locked` and carries no `downloadUrl`.
 */
import { z } from 'zod';
import { ResourceKindSchema } from './resources.js';
import { IdSchema } from './wire.js';

/** Longest search text (characters, after trimming). */
export const RESOURCE_SEARCH_MAX_LENGTH = 100;
/** Largest page of files or search results. */
export const RESOURCE_PAGE_MAX = 50;
/** Default page size of files and search results. */
export const RESOURCE_PAGE_DEFAULT = 20;
/** Most files `GET /api/user/resource/folder/{id}/all` lists (then `filesTotal` says how many there are). */
export const RESOURCE_FOLDER_ALL_MAX_FILES = 200;

/** A file of the library as a signed-in caller sees it. */
export const LearnerResourceFileSchema = z.object({
  id: IdSchema,
  folderId: IdSchema.nullable(),
  name: z.string(),
  description: z.string(),
  kind: ResourceKindSchema,
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  downloads: z.number().int().min(0),
  /** The file or a folder above it is premium. */
  isPremium: z.boolean(),
  /** Premium and the caller is not entitled: no `downloadUrl`, the page shows a lock. */
  locked: z.boolean(),
  /**
   * Where to open it: `/api/user/resource/{id}/file` for a stored PDF (needs the bearer token),
   * the external `https:` address of a link or video; null when locked or not downloadable yet.
   */
  downloadUrl: z.string().nullable(),
  /** A stored PDF the page can show in its viewer (never when locked). */
  viewable: z.boolean(),
});
export type LearnerResourceFile = z.infer<typeof LearnerResourceFileSchema>;

/** A folder of the library with how much it holds (direct children). */
export const LearnerResourceFolderSchema = z.object({
  id: IdSchema,
  parentId: IdSchema.nullable(),
  name: z.string(),
  description: z.string(),
  /** The folder or one above it is premium (so every file inside is). */
  isPremium: z.boolean(),
  /** Premium and the caller is not entitled. */
  locked: z.boolean(),
  folderCount: z.number().int().min(0),
  fileCount: z.number().int().min(0),
});
export type LearnerResourceFolder = z.infer<typeof LearnerResourceFolderSchema>;

/** One step of a breadcrumb, from the top folder down to the folder itself. */
export const ResourceCrumbSchema = z.object({ id: IdSchema, name: z.string() });
export type ResourceCrumb = z.infer<typeof ResourceCrumbSchema>;

/** `GET /api/user/resource/fs/all`: the top-level folders, in their order, with counts. */
export const ResourceRootSchema = z.object({
  folders: z.array(LearnerResourceFolderSchema),
  /** Whether the caller may open premium files (see the module comment). */
  isEntitled: z.boolean(),
});
export type ResourceRoot = z.infer<typeof ResourceRootSchema>;

/** `GET /api/user/resource/fs/{id}`: a folder, its breadcrumb and its subfolders. */
export const ResourceFolderViewSchema = z.object({
  folder: LearnerResourceFolderSchema,
  breadcrumb: z.array(ResourceCrumbSchema),
  subfolders: z.array(LearnerResourceFolderSchema),
  isEntitled: z.boolean(),
});
export type ResourceFolderView = z.infer<typeof ResourceFolderViewSchema>;

const PageNumberSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

const OffsetSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(100_000, 'must be at most 100000')
  .default(0);

/** `?limit=&offset=` of a page (limit 1–50, default 20). */
export const ResourcePageQuerySchema = z
  .object({
    limit: PageNumberSchema(RESOURCE_PAGE_MAX, RESOURCE_PAGE_DEFAULT),
    offset: OffsetSchema,
  })
  .strict();

/** The paging of an answer. */
const PagingSchema = {
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
};

/** `GET /api/user/resource/fs/{id}/files`: a page of a folder's files, in name order. */
export const ResourceFilesPageSchema = z.object({
  files: z.array(LearnerResourceFileSchema),
  ...PagingSchema,
  isEntitled: z.boolean(),
});
export type ResourceFilesPage = z.infer<typeof ResourceFilesPageSchema>;

/**
 * `?query=` of the search: 1–100 characters after trimming, no control characters. The text is
 * only ever words to the full-text search: `%`, `_`, `*`, `:`, quotes and operators mean nothing.
 */
export const ResourceSearchQuerySchema = z
  .object({
    query: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'must not be empty')
      .max(RESOURCE_SEARCH_MAX_LENGTH, `must be at most ${RESOURCE_SEARCH_MAX_LENGTH} characters`)
      .refine((text) => !/[\u0000-\u001F\u007F]/.test(text), 'must not contain control characters'),
    limit: PageNumberSchema(RESOURCE_PAGE_MAX, RESOURCE_PAGE_DEFAULT),
    offset: OffsetSchema,
  })
  .strict();
export type ResourceSearchQuery = z.infer<typeof ResourceSearchQuerySchema>;

/** One search hit: a folder or a file, with the name of the folder it sits in. */
export const ResourceSearchHitSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('folder'), folder: LearnerResourceFolderSchema }),
  z.object({ type: z.literal('file'), file: LearnerResourceFileSchema, folderName: z.string().nullable() }),
]);
export type ResourceSearchHit = z.infer<typeof ResourceSearchHitSchema>;

/** `GET /api/user/resource/search`: the best matches first. */
export const ResourceSearchSchema = z.object({
  query: z.string(),
  results: z.array(ResourceSearchHitSchema),
  ...PagingSchema,
  isEntitled: z.boolean(),
});
export type ResourceSearch = z.infer<typeof ResourceSearchSchema>;

/** `GET /api/user/resource/{id}/details` and `/{id}/premium`: a file and where it sits. */
export const ResourceFileDetailsSchema = z.object({
  file: LearnerResourceFileSchema,
  breadcrumb: z.array(ResourceCrumbSchema),
  isEntitled: z.boolean(),
});
export type ResourceFileDetails = z.infer<typeof ResourceFileDetailsSchema>;

/** `GET /api/user/resource/folder/{id}/all`: a folder with its subfolders and (first 200) files. */
export const ResourceFolderAllSchema = z.object({
  folder: LearnerResourceFolderSchema,
  breadcrumb: z.array(ResourceCrumbSchema),
  subfolders: z.array(LearnerResourceFolderSchema),
  files: z.array(LearnerResourceFileSchema),
  filesTotal: z.number().int().min(0),
  isEntitled: z.boolean(),
});
export type ResourceFolderAll = z.infer<typeof ResourceFolderAllSchema>;

/** `POST /api/user/resource/banner/click { banner, link? }`. */
export const ResourceBannerClickBodySchema = z
  .object({
    banner: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .refine((text) => !/[\u0000-\u001F\u007F]/.test(text), 'must not contain control characters'),
    link: z
      .string()
      .trim()
      .max(2000, 'must be at most 2000 characters')
      .refine((v) => {
        if (v.startsWith('/') && !v.startsWith('//')) return !/[\u0000-\u001F\u007F\\]/.test(v);
        try {
          return new URL(v).protocol === 'https:';
        } catch {
          return false;
        }
      }, 'must be an https:// link or a path of this site')
      .optional(),
  })
  .strict();
export type ResourceBannerClickBody = z.infer<typeof ResourceBannerClickBodySchema>;

/** The recorded click. */
export const ResourceBannerClickSchema = z.object({ recorded: z.literal(true) });
