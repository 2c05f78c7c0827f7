import { CallbackForm } from './callback-form';
import { LeadDialog } from './lead-dialog';
import { useSignedInContact } from './signed-in-contact';

/**
 * "Book a free consultation call" for one package (the consultation booking, a designated lead
 * page of spec §4): an architect calls to agree the brief, then sends the package's payment link.
 * Signed-in learners find their details filled in; nobody is sent to sign in first.
 */
export function ConsultationCallDialog({
  pkg,
  onClose,
}: {
  pkg: { id: number; name: string };
  onClose: () => void;
}) {
  const initial = useSignedInContact();
  return (
    <LeadDialog
      id="consultation-call"
      eyebrow="Free consultation call"
      title={`Book ${pkg.name}`}
      text="Leave your details and an architect will call within one working day to understand your project, agree the brief and send you the package's payment link."
      onClose={onClose}
    >
      <CallbackForm
        source="consultation"
        packageId={pkg.id}
        interest={{ name: pkg.name, id: pkg.id }}
        message="optional"
        messageLabel="About your project"
        initial={initial}
        submitLabel="Book a free consultation call"
        successText="Thank you! An architect will call you within one working day to plan your consultation."
      />
    </LeadDialog>
  );
}
