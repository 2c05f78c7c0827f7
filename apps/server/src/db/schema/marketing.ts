/**
 * Marketing: CRM leads and notes (delivered through the job queue, `./jobs.ts`), UTM clicks,
 * performance events, marketing form submissions, and competitions with their registrations.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, id, instant, sqlList, updatedAt } from './columns.js';
import { orders } from './payments.js';
import { users } from './users.js';

/** Which public form a submission came from (spec §7 "Marketing, lead and contact"). */
export const MARKETING_FORM_KINDS = [
  'callback',
  'campaign_lead',
  'hire_us',
  'competition_contact',
  'curriculum_form',
  'case_study',
  'partner_contact',
  'partner_subscribe',
  'counselling',
  'skill_test',
  'video_testimonial',
  'itinerary_request',
  'consultation',
  'trip_application',
] as const;
export type MarketingFormKind = (typeof MARKETING_FORM_KINDS)[number];
export const COMPETITION_REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;

/**
 * A lead for the CRM. `dedupeKey` ('lead:{contactKey}:{YYYY-MM-DD}') makes it once per contact
 * per day (spec §4, checklist G4); `crmLeadId` is stored once the CRM accepts it, so a retry
 * never creates a second CRM lead (G3).
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    /** Normalised email or mobile that identifies the contact. */
    contactKey: text('contact_key').notNull(),
    name: text('name'),
    email: text('email'),
    mobile: text('mobile'),
    source: text('source'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lead as sent to the CRM (spec §3 "Lead sent to the customer-relationship service"). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    crmLeadId: text('crm_lead_id'),
    dedupeKey: text('dedupe_key').notNull(),
    /** A designated page's lead (a new CRM lead for every submission, spec §4). */
    designated: boolean('designated').notNull().default(false),
    /**
     * The consent of the latest submission that reached this lead (every lead form requires it):
     * what the ad-conversion rule for a paid order reads.
     */
    consentVersion: text('consent_version'),
    consentedAt: instant('consented_at'),
    /**
     * Set before the first CRM create call: a later attempt that finds it set may have reached the
     * CRM already (lost answer, process killed), so it searches before creating (G3, H8).
     */
    crmAttemptedAt: instant('crm_attempted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('leads_dedupe_key_uq').on(t.dedupeKey),
    unique('leads_crm_lead_id_uq').on(t.crmLeadId),
    index('leads_contact_created_idx').on(t.contactKey, t.createdAt),
  ],
);

/**
 * A note attached to a CRM lead, one per submission; its `crm.note` job is enqueued only once the
 * lead has its CRM id (by the submission when it already has, else by the lead's job).
 */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: id(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The submission this note describes. */
    submissionId: integer('submission_id'),
    description: text('description').notNull(),
    crmNoteId: text('crm_note_id'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId)],
);

/**
 * What the local CRM adapter would have sent (no CRM configured): each call with the body exactly
 * as the real adapter sends it, listed outside production at `GET /api/dev/crm`.
 */
