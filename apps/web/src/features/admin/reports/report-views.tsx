import type { InstalmentRow, ReportGroup, RevenueRow } from '@atelier/contract';
import { formatDay } from '../../../lib/format';
import {
  formatHours,
  formatMoney,
  formatNumber,
  formatPeriod,
  formatRate,
  major,
  onPeriods,
  periodsBetween,
} from './format';
import { ChartWithTable, FigureTable, ReportFrame } from './report-frame';
import {
  useGetAssignmentsReportQuery,
  useGetEnrolmentsReportQuery,
  useGetFunnelReportQuery,
  useGetInstalmentsReportQuery,
  useGetQuizzesReportQuery,
  useGetRevenueReportQuery,
  type ReportParams,
} from './reports-api';

/*
 * The six reports (issue 17 point 7). Each one: a summary in words, a chart, and the same figures
 * as a table. Money is drawn and written per currency: rupees and dollars are never one figure.
 */

const CURRENCY_NAMES: Record<string, string> = { INR: 'Rupees (INR)', USD: 'Dollars (USD)' };
const currencyName = (code: string) => CURRENCY_NAMES[code] ?? code;
/** INR first, then USD, then any other code. */
const currencyOrder = (a: string, b: string) => {
  const rank = (c: string) => (c === 'INR' ? 0 : c === 'USD' ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
};
const moneyAxis = (currency: string) => (value: number) => formatMoney(Math.round(value * 100), currency);

interface ViewProps {
  params: ReportParams;
}

// ---------------------------------------------------------------------------------------------
// Revenue
// ---------------------------------------------------------------------------------------------

export function RevenueReport({ params }: ViewProps) {
  const result = useGetRevenueReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.rows.length === 0}
      emptyText="No payments or refunds in this range."
    >
      {(data) =>
        data.totals
          .map((t) => t.currency)
          .sort(currencyOrder)
          .map((currency) => {
            const rows = data.rows.filter((r) => r.currency === currency);
            const total = data.totals.find((t) => t.currency === currency)!;
            return (
              <RevenueCurrency
                key={currency}
                currency={currency}
                group={data.group}
                periods={periodsBetween(data.from, data.to, data.group)}
                rows={rows}
                total={total}
              />
            );
          })
      }
    </ReportFrame>
  );
}

