import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ApiError } from '../../../lib/api/base-query';
import type { ReportChartProps } from './report-chart';

/*
 * What every report shares: its loading, error and empty states around the figures, and each
 * chart with its text alternative (a summary above it and its figures as a table behind a
 * "Show as table" toggle).
 */

/** Chart.js loads on its own the first time a report draws (see report-chart.tsx). */
const ReportChart = lazy(() => import('./report-chart'));

export interface ReportResult<T> {
  data?: T;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

function errorText(error: unknown): string {
  const message = (error as Partial<ApiError> | undefined)?.message;
  return typeof message === 'string' && message ? message : 'The report could not be loaded.';
}

/** The report's states: loading, error with a retry, empty, or its figures. */
export function ReportFrame<T>({
  result,
  isEmpty,
  emptyText,
  children,
}: {
  result: ReportResult<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isLoading, isFetching, error, refetch } = result;
  if (error && !isFetching) {
    return (
      <div className="data-table__error" role="alert">
        <p>{errorText(error)}</p>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <p className="report__status" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the report…
      </p>
    );
  }
  return (
    <div className="report__body" aria-busy={isFetching || undefined}>
      {isEmpty(data) ? <p className="report__empty">{emptyText}</p> : children(data)}
    </div>
  );
}

/** A chart, its one-paragraph summary, and its figures as a table behind a toggle. */
export function ChartWithTable({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: ReactNode;
  chart: ReportChartProps;
  table: ReactNode;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="report__block" aria-labelledby={`${id}-title`}>
      <div className="report__block-head">
        <h2 id={`${id}-title`} className="report__heading">
          {title}
        </h2>
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Hide table' : 'Show as table'}
        </button>
      </div>
      <p className="report__summary">{summary}</p>
      <Suspense
        fallback={
          <p className="report__status" role="status">
            Drawing the chart…
          </p>
        }
      >
        <ReportChart {...chart} />
      </Suspense>
      <div id={`${id}-table`} hidden={!asTable}>
        {table}
      </div>
    </section>
  );
}

/** A report table: a caption for screen readers, header cells with scope, numbers right-aligned. */
export function FigureTable({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  foot?: ReactNode[];
}) {
  return (
    <div className="data-table__scroll report__table">
      <table className="data-table__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot ? (
          <tfoot>
            <tr>
              {foot.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
