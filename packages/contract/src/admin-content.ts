import { z } from 'zod';
import { AdminListQuerySchema, adminPageSchema } from './admin.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * The staff console's content calls (issue 17 point 2, admins only): blogs (rich text, sanitised on
 * the server with the public blog page's own allow-list) and trips. Every write is audited and
 * refreshes the public caches of what it changed, so a published change shows at once.
 */

const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** A slug: lower-case letters, digits and single hyphens. */
export const SlugSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens (e.g. my-first-post)');
/** An image address: https or a site path. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(/^(https:\/\/|\/(?!\/))\S*$/, 'must be an https:// address or a path starting with /');
const instantSchema = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

// ---------------------------------------------------------------------------------------------
// Blogs
// ---------------------------------------------------------------------------------------------

export const ADMIN_BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;

/** `GET /api/admin/blogs`: sorts by `publishedAt`, `updatedAt` (default `-updatedAt`), `title`; searches title and slug. */
export const AdminBlogsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(ADMIN_BLOG_STATUSES, { error: 'must be draft, scheduled or published' }).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
}).strict();

export const AdminBlogRowSchema = z.object({
  id: IdSchema,
  title: z.string(),
  url: z.string(),
  category: z.object({ id: IdSchema, name: z.string() }).nullable(),
  authorName: z.string().nullable(),
  status: z.enum(ADMIN_BLOG_STATUSES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBlogRow = z.infer<typeof AdminBlogRowSchema>;
export const AdminBlogPageSchema = adminPageSchema(AdminBlogRowSchema);

/** `POST /api/admin/blogs`, `PUT /api/admin/blogs/{id}`: the whole article. 409 when the slug is taken. */
export const AdminBlogBodySchema = z
  .object({
    title: text(200),
    /** The slug (`/blog/{category}/{url}`), unique among blogs. */
    url: SlugSchema,
    categoryId: IdSchema.nullable(),
    excerpt: optionalText(500),
    /** HTML from the editor; the server keeps only the public blog page's allow-list. */
    content: z.string().max(200_000, 'must be at most 200000 characters'),
    cover: ImageUrlSchema.nullable(),
    authorName: optionalText(120).nullable(),
    readingMinutes: z
      .number({ error: 'must be a whole number of minutes' })
      .int('must be a whole number of minutes')
      .min(1, 'must be 1 or more')
      .max(240, 'must be at most 240')
      .nullable(),
    isTrending: z.boolean(),
    isFeatured: z.boolean(),
    /** When it goes live; null keeps it a draft. */
    publishedAt: instantSchema.nullable(),
    meta: z
      .object({
        title: optionalText(200).optional(),
        description: optionalText(400).optional(),
        keywords: optionalText(300).optional(),
      })
      .strict(),
  })
  .strict();
export type AdminBlogBody = z.input<typeof AdminBlogBodySchema>;

export const AdminBlogSchema = AdminBlogRowSchema.extend({
  categoryId: IdSchema.nullable(),
  excerpt: z.string(),
  content: z.string(),
  cover: z.string().nullable(),
  readingMinutes: z.number().int().nullable(),
  isTrending: z.boolean(),
  isFeatured: z.boolean(),
  meta: z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    keywords: z.string().optional(),
  }),
  createdAt: z.string(),
});
export type AdminBlog = z.infer<typeof AdminBlogSchema>;

/** `GET /api/admin/blog-categories`: every category (the editor's choice). */
export const AdminBlogCategoriesSchema = z.array(
  z.object({ id: IdSchema, name: z.string(), slug: z.string() }),
);

// ---------------------------------------------------------------------------------------------
// Trips
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/trips`: sorts by `startDate` (default `-startDate`), `title`; searches title, slug, location. */
export const AdminTripsQuerySchema = AdminListQuerySchema.extend({
  active: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
}).strict();

export const AdminTripRowSchema = z.object({
  id: IdSchema,
  title: z.string(),
  slug: z.string(),
  location: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  price: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  isActive: z.boolean(),
});
export const AdminTripPageSchema = adminPageSchema(AdminTripRowSchema);

const listOf = (max: number, each: number) =>
  z.array(text(each)).max(max, `must have at most ${max} entries`);
const wholePrice = z
  .number({ error: 'must be a whole amount' })
  .int('must be a whole amount')
  .min(0, 'must be 0 or more')
  .max(10_000_000, 'must be at most 10000000')
  .nullable();

/** `POST /api/admin/trips`, `PUT /api/admin/trips/{id}`: the whole trip (prices in whole rupees / dollars). */
export const AdminTripBodySchema = z
  .object({
    title: text(200),
    slug: SlugSchema,
    location: text(200),
    startDate: WireDateSchema.nullable(),
    endDate: WireDateSchema.nullable(),
    price: wholePrice,
    dollar: wholePrice,
    thumbnail: ImageUrlSchema.nullable(),
    isActive: z.boolean(),
    details: z
      .object({
        summary: optionalText(2000),
        highlights: listOf(30, 300),
        itinerary: z
          .array(
            z
              .object({
                day: z.number().int().min(1, 'must be 1 or more').max(60, 'must be at most 60'),
                title: text(200),
                description: optionalText(2000),
              })
              .strict(),
          )
          .max(60, 'must have at most 60 days'),
        inclusions: listOf(30, 300),
        exclusions: listOf(30, 300),
        seats: z.number().int().min(1, 'must be 1 or more').max(10_000).optional(),
      })
      .strict(),
  })
  .strict()
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, {
    path: ['endDate'],
    message: 'must be on or after the start date',
  });
export type AdminTripBody = z.input<typeof AdminTripBodySchema>;

export const AdminTripSchema = AdminTripRowSchema.extend({
  thumbnail: z.string().nullable(),
  details: z.object({
    summary: z.string(),
    highlights: z.array(z.string()),
    itinerary: z.array(z.object({ day: z.number().int(), title: z.string(), description: z.string() })),
    inclusions: z.array(z.string()),
    exclusions: z.array(z.string()),
    seats: z.number().int().optional(),
  }),
  createdAt: z.string(),
});
export type AdminTrip = z.infer<typeof AdminTripSchema>;

// ---------------------------------------------------------------------------------------------
// Competitions
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/competitions`: sorts by `registrationDeadline` (default `-registrationDeadline`), `title`; searches title and slug. */
export const AdminCompetitionsQuerySchema = AdminListQuerySchema.extend({
  active: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
}).strict();

export const AdminCompetitionRowSchema = z.object({
  id: IdSchema,
  title: z.string(),
  slug: z.string(),
  amount: z.number().int(),
  dollar: z.number().int().nullable(),
  registrationDeadline: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
  registrations: z.number().int(),
});
export const AdminCompetitionPageSchema = adminPageSchema(AdminCompetitionRowSchema);

/** `POST /api/admin/competitions`, `PUT /api/admin/competitions/{id}` (fees in whole rupees / dollars; 0 = free). */
export const AdminCompetitionBodySchema = z
  .object({
    title: text(200),
    slug: SlugSchema,
    summary: optionalText(400),
    description: optionalText(20_000),
    thumbnail: ImageUrlSchema.nullable(),
    amount: z
      .number({ error: 'must be a whole amount' })
      .int('must be a whole amount')
      .min(0, 'must be 0 or more')
      .max(10_000_000, 'must be at most 10000000'),
    dollar: wholePrice,
    registrationDeadline: WireDateSchema.nullable(),
    startDate: WireDateSchema.nullable(),
    endDate: WireDateSchema.nullable(),
    isActive: z.boolean(),
    brief: z
      .object({
        siteArea: optionalText(300).optional(),
        deliverables: listOf(30, 300),
        prizes: listOf(30, 300),
        jury: listOf(30, 300),
        rules: listOf(50, 500),
      })
      .strict(),
  })
  .strict()
  .refine((c) => !c.startDate || !c.endDate || c.endDate >= c.startDate, {
    path: ['endDate'],
    message: 'must be on or after the start date',
  });
export type AdminCompetitionBody = z.input<typeof AdminCompetitionBodySchema>;

export const AdminCompetitionSchema = AdminCompetitionRowSchema.extend({
  summary: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  brief: z.object({
    siteArea: z.string().optional(),
    deliverables: z.array(z.string()),
    prizes: z.array(z.string()),
    jury: z.array(z.string()),
    rules: z.array(z.string()),
  }),
  createdAt: z.string(),
});
export type AdminCompetition = z.infer<typeof AdminCompetitionSchema>;

// ---------------------------------------------------------------------------------------------
// Design-consultation packages (fixed ids 1–4: the spec's order names them; edited, not created)
// ---------------------------------------------------------------------------------------------

export const AdminConsultationPackageSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  dollar: z.number().int().nullable(),
  covered: z.array(z.string()),
  detailsRequired: z.array(z.string()),
  services: z.array(
    z.object({ name: z.string(), description: z.string(), durationMinutes: z.number().int().optional() }),
  ),
  isActive: z.boolean(),
});
export type AdminConsultationPackage = z.infer<typeof AdminConsultationPackageSchema>;
export const AdminConsultationPackagesSchema = z.array(AdminConsultationPackageSchema);

