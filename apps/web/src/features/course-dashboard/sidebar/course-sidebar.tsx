import type { CourseSidebarProps } from './types';

/** The course dashboard's sidebar (issue 15): one of six panels at a time. Filled in by the sidebar work. */
export function CourseSidebar({ panel }: CourseSidebarProps) {
  return <aside className="course-sidebar" aria-label="Course panel" data-panel={panel ?? 'none'} />;
}