export const devCrmCalls = pgTable(
  'dev_crm_calls',
  {
    id: id(),
    kind: text('kind').$type<'lead' | 'note'>().notNull(),
    /** The id the local CRM gave the lead or note. */
    crmId: text('crm_id').notNull(),
    /** The lead's e-mail (a note: its lead's), for `?email=`. */
    email: text('email'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dev_crm_calls_email_idx').on(t.email, t.id),
    check('dev_crm_calls_kind_ck', sql`${t.kind} IN ('lead', 'note')`),
  ],
);

/** A landing with UTM parameters (`POST /api/utm/param/clicks`). */
export const utmClicks = pgTable(
  'utm_clicks',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    trackerId: text('tracker_id'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    pageUrl: text('page_url'),
    /** The client's own time of the click (`dateTime`), kept apart from ours. */
    clickedAt: instant('clicked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('utm_clicks_created_idx').on(t.createdAt)],
);

/**
 * A signed-in caller's mailing-list tags (`POST /api/{mailing}/email/tags` and `/audience/tags`),
 * recorded in the request's transaction with its `mailing.tags` job; the job calls the provider
 * (or the local adapter) and stamps `deliveredAt`. `email` is always the account's own address.
 */
export const mailingTagRequests = pgTable(
  'mailing_tag_requests',
  {
    id: id(),
    /** The `{mailing}` name of the closed MAILING_LISTS map. */
    list: text('list').notNull(),
    /** The provider's list id it maps to. */
    listId: text('list_id').notNull(),
    scope: text('scope').$type<'email' | 'audience'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** Normalised (lower case) and de-duplicated. */
    tags: jsonb('tags').$type<string[]>().notNull(),
    /** `remote` or `local`: which adapter delivered it. */
    deliveredBy: text('delivered_by'),
    deliveredAt: instant('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mailing_tag_requests_user_idx').on(t.userId, t.createdAt),
    check('mailing_tag_requests_scope_ck', sql`${t.scope} IN ('email', 'audience')`),
  ],
);

/** A client performance measurement (`POST /api/performance`), e.g. a Web Vitals metric. */
export const performanceEvents = pgTable(
  'performance_events',
  {
    id: id(),
    name: text('name').notNull(),
    value: doublePrecision('value'),
    path: text('path'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    trackerId: text('tracker_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('performance_events_name_created_idx').on(t.name, t.createdAt)],
);

/** A submitted public form (callback, hire-us, curriculum request, …) as received. */
export const marketingFormSubmissions = pgTable(
  'marketing_form_submissions',
  {
    id: id(),
    kind: text('kind').$type<(typeof MARKETING_FORM_KINDS)[number]>().notNull(),
    /** The `{partner}` or `{mailing}` path value, when the route has one. */
    partner: text('partner'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The form's fields with `utm`, `page`, `name`, `email` and `mobile`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The consent text's version and when it was given (every lead form requires it). */
    consentVersion: text('consent_version'),
    consentedAt: instant('consented_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketing_form_submissions_kind_created_idx').on(t.kind, t.createdAt),
    check('marketing_form_submissions_kind_ck', sql`${t.kind} IN (${sqlList(MARKETING_FORM_KINDS)})`),
  ],
);

/** A competition's brief (each part optional; the pages show what is there). */
export interface CompetitionBrief {
  siteArea?: string;
  deliverables?: string[];
  prizes?: string[];
  jury?: string[];
  rules?: string[];
}

/**
 * A design competition. Fees are whole rupees / dollars like catalogue prices (0 = free). Its
 * phase is computed from the platform's today: open until `registrationDeadline`, then closed
 * until after `endDate`, then over.
 */
export const competitions = pgTable(
  'competitions',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** One or two sentences for the cards and the page's meta description. */
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    brief: jsonb('brief').$type<CompetitionBrief>().notNull().default({}),
    thumbnail: text('thumbnail'),
    amount: integer('amount').notNull().default(0),
    dollar: integer('dollar'),
    registrationDeadline: calendarDate('registration_deadline'),
    startDate: calendarDate('start_date'),
    endDate: calendarDate('end_date'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('competitions_slug_uq').on(t.slug),
    check('competitions_prices_ck', sql`${t.amount} >= 0 AND coalesce(${t.dollar}, 0) >= 0`),
  ],
);

/** A learner's entry in a competition, confirmed once its order is paid. */
export const competitionRegistrations = pgTable(
  'competition_registrations',
  {
    id: id(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status')
      .$type<(typeof COMPETITION_REGISTRATION_STATUSES)[number]>()
      .notNull()
      .default('pending'),
    teamName: text('team_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    unique('competition_registrations_competition_user_uq').on(t.competitionId, t.userId),
    unique('competition_registrations_order_uq').on(t.orderId),
    check(
      'competition_registrations_status_ck',
      sql`${t.status} IN (${sqlList(COMPETITION_REGISTRATION_STATUSES)})`,
    ),
  ],
);
