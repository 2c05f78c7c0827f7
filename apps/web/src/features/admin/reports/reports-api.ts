import '../api/admin-addresses';
import { adminEndpointPaths, type ResponseOf } from '@atelier/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api/base-api';
import { prepareHeaders, type ApiTransport } from '../../../lib/api/base-query';
import { apiPath } from '../../../lib/api/paths';
import { attachmentName } from '../components/export-csv';

/*
 * The reports' calls (issue 17 point 7), injected when the console's chunk loads. Each report is
 * keyed by its whole query (the address's state) and kept briefly.
 */

export const REPORT_ENDPOINTS = {
  revenue: 'adminReportRevenue',
  enrolments: 'adminReportEnrolments',
  funnel: 'adminReportFunnel',
  instalments: 'adminReportInstalments',
  quizzes: 'adminReportQuizzes',
  assignments: 'adminReportAssignments',
} as const;
export type ReportName = keyof typeof REPORT_ENDPOINTS;
type ReportEndpoint = (typeof REPORT_ENDPOINTS)[ReportName];
export type ReportData<R extends ReportName> = ResponseOf<(typeof REPORT_ENDPOINTS)[R]>;

/** A report's query as the address carries it: `from`, `to` and, for the series, `group`. */
export interface ReportParams {
  from: string;
  to: string;
  group?: string;
}

export function reportUrl(name: ReportName, params: ReportParams & { format?: 'csv' }): string {
  const endpoint: ReportEndpoint = REPORT_ENDPOINTS[name];
  return apiPath(adminEndpointPaths[endpoint].path, {}, { ...params });
}

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRevenueReport: build.query<ReportData<'revenue'>, ReportParams>({
      query: (params) => reportUrl('revenue', params),
      keepUnusedDataFor: 60,
    }),
    getEnrolmentsReport: build.query<ReportData<'enrolments'>, ReportParams>({
      query: (params) => reportUrl('enrolments', params),
      keepUnusedDataFor: 60,
    }),
    getFunnelReport: build.query<ReportData<'funnel'>, ReportParams>({
      query: (params) => reportUrl('funnel', params),
      keepUnusedDataFor: 60,
    }),
    getInstalmentsReport: build.query<ReportData<'instalments'>, ReportParams>({
      query: (params) => reportUrl('instalments', params),
      keepUnusedDataFor: 60,
    }),
    getQuizzesReport: build.query<ReportData<'quizzes'>, ReportParams>({
      query: (params) => reportUrl('quizzes', params),
      keepUnusedDataFor: 60,
    }),
    getAssignmentsReport: build.query<ReportData<'assignments'>, ReportParams>({
      query: (params) => reportUrl('assignments', params),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useGetRevenueReportQuery,
  useGetEnrolmentsReportQuery,
  useGetFunnelReportQuery,
  useGetInstalmentsReportQuery,
  useGetQuizzesReportQuery,
  useGetAssignmentsReportQuery,
} = reportsApi;

/**
 * Downloads a report's table as CSV (the same query with `format=csv`, with the bearer token),
 * under the server's file name. Resolves to the name, or rejects with a sentence to show.
 */
export function exportReportCsv(
  name: ReportName,
  params: ReportParams,
): ThunkAction<Promise<string>, unknown, ApiTransport, UnknownAction> {
  return async (_dispatch, _getState, transport) => {
    const { headers } = prepareHeaders(new Headers(), {});
    headers.set('accept', 'text/csv');
    let response: Response;
    try {
      response = await transport.fetch(
        `${transport.origin}${reportUrl(name, { ...params, format: 'csv' })}`,
        {
          headers,
        },
      );
    } catch {
      throw new Error('The export could not be downloaded. Check the connection and try again.');
    }
    if (!response.ok) throw new Error(`The export failed (${response.status}). Try again.`);
    const blob = await response.blob();
    const fileName = attachmentName(response.headers.get('content-disposition'), `${name}.csv`);
    if (typeof URL.createObjectURL === 'function') {
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    }
    return fileName;
  };
}
