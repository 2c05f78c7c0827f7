import type {
  AssignmentRow,
  AssignmentsReport,
  EnrolmentBatchRow,
  EnrolmentsReport,
  EnrolmentWorkshopRow,
  FunnelReport,
  FunnelRow,
  InstalmentRow,
  InstalmentsReport,
  QuizRow,
  QuizzesReport,
  ReportGroup,
  RevenueReport,
  RevenueRow,
} from '@atelier/contract';
import { DEFAULT_TIME_ZONE } from '@atelier/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../../../db/query.js';

/*
 * The console's reports (issue 17 point 7), each one statement of SQL: the database counts, sums
 * and ranks; this file only names the rows. A range is calendar days `from`..`to` (inclusive) in
 * Asia/Kolkata, so an instant counts on the Indian day it happened; buckets (day, ISO week, month)
 * are those days too. Money stays in minor units and in its own currency (INR and USD are grouped
 * apart, never added). Rows exist only where something happened: an empty range is no rows.
 */

export interface Range {
  from: string;
  to: string;
}

const TZ = DEFAULT_TIME_ZONE;

/** `column` falls on a day of the range (Asia/Kolkata), as bounds an index on it can serve. */
function inRange(column: SQL, range: Range): SQL {
  return sql`${column} >= (${range.from}::date)::timestamp AT TIME ZONE ${TZ}::text
    AND ${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${TZ}::text`;
}

/** The first day (YYYY-MM-DD) of the bucket an instant falls in, on the Indian calendar. */
function bucketOfInstant(column: SQL, group: ReportGroup): SQL {
  return sql`to_char(date_trunc(${group}::text, ${column} AT TIME ZONE ${TZ}::text), 'YYYY-MM-DD')`;
}

/** How a batch is named in a report: its name, else its start day, else its number. */
const batchLabel = sql`coalesce(nullif(btrim(b.name), ''), 'Batch of ' || to_char(b.start_date, 'DD Mon YYYY'), 'Batch ' || b.id)`;

const int = z.coerce.number().int();
const maybeNumber = z.union([z.null(), z.coerce.number()]);

// ---------------------------------------------------------------------------------------------
// 1. Revenue
// ---------------------------------------------------------------------------------------------

const RevenueSqlRow = z.object({
  period: z.string().nullable(),
  currency: z.string(),
  paidOrders: int,
  grossMinor: int,
  refunds: int,
  refundsMinor: int,
  netMinor: int,
});

/**
 * Gross: orders paid in the bucket (`paid_at`; still paid, or refunded later), what they charged.
 * Refunds: refunds of paid orders processed in the bucket (a payment that never paid an order —
 * flagged as not matching it, or captured after it expired — is returned without having been
 * revenue, so it is in neither). Net = gross − refunds, per bucket and currency.
 */
export async function revenueReport(db: Executor, range: Range, group: ReportGroup): Promise<RevenueReport> {
  const rows = await queryRows(
    db,
    sql`WITH paid AS (
          SELECT ${bucketOfInstant(sql`o.paid_at`, group)} AS period, o.currency,
                 count(*) AS paid_orders, sum(o.amount_minor) AS gross
            FROM orders o
           WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded')
             AND ${inRange(sql`o.paid_at`, range)}
           GROUP BY 1, 2
        ), refunded AS (
          SELECT ${bucketOfInstant(sql`r.processed_at`, group)} AS period, r.currency,
                 count(*) AS refunds, sum(r.amount_minor) AS refunds_minor
            FROM refunds r
            JOIN orders o ON o.id = r.order_id
           WHERE r.status = 'processed' AND ${inRange(sql`r.processed_at`, range)}
             -- Only money that was counted as revenue: a mismatched payment returned from an
             -- order never paid (flagged, or captured after it expired) was never gross.
             AND o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded')
           GROUP BY 1, 2
        ), buckets AS (
          SELECT coalesce(p.period, r.period) AS period, coalesce(p.currency, r.currency) AS currency,
                 coalesce(p.paid_orders, 0) AS paid_orders, coalesce(p.gross, 0) AS gross,
                 coalesce(r.refunds, 0) AS refunds, coalesce(r.refunds_minor, 0) AS refunds_minor
            FROM paid p FULL JOIN refunded r ON r.period = p.period AND r.currency = p.currency
        )
        SELECT period, currency,
               sum(paid_orders)::int AS "paidOrders", sum(gross)::bigint AS "grossMinor",
               sum(refunds)::int AS refunds, sum(refunds_minor)::bigint AS "refundsMinor",
               (sum(gross) - sum(refunds_minor))::bigint AS "netMinor"
          FROM buckets
         GROUP BY GROUPING SETS ((period, currency), (currency))
         ORDER BY period NULLS LAST, currency`,
    RevenueSqlRow,
  );
  return {
    ...range,
    group,
    rows: rows.filter((r): r is RevenueRow => r.period !== null),
    totals: rows.filter((r) => r.period === null).map(({ period: _period, ...total }) => total),
  };
}

