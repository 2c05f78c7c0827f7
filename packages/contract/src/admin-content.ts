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
