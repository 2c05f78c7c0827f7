/**
 * Editorial content: blogs, trips and trip applications, design-consultation packages, the top
 * banner, campaigns with their banners, event objects, and the resource library (folders, files,
 * banner clicks).
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, id, instant, sqlList, updatedAt } from './columns.js';
import { users } from './users.js';

/** Campaign banner type: 1 = popup, 2 = sidebar (spec §9). */
export const CAMPAIGN_BANNER_TYPES = [1, 2] as const;
export const TRIP_APPLICATION_STATUSES = [
  'submitted',
  'shortlisted',
  'accepted',
  'rejected',
  'withdrawn',
] as const;
/**
 * The statuses of a live application: at most one per learner and trip. A `withdrawn` or
 * `rejected` one is kept (history, the reviewer's note) and a new one may be made beside it.
 */
export const TRIP_APPLICATION_LIVE_STATUSES = ['submitted', 'shortlisted', 'accepted'] as const;
export const RESOURCE_FILE_KINDS = ['pdf', 'image', 'video', 'cad', 'archive', 'link'] as const;

/** Search-engine metadata of a blog article. */
export interface BlogMeta {
  title?: string;
  description?: string;
  keywords?: string;
}

/** The body of a trip page. */
export interface TripDetails {
  summary: string;
  highlights: string[];
  itinerary: { day: number; title: string; description: string }[];
  inclusions: string[];
  exclusions: string[];
  seats?: number;
}

/** One service inside a consultation package. */
export interface ConsultationService {
  name: string;
  description: string;
  durationMinutes?: number;
}

/** A blog category ("Design Theory", "Software Tutorials", …). */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [unique('blog_categories_slug_uq').on(t.slug)],
);

/**
 * A blog article. `url` is its slug (`/blog/{category}/{url}?id={id}`); `content` is HTML that the
 * client sanitises before rendering (checklist E8). Unpublished while `publishedAt` is null.
 */
export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    categoryId: integer('category_id').references(() => blogCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''),
    cover: text('cover'),
    authorName: text('author_name'),
    readingMinutes: smallint('reading_minutes'),
    isTrending: boolean('is_trending').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    publishedAt: instant('published_at'),
    meta: jsonb('meta').$type<BlogMeta>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('blogs_url_uq').on(t.url),
    index('blogs_published_idx').on(t.publishedAt),
    index('blogs_category_published_idx').on(t.categoryId, t.publishedAt),
  ],
);

