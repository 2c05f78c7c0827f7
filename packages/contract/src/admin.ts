import { z } from 'zod';
import { TRIP_APPLICATION_STATUSES } from './trip-applications.js';
import { JobStatusSchema } from './jobs.js';
import { IdSchema } from './wire.js';

/*
 * The staff console's calls (issue 17), under `/api/admin/*`. A caller who is not staff gets 404
 * on every one of them (the console's existence is not advertised); an instructor gets 404 on
 * what is not theirs. Every list pages, sorts and searches on the server with the same query
 * (`AdminListQuerySchema`) and answers `{ items, total, page, pageSize }`; `format=csv` answers the
 * whole filtered list as `text/csv` instead (at most `ADMIN_CSV_MAX_ROWS` rows).
 */

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The console's sections, by key (also their path under `/admin`), as `GET /api/admin/me` lists them. */
export const ADMIN_SECTIONS = [
  'leads',
  'form-submissions',
  'outbox',
  'trip-applications',
  'competition-registrations',
  'audit',
  // Learners and staff accounts (issue 17 point 3).
  'learners',
  'staff',
  // Money (issue 17 point 5).
  'orders',
  'coupons',
  'payment-links',
  'instalments',
  'invoices',
  // Reports (issue 17 point 7), admins only.
  'reports',
  // Staff console — teaching (issue 17 points 1 and 4).
  'teaching',
  // Content (issue 17 point 2)
  'blogs',
  'trips',
  'competitions',
  'consultation-packages',
  'home-content',
  'resources',
  // Catalogue authoring (helper "catalogue"): workshops and batches; categories.
  'catalogue',
  'categories',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The sections an instructor may open (their own workshops' batches only); admins open every
 * section of {@link ADMIN_SECTIONS}.
 */
export const INSTRUCTOR_SECTIONS: readonly AdminSection[] = [
  // Staff console — teaching.
  'teaching',
];

/** The forms a submission (and the lead it opened) can come from: a submission's `kind`, a lead's `source`. */
export const FORM_SUBMISSION_KINDS = [
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
export const ADMIN_CSV_MAX_ROWS = 10_000;

/** Query of every console list; each list adds its own filters and names its sortable columns. */
export const AdminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), 'must be 10, 25, 50 or 100')
    .default(25),
  /** `column` or `-column` (descending); each list says which columns it sorts by. */
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]{1,40}$/, 'must be a column name, with - in front for descending')
    .optional(),
  /** Free-text search (name, e-mail, mobile, title: each list says what it searches). */
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});
export type AdminListQuery = z.input<typeof AdminListQuerySchema>;

/** One page of a console list. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Rows matching the filters, on every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------
// Leads (issue 17 point 6)
// ---------------------------------------------------------------------------------------------

/** Where a lead stands with the CRM: waiting for its job, sent (has a CRM id), or its job is dead. */
export const LEAD_CRM_STATUSES = ['pending', 'sent', 'failed'] as const;

/** `GET /api/admin/leads`: sorts by `createdAt` (default `-createdAt`), `name`; searches name, e-mail, mobile. */
export const AdminLeadsQuerySchema = AdminListQuerySchema.extend({
  crmStatus: z.enum(LEAD_CRM_STATUSES).optional(),
  source: z.enum(FORM_SUBMISSION_KINDS).optional(),
}).strict();

