import { REPORT_MAX_DAYS, type ReportGroup } from '@atelier/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/store';
import { ConsolePage } from '../components/cells';
import {
  addDays,
  rangeProblem,
  SERIES_REPORTS,
  todayInIndia,
  useReportState,
  type ReportState,
} from './report-state';
import {
  AssignmentsReport,
  EnrolmentsReport,
  FunnelReport,
  InstalmentsReport,
  QuizzesReport,
  RevenueReport,
} from './report-views';
import { exportReportCsv, type ReportName } from './reports-api';
import './reports.css';

/*
 * /admin/reports (issue 17 point 7, admins): one report at a time, chosen with the links on top;
 * the range (Indian calendar days) and, for the series, day/week/month all live in the address.
 */

const REPORTS: ReadonlyArray<{ key: ReportName; label: string; View: typeof RevenueReport }> = [
  { key: 'revenue', label: 'Revenue', View: RevenueReport },
  { key: 'enrolments', label: 'Enrolments', View: EnrolmentsReport },
  { key: 'funnel', label: 'Funnel', View: FunnelReport },
  { key: 'instalments', label: 'Instalments', View: InstalmentsReport },
  { key: 'quizzes', label: 'Quiz pass rates', View: QuizzesReport },
  { key: 'assignments', label: 'Assignment turnaround', View: AssignmentsReport },
];

const GROUP_LABELS: Record<ReportGroup, string> = { day: 'Day', week: 'Week', month: 'Month' };

export function ReportsPage() {
  const state = useReportState();
  const current = REPORTS.find((r) => r.key === state.report)!;
  const problem = rangeProblem(state.from, state.to);
  return (
    <ConsolePage
      title="Reports"
      intro="Figures for a range of days (Indian time). Money is in each currency apart: rupees and dollars are never added together."
    >
      <nav aria-label="Reports" className="report-tabs">
        <ul className="report-tabs__list">
          {REPORTS.map((r) => (
            <li key={r.key}>
              <Link
                to={state.hrefFor({ report: r.key })}
                className="report-tabs__link"
                aria-current={r.key === state.report ? 'page' : undefined}
              >
                {r.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ReportControls state={state} />
      {problem ? (
        <p className="admin-message admin-message--alert" role="alert">
          {problem.message}
        </p>
      ) : (
        <current.View params={state.params} />
      )}
    </ConsolePage>
  );
}

/** The range form: the address's days until changed here; checked before it is sent. */
function RangeForm({ state }: { state: ReportState }) {
  const id = useId();
  const [from, setFrom] = useState(state.from);
  const [to, setTo] = useState(state.to);
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setError(found);
    if (!found) state.update({ from, to });
  };
  const described = (field: 'from' | 'to') => (error?.field === field ? `${id}-error` : undefined);
  return (
    <form className="report-controls__range" onSubmit={submit} noValidate aria-label="Range">
      <label className="data-table__filter">
        <span className="data-table__label">From</span>
        <input
          type="date"
          className="form-field__input"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={error?.field === 'from' || undefined}
          aria-describedby={described('from')}
        />
      </label>
      <label className="data-table__filter">
        <span className="data-table__label">To</span>
        <input
          type="date"
          className="form-field__input"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={error?.field === 'to' || undefined}
          aria-describedby={described('to')}
        />
      </label>
      <button type="submit" className="button button--primary">
        Show
      </button>
      {error ? (
        <p id={`${id}-error`} className="form-field__error report-controls__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

/** The range form, quick ranges, the day/week/month choice and the CSV export. */
function ReportControls({ state }: { state: ReportState }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<{ tone: 'error' | 'status'; text: string } | null>(null);

  const today = todayInIndia();
  const monthStart = `${today.slice(0, 8)}01`;
  const quick = [
    { label: 'Last 30 days', from: addDays(today, -29), to: today },
    { label: 'This month', from: monthStart, to: today },
    { label: 'Last 12 months', from: addDays(today, -364), to: today },
  ];

  const download = async () => {
    setExporting(true);
    setExportMessage(null);
    try {
      const name = await dispatch(exportReportCsv(state.report, state.params));
      setExportMessage({ tone: 'status', text: `Downloaded ${name}.` });
    } catch (failure) {
      setExportMessage({
        tone: 'error',
        text: failure instanceof Error ? failure.message : 'The export failed. Try again.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="report-controls">
      {/* A new range in the address (a quick range, back) starts the form afresh. */}
      <RangeForm key={`${state.from}|${state.to}`} state={state} />
      <div className="report-controls__quick" role="group" aria-label="Quick ranges">
        {quick.map((q) => (
          <Link
            key={q.label}
            to={state.hrefFor({ from: q.from, to: q.to })}
            className="button button--quiet"
            aria-current={q.from === state.from && q.to === state.to ? 'true' : undefined}
          >
            {q.label}
          </Link>
        ))}
      </div>
      {SERIES_REPORTS.includes(state.report) ? (
        <fieldset className="report-controls__group">
          <legend className="data-table__label">Group by</legend>
          {(Object.keys(GROUP_LABELS) as ReportGroup[]).map((group) => (
            <label key={group} className="report-controls__choice">
              <input
                type="radio"
                name={`${id}-group`}
                value={group}
                checked={state.group === group}
                onChange={() => state.update({ group })}
              />
              {GROUP_LABELS[group]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button
        type="button"
        className="button button--quiet report-controls__export"
        onClick={() => void download()}
        disabled={exporting || rangeProblem(state.from, state.to) !== null}
        aria-busy={exporting || undefined}
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </button>
      {exportMessage ? (
        <p
          className={`data-table__message data-table__message--${exportMessage.tone}`}
          role={exportMessage.tone === 'error' ? 'alert' : 'status'}
        >
          {exportMessage.text}
        </p>
      ) : null}
      <p className="visually-hidden">A report covers at most {REPORT_MAX_DAYS} days.</p>
    </div>
  );
}