export const revenueColumns = [
  { header: 'period', value: (r: RevenueRow) => r.period },
  { header: 'currency', value: (r: RevenueRow) => r.currency },
  { header: 'paid_orders', value: (r: RevenueRow) => r.paidOrders },
  { header: 'gross_minor', value: (r: RevenueRow) => r.grossMinor },
  { header: 'refunds', value: (r: RevenueRow) => r.refunds },
  { header: 'refunds_minor', value: (r: RevenueRow) => r.refundsMinor },
  { header: 'net_minor', value: (r: RevenueRow) => r.netMinor },
];

// ---------------------------------------------------------------------------------------------
// 2. Enrolments
// ---------------------------------------------------------------------------------------------

const EnrolmentSqlRow = z.object({
  workshopId: int,
  workshop: z.string(),
  batchId: z.union([z.null(), int]),
  batch: z.string().nullable(),
  enrolments: int,
  paid: int,
  free: int,
  refunded: int,
});

/**
 * Enrolments made in the range, by batch and by workshop. Paid: through an order that charged
 * money; free: no order, or an order of nothing (offline, free, all coins); refunded: the
 * enrolment is marked refunded or its order was refunded (a refunded one counts in paid/free too).
 */
export async function enrolmentsReport(db: Executor, range: Range): Promise<EnrolmentsReport> {
  const rows = await queryRows(
    db,
    sql`SELECT w.id AS "workshopId", w.title AS workshop,
               b.id AS "batchId", max(${batchLabel}) AS batch,
               count(*)::int AS enrolments,
               count(*) FILTER (WHERE o.amount_minor > 0)::int AS paid,
               count(*) FILTER (WHERE o.id IS NULL OR o.amount_minor = 0)::int AS free,
               count(*) FILTER (WHERE e.is_refund OR o.status = 'refunded')::int AS refunded
          FROM enrolments e
          JOIN batches b ON b.id = e.batch_id
          JOIN workshops w ON w.id = b.workshop_id
          LEFT JOIN orders o ON o.id = e.source_order_id
         WHERE ${inRange(sql`e.created_at`, range)}
         GROUP BY GROUPING SETS ((w.id, w.title), (w.id, w.title, b.id))
         ORDER BY count(*) DESC, w.title, b.id NULLS FIRST`,
    EnrolmentSqlRow,
  );
  return {
    ...range,
    workshops: rows
      .filter((r) => r.batchId === null)
      .map(({ batchId: _b, batch: _l, ...row }): EnrolmentWorkshopRow => row),
    batches: rows
      .filter((r) => r.batchId !== null)
      .map((r): EnrolmentBatchRow => ({ ...r, batchId: r.batchId!, batch: r.batch ?? '' })),
  };
}

export const enrolmentColumns = [
  { header: 'workshop', value: (r: EnrolmentBatchRow) => r.workshop },
  { header: 'batch_id', value: (r: EnrolmentBatchRow) => r.batchId },
  { header: 'batch', value: (r: EnrolmentBatchRow) => r.batch },
  { header: 'enrolments', value: (r: EnrolmentBatchRow) => r.enrolments },
  { header: 'paid', value: (r: EnrolmentBatchRow) => r.paid },
  { header: 'free', value: (r: EnrolmentBatchRow) => r.free },
  { header: 'refunded', value: (r: EnrolmentBatchRow) => r.refunded },
];

// ---------------------------------------------------------------------------------------------
// 3. Funnel
// ---------------------------------------------------------------------------------------------

const FunnelSqlRow = z.object({
  source: z.string().nullable(),
  campaign: z.string().nullable(),
  visitors: int,
  leads: int,
  paidOrders: int,
});

const utmValue = (value: SQL) => sql`coalesce(nullif(btrim(${value}), ''), '(none)')`;