export const AdminLeadSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The form that opened it (`callback`, `curriculum_form`, …). */
  source: z.string().nullable(),
  designated: z.boolean(),
  crmStatus: z.enum(LEAD_CRM_STATUSES),
  crmLeadId: z.string().nullable(),
  /** The CRM job's last error, when it failed. */
  lastError: z.string().nullable(),
  notes: z.number().int(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLead = z.infer<typeof AdminLeadSchema>;
export const AdminLeadPageSchema = adminPageSchema(AdminLeadSchema);

/** `GET /api/admin/form-submissions`: sorts by `createdAt`; searches name, e-mail, mobile. */
export const AdminSubmissionsQuerySchema = AdminListQuerySchema.extend({
  kind: z.enum(FORM_SUBMISSION_KINDS).optional(),
}).strict();
export const AdminSubmissionSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  partner: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  page: z.string().nullable(),
  leadId: IdSchema.nullable(),
  consentVersion: z.string().nullable(),
  /** The form's own fields as sent. */
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const AdminSubmissionPageSchema = adminPageSchema(AdminSubmissionSchema);

// ---------------------------------------------------------------------------------------------
// The outbox: jobs, retry and dead letter
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/outbox`: sorts by `updatedAt` (default `-updatedAt`), `runAt`; searches the topic. */
export const AdminOutboxQuerySchema = AdminListQuerySchema.extend({
  status: JobStatusSchema.optional(),
  topic: z.string().max(80).optional(),
}).strict();
export const AdminJobSchema = z.object({
  id: IdSchema,
  topic: z.string(),
  status: JobStatusSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  updatedAt: z.string(),
});
export const AdminJobPageSchema = adminPageSchema(AdminJobSchema);

/** `POST /api/admin/outbox/{id}/retry`: a dead (or waiting) job runs again now, with fresh attempts. */
export const AdminJobRetriedSchema = z.object({ id: IdSchema, status: z.literal('pending') });

// ---------------------------------------------------------------------------------------------
// Trip applications and competition registrations
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/trip-applications`: sorts by `createdAt`, `status`; searches applicant and trip. */
export const AdminTripApplicationsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(TRIP_APPLICATION_STATUSES).optional(),
  tripId: z.coerce.number().int().positive().optional(),
}).strict();
export const AdminTripApplicationSchema = z.object({
  id: IdSchema,
  status: z.enum(TRIP_APPLICATION_STATUSES),
  trip: z.object({ id: IdSchema, title: z.string(), startDate: z.string().nullable() }),
  applicant: z.object({
    id: IdSchema,
    name: z.string().nullable(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  /** The form's answers (mobile during the trip, city, stage, motivation, …). */
  fields: z.record(z.string(), z.unknown()),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const AdminTripApplicationPageSchema = adminPageSchema(AdminTripApplicationSchema);

/**
 * `POST /api/admin/trip-applications/{id}/review`: shortlist, accept or reject (with a note the
 * applicant sees); the applicant is notified. 409 for a withdrawn application.
 */
export const AdminTripReviewBodySchema = z
  .object({
    decision: z.enum(['shortlisted', 'accepted', 'rejected'], {
      error: 'must be shortlisted, accepted or rejected',
    }),
    note: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .strict();

/** `GET /api/admin/competition-registrations`: sorts by `createdAt`; searches entrant and competition. */
export const AdminRegistrationsQuerySchema = AdminListQuerySchema.extend({
  competitionId: z.coerce.number().int().positive().optional(),
}).strict();
export const AdminRegistrationSchema = z.object({
  id: IdSchema,
  competition: z.object({ id: IdSchema, title: z.string() }),
  entrant: z.object({ id: IdSchema, name: z.string().nullable(), email: z.string().nullable() }),
  status: z.string(),
  teamName: z.string().nullable(),
  orderId: IdSchema.nullable(),
  createdAt: z.string(),
});
export const AdminRegistrationPageSchema = adminPageSchema(AdminRegistrationSchema);

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/audit` (admins): sorts by `createdAt`; searches the action and the entity. */
export const AdminAuditQuerySchema = AdminListQuerySchema.extend({
  actorId: z.coerce.number().int().positive().optional(),
  entity: z.string().max(40).optional(),
}).strict();
export const AdminAuditEntrySchema = z.object({
  id: IdSchema,
  actor: z.object({ id: IdSchema, name: z.string().nullable(), role: z.string() }),
  /** What was done, e.g. `trip_application.review`. */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminAuditPageSchema = adminPageSchema(AdminAuditEntrySchema);

/** `GET /api/admin/me`: who the console is for (admins and instructors) and what it may show. */
export const AdminMeSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  role: z.enum(['admin', 'instructor']),
  /** Console sections this role may open. */
  sections: z.array(z.enum(ADMIN_SECTIONS)),
});
