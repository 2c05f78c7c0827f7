import type { EnrolledCourse } from '@atelier/contract';
import { arrangeEnrolledCourses } from '@atelier/domain';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { courseDashboardPath } from './paths';

/**
 * The learner's courses for the switcher (spec §4 "Course timing per enrolment"): those with
 * dashboard access, arranged by the domain (ongoing, then upcoming, by start; completed last,
 * flagged and not in the dropdown). `selected` is the only dropdown course when exactly one exists.
 */
export function switcherCourses(courses: readonly EnrolledCourse[], now: Date) {
  const open = courses.filter((course) => course.isDashboardAccess && !course.isRefund);
  return arrangeEnrolledCourses(open, now);
}

/** The course dropdown: switching navigates to that course's dashboard. Completed courses are links. */
export function CourseSwitcher({
  courses,
  batchId,
  now,
}: {
  courses: readonly EnrolledCourse[];
  batchId: number;
  now: Date;
}) {
  const navigate = useNavigate();
  const id = useId();
  const arranged = switcherCourses(courses, now).courses;
  const dropdown = arranged.filter((course) => course.isDropdown);
  const completed = arranged.filter((course) => course.isCompleted);
  const current = arranged.find((course) => course.Batch.id === batchId);
  // One dropdown course and it is open: nothing to switch to (completed ones stay reachable).
  const showSelect = dropdown.length > 1 || (dropdown.length === 1 && !current?.isDropdown);
  if (!showSelect && completed.length === 0) return null;
  return (
    <div className="course-switcher">
      {showSelect ? (
        <div className="course-switcher__field">
          <label htmlFor={id} className="course-switcher__label">
            Course
          </label>
          <select
            id={id}
            className="course-switcher__select"
            value={current?.isDropdown ? String(batchId) : ''}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (next > 0 && next !== batchId) void navigate(courseDashboardPath(next));
            }}
          >
            {current?.isDropdown ? null : (
              <option value="" disabled>
                Choose a course
              </option>
            )}
            {dropdown.map((course) => (
              <option key={course.Batch.id} value={course.Batch.id}>
                {course.Batch.Workshop.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {completed.length > 0 ? (
        <details className="course-switcher__completed">
          <summary>Completed courses ({completed.length})</summary>
          <ul>
            {completed.map((course) => (
              <li key={course.Batch.id}>
                <Link
                  className="text-link"
                  to={courseDashboardPath(course.Batch.id)}
                  aria-current={course.Batch.id === batchId ? 'page' : undefined}
                >
                  {course.Batch.Workshop.title}
                </Link>{' '}
                <span className="chip chip--quiet">Completed</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