/**
 * Visitors → leads → paid orders by UTM source and campaign, each counted on its own day in the
 * range:
 *   - visitors: distinct trackers (else accounts, else clicks) landing with UTM parameters
 *     (`utm_clicks`); a visit without UTM is not recorded, so `(none)` has no visitors;
 *   - leads: distinct contacts whose lead was opened in the range, by the lead's own UTM;
 *   - paid orders: orders paid in the range (not instalment payments: those are the same buyer
 *     paying again). Orders carry no UTM: an order takes the UTM of the buyer's latest lead opened
 *     at or before payment, matched on the buyer's e-mail (case-insensitive) or mobile (account's,
 *     else the guest checkout's); no such lead = `(none)`.
 */
export async function funnelReport(db: Executor, range: Range): Promise<FunnelReport> {
  const rows = await queryRows(
    db,
    sql`WITH v AS (
          SELECT ${utmValue(sql`c.utm_source`)} AS source, ${utmValue(sql`c.utm_campaign`)} AS campaign,
                 count(DISTINCT coalesce('t:' || c.tracker_id, 'u:' || c.user_id, 'c:' || c.id)) AS n
            FROM utm_clicks c
           WHERE ${inRange(sql`c.created_at`, range)}
           GROUP BY 1, 2
        ), l AS (
          SELECT ${utmValue(sql`l.payload->>'utmSource'`)} AS source,
                 ${utmValue(sql`l.payload->>'utmCampaign'`)} AS campaign,
                 count(DISTINCT l.contact_key) AS n
            FROM leads l
           WHERE ${inRange(sql`l.created_at`, range)}
           GROUP BY 1, 2
        ), buyers AS (
          SELECT o.id, o.paid_at,
                 lower(btrim(coalesce(u.email, o.guest_email))) AS email,
                 nullif(btrim(coalesce(u.mobile, o.guest_mobile)), '') AS mobile
            FROM orders o
            LEFT JOIN users u ON u.id = o.user_id
           WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded') AND o.kind <> 'instalment'
             AND ${inRange(sql`o.paid_at`, range)}
        ), o AS (
          SELECT ${utmValue(sql`ld.payload->>'utmSource'`)} AS source,
                 ${utmValue(sql`ld.payload->>'utmCampaign'`)} AS campaign,
                 count(*) AS n
            FROM buyers b
            LEFT JOIN LATERAL (
              SELECT l.payload FROM leads l
               WHERE l.created_at <= b.paid_at
                 AND ((b.email IS NOT NULL AND b.email <> '' AND l.email = b.email)
                      OR (b.mobile IS NOT NULL AND l.mobile = b.mobile))
               ORDER BY l.created_at DESC, l.id DESC
               LIMIT 1
            ) ld ON true
           GROUP BY 1, 2
        ), keys AS (
          SELECT source, campaign FROM v UNION SELECT source, campaign FROM l
          UNION SELECT source, campaign FROM o
        )
        SELECT k.source, k.campaign,
               sum(coalesce(v.n, 0))::int AS visitors, sum(coalesce(l.n, 0))::int AS leads,
               sum(coalesce(o.n, 0))::int AS "paidOrders"
          FROM keys k
          LEFT JOIN v ON v.source = k.source AND v.campaign = k.campaign
          LEFT JOIN l ON l.source = k.source AND l.campaign = k.campaign
          LEFT JOIN o ON o.source = k.source AND o.campaign = k.campaign
         GROUP BY GROUPING SETS ((k.source, k.campaign), ())
         ORDER BY (k.source IS NULL), sum(coalesce(o.n, 0)) DESC, sum(coalesce(l.n, 0)) DESC,
                  sum(coalesce(v.n, 0)) DESC, k.source, k.campaign`,
    FunnelSqlRow,
  );
  const total = rows.find((r) => r.source === null);
  return {
    ...range,
    rows: rows
      .filter((r) => r.source !== null)
      .map((r): FunnelRow => ({ ...r, source: r.source!, campaign: r.campaign ?? '(none)' })),
    totals: {
      visitors: total?.visitors ?? 0,
      leads: total?.leads ?? 0,
      paidOrders: total?.paidOrders ?? 0,
    },
  };
}

export const funnelColumns = [
  { header: 'utm_source', value: (r: FunnelRow) => r.source },
  { header: 'utm_campaign', value: (r: FunnelRow) => r.campaign },
  { header: 'visitors', value: (r: FunnelRow) => r.visitors },
  { header: 'leads', value: (r: FunnelRow) => r.leads },
  { header: 'paid_orders', value: (r: FunnelRow) => r.paidOrders },
];

// ---------------------------------------------------------------------------------------------
// 4. Instalment collections
// ---------------------------------------------------------------------------------------------

