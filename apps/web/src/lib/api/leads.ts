import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from './base-api';
import { endpointRequest } from './paths';

/*
 * The lead, contact and mailing calls (spec §7 "Marketing, lead and contact"; issue 16), one
 * mutation each, typed from the contract's table. They live in the lazily loaded lead chunk: no
 * public page pays for them until it shows a form (or a visitor lands with UTM parameters).
 */
const leadApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestCallback: build.mutation<ResponseOf<'callback'>, BodyOf<'callback'>>({
      query: (body) => endpointRequest('callback', { body }),
    }),
    sendCampaignLead: build.mutation<ResponseOf<'campaignLeads'>, BodyOf<'campaignLeads'>>({
      query: (body) => endpointRequest('campaignLeads', { body }),
    }),
    sendHireUs: build.mutation<ResponseOf<'hireUs'>, BodyOf<'hireUs'>>({
      query: (body) => endpointRequest('hireUs', { body }),
    }),
    sendCompetitionContact: build.mutation<ResponseOf<'competitionsContact'>, BodyOf<'competitionsContact'>>({
      query: (body) => endpointRequest('competitionsContact', { body }),
    }),
    sendCurriculumForm: build.mutation<ResponseOf<'curriculumForm'>, BodyOf<'curriculumForm'>>({
      query: (body) => endpointRequest('curriculumForm', { body }),
    }),
    sendPartnerContact: build.mutation<
      ResponseOf<'partnerContact'>,
      { partner: string; body: BodyOf<'partnerContact'> }
    >({
      query: ({ partner, body }) => endpointRequest('partnerContact', { params: { partner }, body }),
    }),
    subscribeToPartner: build.mutation<
      ResponseOf<'partnerSubscribe'>,
      { partner: string; body: BodyOf<'partnerSubscribe'> }
    >({
      query: ({ partner, body }) => endpointRequest('partnerSubscribe', { params: { partner }, body }),
    }),
    recordUtmClick: build.mutation<ResponseOf<'utmClicks'>, BodyOf<'utmClicks'>>({
      query: (body) => endpointRequest('utmClicks', { body }),
    }),
  }),
});

export const {
  useRequestCallbackMutation,
  useSendCampaignLeadMutation,
  useSendHireUsMutation,
  useSendCompetitionContactMutation,
  useSendCurriculumFormMutation,
  useSendPartnerContactMutation,
  useSubscribeToPartnerMutation,
} = leadApi;
export const recordUtmClick = leadApi.endpoints.recordUtmClick;
