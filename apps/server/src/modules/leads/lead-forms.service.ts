import {
  LEAD_CONSENT_VERSION,
  type CallbackBodySchema,
  type CampaignLeadBodySchema,
  type CompetitionContactBodySchema,
  type CurriculumFormBodySchema,
  type CurriculumFormResult,
  type HireUsBodySchema,
  type LeadAccepted,
  type LeadFieldsSchema,
  type PartnerContactBodySchema,
  type PartnerSubscribeBodySchema,
  type UtmClickBodySchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import {
  campaignBanners,
  campaigns,
  competitions,
  consultationPackages,
  utmClicks,
  workshops,
  type MarketingFormKind,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueueNotification } from '../notifications/index.js';
import { isDesignatedPage, recordLead, type LeadIntake } from './lead-intake.js';

/*
 * The public lead and contact forms (issue 16; spec §7 "Marketing, lead and contact"). Each one is
 * validated by the contract before it gets here; here it is turned into one `recordLead` call —
 * the submission, the contact's lead for the day (a new one on a designated page), its note and
 * their outbox jobs — in one transaction with whatever else the form asks for (the brochure mail,
 * the newsletter welcome). Names the CRM sees (a course title, a competition) are read from the
 * database; an unknown id is a 404 and nothing is written.
 */

type LeadFields = z.output<typeof LeadFieldsSchema>;

/** Who sent the form: the optional session's account (never a body's), the address and agent. */
export interface FormCaller {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export interface FormDeps {
  db: Db;
  clock: () => Date;
  tz: string;
}

/** What every form shares, from its validated body, for `recordLead`. */
function common(body: LeadFields, caller: FormCaller, now: Date) {
  return {
    userId: caller.userId,
    ip: caller.ip,
    userAgent: caller.userAgent,
    name: body.name,
    email: body.email.trim().toLowerCase(),
    mobile: body.mobile,
    consentVersion: LEAD_CONSENT_VERSION,
    consentedAt: now,
    utm: {
      utmSource: body.utmSource,
      utmMedium: body.utmMedium,
      utmCampaign: body.utmCampaign,
      utmTerm: body.utmTerm,
    },
    page: body.page ?? null,
  } satisfies Partial<LeadIntake>;
}

/** Drops the keys every form shares (stored apart), leaving the form's own fields. */
function ownFields(body: Record<string, unknown>): Record<string, unknown> {
  const {
    name: _n,
    email: _e,
    mobile: _m,
    consent: _c,
    page: _p,
    utmSource: _s,
    utmMedium: _md,
    utmCampaign: _cp,
    utmTerm: _t,
    ...own
  } = body;
  return Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined));
}

/** The note's lines: who, what they asked, where from. Empty lines are left out. */
function note(...lines: Array<string | null | undefined | false>): string {
  return lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '').join('\n');
}

function fromPage(page: string | null): string | null {
  return page ? `Sent from ${page}` : null;
}

async function record(
  deps: FormDeps,
  form: MarketingFormKind,
  intake: Omit<LeadIntake, 'form' | 'designated' | 'tz'> & { source?: string | null },
  extra?: (tx: Executor, submissionId: number) => Promise<void>,
): Promise<{ submissionId: number }> {
  const now = deps.clock();
  const { source, ...rest } = intake;
  return deps.db.transaction(async (tx) => {
    const recorded = await recordLead(
      tx,
      { ...rest, form, designated: isDesignatedPage(form, source), tz: deps.tz },
      now,
    );
    if (extra) await extra(tx, recorded.submissionId);
    return { submissionId: recorded.submissionId };
  });
}

const CALLBACK_TOPICS: Record<z.output<typeof CallbackBodySchema>['source'], string> = {
  counselling: 'Counselling call',
  'bim-civil': 'BIM for civil engineers',
  'blog-counselling': 'Counselling call (from the blog)',
  consultation: 'Design consultation',
  'skill-test': 'Skill test',
  contact: 'Contact',
  workshop: 'Course enquiry',
};

