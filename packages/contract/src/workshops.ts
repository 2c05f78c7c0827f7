import { z } from 'zod';
import { BatchScheduleSchema, MasterclassesAndCoursesSchema, WorkshopCardSchema } from './catalogue.js';
import { IdSchema, WireDateSchema } from './wire.js';

/**
 * Public catalogue calls beyond the every-page data (issue 5): catalogue search, a workshop's
 * detail-page blocks, suggestions, landing pages, case studies, video testimonials and the
 * allow-listed redirects. Field names follow the spec (§3), capitalised nested lists included.
 */

/** Largest page the paged public lists answer; a larger `pageSize` is clamped to it (checklist D3). */
export const MAX_PAGE_SIZE = 50;

/** Longest search text accepted (checklist D3: over the cap → 400). */
export const MAX_SEARCH_LENGTH = 100;

/** Page size when `pageSize` is not given. */
export const DEFAULT_PAGE_SIZE = 20;

/** `?page=`: 1-based page number (1 when not given). */
export const PageSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(10_000, 'is too large');

/**
 * `?pageSize=`: items per page ({@link DEFAULT_PAGE_SIZE} when not given); a larger value is
 * clamped to {@link MAX_PAGE_SIZE}, not refused (checklist D3).
 */
export const PageSizeSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .transform((n) => Math.min(n, MAX_PAGE_SIZE));

/** Free search text: trimmed, at most {@link MAX_SEARCH_LENGTH} characters; `%` and `_` match literally. */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
  // PostgreSQL text cannot hold NUL, and no search needs control characters.
  .refine((text) => !/[\u0000-\u001F\u007F]/.test(text), 'must not contain control characters');

/** Workshop type filter: 1 masterclass, 2 course (spec §9). */
export const WorkshopTypeSchema = z
  .enum(['1', '2'], { error: 'must be 1 (masterclass) or 2 (course)' })
  .transform((v) => (v === '1' ? 1 : 2));

/**
 * `GET /api/masterclasses-and-courses?query=&categoryId=&subcategoryId=&type=&page=&pageSize=`. With none of
 * these the call answers the cached every-page list ({@link MasterclassesAndCoursesSchema});
 * with any, a page of {@link MasterclassesAndCoursesPageSchema}.
 */
export const CatalogueSearchQuerySchema = z
  .object({
    query: SearchTextSchema.optional(),
    categoryId: IdSchema.optional(),
    /** Only the courses of this subcategory (all of them, not the tree's first few). */
    subcategoryId: IdSchema.optional(),
    type: WorkshopTypeSchema.optional(),
    page: PageSchema.optional(),
    pageSize: PageSizeSchema.optional(),
  })
  .strict();
export type CatalogueSearchQuery = z.infer<typeof CatalogueSearchQuerySchema>;

/**
 * A page of the catalogue search: the matching workshops of this page grouped under their
 * categories exactly as the every-page list (`data.categories[].Workshops`, catalogue order), plus
 * `total` matching workshops, `page` and the (clamped) `pageSize`.
 */
export const MasterclassesAndCoursesPageSchema = MasterclassesAndCoursesSchema.extend({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
});
export type MasterclassesAndCoursesPage = z.infer<typeof MasterclassesAndCoursesPageSchema>;

/** Either answer of `GET /api/masterclasses-and-courses` (a page carries `total`). */
export const MasterclassesAndCoursesResponseSchema = z.union([
  MasterclassesAndCoursesPageSchema,
  MasterclassesAndCoursesSchema,
]);

/** Spec §3 pricing (whole rupees / dollars), as `workshopPricing` of the domain reads it. */
export const PricingSchema = z.object({
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
});
export type Pricing = z.infer<typeof PricingSchema>;

/** A batch on the detail page: every active batch of the workshop with its weekly schedule. */
export const BatchDetailSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  sessionType: z.union([z.literal(1), z.literal(2)]),
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
  /** Seats; null = unlimited. */
  capacity: z.number().int().nullable(),
  BatchSchedules: z.array(
    BatchScheduleSchema.extend({
      /** ISO weekday, 1 = Monday … 7 = Sunday. */
      day: z.number().int().min(1).max(7),
    }),
  ),
});
export type BatchDetail = z.infer<typeof BatchDetailSchema>;

/** `MetaTags` of a workshop (spec §3, "MetaTags with keywords"); null when none is set. */
export const MetaTagsSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
});
export type MetaTags = z.infer<typeof MetaTagsSchema>;

