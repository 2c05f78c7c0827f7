import { PageIntro } from '../../components/ui/page-intro';

/** `/dashboard/resources` (spec §2): resources for learners. Arrives with the resources issue. */
export function LearnerResourcesPage() {
  return (
    <PageIntro eyebrow="Dashboard" title="Resources" lede="Files and folders shared with your batches." />
  );
}