/** `POST /api/callback`: a call-back request; the consultation booking is a designated page. */
export async function callback(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof CallbackBodySchema>,
): Promise<LeadAccepted> {
  const now = deps.clock();
  let packageName: string | null = null;
  if (body.packageId !== undefined) {
    const [pkg] = await deps.db
      .select({ name: consultationPackages.name })
      .from(consultationPackages)
      .where(eq(consultationPackages.id, body.packageId))
      .limit(1);
    if (!pkg) throw notFound('That consultation package');
    packageName = pkg.name;
  }
  const topic = CALLBACK_TOPICS[body.source];
  const requirementName =
    packageName ??
    body.interest?.name ??
    (body.source === 'skill-test' && body.specialization ? `Skill test: ${body.specialization}` : topic);
  const products = body.interest
    ? [{ id: body.interest.productId || body.interest.id || body.interest.name, name: body.interest.name }]
    : body.packageId !== undefined
      ? [{ id: `consultation-package-${body.packageId}`, name: packageName ?? undefined }]
      : [];
  const recorded = await record(deps, 'callback', {
    ...common(body, caller, now),
    source: body.source,
    fields: ownFields(body),
    description: note(
      `${body.name} asked to be called back (${topic}).`,
      body.interest && `Interested in: ${body.interest.name}`,
      body.specialization && `Specialisation: ${body.specialization}`,
      packageName && `Consultation package: ${packageName}`,
      body.message && `Message: ${body.message}`,
      fromPage(body.page ?? null),
    ),
    requirementName,
    products,
  });
  return { accepted: true, submissionId: recorded.submissionId };
}

/** `POST /api/campaign/leads`: a lead from a campaign banner's offer. */
export async function campaignLead(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof CampaignLeadBodySchema>,
): Promise<LeadAccepted> {
  const now = deps.clock();
  const [campaign] = await deps.db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.id, body.campaignId))
    .limit(1);
  if (!campaign) throw notFound('That campaign');
  let bannerTitle: string | null = null;
  if (body.bannerId !== undefined) {
    const [banner] = await deps.db
      .select({ title: campaignBanners.title })
      .from(campaignBanners)
      .where(and(eq(campaignBanners.id, body.bannerId), eq(campaignBanners.campaignId, campaign.id)))
      .limit(1);
    if (!banner) throw notFound('That campaign banner');
    bannerTitle = banner.title || null;
  }
  const recorded = await record(deps, 'campaign_lead', {
    ...common(body, caller, now),
    fields: ownFields(body),
    description: note(
      `${body.name} answered the campaign “${campaign.name}”.`,
      bannerTitle && `Banner: ${bannerTitle}`,
      fromPage(body.page ?? null),
    ),
    requirementName: campaign.name,
    products: [{ id: `campaign-${campaign.id}`, name: campaign.name }],
  });
  return { accepted: true, submissionId: recorded.submissionId };
}

/** `POST /api/company/hire-us`: a company wants to hire from Atelier. */
export async function hireUs(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof HireUsBodySchema>,
): Promise<LeadAccepted> {
  const now = deps.clock();
  const recorded = await record(deps, 'hire_us', {
    ...common(body, caller, now),
    fields: ownFields(body),
    description: note(
      `${body.name}${body.designation ? ` (${body.designation})` : ''} of ${body.company} wants to hire from Atelier.`,
      `Requirement: ${body.requirement}`,
      fromPage(body.page ?? null),
    ),
    requirementName: 'Hire from Atelier',
    products: [],
  });
  return { accepted: true, submissionId: recorded.submissionId };
}

/** `POST /api/competitions/contact-us`: a question about a competition (or competitions). */
export async function competitionContact(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof CompetitionContactBodySchema>,
): Promise<LeadAccepted> {
  const now = deps.clock();
  let title: string | null = null;
  if (body.competitionId !== undefined) {
    const [competition] = await deps.db
      .select({ title: competitions.title })
      .from(competitions)
      .where(eq(competitions.id, body.competitionId))
      .limit(1);
    if (!competition) throw notFound('That competition');
    title = competition.title;
  }
  const recorded = await record(deps, 'competition_contact', {
    ...common(body, caller, now),
    fields: ownFields(body),
    description: note(
      `${body.name} has a question about ${title ? `the competition “${title}”` : 'the competitions'}.`,
      `Message: ${body.message}`,
      fromPage(body.page ?? null),
    ),
    requirementName: title ?? 'Design competitions',
    products:
      body.competitionId !== undefined ? [{ id: `competition-${body.competitionId}`, name: title! }] : [],
  });
  return { accepted: true, submissionId: recorded.submissionId };
}

/** The same-site address of a course's brochure PDF (served by `GET /api/brochure/pdf`). */
export function brochurePath(workshopId: number): string {
  return `/api/brochure/pdf?id=${workshopId}`;
}

/**
 * `POST /api/course/curriculum/form` (a designated page): the brochure form of a course page. The
 * answer names the brochure; the brochure e-mail to the address given is queued with the lead. A
 * published course without a brochure still takes the lead, answers `brochure: ''` and sends no mail.
 */