/** A category or subcategory as named on the detail page. */
export const NamedRefSchema = z.object({ id: IdSchema, name: z.string() });

/**
 * `GET /api/workshop/{id}/details`: the workshop, all its active `Batches` (newest start first,
 * undated last; `Batches[0]` is the one prices come from) with `BatchSchedules`, `MetaTags`,
 * its first `Category` / `Subcategory` by catalogue sequence, `path` (domain `workshopPath`),
 * `pricing` (domain `workshopPricing`) and whether a brochure is stored (`brochureUrl` is then
 * `/api/brochure/pdf?id={id}`).
 */
export const WorkshopDetailsSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
  path: z.string(),
  description: z.string(),
  markAs: z.string().nullable(),
  searchKeys: z.string().nullable(),
  thumbnail: z.string().nullable(),
  amount: z.number().int().nullable(),
  dollar: z.number().int().nullable(),
  slashAmount: z.number().int().nullable(),
  slashDollar: z.number().int().nullable(),
  pricing: PricingSchema,
  Category: NamedRefSchema.nullable(),
  Subcategory: NamedRefSchema.nullable(),
  MetaTags: MetaTagsSchema.nullable(),
  Batches: z.array(BatchDetailSchema),
  hasBrochure: z.boolean(),
  brochureUrl: z.string().nullable(),
});
export type WorkshopDetails = z.infer<typeof WorkshopDetailsSchema>;

/**
 * `GET /api/workshop/{id}/hero-details`: the top of the detail page. `youtubeId` is the domain's
 * `youtubeId(videoUrl)`; `Batches` holds at most the first batch (dates and prices).
 */
export const WorkshopHeroSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  path: z.string(),
  markAs: z.string().nullable(),
  thumbnail: z.string().nullable(),
  tagline: z.string().nullable(),
  highlights: z.array(z.string()),
  duration: z.string().nullable(),
  level: z.string().nullable(),
  language: z.string().nullable(),
  hasCertificate: z.boolean(),
  videoUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
  pricing: PricingSchema,
  Batches: WorkshopCardSchema.shape.Batches,
});
export type WorkshopHero = z.infer<typeof WorkshopHeroSchema>;

/** One curriculum block (a week or module of the syllabus). */
export const CurriculumBlockSchema = z.object({ title: z.string(), points: z.array(z.string()) });

/** An instructor card. */
export const InstructorSchema = z.object({
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  image: z.string().nullable(),
});

/** `GET /api/workshop/{id}/sections/learners-curriculums-instructors`. */
export const LearnersCurriculumsInstructorsSchema = z.object({
  id: IdSchema,
  learners: z
    .object({ headline: z.string(), count: z.number().int().min(0), profiles: z.array(z.string()) })
    .nullable(),
  curriculum: z.array(CurriculumBlockSchema),
  instructors: z.array(InstructorSchema),
});
export type LearnersCurriculumsInstructors = z.infer<typeof LearnersCurriculumsInstructorsSchema>;

