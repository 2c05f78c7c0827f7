import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { callerOf, ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as forms from './lead-forms.service.js';
import * as leads from './leads.service.js';
import { tagOwnAddress } from './mailing-tags.js';

/** Lead forms a client IP may send per minute (a person sends one or two; checklist D4). */
export const LEAD_FORMS_PER_MINUTE = 10;
/** UTM landings a client IP may record per minute. */
export const UTM_CLICKS_PER_MINUTE = 60;
/** Mailing-tag calls a client IP may make per minute. */
export const MAILING_TAGS_PER_MINUTE = 20;
/** Lead form bodies are small: a name, two contacts, a message of at most 2000 characters. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Marketing, lead, contact and mailing-list calls (spec §7, "Marketing, lead and contact"; issue
 * 16). Every lead form is public, limited per client IP, and accepted with 201 once its submission,
 * lead, note and outbox jobs are written in one transaction; a signed-in sender's account is taken
 * from the session, never from the body.
 */
export async function leadsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['marketing'];
  const deps = { db: ctx.database.db, clock: ctx.clock, tz: ctx.config.tz };
  const partnerDeps = { ...deps, partners: ctx.config.redirectPartners };
  const leadForm = {
    tags,
    config: { rateLimit: ipRateLimit(LEAD_FORMS_PER_MINUTE, '1 minute', ctx.clock) },
    bodyLimit: FORM_BODY_LIMIT,
  };
  /** The sender: the optional session's account (an invalid token is still a 401), IP and agent. */
  const callerFor = async (request: FastifyRequest, reply: FastifyReply): Promise<forms.FormCaller> => {
    await ctx.authGuard.optionalUser(request, reply);
    const { ip, userAgent } = callerOf(request, ctx.clock);
    return { userId: request.session?.userId ?? null, ip, userAgent };
  };

  defineRoute(
    api,
    endpoints.performance,
    {
      summary: 'Record a client performance measurement',
      tags,
      // An unauthenticated write: limited per client IP (checklist D4).
      config: { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const result = await leads.recordPerformance(ctx.database.db, request.body);
      return reply.code(201).send(ok(result, 'Recorded', 201));
    },
  );

  await api.register(async (scope) => {
    // A body with a field the contract does not allow is logged (mass assignment) besides the 400.
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.callback,
      {
        ...leadForm,
        summary: 'Ask to be called back (counselling, consultation, skill test, contact, course pages)',
        description:
          'A lead for sales: once per contact per day (a note on the day’s lead otherwise); the consultation booking (`source: consultation`) opens a new lead every time. 404 for an unknown consultation package.',
      },
      async (request, reply) => {
        const result = await forms.callback(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Thank you! We will call you back soon.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.campaignLeads,
      {
        ...leadForm,
        summary: 'A lead from a campaign banner’s offer',
        description: '404 for an unknown campaign, or a banner that is not the campaign’s.',
      },
      async (request, reply) => {
        const result = await forms.campaignLead(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Thank you! We will be in touch soon.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.hireUs,
      { ...leadForm, summary: 'A company wants to hire Atelier’s learners or studio' },
      async (request, reply) => {
        const result = await forms.hireUs(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Thank you! Our team will contact you soon.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.competitionsContact,
      {
        ...leadForm,
        summary: 'A question about a competition (or the competitions)',
        description: '404 for an unknown competition.',
      },
      async (request, reply) => {
        const result = await forms.competitionContact(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Thank you! We will answer you soon.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.curriculumForm,
      {
        ...leadForm,
        summary: 'A course’s brochure form: answers the brochure’s address and e-mails it',
        description:
          'A designated page: a new lead every time. The brochure is a same-site path (`/api/brochure/pdf?id=…`); the brochure e-mail to the address given is queued with the lead. 404 for an unknown course.',
      },
      async (request, reply) => {
        const result = await forms.curriculumForm(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Your brochure is ready.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.partnerContact,
      {
        ...leadForm,
        summary: 'A message for a sister site’s team',
        description: '`{partner}` is a name of the closed partner map; another → 404.',
      },
      async (request, reply) => {
        const result = await forms.partnerContact(
          partnerDeps,
          await callerFor(request, reply),
          request.params.partner,
          request.body,
        );
        return reply.code(201).send(ok(result, 'Thank you! Your message has been sent.', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.partnerSubscribe,
      {
        ...leadForm,
        summary: 'Subscribe to a sister site’s newsletter',
        description:
          '`{partner}` is a name of the closed partner map; another → 404. Queues the welcome e-mail (once per list and address; it carries List-Unsubscribe).',
      },
      async (request, reply) => {
        const result = await forms.partnerSubscribe(
          partnerDeps,
          await callerFor(request, reply),
          request.params.partner,
          request.body,
        );
        return reply.code(201).send(ok(result, 'Thank you for subscribing!', 201));
      },
    );

    defineRoute(
      scope,
      endpoints.utmClicks,
      {
        tags,
        summary: 'Record a landing with UTM parameters (with the client’s own time)',
        config: { rateLimit: ipRateLimit(UTM_CLICKS_PER_MINUTE, '1 minute', ctx.clock) },
        bodyLimit: FORM_BODY_LIMIT,
      },
      async (request, reply) => {
        const result = await forms.recordUtmClick(deps, await callerFor(request, reply), request.body);
        return reply.code(201).send(ok(result, 'Recorded', 201));
      },
    );

    const mailingDeps = { db: ctx.database.db, clock: ctx.clock, lists: ctx.config.mailing.lists };
    const mailingRoute = {
      tags,
      config: { rateLimit: ipRateLimit(MAILING_TAGS_PER_MINUTE, '1 minute', ctx.clock) },
      bodyLimit: FORM_BODY_LIMIT,
    };
    defineRoute(
      scope,
      endpoints.mailingEmailTags,
      {
        ...mailingRoute,
        summary: 'Tag your own address on a mailing list',
        description:
          'The address is the account’s own (the body carries only tags). `{mailing}` is a name of the closed MAILING_LISTS map; another → 404. 409 when the account has no e-mail. Delivered to the provider by the job queue.',
      },
      async (request) =>
        ok(
          await tagOwnAddress(
            mailingDeps,
            sessionOf(request).userId,
            request.params.mailing,
            'email',
            request.body,
          ),
          'Tags saved',
        ),
    );

    defineRoute(
      scope,
      endpoints.mailingAudienceTags,
      {
        ...mailingRoute,
        summary: 'Add your own address to audience segments (tags) of a mailing list',
        description:
          'The address is the account’s own (the body carries only tags). `{mailing}` is a name of the closed MAILING_LISTS map; another → 404. 409 when the account has no e-mail. Delivered to the provider by the job queue.',
      },
      async (request) =>
        ok(
          await tagOwnAddress(
            mailingDeps,
            sessionOf(request).userId,
            request.params.mailing,
            'audience',
            request.body,
          ),
          'Tags saved',
        ),
    );
  });
}