/** `PUT /api/admin/consultation-packages/{id}`: the whole package. */
export const AdminConsultationPackageBodySchema = z
  .object({
    name: text(120),
    description: optionalText(2000),
    price: z
      .number({ error: 'must be a whole amount' })
      .int('must be a whole amount')
      .min(0, 'must be 0 or more')
      .max(10_000_000, 'must be at most 10000000'),
    dollar: wholePrice,
    covered: listOf(30, 300),
    detailsRequired: listOf(30, 300),
    services: z
      .array(
        z
          .object({
            name: text(200),
            description: optionalText(1000),
            durationMinutes: z
              .number()
              .int()
              .min(1, 'must be 1 or more')
              .max(1440, 'must be at most 1440')
              .optional(),
          })
          .strict(),
      )
      .max(20, 'must have at most 20 services'),
    isActive: z.boolean(),
  })
  .strict();
export type AdminConsultationPackageBody = z.input<typeof AdminConsultationPackageBodySchema>;

// ---------------------------------------------------------------------------------------------
// The home page's content: top banner, campaigns with their banners, event objects
// ---------------------------------------------------------------------------------------------

/** A link: https, or a site path. */
export const LinkUrlSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(/^(https:\/\/|\/(?!\/))\S*$/, 'must be an https:// address or a path starting with /');

