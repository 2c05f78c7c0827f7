import { CompetitionContactBodySchema } from '@atelier/contract';
import { LeadForm, optionalText } from '../../components/ui/lead-form';
import { useSendCompetitionContactMutation } from '../../lib/api/leads';

/** `POST /api/competitions/contact-us`: a question about a competition (or competitions in general). */
export function CompetitionContactForm({ competitionId }: { competitionId?: number }) {
  const [send] = useSendCompetitionContactMutation();
  return (
    <LeadForm
      schema={CompetitionContactBodySchema}
      fields={[
        { name: 'message', label: 'Your question', kind: 'textarea', missing: 'Write your question.' },
      ]}
      body={(extra) => ({
        ...(competitionId !== undefined ? { competitionId } : {}),
        message: optionalText(extra.message),
      })}
      send={(body) => send(body as Parameters<typeof send>[0]).unwrap()}
      submitLabel="Send your question"
      success={() => <p>Thank you! The competitions team will answer by e-mail within two working days.</p>}
    />
  );
}
