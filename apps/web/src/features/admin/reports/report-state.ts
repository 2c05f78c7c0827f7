import { REPORT_GROUPS, REPORT_KINDS, REPORT_MAX_DAYS, type ReportGroup } from '@atelier/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { istWallClock } from '../../../lib/format';
import type { ReportName } from './reports-api';

/*
 * What the reports page shows, kept in the address (`?report=funnel&from=…&to=…&group=month`) so
 * reload, back and a shared link show the same figures. Malformed values fall back to the
 * defaults: the last 30 days (Indian calendar) and the report's usual bucket.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reports drawn as a time series, with a day/week/month choice. */
export const SERIES_REPORTS: readonly ReportName[] = ['revenue', 'instalments'];

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) =>
  new Date(dayMs(day) + n * 86_400_000).toISOString().slice(0, 10);
export const todayInIndia = () => istWallClock(new Date().toISOString())!.date;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  return (
    DAY.test(day) && !Number.isNaN(dayMs(day)) && new Date(dayMs(day)).toISOString().slice(0, 10) === day
  );
}

/** Why a range cannot be asked for, or null when it can (the server's own rules). */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: 'Enter a start day.' };
  if (!isDay(to)) return { field: 'to', message: 'Enter an end day.' };
  const days = Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;
  if (days < 1) return { field: 'to', message: 'The end day must be on or after the start day.' };
  if (days > REPORT_MAX_DAYS)
    return { field: 'to', message: `A report covers at most ${REPORT_MAX_DAYS} days.` };
  return null;
}

export const defaultGroup = (report: ReportName): ReportGroup => (report === 'instalments' ? 'week' : 'day');

export interface ReportState {
  report: ReportName;
  from: string;
  to: string;
  group: ReportGroup;
  /** The query to send (`group` only for the series). */
  params: { from: string; to: string; group?: ReportGroup };
  /** The address for other values (kept: whatever `patch` does not change). */
  hrefFor: (patch: Partial<{ report: ReportName; from: string; to: string; group: ReportGroup }>) => string;
  update: (patch: Partial<{ report: ReportName; from: string; to: string; group: ReportGroup }>) => void;
}

export function useReportState(): ReportState {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const state = useMemo(() => {
    const reportText = search.get('report') ?? '';
    const report = (REPORT_KINDS as readonly string[]).includes(reportText)
      ? (reportText as ReportName)
      : 'revenue';
    const today = todayInIndia();
    const fromText = search.get('from') ?? '';
    const toText = search.get('to') ?? '';
    const to = isDay(toText) ? toText : today;
    const from = isDay(fromText) ? fromText : addDays(to, -29);
    const groupText = search.get('group') ?? '';
    const group = (REPORT_GROUPS as readonly string[]).includes(groupText)
      ? (groupText as ReportGroup)
      : defaultGroup(report);
    const params = SERIES_REPORTS.includes(report) ? { from, to, group } : { from, to };
    return { report, from, to, group, params };
    // `key` is the address's query: the state changes exactly when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const hrefFor = useCallback<ReportState['hrefFor']>(
    (patch) => {
      const next = { report: state.report, from: state.from, to: state.to, ...patch };
      const query = new URLSearchParams({ report: next.report, from: next.from, to: next.to });
      const group =
        patch.group ?? (patch.report && patch.report !== state.report ? undefined : search.get('group'));
      if (group && SERIES_REPORTS.includes(next.report)) query.set('group', group);
      return `?${query.toString()}`;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state, key],
  );
  const update = useCallback<ReportState['update']>(
    (patch) => setSearch(new URLSearchParams(hrefFor(patch).slice(1))),
    [hrefFor, setSearch],
  );
  return { ...state, hrefFor, update };
}