/** `GET /api/admin/top-banners`: sorts by `createdAt` (default `-createdAt`); searches the text. The newest active one shows. */
export const AdminTopBannerSchema = z.object({
  id: IdSchema,
  content: z.string(),
  link: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const AdminTopBannerPageSchema = adminPageSchema(AdminTopBannerSchema);
export const AdminTopBannerBodySchema = z
  .object({ content: text(300), link: LinkUrlSchema.nullable(), isActive: z.boolean() })
  .strict();
export type AdminTopBannerBody = z.input<typeof AdminTopBannerBodySchema>;

export const CAMPAIGN_BANNER_TYPE_NAMES = { 1: 'popup', 2: 'sidebar' } as const;

/** `GET /api/admin/campaigns`: sorts by `startsAt` (default `-startsAt`), `name`; searches the name. */
export const AdminCampaignRowSchema = z.object({
  id: IdSchema,
  name: z.string(),
  isPopup: z.boolean(),
  isSidebar: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  banners: z.number().int(),
});
export const AdminCampaignPageSchema = adminPageSchema(AdminCampaignRowSchema);

const CampaignBannerBodySchema = z
  .object({
    type: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (popup) or 2 (sidebar)' }),
    title: optionalText(200),
    image: ImageUrlSchema.min(1, 'is required'),
    link: LinkUrlSchema.nullable(),
  })
  .strict();

/** `POST /api/admin/campaigns`, `PUT /api/admin/campaigns/{id}`: the campaign with all its banners (in order). */
export const AdminCampaignBodySchema = z
  .object({
    name: text(200),
    isPopup: z.boolean(),
    isSidebar: z.boolean(),
    startsAt: instantSchema.nullable(),
    endsAt: instantSchema.nullable(),
    banners: z.array(CampaignBannerBodySchema).max(20, 'must have at most 20 banners'),
  })
  .strict()
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    path: ['endsAt'],
    message: 'must be after the start',
  });
export type AdminCampaignBody = z.input<typeof AdminCampaignBodySchema>;