function RevenueCurrency({
  currency,
  group,
  periods,
  rows,
  total,
}: {
  currency: string;
  group: ReportGroup;
  periods: string[];
  rows: RevenueRow[];
  total: Omit<RevenueRow, 'period'>;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <ChartWithTable
      title={`Revenue in ${currencyName(currency)}`}
      summary={
        <>
          Net <strong>{money(total.netMinor)}</strong> from {formatNumber(total.paidOrders)} paid{' '}
          {total.paidOrders === 1 ? 'order' : 'orders'}: gross {money(total.grossMinor)}, less{' '}
          {money(total.refundsMinor)} in {formatNumber(total.refunds)}{' '}
          {total.refunds === 1 ? 'refund' : 'refunds'}.
        </>
      }
      chart={{
        label: `Gross, refunds and net revenue in ${currency} by ${group}`,
        categories: periods.map((p) => formatPeriod(p, group)),
        series: [
          { label: 'Gross', values: onPeriods(periods, rows, (r) => major(r.grossMinor)) },
          { label: 'Refunds', values: onPeriods(periods, rows, (r) => major(r.refundsMinor)) },
          { label: 'Net', values: onPeriods(periods, rows, (r) => major(r.netMinor)) },
        ],
        format: moneyAxis(currency),
      }}
      table={
        <FigureTable
          caption={`Revenue in ${currency} by ${group}`}
          head={[
            group === 'month' ? 'Month' : group === 'week' ? 'Week' : 'Day',
            'Paid orders',
            'Gross',
            'Refunds',
            'Net',
          ]}
          rows={rows.map((r) => [
            formatPeriod(r.period, group),
            formatNumber(r.paidOrders),
            money(r.grossMinor),
            `${money(r.refundsMinor)} (${formatNumber(r.refunds)})`,
            money(r.netMinor),
          ])}
          foot={[
            'Total',
            formatNumber(total.paidOrders),
            money(total.grossMinor),
            `${money(total.refundsMinor)} (${formatNumber(total.refunds)})`,
            money(total.netMinor),
          ]}
        />
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Enrolments
// ---------------------------------------------------------------------------------------------

export function EnrolmentsReport({ params }: ViewProps) {
  const result = useGetEnrolmentsReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.batches.length === 0}
      emptyText="No enrolments in this range."
    >
      {(data) => {
        const sum = (key: 'enrolments' | 'paid' | 'free' | 'refunded') =>
          data.workshops.reduce((n, w) => n + w[key], 0);
        return (
          <>
            <ChartWithTable
              title="Enrolments by workshop"
              summary={
                <>
                  <strong>{formatNumber(sum('enrolments'))}</strong> enrolments in{' '}
                  {formatNumber(data.workshops.length)}{' '}
                  {data.workshops.length === 1 ? 'workshop' : 'workshops'}: {formatNumber(sum('paid'))} paid,{' '}
                  {formatNumber(sum('free'))} free or offline; {formatNumber(sum('refunded'))} refunded.
                </>
              }
              chart={{
                label: 'Paid and free enrolments by workshop',
                categories: data.workshops.map((w) => w.workshop),
                series: [
                  { label: 'Paid', values: data.workshops.map((w) => w.paid), stack: 'enrolments' },
                  {
                    label: 'Free or offline',
                    values: data.workshops.map((w) => w.free),
                    stack: 'enrolments',
                  },
                  { label: 'Refunded', values: data.workshops.map((w) => w.refunded) },
                ],
                format: formatNumber,
                horizontal: true,
              }}
              table={
                <FigureTable
                  caption="Enrolments by workshop"
                  head={['Workshop', 'Enrolments', 'Paid', 'Free or offline', 'Refunded']}
                  rows={data.workshops.map((w) => [
                    w.workshop,
                    formatNumber(w.enrolments),
                    formatNumber(w.paid),
                    formatNumber(w.free),
                    formatNumber(w.refunded),
                  ])}
                />
              }
            />
            <section className="report__block" aria-label="Enrolments by batch">
              <h2 className="report__heading">By batch</h2>
              <FigureTable
                caption="Enrolments by batch"
                head={['Batch', 'Workshop', 'Enrolments', 'Paid', 'Free or offline', 'Refunded']}
                rows={data.batches.map((b) => [
                  b.batch,
                  b.workshop,
                  formatNumber(b.enrolments),
                  formatNumber(b.paid),
                  formatNumber(b.free),
                  formatNumber(b.refunded),
                ])}
              />
            </section>
          </>
        );
      }}
    </ReportFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// Funnel
// ---------------------------------------------------------------------------------------------

export function FunnelReport({ params }: ViewProps) {
  const result = useGetFunnelReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.rows.length === 0}
      emptyText="No visits, leads or orders in this range."
    >
      {(data) => {
        const label = (r: { source: string; campaign: string }) => `${r.source} / ${r.campaign}`;
        return (
          <ChartWithTable
            title="Visitors → leads → paid orders by UTM"
            summary={
              <>
                <strong>{formatNumber(data.totals.visitors)}</strong> visitors with UTM,{' '}
                <strong>{formatNumber(data.totals.leads)}</strong> leads and{' '}
                <strong>{formatNumber(data.totals.paidOrders)}</strong> paid orders. An order counts for the
                UTM of the buyer’s latest lead before paying (same e-mail or mobile); without one it is
                “(none)”.
              </>
            }
            chart={{
              label: 'Visitors, leads and paid orders by UTM source and campaign',
              categories: data.rows.map(label),
              series: [
                { label: 'Visitors', values: data.rows.map((r) => r.visitors) },
                { label: 'Leads', values: data.rows.map((r) => r.leads) },
                { label: 'Paid orders', values: data.rows.map((r) => r.paidOrders) },
              ],
              format: formatNumber,
            }}
            table={
              <FigureTable
                caption="Funnel by UTM source and campaign"
                head={['Source / campaign', 'Visitors', 'Leads', 'Paid orders', 'Lead → order']}
                rows={data.rows.map((r) => [
                  label(r),
                  formatNumber(r.visitors),
                  formatNumber(r.leads),
                  formatNumber(r.paidOrders),
                  formatRate(r.paidOrders, r.leads),
                ])}
                foot={[
                  'Total',
                  formatNumber(data.totals.visitors),
                  formatNumber(data.totals.leads),
                  formatNumber(data.totals.paidOrders),
                  formatRate(data.totals.paidOrders, data.totals.leads),
                ]}
              />
            }
          />
        );
      }}
    </ReportFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// Instalments
// ---------------------------------------------------------------------------------------------

export function InstalmentsReport({ params }: ViewProps) {
  const result = useGetInstalmentsReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.rows.length === 0}
      emptyText="No instalments fall due in this range."
    >
      {(data) =>
        data.totals
          .map((t) => t.currency)
          .sort(currencyOrder)
          .map((currency) => (
            <InstalmentsCurrency
              key={currency}
              currency={currency}
              group={data.group}
              periods={periodsBetween(data.from, data.to, data.group)}
              today={data.today}
              rows={data.rows.filter((r) => r.currency === currency)}
              total={data.totals.find((t) => t.currency === currency)!}
            />
          ))
      }
    </ReportFrame>
  );
}

function InstalmentsCurrency({
  currency,
  group,
  periods,
  today,
  rows,
  total,
}: {
  currency: string;
  group: ReportGroup;
  periods: string[];
  today: string;
  rows: InstalmentRow[];
  total: Omit<InstalmentRow, 'period'>;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const counted = (minor: number, count: number) => `${money(minor)} (${formatNumber(count)})`;
  return (
    <ChartWithTable
      title={`Instalments in ${currencyName(currency)}`}
      summary={
        <>
          {formatNumber(total.dueCount)} {total.dueCount === 1 ? 'instalment' : 'instalments'} of{' '}
          {money(total.dueMinor)} fall due: {money(total.paidMinor)} paid, {money(total.unpaidMinor)} unpaid,
          of which <strong>{counted(total.overdueMinor, total.overdueCount)}</strong> overdue as of{' '}
          {formatDay(today)}.
        </>
      }
      chart={{
        label: `Instalments in ${currency} by due ${group}: paid, not yet due and overdue`,
        categories: periods.map((p) => formatPeriod(p, group)),
        series: [
          { label: 'Paid', values: onPeriods(periods, rows, (r) => major(r.paidMinor)), stack: 'due' },
          {
            label: 'Unpaid, not overdue',
            values: onPeriods(periods, rows, (r) => major(r.unpaidMinor - r.overdueMinor)),
            stack: 'due',
          },
          { label: 'Overdue', values: onPeriods(periods, rows, (r) => major(r.overdueMinor)), stack: 'due' },
        ],
        format: moneyAxis(currency),
      }}
      table={
        <FigureTable
          caption={`Instalments in ${currency} by due ${group}`}
          head={[`Due ${group}`, 'Due', 'Paid', 'Unpaid', 'Overdue']}
          rows={rows.map((r) => [
            formatPeriod(r.period, group),
            counted(r.dueMinor, r.dueCount),
            counted(r.paidMinor, r.paidCount),
            counted(r.unpaidMinor, r.unpaidCount),
            counted(r.overdueMinor, r.overdueCount),
          ])}
          foot={[
            'Total',
            counted(total.dueMinor, total.dueCount),
            counted(total.paidMinor, total.paidCount),
            counted(total.unpaidMinor, total.unpaidCount),
            counted(total.overdueMinor, total.overdueCount),
          ]}
        />
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Quiz pass rates
// ---------------------------------------------------------------------------------------------

export function QuizzesReport({ params }: ViewProps) {
  const result = useGetQuizzesReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.rows.length === 0}
      emptyText="No quiz attempts in this range."
    >
      {(data) => {
        const attempts = data.rows.reduce((n, r) => n + r.attempts, 0);
        const passed = data.rows.reduce((n, r) => n + r.passed, 0);
        const label = (r: { module: string; batch: string; workshop: string }) =>
          `${r.workshop} · ${r.batch} · ${r.module}`;
        return (
          <ChartWithTable
            title="Quiz pass rates"
            summary={
              <>
                <strong>{formatNumber(passed)}</strong> of {formatNumber(attempts)} attempts passed (
                {formatRate(passed, attempts)}) across {formatNumber(data.rows.length)}{' '}
                {data.rows.length === 1 ? 'quiz' : 'quizzes'}.
              </>
            }
            chart={{
              label: 'Quiz attempts passed and not passed by module',
              categories: data.rows.map(label),
              series: [
                { label: 'Passed', values: data.rows.map((r) => r.passed), stack: 'attempts' },
                {
                  label: 'Not passed',
                  values: data.rows.map((r) => r.attempts - r.passed),
                  stack: 'attempts',
                },
              ],
              format: formatNumber,
              horizontal: true,
            }}
            table={
              <FigureTable
                caption="Quiz pass rates by module"
                head={['Module', 'Batch', 'Workshop', 'Learners', 'Attempts', 'Passed', 'Pass rate']}
                rows={data.rows.map((r) => [
                  r.module,
                  r.batch,
                  r.workshop,
                  formatNumber(r.learners),
                  formatNumber(r.attempts),
                  formatNumber(r.passed),
                  `${r.passRate}%`,
                ])}
              />
            }
          />
        );
      }}
    </ReportFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// Assignment turnaround
// ---------------------------------------------------------------------------------------------

export function AssignmentsReport({ params }: ViewProps) {
  const result = useGetAssignmentsReportQuery(params);
  return (
    <ReportFrame
      result={result}
      isEmpty={(d) => d.rows.length === 0}
      emptyText="No assignments submitted in this range."
    >
      {(data) => {
        const submitted = data.rows.reduce((n, r) => n + r.submitted, 0);
        const pending = data.rows.reduce((n, r) => n + r.pending, 0);
        const slowest = data.rows
          .filter((r) => r.medianHours !== null)
          .sort((a, b) => (b.medianHours ?? 0) - (a.medianHours ?? 0))[0];
        const label = (r: { batch: string; workshop: string }) => `${r.workshop} · ${r.batch}`;
        return (
          <ChartWithTable
            title="Assignment turnaround"
            summary={
              <>
                {formatNumber(submitted)} submissions; <strong>{formatNumber(pending)}</strong> still waiting
                for review.
                {slowest ? (
                  <>
                    {' '}
                    Slowest median review: {label(slowest)}, {formatHours(slowest.medianHours)}.
                  </>
                ) : null}
              </>
            }
            chart={{
              label: 'Hours from submission to review by batch: median and 90th percentile',
              categories: data.rows.map(label),
              series: [
                { label: 'Median hours', values: data.rows.map((r) => r.medianHours ?? 0) },
                { label: '90th percentile hours', values: data.rows.map((r) => r.p90Hours ?? 0) },
              ],
              format: (v) => formatHours(v),
              horizontal: true,
            }}
            table={
              <FigureTable
                caption="Assignment turnaround by batch"
                head={['Batch', 'Workshop', 'Submitted', 'Reviewed', 'Waiting', 'Median', '90th percentile']}
                rows={data.rows.map((r) => [
                  r.batch,
                  r.workshop,
                  formatNumber(r.submitted),
                  formatNumber(r.reviewed),
                  formatNumber(r.pending),
                  formatHours(r.medianHours),
                  formatHours(r.p90Hours),
                ])}
              />
            }
          />
        );
      }}
    </ReportFrame>
  );
}
