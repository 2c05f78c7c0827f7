import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, WireDateSchema, WireTimeSchema } from './wire.js';

/** Spec §3 Batch pricing fields: whole rupees / dollars as the spec shows them; null = not set. */
const PriceFields = {
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
};

/** `BatchSchedules[]` entry (spec §3). */
export const BatchScheduleSchema = z.object({
  id: IdSchema,
  startTime: WireTimeSchema,
  endTime: WireTimeSchema,
});
export type BatchSchedule = z.infer<typeof BatchScheduleSchema>;

/** The first batch of a workshop as cards and menus need it (dates, type, prices, schedules). */
export const BatchCardSchema = z.object({
  id: IdSchema,
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  sessionType: z.union([z.literal(1), z.literal(2)]),
  /**
   * The last day the batch is sold (late joining: the domain's `lastJoinDay`), `'0000-00-00'` when
   * there is no limit: a fixed date, so cards can say "started · join by …" or "enrolment closed"
   * against today without the cached answer going stale.
   */
  joinUntil: WireDateSchema.optional(),
  ...PriceFields,
  BatchSchedules: z.array(BatchScheduleSchema),
});
export type BatchCard = z.infer<typeof BatchCardSchema>;

/**
 * A workshop as the every-page list carries it: only what menus and cards need (issue 5: id, type,
 * shortTitle, markAs, category name, Batches[0] with its dates and prices) plus the card image.
 */
export const WorkshopCardSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
  markAs: z.string().nullable(),
  searchKeys: z.string().nullable(),
  thumbnail: z.string().nullable(),
  ...PriceFields,
  Batches: z.array(BatchCardSchema).max(1),
});
export type WorkshopCard = z.infer<typeof WorkshopCardSchema>;

/** `GET /api/masterclasses-and-courses`: `data.categories`, each with its workshops in catalogue order. */
export const MasterclassesAndCoursesSchema = z.object({
  categories: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      sequence: z.number().int(),
      Workshops: z.array(WorkshopCardSchema),
      /**
       * How many workshops the category has in all. The every-page list carries at most
       * `EVERY_PAGE_WORKSHOPS_PER_CATEGORY` of them (the first in catalogue order), so that it stays
       * small on a large catalogue; the full catalogue is searched and paged.
       */
      workshopCount: z.number().int().nonnegative().optional(),
    }),
  ),
});

/** Most workshops per category in the every-page list (issue 5: under 150 KB compressed at scale). */
export const EVERY_PAGE_WORKSHOPS_PER_CATEGORY = 24;
export type MasterclassesAndCourses = z.infer<typeof MasterclassesAndCoursesSchema>;

/** `CourseCategories[]` entry of a subcategory: its sequence and the workshop (spec §3). */
export const CourseCategorySchema = z.object({
  sequence: z.number().int(),
  Workshop: WorkshopCardSchema,
});

/**
 * Most courses per subcategory in `GET /api/v3/categories` (issue 5: the data pages load stays
 * small on a large catalogue). Whole, the large seed's tree (218 subcategories, 6,700 course
 * links) was 4 MB raw, 102 KB compressed and 120 ms at p99 even from a constant buffer; six per
 * subcategory still made 31 KB. What the tree is for, menus and a subcategory's first courses,
 * needs a handful; the whole of a subcategory is one search away
 * (`GET /api/masterclasses-and-courses?subcategoryId=`).
 */
export const TREE_WORKSHOPS_PER_SUBCATEGORY = 4;

/** Subcategory with its course list (spec §3). */
export const SubcategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  sequence: z.number().int(),
  /** Its first `TREE_WORKSHOPS_PER_SUBCATEGORY` courses by `sequence`. */
  CourseCategories: z.array(CourseCategorySchema),
  /** How many courses the subcategory has in all (may exceed `CourseCategories`). */
  courseCount: z.number().int().nonnegative().optional(),
});

/** Category with its subcategories (spec §3). */
export const CategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  sequence: z.number().int(),
  Subcategory: z.array(SubcategorySchema),
});
export type Category = z.infer<typeof CategorySchema>;

/** `GET /api/v3/categories`: `data.categories`, every list ordered by `sequence`. */
export const CategoriesTreeSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoriesTree = z.infer<typeof CategoriesTreeSchema>;

/** Every-page menu categories (`GET /api/categories/all`): the tree without workshops. */
export const MenuCategoriesSchema = z.object({
  categories: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      sequence: z.number().int(),
      Subcategory: z.array(z.object({ id: IdSchema, name: z.string(), sequence: z.number().int() })),
    }),
  ),
});
export type MenuCategories = z.infer<typeof MenuCategoriesSchema>;

/** `GET /api/geolocation/locus`: `data.currency.code` (spec §7 Location). */
export const LocusSchema = z.object({ currency: z.object({ code: CurrencyCodeSchema }) });
export type Locus = z.infer<typeof LocusSchema>;

/** `GET /api/top-banner` (spec §3: content, link); null when no banner is active. */
export const TopBannerSchema = z.object({ content: z.string(), link: z.string().nullable() }).nullable();
export type TopBanner = z.infer<typeof TopBannerSchema>;

/** `GET /api/campaign/banners`: `data` is a list (spec §7). Type 1 popup, 2 sidebar (spec §9). */
export const CampaignBannerSchema = z.object({
  id: IdSchema,
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  campaign: z.object({
    id: IdSchema,
    name: z.string(),
    isPopup: z.boolean(),
    isSidebar: z.boolean(),
  }),
});
export const CampaignBannersSchema = z.array(CampaignBannerSchema);
export type CampaignBanner = z.infer<typeof CampaignBannerSchema>;

/** `GET /api/event/objects`: a list (spec §3 leaves the fields open; these are ours). */
export const EventObjectSchema = z.object({
  id: IdSchema,
  name: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export const EventObjectsSchema = z.array(EventObjectSchema);
export type EventObject = z.infer<typeof EventObjectSchema>;