const InstalmentSqlRow = z.object({
  period: z.string().nullable(),
  currency: z.string(),
  dueCount: int,
  dueMinor: int,
  paidCount: int,
  paidMinor: int,
  unpaidCount: int,
  unpaidMinor: int,
  overdueCount: int,
  overdueMinor: int,
});

/**
 * Instalments due in the range (plans not cancelled), by due bucket and the plan's currency:
 * all, paid, unpaid, and overdue = unpaid and due before `today` (Asia/Kolkata).
 */
export async function instalmentsReport(
  db: Executor,
  range: Range,
  group: ReportGroup,
  today: string,
): Promise<InstalmentsReport> {
  const rows = await queryRows(
    db,
    sql`SELECT period, currency,
               count(*)::int AS "dueCount", coalesce(sum(amount), 0)::bigint AS "dueMinor",
               count(*) FILTER (WHERE paid)::int AS "paidCount",
               coalesce(sum(amount) FILTER (WHERE paid), 0)::bigint AS "paidMinor",
               count(*) FILTER (WHERE NOT paid)::int AS "unpaidCount",
               coalesce(sum(amount) FILTER (WHERE NOT paid), 0)::bigint AS "unpaidMinor",
               count(*) FILTER (WHERE NOT paid AND due < ${today}::date)::int AS "overdueCount",
               coalesce(sum(amount) FILTER (WHERE NOT paid AND due < ${today}::date), 0)::bigint
                 AS "overdueMinor"
          FROM (
            SELECT to_char(date_trunc(${group}::text, i.due_date::timestamp), 'YYYY-MM-DD') AS period,
                   p.currency, i.amount_minor AS amount, i.paid_at IS NOT NULL AS paid, i.due_date AS due
              FROM instalments i
              JOIN instalment_plans p ON p.id = i.plan_id
             WHERE p.status <> 'cancelled'
               AND i.due_date BETWEEN ${range.from}::date AND ${range.to}::date
          ) x
         GROUP BY GROUPING SETS ((period, currency), (currency))
         ORDER BY period NULLS LAST, currency`,
    InstalmentSqlRow,
  );
  return {
    ...range,
    group,
    today,
    rows: rows.filter((r): r is InstalmentRow => r.period !== null),
    totals: rows.filter((r) => r.period === null).map(({ period: _period, ...total }) => total),
  };
}

export const instalmentColumns = [
  { header: 'due_period', value: (r: InstalmentRow) => r.period },
  { header: 'currency', value: (r: InstalmentRow) => r.currency },
  { header: 'due_count', value: (r: InstalmentRow) => r.dueCount },
  { header: 'due_minor', value: (r: InstalmentRow) => r.dueMinor },
  { header: 'paid_count', value: (r: InstalmentRow) => r.paidCount },
  { header: 'paid_minor', value: (r: InstalmentRow) => r.paidMinor },
  { header: 'unpaid_count', value: (r: InstalmentRow) => r.unpaidCount },
  { header: 'unpaid_minor', value: (r: InstalmentRow) => r.unpaidMinor },
  { header: 'overdue_count', value: (r: InstalmentRow) => r.overdueCount },
  { header: 'overdue_minor', value: (r: InstalmentRow) => r.overdueMinor },
];

// ---------------------------------------------------------------------------------------------
// 5. Quiz pass rates
// ---------------------------------------------------------------------------------------------

const QuizSqlRow = z.object({
  workshopId: int,
  workshop: z.string(),
  batchId: int,
  batch: z.string(),
  moduleId: int,
  module: z.string(),
  learners: int,
  attempts: int,
  passed: int,
  passRate: int,
});

/**
 * Per batch module quiz: attempts whose last answer falls in the range and those that passed —
 * the certificates' rule: every question answered and the rounded score at or above the pass mark
 * (60 % without a settings row).
 */
