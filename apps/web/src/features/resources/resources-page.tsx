import { PageIntro } from '../../components/ui/page-intro';

/** `/resources` (spec §2): public resources. Their listing arrives with the resources issue. */
export function ResourcesPage() {
  return (
    <PageIntro
      eyebrow="Free to use"
      title="Resources"
      lede="Drawing sets, templates, reading lists and guides for your studio and portfolio."
    />
  );
}
