import { z } from 'zod';
import { AdminListQuerySchema, adminPageSchema } from './admin.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * The staff console's catalogue authoring (issue 17 point 1), admins only: categories and
 * subcategories (with their order), workshops (titles, search keys, meta tags, badge, landing-page
 * sections, thumbnail, brochure, prices, placement, publishing, instructors), batches (dates,
 * session type, prices, seats, meeting link, weekly schedules) and each batch's instalment
 * template. Catalogue prices are whole rupees / dollars (as the catalogue tables keep them);
 * instalment amounts are minor units (paise / cents, as the payment tables keep them). Every write
 * refreshes the public caches the change shows on.
 */

const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A URL slug: lowercase letters, digits and single hyphens. */
export const CatalogueSlugSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens');

/** A whole-rupee or whole-dollar catalogue price; null for none. */
const WholePriceSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(10_000_000, 'must be at most 10,000,000')
  .nullable();

/** An https address (brochures, videos, meeting links). */
const HttpsUrlSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(/^https:\/\/[^\s]+$/, 'must be an https:// address');

/**
 * An image of the site's image pipeline (`apps/web/scripts/generate-images.mjs` draws them into
 * `public/images`, `lib/images.ts` serves them at each width). There is no upload route: a
 * workshop names one of the existing images by its path.
 */
export const CatalogueImagePathSchema = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .regex(
    /^\/images\/[a-z0-9][a-z0-9/_-]*\.(?:jpg|png)$/,
    'must be an image path like /images/workshops/name.jpg',
  );

// ---------------------------------------------------------------------------------------------
// Categories and subcategories
// ---------------------------------------------------------------------------------------------

export const AdminSubcategorySchema = z.object({
  id: IdSchema,
  categoryId: IdSchema,
  name: z.string(),
  slug: z.string(),
  sequence: z.number().int(),
  isActive: z.boolean(),
  /** Workshops placed in it. */
  workshops: z.number().int(),
});
export type AdminSubcategory = z.infer<typeof AdminSubcategorySchema>;

export const AdminCategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  sequence: z.number().int(),
  isActive: z.boolean(),
  subcategories: z.array(AdminSubcategorySchema),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** `GET /api/admin/categories`: every category with its subcategories, in catalogue order. */
export const AdminCategoryTreeSchema = z.object({ items: z.array(AdminCategorySchema) });

/** Create or edit a category or a subcategory. A slug already taken is a 409. */
export const AdminCategoryBodySchema = z
  .object({
    name: text(120),
    slug: CatalogueSlugSchema,
    isActive: z.boolean({ error: 'must be true or false' }).default(true),
  })
  .strict();
export type AdminCategoryBody = z.input<typeof AdminCategoryBodySchema>;

/**
 * `POST /api/admin/categories/reorder` and `…/categories/{id}/subcategories/reorder`: every id of
 * the list, once each, in the new order (sequences are rewritten 1…n in one transaction). A list
 * that is not exactly the current one (someone added or removed one meanwhile) is a 409.
 */
