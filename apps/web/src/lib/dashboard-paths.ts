/** The course dashboard of one enrolled batch (issue 15): linked from the home, served by its feature. */
export function courseDashboardPath(batchId: number): string {
  return `/dashboard/course/${batchId}`;
}