/** A learner testimonial; `youtubeId` is the domain's `youtubeId(videoUrl)` (null = no video). */
export const TestimonialSchema = z.object({
  name: z.string(),
  role: z.string(),
  quote: z.string(),
  videoUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** `GET /api/workshop/{id}/sections/outcomes-bonus-testimonials`. */
export const OutcomesBonusTestimonialsSchema = z.object({
  id: IdSchema,
  outcomes: z.array(z.string()),
  bonus: z.array(z.object({ title: z.string(), description: z.string() })),
  testimonials: z.array(TestimonialSchema),
});
export type OutcomesBonusTestimonials = z.infer<typeof OutcomesBonusTestimonialsSchema>;

/** A learner project shown as a case study. */
export const CaseStudySchema = z.object({
  title: z.string(),
  author: z.string(),
  summary: z.string(),
  image: z.string().nullable(),
});
export type CaseStudy = z.infer<typeof CaseStudySchema>;

/** `GET /api/course/{id}/case-studies` and each entry of `POST /api/course/case-studies`. */
export const WorkshopCaseStudiesSchema = z.object({
  workshopId: IdSchema,
  caseStudies: z.array(CaseStudySchema),
});
export type WorkshopCaseStudies = z.infer<typeof WorkshopCaseStudiesSchema>;

/** `POST /api/course/case-studies` body: 1–20 workshop ids (duplicates answered once). */
export const CaseStudiesBodySchema = z
  .object({
    workshopIds: z
      .array(IdSchema, { error: 'must be a list of ids' })
      .min(1, 'must name at least one workshop')
      .max(20, 'may name at most 20 workshops'),
  })
  .strict();
export type CaseStudiesBody = z.infer<typeof CaseStudiesBodySchema>;

/** `POST /api/course/case-studies`: one entry per known published workshop, in request order. */
export const CaseStudiesListSchema = z.array(WorkshopCaseStudiesSchema);

/**
 * `GET /api/course/{id}/landing-page`: everything a course landing page shows in one call — the
 * detail, hero and section blocks above, and up to 4 related workshops of the same category.
 */
export const CourseLandingPageSchema = z.object({
  details: WorkshopDetailsSchema,
  hero: WorkshopHeroSchema,
  learnersCurriculumsInstructors: LearnersCurriculumsInstructorsSchema,
  outcomesBonusTestimonials: OutcomesBonusTestimonialsSchema,
  caseStudies: z.array(CaseStudySchema),
  related: z.array(WorkshopCardSchema),
});
export type CourseLandingPage = z.infer<typeof CourseLandingPageSchema>;

/** `iam` values of a visitor (spec §3 User profile). */
export const AssessmentIamSchema = z.enum(['student', 'graduate', 'professional'], {
  error: 'must be one of student, graduate, professional',
});

/**
 * `POST /api/user/assessment/courses` body (public): interests (category, tool or topic words),
 * who the visitor is, and free text. All optional; unknown fields are rejected.
 */
export const AssessmentCoursesBodySchema = z
  .object({
    interests: z
      .array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'))
      .max(10, 'may list at most 10 interests')
      .optional(),
    iam: AssessmentIamSchema.optional(),
    query: SearchTextSchema.optional(),
  })
  .strict();
export type AssessmentCoursesBody = z.infer<typeof AssessmentCoursesBodySchema>;

/**
 * Suggested workshops (at most 6), best match first: each interest or query word found in a
 * workshop's title, short title, search keys or category name scores; the level suited to `iam`
 * (student/graduate → Beginner, professional → Intermediate/Advanced) breaks ties; with no
 * match, top sellers then the catalogue order.
 */
export const AssessmentCoursesSchema = z.object({ courses: z.array(WorkshopCardSchema) });
export type AssessmentCourses = z.infer<typeof AssessmentCoursesSchema>;

/** `POST /api/video/testimonial/details` body: optionally one workshop's testimonials only. */
export const VideoTestimonialsBodySchema = z.object({ workshopId: IdSchema.optional() }).strict();
export type VideoTestimonialsBody = z.infer<typeof VideoTestimonialsBodySchema>;

/** A testimonial with a video (its `youtubeId` is never null here), naming its workshop. */
export const VideoTestimonialSchema = TestimonialSchema.extend({
  youtubeId: z.string(),
  workshopId: IdSchema,
  workshopTitle: z.string(),
});
/** `POST /api/video/testimonial/details`: testimonials that have a valid YouTube video. */
export const VideoTestimonialsSchema = z.array(VideoTestimonialSchema);
export type VideoTestimonial = z.infer<typeof VideoTestimonialSchema>;

/**
 * `GET /api/ws/redirect?to=`: answers 302 with `Location` when `to` is a same-site path (`/…`,
 * not `//…`) or an `https:` URL whose host is exactly one of `REDIRECT_ALLOWED_HOSTS`; anything
 * else (other hosts, `javascript:`, `data:`, `//host`, userinfo, look-alike suffixes) → 400.
 */
export const WsRedirectQuerySchema = z
  .object({ to: z.string().min(1, 'is required').max(2048, 'must be at most 2048 characters') })
  .strict();
export type WsRedirectQuery = z.infer<typeof WsRedirectQuerySchema>;

/** `POST /api/{partner}/redirect` path: a partner key of the configured map (unknown → 404). */
export const PartnerParamsSchema = z
  .object({ partner: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a partner name') })
  .strict();

/** `POST /api/{partner}/redirect` body: an optional path on the partner's site (`/…`). */
export const PartnerRedirectBodySchema = z
  .object({
    path: z
      .string()
      .max(2048, 'must be at most 2048 characters')
      .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path starting with a single /')
      .optional(),
  })
  .strict();
export type PartnerRedirectBody = z.infer<typeof PartnerRedirectBodySchema>;

/** `POST /api/{partner}/redirect`: the absolute address to open on the sister site. */
export const PartnerRedirectSchema = z.object({ url: z.string() });
export type PartnerRedirect = z.infer<typeof PartnerRedirectSchema>;
