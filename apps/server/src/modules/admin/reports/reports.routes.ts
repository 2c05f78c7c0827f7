import { endpoints } from '@atelier/contract';
import { toWireDate } from '@atelier/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import type { CsvColumn } from '../csv.js';
import { sendCsv } from '../listing.js';
import * as reports from './reports.service.js';

/*
 * The console's reports (issue 17 point 7), admins only: `GET /api/admin/reports/{report}` with
 * `from`, `to` (calendar days in Asia/Kolkata, at most 366 days) and, for the time series,
 * `group` (day, week, month). `format=csv` answers the report's table as a download.
 */
export async function reportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['admin', 'reports'];
  const produces = ['application/json', 'text/csv'];

  /** The report in the envelope, or its table as a CSV file named after the report and range. */
  const answer = <R, T>(
    reply: FastifyReply,
    query: { format: 'json' | 'csv'; from: string; to: string },
    name: string,
    report: R,
    table: (report: R) => readonly T[],
    columns: readonly CsvColumn<T>[],
  ) => {
    if (query.format !== 'csv') return ok(report);
    return sendCsv(reply, `${name}-${query.from}-to-${query.to}.csv`, columns, table(report));
  };
  const range = (q: { from: string; to: string }) => ({ from: q.from, to: q.to });

  defineRoute(
    api,
    endpoints.adminReportRevenue,
    {
      summary: 'Revenue by day, week or month: gross, refunds and net, each currency apart (admins)',
      description: 'Orders paid and refunds processed in the range (Asia/Kolkata days); minor units.',
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const report = await reports.revenueReport(db, range(q), q.group);
      return answer(reply, q, 'revenue', report, (r) => r.rows, reports.revenueColumns);
    },
  );

  defineRoute(
    api,
    endpoints.adminReportEnrolments,
    {
      summary: 'Enrolments by workshop and batch: paid, free and refunded (admins)',
      description: 'Enrolments made in the range. The CSV is the per-batch table.',
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const report = await reports.enrolmentsReport(db, range(q));
      return answer(reply, q, 'enrolments', report, (r) => r.batches, reports.enrolmentColumns);
    },
  );

  defineRoute(
    api,
    endpoints.adminReportFunnel,
    {
      summary: 'Visitors, leads and paid orders by UTM source and campaign (admins)',
      description:
        "Paid orders take the UTM of the buyer's latest lead (e-mail or mobile) opened before payment.",
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const report = await reports.funnelReport(db, range(q));
      return answer(reply, q, 'funnel', report, (r) => r.rows, reports.funnelColumns);
    },
  );

  defineRoute(
    api,
    endpoints.adminReportInstalments,
    {
      summary: 'Instalments due by week or month: paid, unpaid and overdue, each currency apart (admins)',
      description: 'Overdue = unpaid and due before today (Asia/Kolkata). Cancelled plans are left out.',
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const today = toWireDate(ctx.clock());
      const report = await reports.instalmentsReport(db, range(q), q.group, today);
      return answer(reply, q, 'instalments', report, (r) => r.rows, reports.instalmentColumns);
    },
  );

  defineRoute(
    api,
    endpoints.adminReportQuizzes,
    {
      summary: 'Quiz pass rates per batch module: attempts, passed, rate (admins)',
      description: 'Attempts whose last answer falls in the range.',
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const report = await reports.quizzesReport(db, range(q));
      return answer(reply, q, 'quiz-pass-rates', report, (r) => r.rows, reports.quizColumns);
    },
  );

  defineRoute(
    api,
    endpoints.adminReportAssignments,
    {
      summary: 'Assignment turnaround per batch: median and p90 hours to review, pending (admins)',
      description: 'Submissions made in the range.',
      tags,
      produces,
    },
    async (request, reply) => {
      const q = request.query;
      const report = await reports.assignmentsReport(db, range(q));
      return answer(reply, q, 'assignment-turnaround', report, (r) => r.rows, reports.assignmentColumns);
    },
  );
}
