/** The course dashboard of one enrolled batch (issue 15). */
export function courseDashboardPath(batchId: number): string {
  return `/dashboard/course/${batchId}`;
}
