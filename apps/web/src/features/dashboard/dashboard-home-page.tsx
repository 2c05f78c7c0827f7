import { greeting } from '@atelier/domain';
import { PageIntro } from '../../components/ui/page-intro';

/**
 * `/dashboard` (spec §2): enrolled and suggested courses, pending payments, notifications — all
 * arrive with the dashboard issue. Rendered in the browser only, so the greeting may read the clock.
 */
export function DashboardHomePage() {
  return (
    <PageIntro
      eyebrow="Dashboard"
      title={`Good ${greeting(new Date())}`}
      lede="Your courses, upcoming sessions and pending payments will appear here."
    />
  );
}