export const AdminReorderBodySchema = z
  .object({
    ids: z
      .array(IdSchema)
      .min(1, 'must name at least one')
      .max(500, 'must name at most 500')
      .refine((ids) => new Set(ids).size === ids.length, 'must name each one once'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Workshops
// ---------------------------------------------------------------------------------------------

export const ADMIN_WORKSHOP_TYPES = [1, 2] as const;
const WorkshopTypeBodySchema = z.union([z.literal(1), z.literal(2)], {
  error: 'must be 1 (masterclass) or 2 (course)',
});

/** The top of the workshop page (`hero-details`). */
export const AdminWorkshopHeroSchema = z
  .object({
    tagline: optionalText(200).optional(),
    highlights: z.array(text(200)).max(12, 'must be at most 12').optional(),
    duration: optionalText(60).optional(),
    level: optionalText(60).optional(),
    language: optionalText(60).optional(),
    videoUrl: HttpsUrlSchema.optional(),
    hasCertificate: z.boolean().optional(),
  })
  .strict();

/** The landing page's sections (`sections/learners-curriculums-instructors`, `…/outcomes-bonus-testimonials`). */
export const AdminWorkshopSectionsSchema = z
  .object({
    curriculum: z
      .array(
        z.object({ title: text(200), points: z.array(text(300)).max(30, 'must be at most 30') }).strict(),
      )
      .max(40, 'must be at most 40')
      .optional(),
    instructors: z
      .array(
        z
          .object({
            name: text(120),
            role: optionalText(120),
            bio: optionalText(2000),
            image: CatalogueImagePathSchema.optional(),
          })
          .strict(),
      )
      .max(20, 'must be at most 20')
      .optional(),
    outcomes: z.array(text(300)).max(30, 'must be at most 30').optional(),
    bonus: z
      .array(z.object({ title: text(200), description: optionalText(1000) }).strict())
      .max(20, 'must be at most 20')
      .optional(),
    testimonials: z
      .array(
        z
          .object({
            name: text(120),
            role: optionalText(120),
            quote: text(2000),
            videoUrl: HttpsUrlSchema.optional(),
          })
          .strict(),
      )
      .max(40, 'must be at most 40')
      .optional(),
    caseStudies: z
      .array(
        z
          .object({
            title: text(200),
            author: text(120),
            summary: optionalText(2000),
            image: CatalogueImagePathSchema.optional(),
          })
          .strict(),
      )
      .max(40, 'must be at most 40')
      .optional(),
    learners: z
      .object({
        headline: optionalText(200),
        count: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000_000),
        profiles: z.array(text(200)).max(40, 'must be at most 40'),
      })
      .strict()
      .optional(),
  })
  .strict();

/** The workshop's `MetaTags` (page head). */
export const AdminMetaTagsSchema = z
  .object({
    title: text(200),
    description: optionalText(500).default(''),
    keywords: optionalText(500).default(''),
  })
  .strict();

/** The slashed price must be above the price it is shown beside. */
function slashedAbove(
  value: {
    amount?: number | null;
    slashAmount?: number | null;
    dollar?: number | null;
    slashDollar?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.slashAmount != null && value.amount != null && value.slashAmount <= value.amount)
    ctx.addIssue({ code: 'custom', path: ['slashAmount'], message: 'must be more than the price in INR' });
  if (value.slashDollar != null && value.dollar != null && value.slashDollar <= value.dollar)
    ctx.addIssue({ code: 'custom', path: ['slashDollar'], message: 'must be more than the price in USD' });
}

/** Create or edit a workshop (`POST /api/admin/workshops`, `PUT /api/admin/workshops/{id}`). */
export const AdminWorkshopBodySchema = z
  .object({
    type: WorkshopTypeBodySchema,
    title: text(200),
    shortTitle: text(80),
    slug: CatalogueSlugSchema,
    searchKeys: optionalText(500).default(''),
    markAs: optionalText(40)
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    description: optionalText(10_000).default(''),
    thumbnail: CatalogueImagePathSchema.nullable().default(null),
    brochureUrl: HttpsUrlSchema.nullable().default(null),
    amount: WholePriceSchema.default(null),
    dollar: WholePriceSchema.default(null),
    slashAmount: WholePriceSchema.default(null),
    slashDollar: WholePriceSchema.default(null),
    hero: AdminWorkshopHeroSchema.default({}),
    sections: AdminWorkshopSectionsSchema.default({}),
    metaTags: AdminMetaTagsSchema.nullable().default(null),
    /** The subcategories it is listed in (none: not in the catalogue's tree). */
    subcategoryIds: z
      .array(IdSchema)
      .max(20, 'must be at most 20')
      .refine((ids) => new Set(ids).size === ids.length, 'must name each subcategory once')
      .default([]),
    isPublished: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .strict()
  .superRefine(slashedAbove);
export type AdminWorkshopBody = z.input<typeof AdminWorkshopBodySchema>;

/** `GET /api/admin/workshops`: sorts by `title`, `createdAt`, `updatedAt` (default `-updatedAt`); searches titles, slug and search keys. */
export const AdminWorkshopsQuerySchema = AdminListQuerySchema.extend({
  type: z.coerce
    .number()
    .refine((n) => n === 1 || n === 2, 'must be 1 (masterclass) or 2 (course)')
    .optional(),
  published: z.enum(['yes', 'no'], { error: 'must be yes or no' }).optional(),
}).strict();

export const AdminWorkshopRowSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
  markAs: z.string().nullable(),
  isPublished: z.boolean(),
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  batches: z.number().int(),
  instructors: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminWorkshopRow = z.infer<typeof AdminWorkshopRowSchema>;
export const AdminWorkshopPageSchema = adminPageSchema(AdminWorkshopRowSchema);

/** A staff member who can be given a workshop to teach. */
export const AdminInstructorSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type AdminInstructor = z.infer<typeof AdminInstructorSchema>;
/** `GET /api/admin/instructors`: every instructor account, by name. */
export const AdminInstructorListSchema = z.object({ items: z.array(AdminInstructorSchema) });

/** One workshop as its editor loads it. */
export const AdminWorkshopSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
  searchKeys: z.string(),
  markAs: z.string().nullable(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  brochureUrl: z.string().nullable(),
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
  hero: z.record(z.string(), z.unknown()),
  sections: z.record(z.string(), z.unknown()),
  metaTags: z.object({ title: z.string(), description: z.string(), keywords: z.string() }).nullable(),
  subcategoryIds: z.array(IdSchema),
  isPublished: z.boolean(),
  instructors: z.array(AdminInstructorSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminWorkshop = z.infer<typeof AdminWorkshopSchema>;

/** `POST /api/admin/workshops/{id}/publish`: publish (shown on the site) or unpublish. */
export const AdminPublishBodySchema = z
  .object({ isPublished: z.boolean({ error: 'must be true or false' }) })
  .strict();

/**
 * `PUT /api/admin/workshops/{id}/instructors`: who teaches it (instructor accounts; the list
 * replaces the current one). An instructor's console shows exactly these workshops' batches.
 */
export const AdminWorkshopInstructorsBodySchema = z
  .object({
    userIds: z
      .array(IdSchema)
      .max(50, 'must be at most 50')
      .refine((ids) => new Set(ids).size === ids.length, 'must name each instructor once'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Batches
// ---------------------------------------------------------------------------------------------

/** `HH:mm` (seconds allowed) of the platform's time zone. */
const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:mm');

export const AdminScheduleSchema = z
  .object({
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    day: z
      .number({ error: 'must be a weekday' })
      .int('must be a weekday')
      .min(1, 'must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'must be 1 (Monday) to 7 (Sunday)'),
    startTime: ClockTimeSchema,
    endTime: ClockTimeSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const norm = (t: string) => (t.length === 5 ? `${t}:00` : t);
    if (norm(value.endTime) <= norm(value.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be after the start time' });
  });
export type AdminSchedule = z.input<typeof AdminScheduleSchema>;

/** Create or edit a batch (`POST /api/admin/workshops/{id}/batches`, `PUT /api/admin/batches/{id}`). */
export const AdminBatchBodySchema = z
  .object({
    name: optionalText(120)
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    /** Null: no date yet (the spec's "0000-00-00"). */
    startDate: WireDateSchema.nullable().default(null),
    endDate: WireDateSchema.nullable().default(null),
    /** 1 = live, 2 = recorded. */
    sessionType: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (live) or 2 (recorded)' }),
    amount: WholePriceSchema.default(null),
    dollar: WholePriceSchema.default(null),
    slashAmount: WholePriceSchema.default(null),
    slashDollar: WholePriceSchema.default(null),
    /** Seats; null for unlimited. */
    capacity: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(100_000, 'must be at most 100,000')
      .nullable()
      .default(null),
    /** The live sessions' meeting link. */
    zoomLink: HttpsUrlSchema.nullable().default(null),
    isActive: z.boolean({ error: 'must be true or false' }).default(true),
    /** Weekly slots; none = "coming soon". Replaces the current ones. */
    schedules: z.array(AdminScheduleSchema).max(14, 'must be at most 14').default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    slashedAbove(value, ctx);
    if (value.startDate && value.endDate && value.endDate < value.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after the start date' });
  });
export type AdminBatchBody = z.input<typeof AdminBatchBodySchema>;

export const AdminBatchSchema = z.object({
  id: IdSchema,
  workshopId: IdSchema,
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionType: z.number().int(),
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  zoomLink: z.string().nullable(),
  isActive: z.boolean(),
  schedules: z.array(z.object({ day: z.number().int(), startTime: z.string(), endTime: z.string() })),
  /** Learners enrolled. */
  enrolled: z.number().int(),
  /** Instalments in its plan template (0: no instalment plan). */
  instalments: z.number().int(),
});
export type AdminBatch = z.infer<typeof AdminBatchSchema>;
/** `GET /api/admin/workshops/{id}/batches`: the workshop's batches, latest start first. */
export const AdminBatchListSchema = z.object({ items: z.array(AdminBatchSchema) });

// ---------------------------------------------------------------------------------------------
// Instalment templates
// ---------------------------------------------------------------------------------------------

export const ADMIN_MAX_INSTALMENTS = 12;

const MinorAmountSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of paise / cents')
  .min(1, 'must be more than 0')
  .max(1_000_000_000, 'is too large');

export const AdminInstalmentItemSchema = z
  .object({
    amountInrMinor: MinorAmountSchema,
    amountUsdMinor: MinorAmountSchema,
    /** A fixed due day, or … */
    dueDate: WireDateSchema.nullable().default(null),
    /** … days after purchase (recorded batches). Instalment 1 is due at purchase whatever it says. */
    dueAfterDays: z
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .min(0, 'must be 0 or more')
      .max(730, 'must be at most 730')
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.dueDate === null) === (value.dueAfterDays === null))
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'give either a due date or days after purchase (one of the two)',
      });
  });

/**
 * `PUT /api/admin/batches/{id}/instalments`: the whole plan, in order (it replaces the current
 * one; an empty list removes the plan). Rules: 2 to 12 instalments; each due either on a date or
 * days after purchase, all the same way; later instalments fall due strictly later; a recorded
 * batch (sold at any time) uses days after purchase. The plan's list price is its sum (decision
 * 0017: it may differ from the full price).
 */
export const AdminInstalmentsBodySchema = z
  .object({
    items: z
      .array(AdminInstalmentItemSchema)
      .max(ADMIN_MAX_INSTALMENTS, `must be at most ${ADMIN_MAX_INSTALMENTS}`),
  })
  .strict()
  .superRefine((value, ctx) => {
    const { items } = value;
    if (items.length === 1)
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'a plan needs at least 2 instalments (or none to remove it)',
      });
    const dated = items.filter((i) => i.dueDate !== null).length;
    if (dated !== 0 && dated !== items.length)
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'every instalment must be due the same way: all on dates or all days after purchase',
      });
    for (let i = 1; i < items.length; i += 1) {
      const prev = items[i - 1]!;
      const cur = items[i]!;
      const later =
        cur.dueDate !== null && prev.dueDate !== null
          ? cur.dueDate > prev.dueDate
          : cur.dueAfterDays !== null && prev.dueAfterDays !== null
            ? cur.dueAfterDays > prev.dueAfterDays
            : true;
      if (!later)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, cur.dueDate !== null ? 'dueDate' : 'dueAfterDays'],
          message: 'must fall due after the instalment before it',
        });
    }
  });
export type AdminInstalmentsBody = z.input<typeof AdminInstalmentsBodySchema>;

export const AdminInstalmentTemplateSchema = z.object({
  batch: z.object({
    id: IdSchema,
    workshopId: IdSchema,
    sessionType: z.number().int(),
    /** The batch's full prices (whole units), to compare the plan's sums with. */
    amount: z.number().int().nullable(),
    dollar: z.number().int().nullable(),
  }),
  items: z.array(
    z.object({
      sequence: z.number().int(),
      amountInrMinor: z.number().int(),
      amountUsdMinor: z.number().int(),
      dueDate: z.string().nullable(),
      dueAfterDays: z.number().int().nullable(),
    }),
  ),
  totalInrMinor: z.number().int(),
  totalUsdMinor: z.number().int(),
});
export type AdminInstalmentTemplate = z.infer<typeof AdminInstalmentTemplateSchema>;