export const AdminCampaignSchema = AdminCampaignRowSchema.extend({
  bannerList: z.array(
    z.object({
      id: IdSchema,
      type: z.number().int(),
      title: z.string(),
      image: z.string(),
      link: z.string().nullable(),
    }),
  ),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

/** `GET /api/admin/event-objects`: sorts by `startsAt` (default `-startsAt`), `name`; searches the name. */
export const AdminEventObjectSchema = z.object({
  id: IdSchema,
  name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminEventObjectPageSchema = adminPageSchema(AdminEventObjectSchema);
/** The event's fields as the site's client reads them: a JSON object of at most 10 000 characters. */
export const AdminEventObjectBodySchema = z
  .object({
    name: text(200),
    payload: z
      .record(z.string().max(100), z.unknown())
      .refine((p) => JSON.stringify(p).length <= 10_000, 'must be at most 10000 characters as JSON'),
    startsAt: instantSchema.nullable(),
    endsAt: instantSchema.nullable(),
  })
  .strict()
  .refine((e) => !e.startsAt || !e.endsAt || Date.parse(e.endsAt) > Date.parse(e.startsAt), {
    path: ['endsAt'],
    message: 'must be after the start',
  });
export type AdminEventObjectBody = z.input<typeof AdminEventObjectBodySchema>;

// ---------------------------------------------------------------------------------------------
// The resource library: folders (nested, premium flag) and files (an uploaded PDF or a link)
// ---------------------------------------------------------------------------------------------

export const ADMIN_RESOURCE_FILE_KINDS = ['pdf', 'image', 'video', 'cad', 'archive', 'link'] as const;
/** Largest PDF the console uploads into the library. */
export const RESOURCE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Where an uploaded PDF is kept in the file storage (the key the public PDF route reads). */
export const RESOURCE_UPLOAD_PATH = /^resources\/[a-f0-9]{32}\.pdf$/;
/**
 * A file the library keeps in its storage: an uploaded PDF, or one the demo seed stored (a PDF, a
 * drawing, an archive, an image; decision 0035). A file record may keep such a path when it is
 * edited; the server checks that the bytes are there.
 */
export const RESOURCE_STORED_PATH = /^resources\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(pdf|jpe?g|png|dxf|zip)$/;

/** The kind a stored library file is by its extension (`.dxf` → `cad`, `.zip` → `archive`, …), or null. */
export function resourceKindOfPath(path: string): 'pdf' | 'image' | 'cad' | 'archive' | null {
  const extension = /\.([a-z]+)$/.exec(path)?.[1];
  switch (extension) {
    case 'pdf':
      return 'pdf';
    case 'jpg':
    case 'jpeg':
    case 'png':
      return 'image';
    case 'dxf':
      return 'cad';
    case 'zip':
      return 'archive';
    default:
      return null;
  }
}

/** `GET /api/admin/resource-folders`: sorts by `sequence` (default), `name`, `createdAt`; searches the name. `parentId=0` lists the top level. */
export const AdminResourceFoldersQuerySchema = AdminListQuerySchema.extend({
  parentId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
}).strict();

export const AdminResourceFolderSchema = z.object({
  id: IdSchema,
  parentId: IdSchema.nullable(),
  name: z.string(),
  description: z.string(),
  isPremium: z.boolean(),
  sequence: z.number().int(),
  folders: z.number().int(),
  files: z.number().int(),
  createdAt: z.string(),
});
export type AdminResourceFolder = z.infer<typeof AdminResourceFolderSchema>;
export const AdminResourceFolderPageSchema = adminPageSchema(AdminResourceFolderSchema);

/** `POST /api/admin/resource-folders`, `PUT /api/admin/resource-folders/{id}`. A folder cannot sit inside itself. */
export const AdminResourceFolderBodySchema = z
  .object({
    parentId: IdSchema.nullable(),
    name: text(200),
    description: optionalText(2000),
    isPremium: z.boolean(),
    sequence: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000),
  })
  .strict();
export type AdminResourceFolderBody = z.input<typeof AdminResourceFolderBodySchema>;

/** `GET /api/admin/resource-files`: sorts by `createdAt` (default `-createdAt`), `name`; searches the name. `folderId=0` lists files outside folders. */
export const AdminResourceFilesQuerySchema = AdminListQuerySchema.extend({
  folderId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  kind: z.enum(ADMIN_RESOURCE_FILE_KINDS).optional(),
}).strict();

export const AdminResourceFileSchema = z.object({
  id: IdSchema,
  folderId: IdSchema.nullable(),
  folderName: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(ADMIN_RESOURCE_FILE_KINDS),
  path: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  isPremium: z.boolean(),
  isPublic: z.boolean(),
  downloads: z.number().int(),
  createdAt: z.string(),
});
export type AdminResourceFile = z.infer<typeof AdminResourceFileSchema>;
export const AdminResourceFilePageSchema = adminPageSchema(AdminResourceFileSchema);

/**
 * `POST /api/admin/resource-files`, `PUT /api/admin/resource-files/{id}`: a PDF uploaded first
 * (`path` from `POST /api/admin/resource-files/upload`), or a link (`url`) for any kind.
 */
export const AdminResourceFileBodySchema = z
  .object({
    folderId: IdSchema.nullable(),
    name: text(200),
    description: optionalText(2000),
    kind: z.enum(ADMIN_RESOURCE_FILE_KINDS, { error: 'must be pdf, image, video, cad, archive or link' }),
    path: z.string().regex(RESOURCE_STORED_PATH, 'must be the path of an uploaded PDF').nullable(),
    url: z
      .string()
      .trim()
      .max(1000, 'must be at most 1000 characters')
      .regex(/^https:\/\/\S+$/, 'must be an https:// address')
      .nullable(),
    thumbnail: ImageUrlSchema.nullable(),
    isPremium: z.boolean(),
    isPublic: z.boolean(),
  })
  .strict()
  .refine((f) => (f.path === null) !== (f.url === null), {
    path: ['url'],
    message: 'give either an uploaded PDF or a link, not both and not neither',
  })
  .refine((f) => f.path === null || f.kind === resourceKindOfPath(f.path), {
    path: ['kind'],
    message: 'must be the kind of the stored file (pdf for an uploaded PDF)',
  });
export type AdminResourceFileBody = z.input<typeof AdminResourceFileBodySchema>;

/** `POST /api/admin/resource-files/upload` (multipart, field `file`): a PDF of at most 20 MB, stored. */
export const AdminResourceUploadSchema = z.object({
  path: z.string(),
  sizeBytes: z.number().int(),
  /** The uploaded file's own name, as a suggestion for the file's name. */
  fileName: z.string(),
});
