import { PageIntro } from '../../components/ui/page-intro';

/** `/dashboard/...` (spec §2): course dashboard, profile. Arrives with the course dashboard issue. */
export function CourseDashboardPage() {
  return (
    <PageIntro
      eyebrow="Dashboard"
      title="Your course"
      lede="Sessions, assignments, quizzes and certificates for this course."
    />
  );
}
