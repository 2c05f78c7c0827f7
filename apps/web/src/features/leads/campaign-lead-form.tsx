import { CampaignLeadBodySchema } from '@atelier/contract';
import { LeadForm } from '../../components/ui/lead-form';
import { useSendCampaignLeadMutation } from '../../lib/api/leads';

/** `POST /api/campaign/leads`: the offer of a campaign banner that has no page of its own. */
export function CampaignLeadForm({ campaignId, bannerId }: { campaignId: number; bannerId?: number }) {
  const [send] = useSendCampaignLeadMutation();
  return (
    <LeadForm
      schema={CampaignLeadBodySchema}
      body={() => ({ campaignId, ...(bannerId !== undefined ? { bannerId } : {}) })}
      send={(body) => send(body as Parameters<typeof send>[0]).unwrap()}
      submitLabel="Claim the offer"
      success={() => <p>Thank you! A counsellor will call you with the offer within one working day.</p>}
    />
  );
}