export async function curriculumForm(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof CurriculumFormBodySchema>,
): Promise<CurriculumFormResult> {
  const now = deps.clock();
  const [workshop] = await deps.db
    .select({ id: workshops.id, title: workshops.title, brochureUrl: workshops.brochureUrl })
    .from(workshops)
    .where(and(eq(workshops.id, body.workshopId), eq(workshops.isPublished, true)))
    .limit(1);
  if (!workshop) throw notFound('That course');
  const base = common(body, caller, now);
  const hasBrochure = workshop.brochureUrl !== null && workshop.brochureUrl.trim() !== '';
  const recorded = await record(
    deps,
    'curriculum_form',
    {
      ...base,
      fields: ownFields(body),
      description: note(
        `${body.name} downloaded the brochure of “${workshop.title}”.`,
        body.batchId !== undefined && `Batch: ${body.batchId}`,
        fromPage(body.page ?? null),
      ),
      requirementName: workshop.title,
      products: [{ id: workshop.id, name: workshop.title }],
    },
    async (tx, submissionId) => {
      // A course without a brochure still gives sales its lead; there is nothing to send.
      if (!hasBrochure) return;
      await enqueueNotification(
        tx,
        { kind: 'brochure', to: { email: base.email, name: body.name }, workshopId: workshop.id },
        `brochure:submission-${submissionId}`,
      );
    },
  );
  return {
    name: body.name,
    email: base.email,
    mobile: body.mobile,
    success: true,
    // No brochure: an empty address, which the page shows as no link.
    brochure: hasBrochure ? brochurePath(workshop.id) : '',
    submissionId: recorded.submissionId,
  };
}

/** The partner's site, or 404: `{partner}` is a name of the closed REDIRECT_PARTNERS map. */
function knownPartner(partners: Record<string, string>, partner: string): string {
  if (!Object.hasOwn(partners, partner)) throw new AppError('NOT_FOUND', 'Unknown partner.');
  return partner;
}

/** `POST /api/{partner}/contact`: a message for a sister site's team. */
export async function partnerContact(
  deps: FormDeps & { partners: Record<string, string> },
  caller: FormCaller,
  partner: string,
  body: z.output<typeof PartnerContactBodySchema>,
): Promise<LeadAccepted> {
  knownPartner(deps.partners, partner);
  const now = deps.clock();
  const recorded = await record(deps, 'partner_contact', {
    ...common(body, caller, now),
    partner,
    fields: ownFields(body),
    description: note(
      `${body.name} wrote to the ${partner} team${body.subject ? `: ${body.subject}` : '.'}`,
      `Message: ${body.message}`,
      fromPage(body.page ?? null),
    ),
    requirementName: `Contact: ${partner}`,
    products: [],
  });
  return { accepted: true, submissionId: recorded.submissionId };
}

/** `POST /api/{partner}/subscribe`: the newsletter; its welcome mail (with List-Unsubscribe) is queued. */
export async function partnerSubscribe(
  deps: FormDeps & { partners: Record<string, string> },
  caller: FormCaller,
  partner: string,
  body: z.output<typeof PartnerSubscribeBodySchema>,
): Promise<LeadAccepted> {
  knownPartner(deps.partners, partner);
  const now = deps.clock();
  const base = common(body, caller, now);
  const interests = [...new Set((body.interests ?? []).map((i) => i.toLowerCase()))];
  const recorded = await record(
    deps,
    'partner_subscribe',
    {
      ...base,
      partner,
      fields: { ...ownFields(body), ...(interests.length ? { interests } : {}) },
      description: note(
        `${body.name} subscribed to the ${partner} newsletter.`,
        interests.length > 0 && `Interests: ${interests.join(', ')}`,
        fromPage(body.page ?? null),
      ),
      requirementName: `Newsletter: ${partner}`,
      products: [],
    },
    async (tx) => {
      // One welcome per list and address, however often the form is sent.
      await enqueueNotification(
        tx,
        { kind: 'newsletter-welcome', to: { email: base.email, name: body.name }, list: partner },
        `newsletter-welcome:${partner}:${base.email}`,
      );
    },
  );
  return { accepted: true, submissionId: recorded.submissionId };
}

/** `POST /api/utm/param/clicks`: one landing with UTM values, with our time and the client's. */
export async function recordUtmClick(
  deps: FormDeps,
  caller: FormCaller,
  body: z.output<typeof UtmClickBodySchema>,
): Promise<{ accepted: true }> {
  await deps.db.insert(utmClicks).values({
    userId: caller.userId,
    trackerId: body.trackerId ?? null,
    utmSource: body.utmSource || null,
    utmMedium: body.utmMedium || null,
    utmCampaign: body.utmCampaign || null,
    utmTerm: body.utmTerm || null,
    utmContent: body.utmContent || null,
    pageUrl: body.page,
    clickedAt: new Date(body.dateTime),
    createdAt: deps.clock(),
  });
  return { accepted: true };
}
