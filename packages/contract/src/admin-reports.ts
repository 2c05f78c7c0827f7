import { z } from 'zod';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * The staff console's reports (issue 17 point 7), admins only, `GET /api/admin/reports/*`. Every
 * report reads a range of calendar days in the platform's time zone (Asia/Kolkata), `from` and
 * `to` inclusive, at most `REPORT_MAX_DAYS` days; a range with nothing in it answers empty rows,
 * never an error. Money is integer minor units (paise, cents) in its own currency: INR and USD are
 * never added together. `format=csv` answers the report's table as a CSV download instead.
 */

export const REPORT_MAX_DAYS = 366;
/** How a time series is bucketed: calendar day, ISO week (from Monday) or month, in Asia/Kolkata. */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_KINDS = [
  'revenue',
  'enrolments',
  'funnel',
  'instalments',
  'quizzes',
  'assignments',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const dayNumber = (day: string): number | null => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null;
  return Math.round(ms / 86_400_000);
};

const ReportDaySchema = WireDateSchema.refine(
  (day) => dayNumber(day) !== null,
  'must be a real calendar day',
);

const reportRangeFields = {
  from: ReportDaySchema,
  to: ReportDaySchema,
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const from = dayNumber(value.from);
  const to = dayNumber(value.to);
  if (from === null || to === null) return;
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else if (to - from + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be at most ${REPORT_MAX_DAYS} days after from`,
    });
}

/** The query of the reports without a time series: the range (and the format). */
export const ReportRangeQuerySchema = z.object(reportRangeFields).strict().superRefine(checkRange);
export type ReportRangeQuery = z.output<typeof ReportRangeQuerySchema>;

/** The query of the time-series reports (revenue, instalments): the range and the bucket. */
export const ReportSeriesQuerySchema = z
  .object({
    ...reportRangeFields,
    group: z.enum(REPORT_GROUPS, { error: 'must be day, week or month' }).default('day'),
  })
  .strict()
  .superRefine(checkRange);
export type ReportSeriesQuery = z.output<typeof ReportSeriesQuerySchema>;

const rangeEcho = { from: z.string(), to: z.string() };

// ---------------------------------------------------------------------------------------------
// 1. Revenue
// ---------------------------------------------------------------------------------------------

/**
 * One bucket of one currency: orders paid in it (`grossMinor`, what they charged), refunds
 * processed in it (`refundsMinor`) and `netMinor` = gross − refunds. Buckets with neither are left out.
 */
export const RevenueRowSchema = z.object({
  /** First day of the bucket (YYYY-MM-DD). */
  period: z.string(),
  currency: z.string(),
  paidOrders: z.number().int(),
  grossMinor: z.number().int(),
  refunds: z.number().int(),
  refundsMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type RevenueRow = z.infer<typeof RevenueRowSchema>;
export const RevenueReportSchema = z.object({
  ...rangeEcho,
  group: z.enum(REPORT_GROUPS),
  /** By period, then currency. */
  rows: z.array(RevenueRowSchema),
  /** One per currency over the whole range (never across currencies). */
  totals: z.array(RevenueRowSchema.omit({ period: true })),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;

// ---------------------------------------------------------------------------------------------
// 2. Enrolments
// ---------------------------------------------------------------------------------------------

const EnrolmentCountsShape = {
  enrolments: z.number().int(),
  /** Through an order that charged money. */
  paid: z.number().int(),
  /** Without an order, or through one that charged nothing (free, offline, coins). */
  free: z.number().int(),
  /** Marked refunded, or their order was refunded. */
  refunded: z.number().int(),
};
export const EnrolmentBatchRowSchema = z.object({
  workshopId: IdSchema,
  workshop: z.string(),
  batchId: IdSchema,
  batch: z.string(),
  ...EnrolmentCountsShape,
});
export const EnrolmentWorkshopRowSchema = z.object({
  workshopId: IdSchema,
  workshop: z.string(),
  ...EnrolmentCountsShape,
});
export type EnrolmentBatchRow = z.infer<typeof EnrolmentBatchRowSchema>;
export type EnrolmentWorkshopRow = z.infer<typeof EnrolmentWorkshopRowSchema>;
/** Enrolments made in the range, by workshop and by batch (most enrolments first). */
export const EnrolmentsReportSchema = z.object({
  ...rangeEcho,
  workshops: z.array(EnrolmentWorkshopRowSchema),
  batches: z.array(EnrolmentBatchRowSchema),
});
export type EnrolmentsReport = z.infer<typeof EnrolmentsReportSchema>;

// ---------------------------------------------------------------------------------------------
// 3. Funnel
// ---------------------------------------------------------------------------------------------

/**
 * One UTM source and campaign (`(none)` when absent): visitors (distinct trackers landing with
 * UTM parameters), leads (distinct contacts) and paid orders (every paid order but instalment
 * payments, attributed to the buyer's latest lead opened before payment, matched on e-mail or
 * mobile — orders carry no UTM of their own).
 */
export const FunnelRowSchema = z.object({
  source: z.string(),
  campaign: z.string(),
  visitors: z.number().int(),
  leads: z.number().int(),
  paidOrders: z.number().int(),
});
export type FunnelRow = z.infer<typeof FunnelRowSchema>;
export const FunnelReportSchema = z.object({
  ...rangeEcho,
  rows: z.array(FunnelRowSchema),
  totals: FunnelRowSchema.omit({ source: true, campaign: true }),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

// ---------------------------------------------------------------------------------------------
// 4. Instalment collections
// ---------------------------------------------------------------------------------------------

/**
 * Instalments falling due in one bucket, in one currency (plans not cancelled): all, paid, unpaid,
 * and overdue (unpaid with a due day before today in Asia/Kolkata).
 */
export const InstalmentRowSchema = z.object({
  period: z.string(),
  currency: z.string(),
  dueCount: z.number().int(),
  dueMinor: z.number().int(),
  paidCount: z.number().int(),
  paidMinor: z.number().int(),
  unpaidCount: z.number().int(),
  unpaidMinor: z.number().int(),
  overdueCount: z.number().int(),
  overdueMinor: z.number().int(),
});
export type InstalmentRow = z.infer<typeof InstalmentRowSchema>;
export const InstalmentsReportSchema = z.object({
  ...rangeEcho,
  group: z.enum(REPORT_GROUPS),
  /** The day "overdue" was judged on. */
  today: z.string(),
  rows: z.array(InstalmentRowSchema),
  totals: z.array(InstalmentRowSchema.omit({ period: true })),
});
export type InstalmentsReport = z.infer<typeof InstalmentsReportSchema>;

// ---------------------------------------------------------------------------------------------
// 5. Quiz pass rates
// ---------------------------------------------------------------------------------------------

/**
 * One module's quiz: attempts finished in the range (a learner's attempt n, dated by its last
 * answer) and those that passed (every question answered, rounded score at or above the pass mark).
 */
export const QuizRowSchema = z.object({
  workshopId: IdSchema,
  workshop: z.string(),
  batchId: IdSchema,
  batch: z.string(),
  moduleId: IdSchema,
  module: z.string(),
  learners: z.number().int(),
  attempts: z.number().int(),
  passed: z.number().int(),
  /** passed / attempts as a whole percentage (rounded). */
  passRate: z.number().int(),
});
export type QuizRow = z.infer<typeof QuizRowSchema>;
export const QuizzesReportSchema = z.object({ ...rangeEcho, rows: z.array(QuizRowSchema) });
export type QuizzesReport = z.infer<typeof QuizzesReportSchema>;

// ---------------------------------------------------------------------------------------------
// 6. Assignment turnaround
// ---------------------------------------------------------------------------------------------

/**
 * One batch: assignments submitted in the range, how many are reviewed, how many still wait, and
 * the hours from submission to review (median, 90th percentile; null when none is reviewed).
 */
export const AssignmentRowSchema = z.object({
  workshopId: IdSchema,
  workshop: z.string(),
  batchId: IdSchema,
  batch: z.string(),
  submitted: z.number().int(),
  reviewed: z.number().int(),
  pending: z.number().int(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type AssignmentRow = z.infer<typeof AssignmentRowSchema>;
export const AssignmentsReportSchema = z.object({ ...rangeEcho, rows: z.array(AssignmentRowSchema) });
export type AssignmentsReport = z.infer<typeof AssignmentsReportSchema>;
