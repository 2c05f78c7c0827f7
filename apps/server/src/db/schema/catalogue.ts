/**
 * The catalogue (spec §3): categories → subcategories → course categories → workshops
 * (masterclasses and courses) → batches → batch schedules, plus each workshop's meta tags.
 *
 * Catalogue prices (`amount`, `dollar`, `slashAmount`, `slashDollar`) are whole rupees / dollars
 * as the spec shows them; payment amounts elsewhere are minor units.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, id, sqlList, updatedAt } from './columns.js';
import { users } from './users.js';

/** Workshop type: 1 = masterclass, 2 = course (spec §9). */
export const WORKSHOP_TYPES = [1, 2] as const;
/** Batch session type: 1 = live / dated, 2 = recorded (spec §9). */
export const SESSION_TYPES = [1, 2] as const;

/** Hero block of a workshop detail page (`GET /api/workshop/{id}/hero-details`). */
export interface WorkshopHero {
  tagline?: string;
  highlights?: string[];
  duration?: string;
  level?: string;
  language?: string;
  videoUrl?: string;
  hasCertificate?: boolean;
}

/** One curriculum block: a week or a module of the syllabus. */
export interface CurriculumBlock {
  title: string;
  points: string[];
}

/** A person shown in the instructors section. */
export interface InstructorCard {
  name: string;
  role: string;
  bio: string;
  image?: string;
}

/** A learner's quote, optionally with a video (`POST /api/video/testimonial/details`). */
export interface Testimonial {
  name: string;
  role: string;
  quote: string;
  videoUrl?: string;
}

/** A learner project shown as a case study (`GET /api/course/{id}/case-studies`). */
export interface CaseStudy {
  title: string;
  author: string;
  summary: string;
  image?: string;
}

/**
 * The sections of a workshop detail page, served by
 * `…/sections/learners-curriculums-instructors` and `…/sections/outcomes-bonus-testimonials`.
 */
export interface WorkshopSections {
  curriculum?: CurriculumBlock[];
  instructors?: InstructorCard[];
  outcomes?: string[];
  bonus?: { title: string; description: string }[];
  testimonials?: Testimonial[];
  caseStudies?: CaseStudy[];
  learners?: { headline: string; count: number; profiles: string[] };
}

/** A top-level catalogue grouping (e.g. "Architecture Design"). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sequence: integer('sequence').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('categories_slug_uq').on(t.slug), index('categories_sequence_idx').on(t.sequence)],
);

/** A subcategory of one category. */
export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sequence: integer('sequence').notNull().default(0),
    /** Inactive: hidden from the public catalogue (issue 17, console). */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('subcategories_category_slug_uq').on(t.categoryId, t.slug),
    index('subcategories_category_sequence_idx').on(t.categoryId, t.sequence),
  ],
);

/**
 * A masterclass (type 1) or course (type 2). Its own prices apply only when it has no batch
 * (spec §3: pricing is read from the first batch, otherwise from the course itself).
 */
export const workshops = pgTable(
  'workshops',
  {
    id: id(),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    shortTitle: text('short_title').notNull(),
    slug: text('slug').notNull(),
    /** Extra words the catalogue search matches (synonyms, tools, abbreviations). */
    searchKeys: text('search_keys').notNull().default(''),
    /** A badge such as 'Top Seller'; null for none. */
    markAs: text('mark_as'),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    brochureUrl: text('brochure_url'),
    amount: integer('amount'),
    dollar: integer('dollar'),
    slashAmount: integer('slash_amount'),
    slashDollar: integer('slash_dollar'),
    hero: jsonb('hero').$type<WorkshopHero>().notNull().default({}),
    sections: jsonb('sections').$type<WorkshopSections>().notNull().default({}),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workshops_slug_uq').on(t.slug),
    index('workshops_type_idx').on(t.type),
    check('workshops_type_ck', sql`${t.type} IN (${sqlList(WORKSHOP_TYPES)})`),
    check(
      'workshops_prices_ck',
      sql`coalesce(${t.amount}, 0) >= 0 AND coalesce(${t.dollar}, 0) >= 0 AND coalesce(${t.slashAmount}, 0) >= 0 AND coalesce(${t.slashDollar}, 0) >= 0`,
    ),
  ],
);