/** A study trip (architecture tours, site visits). Prices are whole rupees / dollars. */
export const trips = pgTable(
  'trips',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    location: text('location').notNull(),
    startDate: calendarDate('start_date'),
    endDate: calendarDate('end_date'),
    price: integer('price'),
    dollar: integer('dollar'),
    thumbnail: text('thumbnail'),
    details: jsonb('details').$type<TripDetails>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('trips_slug_uq').on(t.slug),
    index('trips_start_idx').on(t.startDate),
    check(
      'trips_dates_ck',
      sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`,
    ),
    check('trips_prices_ck', sql`coalesce(${t.price}, 0) >= 0 AND coalesce(${t.dollar}, 0) >= 0`),
  ],
);

/**
 * A learner's application for a trip: at most one live (`submitted`, `shortlisted`, `accepted`) per
 * learner and trip — a partial unique index, so a withdrawn or rejected application stays on record
 * and two concurrent applications cannot both be live. `details` holds the form's fields.
 */
export const tripApplications = pgTable(
  'trip_applications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'restrict' }),
    status: text('status').$type<(typeof TRIP_APPLICATION_STATUSES)[number]>().notNull().default('submitted'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The reviewer's note to the applicant (with an acceptance or rejection). */
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trip_applications_user_trip_live_uq')
      .on(t.userId, t.tripId)
      .where(sql`${t.status} IN ('submitted', 'shortlisted', 'accepted')`),
    index('trip_applications_user_idx').on(t.userId),
    index('trip_applications_trip_idx').on(t.tripId),
    check('trip_applications_status_ck', sql`${t.status} IN (${sqlList(TRIP_APPLICATION_STATUSES)})`),
  ],
);

/**
 * A design-consultation package. Ids are fixed (1–4) because the spec's display order and
 * unchecked-item rules name them (spec §9), so the id is explicit, not generated.
 */
export const consultationPackages = pgTable(
  'consultation_packages',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    dollar: integer('dollar'),
    covered: text('covered')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    detailsRequired: text('details_required')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    services: jsonb('services').$type<ConsultationService[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('consultation_packages_id_ck', sql`${t.id} > 0`),
    check('consultation_packages_prices_ck', sql`${t.price} >= 0 AND coalesce(${t.dollar}, 0) >= 0`),
  ],
);

/** The strip of text above the header on public pages (`GET /api/top-banner`). */
export const topBanners = pgTable('top_banners', {
  id: id(),
  content: text('content').notNull(),
  link: text('link'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** A marketing campaign; its banners show while it runs, as popup and/or sidebar. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    name: text('name').notNull(),
    isPopup: boolean('is_popup').notNull().default(false),
    isSidebar: boolean('is_sidebar').notNull().default(false),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaigns_window_idx').on(t.startsAt, t.endsAt),
    check(
      'campaigns_window_ck',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** A banner of a campaign: type 1 popup, type 2 sidebar. */
export const campaignBanners = pgTable(
  'campaign_banners',
  {
    id: id(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: text('title').notNull().default(''),
    image: text('image').notNull(),
    link: text('link'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    index('campaign_banners_campaign_idx').on(t.campaignId),
    check('campaign_banners_type_ck', sql`${t.type} IN (${sqlList(CAMPAIGN_BANNER_TYPES)})`),
  ],
);

/**
 * A site-wide event the client reacts to (a sale countdown, a live-webinar ribbon…); the spec
 * leaves the fields open, so the body is `payload`.
 */
export const eventObjects = pgTable(
  'event_objects',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'event_objects_window_ck',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * The full-text document of a resource folder or file: its name (file-name dots, dashes and
 * underscores read as spaces) and description, English stemming. The GIN indexes below and the
 * learners' search (modules/resources) use this same expression, so the search uses the index.
 */
export function resourceSearchDocument(name: SQL | AnyPgColumn, description: SQL | AnyPgColumn): SQL {
  return sql`to_tsvector('english'::regconfig, regexp_replace(${name}, '[._/-]+', ' ', 'g') || ' ' || ${description})`;
}

/** A folder of the resource library; folders nest (`parentId`). */
export const resourceFolders = pgTable(
  'resource_folders',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => resourceFolders.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPremium: boolean('is_premium').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('resource_folders_parent_idx').on(t.parentId, t.sequence),
    index('resource_folders_search_idx').using('gin', resourceSearchDocument(t.name, t.description)),
  ],
);

/**
 * A file of the resource library: stored (`path`) or external (`url`). A file with no folder is
 * an "outer" file listed on the public resources page.
 */
export const resourceFiles = pgTable(
  'resource_files',
  {
    id: id(),
    folderId: integer('folder_id').references(() => resourceFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<(typeof RESOURCE_FILE_KINDS)[number]>().notNull(),
    path: text('path'),
    url: text('url'),
    thumbnail: text('thumbnail'),
    sizeBytes: integer('size_bytes'),
    isPremium: boolean('is_premium').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    downloads: integer('downloads').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('resource_files_folder_idx').on(t.folderId),
    index('resource_files_search_idx').using('gin', resourceSearchDocument(t.name, t.description)),
    index('resource_files_outer_idx')
      .on(t.createdAt)
      .where(sql`${t.folderId} IS NULL`),
    check('resource_files_kind_ck', sql`${t.kind} IN (${sqlList(RESOURCE_FILE_KINDS)})`),
    check('resource_files_location_ck', sql`${t.path} IS NOT NULL OR ${t.url} IS NOT NULL`),
    check('resource_files_downloads_ck', sql`${t.downloads} >= 0`),
  ],
);

/** A click on a banner inside the resource library (`POST /api/user/resource/banner/click`). */
export const resourceBannerClicks = pgTable(
  'resource_banner_clicks',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    banner: text('banner').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('resource_banner_clicks_banner_idx').on(t.banner, t.createdAt)],
);
