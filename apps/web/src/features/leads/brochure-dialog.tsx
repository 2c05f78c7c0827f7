import { BrochureForm } from './brochure-form';
import { LeadDialog } from './lead-dialog';

/** The course page's "Download the brochure" dialog: the curriculum form, then the brochure. */
export function BrochureDialog({
  workshopId,
  batchId,
  title,
  onClose,
}: {
  workshopId: number;
  batchId?: number | undefined;
  title: string;
  onClose: () => void;
}) {
  return (
    <LeadDialog
      id="brochure"
      eyebrow="Brochure and curriculum"
      title="Download the brochure"
      text={
        <>
          Tell us where to reach you and open the full curriculum of <strong>{title}</strong> at once: the
          sessions, the software, the projects and the fees.
        </>
      }
      onClose={onClose}
    >
      <BrochureForm workshopId={workshopId} batchId={batchId} title={title} />
    </LeadDialog>
  );
}
