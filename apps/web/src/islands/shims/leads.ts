import type { BodyOf, ResponseOf } from '@atelier/contract';
import { endpointRequest } from '../../lib/api/paths';
import { mutationHook } from '../api';

/* `lib/api/leads.ts` for the islands build: the same calls as mutation hooks without RTK Query. */

export const useRequestCallbackMutation = mutationHook<BodyOf<'callback'>, ResponseOf<'callback'>>((body) =>
  endpointRequest('callback', { body }),
);
export const useSendCampaignLeadMutation = mutationHook<BodyOf<'campaignLeads'>, ResponseOf<'campaignLeads'>>(
  (body) => endpointRequest('campaignLeads', { body }),
);
export const useSendHireUsMutation = mutationHook<BodyOf<'hireUs'>, ResponseOf<'hireUs'>>((body) =>
  endpointRequest('hireUs', { body }),
);
export const useSendCompetitionContactMutation = mutationHook<
  BodyOf<'competitionsContact'>,
  ResponseOf<'competitionsContact'>
>((body) => endpointRequest('competitionsContact', { body }));
export const useSendCurriculumFormMutation = mutationHook<
  BodyOf<'curriculumForm'>,
  ResponseOf<'curriculumForm'>
>((body) => endpointRequest('curriculumForm', { body }));
export const useSendPartnerContactMutation = mutationHook<
  { partner: string; body: BodyOf<'partnerContact'> },
  ResponseOf<'partnerContact'>
>(({ partner, body }) => endpointRequest('partnerContact', { params: { partner }, body }));
export const useSubscribeToPartnerMutation = mutationHook<
  { partner: string; body: BodyOf<'partnerSubscribe'> },
  ResponseOf<'partnerSubscribe'>
>(({ partner, body }) => endpointRequest('partnerSubscribe', { params: { partner }, body }));
