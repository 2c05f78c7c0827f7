import { onboardingStep } from '@atelier/domain';
import { Link, Navigate } from 'react-router';
import { PageIntro } from '../../components/ui/page-intro';
import { useUserDetails } from '../../lib/api/user-details';
import { ONBOARDING_PATH, PROFILE_PATH } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { greetingLine } from './greeting';

/**
 * `/dashboard` (spec §2): enrolled and suggested courses, pending payments, notifications — all
 * arrive with the dashboard issue. Rendered in the browser only, so the greeting may read the clock.
 * A learner whose profile is not complete (onboarding step below 3) is sent to onboarding first.
 */
export function DashboardHomePage() {
  const session = useSession();
  const details = useUserDetails();
  const user = details ?? session?.user ?? null;
  if (user && user.role === 'learner' && onboardingStep(user) < 3) {
    return <Navigate to={ONBOARDING_PATH} replace />;
  }
  return (
    <PageIntro
      eyebrow="Dashboard"
      title={greetingLine(user?.name, new Date())}
      lede="Your courses, upcoming sessions and pending payments will appear here."
    >
      <p className="page-intro__lede">
        <Link className="text-link" to={PROFILE_PATH}>
          View and edit your profile
        </Link>
      </p>
    </PageIntro>
  );
}