/** Page-head metadata of a workshop (the spec's `MetaTags`, with keywords). */
export const metaTags = pgTable(
  'meta_tags',
  {
    id: id(),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
  },
  (t) => [index('meta_tags_workshop_idx').on(t.workshopId)],
);

/** Places a workshop in a subcategory, at a position (`sequence`). */
export const courseCategories = pgTable(
  'course_categories',
  {
    id: id(),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    unique('course_categories_subcategory_workshop_uq').on(t.subcategoryId, t.workshopId),
    index('course_categories_subcategory_sequence_idx').on(t.subcategoryId, t.sequence),
    index('course_categories_workshop_idx').on(t.workshopId),
  ],
);

/**
 * One run of a workshop. `startDate` null is the spec's '0000-00-00' ("no date"). A batch without
 * schedules is "coming soon" (spec §4). Deleting a workshop removes its batches unless learners
 * are enrolled (enrolments restrict the delete).
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    name: text('name'),
    startDate: calendarDate('start_date'),
    endDate: calendarDate('end_date'),
    sessionType: smallint('session_type').notNull().default(1),
    amount: integer('amount'),
    dollar: integer('dollar'),
    slashAmount: integer('slash_amount'),
    slashDollar: integer('slash_dollar'),
    /**
     * The price of this live batch's recordings alone (`POST /api/user/recording/payment`), in whole
     * rupees and dollars like `amount` and `dollar`. Null = half the live price, rounded up to a
     * whole rupee or dollar (decision 0016).
     */
    recordingAmount: integer('recording_amount'),
    recordingDollar: integer('recording_dollar'),
    zoomLink: text('zoom_link'),
    /** Seats; null = unlimited. */
    capacity: integer('capacity'),
    /**
     * Days a dated live batch stays on sale after its start, labelled as started (issue 14 rule
     * 10; decision 0017). Recorded and undated batches are always on sale.
     */
    lateJoinDays: integer('late_join_days').notNull().default(7),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('batches_workshop_start_idx').on(t.workshopId, t.startDate),
    check('batches_session_type_ck', sql`${t.sessionType} IN (${sqlList(SESSION_TYPES)})`),
    check(
      'batches_dates_ck',
      sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`,
    ),
    check('batches_capacity_ck', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
    check('batches_late_join_days_ck', sql`${t.lateJoinDays} BETWEEN 0 AND 365`),
    check(
      'batches_recording_prices_ck',
      sql`coalesce(${t.recordingAmount}, 0) >= 0 AND coalesce(${t.recordingDollar}, 0) >= 0`,
    ),
    check(
      'batches_prices_ck',
      sql`coalesce(${t.amount}, 0) >= 0 AND coalesce(${t.dollar}, 0) >= 0 AND coalesce(${t.slashAmount}, 0) >= 0 AND coalesce(${t.slashDollar}, 0) >= 0`,
    ),
  ],
);

/**
 * A weekly slot of a batch: ISO weekday (`day` 1 = Monday … 7 = Sunday) and wall-clock times in
 * the platform's time zone.
 */
export const batchSchedules = pgTable(
  'batch_schedules',
  {
    id: id(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    index('batch_schedules_batch_idx').on(t.batchId),
    check('batch_schedules_day_ck', sql`${t.day} BETWEEN 1 AND 7`),
    check('batch_schedules_times_ck', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * Which instructors teach a workshop (issue 17): an instructor's staff console shows and edits only
 * the batches of these workshops; another instructor's batch answers 404.
 */
export const workshopInstructors = pgTable(
  'workshop_instructors',
  {
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workshopId, t.userId], name: 'workshop_instructors_pk' }),
    index('workshop_instructors_user_idx').on(t.userId),
  ],
);