export async function quizzesReport(db: Executor, range: Range): Promise<QuizzesReport> {
  const rows = await queryRows(
    db,
    sql`WITH att AS (
          SELECT r.user_id, qq.module_id, r.attempt,
                 count(DISTINCT r.question_id) AS answered,
                 count(DISTINCT r.question_id) FILTER (WHERE o.is_correct) AS correct
            FROM course_quiz_responses r
            JOIN course_quiz_questions qq ON qq.id = r.question_id
            JOIN course_quiz_options o ON o.id = r.option_id
           WHERE r.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${TZ}::text
           GROUP BY 1, 2, 3
          HAVING max(r.created_at) >= (${range.from}::date)::timestamp AT TIME ZONE ${TZ}::text
        ), mods AS (
          SELECT m.id, m.title, m.batch_id, coalesce(q.pass_percentage, 60) AS pass,
                 (SELECT count(*) FROM course_quiz_questions x WHERE x.module_id = m.id) AS questions
            FROM course_modules m
            LEFT JOIN course_quizzes q ON q.module_id = m.id
           WHERE m.id IN (SELECT module_id FROM att)
        )
        SELECT w.id AS "workshopId", w.title AS workshop, b.id AS "batchId", max(${batchLabel}) AS batch,
               m.id AS "moduleId", m.title AS module,
               count(DISTINCT a.user_id)::int AS learners, count(*)::int AS attempts,
               count(*) FILTER (WHERE m.questions > 0 AND a.answered >= m.questions
                                  AND round(a.correct * 100.0 / m.questions) >= m.pass)::int AS passed,
               round(count(*) FILTER (WHERE m.questions > 0 AND a.answered >= m.questions
                                        AND round(a.correct * 100.0 / m.questions) >= m.pass)
                     * 100.0 / count(*))::int AS "passRate"
          FROM att a
          JOIN mods m ON m.id = a.module_id
          JOIN batches b ON b.id = m.batch_id
          JOIN workshops w ON w.id = b.workshop_id
         GROUP BY w.id, w.title, b.id, m.id, m.title
         ORDER BY w.title, b.id, m.id`,
    QuizSqlRow,
  );
  return { ...range, rows };
}

export const quizColumns = [
  { header: 'workshop', value: (r: QuizRow) => r.workshop },
  { header: 'batch_id', value: (r: QuizRow) => r.batchId },
  { header: 'batch', value: (r: QuizRow) => r.batch },
  { header: 'module', value: (r: QuizRow) => r.module },
  { header: 'learners', value: (r: QuizRow) => r.learners },
  { header: 'attempts', value: (r: QuizRow) => r.attempts },
  { header: 'passed', value: (r: QuizRow) => r.passed },
  { header: 'pass_rate_percent', value: (r: QuizRow) => r.passRate },
];

// ---------------------------------------------------------------------------------------------
// 6. Assignment turnaround
// ---------------------------------------------------------------------------------------------

const AssignmentSqlRow = z.object({
  workshopId: int,
  workshop: z.string(),
  batchId: int,
  batch: z.string(),
  submitted: int,
  reviewed: int,
  pending: int,
  medianHours: maybeNumber,
  p90Hours: maybeNumber,
});

/**
 * Per batch: submissions made in the range (a submission's time is its first upload), how many
 * are reviewed and how many still wait now, and the hours from submission to review (median and
 * 90th percentile, continuous, to one decimal).
 */
export async function assignmentsReport(db: Executor, range: Range): Promise<AssignmentsReport> {
  const hours = sql`extract(epoch FROM ar.reviewed_at - ar.created_at) / 3600`;
  const rows = await queryRows(
    db,
    sql`SELECT w.id AS "workshopId", w.title AS workshop, b.id AS "batchId", max(${batchLabel}) AS batch,
               count(*)::int AS submitted, count(ar.reviewed_at)::int AS reviewed,
               count(*) FILTER (WHERE ar.reviewed_at IS NULL)::int AS pending,
               round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours}))::numeric, 1)::float8
                 AS "medianHours",
               round((percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hours}))::numeric, 1)::float8
                 AS "p90Hours"
          FROM assignment_responses ar
          JOIN assignments a ON a.id = ar.assignment_id
          JOIN course_module_sessions s ON s.id = a.session_id
          JOIN course_module_details d ON d.id = s.detail_id
          JOIN course_modules m ON m.id = d.module_id
          JOIN batches b ON b.id = m.batch_id
          JOIN workshops w ON w.id = b.workshop_id
         WHERE ${inRange(sql`ar.created_at`, range)}
         GROUP BY w.id, w.title, b.id
         ORDER BY w.title, b.id`,
    AssignmentSqlRow,
  );
  return { ...range, rows };
}

export const assignmentColumns = [
  { header: 'workshop', value: (r: AssignmentRow) => r.workshop },
  { header: 'batch_id', value: (r: AssignmentRow) => r.batchId },
  { header: 'batch', value: (r: AssignmentRow) => r.batch },
  { header: 'submitted', value: (r: AssignmentRow) => r.submitted },
  { header: 'reviewed', value: (r: AssignmentRow) => r.reviewed },
  { header: 'pending', value: (r: AssignmentRow) => r.pending },
  { header: 'median_hours', value: (r: AssignmentRow) => r.medianHours },
  { header: 'p90_hours', value: (r: AssignmentRow) => r.p90Hours },
];
