import { PartnerSubscribeBodySchema } from '@atelier/contract';
import { LeadForm } from '../../components/ui/lead-form';
import { siteConfig } from '../../lib/site-config';
import { useSubscribeToPartnerMutation } from '../../lib/api/leads';
import { LeadDialog } from './lead-dialog';
import { useSignedInContact } from './signed-in-contact';

/**
 * The footer's newsletter (`POST /api/{partner}/subscribe`): the studio's letter, the partner being
 * the first of the server's closed map (`REDIRECT_PARTNERS`, handed over as `newsletterPartner`).
 */
export function NewsletterDialog({ onClose }: { onClose: () => void }) {
  const [subscribe] = useSubscribeToPartnerMutation();
  const initial = useSignedInContact();
  return (
    <LeadDialog
      id="newsletter"
      eyebrow="Newsletter"
      title="Design notes, once a month"
      text="New masterclasses, free resources and studio stories from Atelier. One e-mail a month; leave whenever you like."
      onClose={onClose}
    >
      <LeadForm
        schema={PartnerSubscribeBodySchema}
        initial={initial}
        send={(body) =>
          subscribe({
            partner: siteConfig().newsletterPartner,
            body: body as Parameters<typeof subscribe>[0]['body'],
          }).unwrap()
        }
        submitLabel="Subscribe"
        success={() => <p>You are subscribed. The next letter comes at the start of the month.</p>}
      />
    </LeadDialog>
  );
}
