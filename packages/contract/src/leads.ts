import { z } from 'zod';
import { EmailSchema, MobileSchema, NameSchema } from './users.js';
import { IdSchema } from './wire.js';

/** An instant as ISO 8601 text. */
const InstantSchema = z.string();

/*
 * Lead, contact and mailing forms (spec §7 "Marketing, lead and contact"; issue 16). Every lead
 * form takes at least `{ name, email, mobile, consent }` and the UTM fields, plus its own fields;
 * spec §5: a lead needs both e-mail and mobile. The server accepts it with 201, writes the
 * submission and its outbox job in one transaction, and forwards it to the CRM from the job queue.
 * Bodies are strict: an unknown key is a 400 naming it.
 */

/**
 * The consent a lead form asks for, shown next to its checkbox. Its version is stored with the
 * lead with the time it was given: change the text, change the version.
 */
export const LEAD_CONSENT_VERSION = 'lead-consent-2026-11';
export const LEAD_CONSENT_TEXT =
  'I agree that Atelier may call, e-mail or message me about courses and programmes, and may share a one-way hashed form of my e-mail and mobile with its advertising partner to measure its ads. I can withdraw this at any time.';

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Free text of one line, trimmed, 1–`max` characters, no control characters. */
export function leadLine(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(
      (v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v),
      'must not contain control characters or line breaks',
    );
}

/** A message of several lines (line breaks allowed), trimmed, 1–`max` characters. */
export function leadMessage(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'must not contain control characters');
}

/** One UTM value as it came in the landing address (optional, at most 200 characters). */
const UtmValueSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(200, 'must be at most 200 characters')
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'must not contain control characters')
  .optional();

/** The campaign a visitor came from (first touch of the visit), as the CRM wants it. */
export const UtmFieldsSchema = z.object({
  utmSource: UtmValueSchema,
  utmMedium: UtmValueSchema,
  utmCampaign: UtmValueSchema,
  utmTerm: UtmValueSchema,
});
export type UtmFields = z.infer<typeof UtmFieldsSchema>;

/** The page a form was sent from: a same-site path (`/course/…`). */
export const PagePathSchema = z
  .string({ error: 'must be text' })
  .max(2048, 'must be at most 2048 characters')
  .regex(/^\/(?!\/)[^\s\u0000-\u001f]*$/, 'must be a path on this site starting with /');

/**
 * What every lead form carries (spec §5: both e-mail and mobile; the mobile is normalised to
 * `+91 9876543210`, the part after the space being the number the CRM gets). `consent` must be
 * `true`: the form's checkbox, ticked by the visitor.
 */
export const LeadFieldsSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  mobile: MobileSchema,
  consent: z.literal(true, { error: 'must be ticked to send the form' }),
  page: PagePathSchema.optional(),
  ...UtmFieldsSchema.shape,
});
export type LeadFields = z.input<typeof LeadFieldsSchema>;

/** Where a call-back request came from: which popup or page form. */
export const CALLBACK_SOURCES = [
  'counselling',
  'bim-civil',
  'blog-counselling',
  'consultation',
  'skill-test',
  'contact',
  'workshop',
] as const;
export const CallbackSourceSchema = z.enum(CALLBACK_SOURCES, {
  error: `must be one of ${CALLBACK_SOURCES.join(', ')}`,
});
export type CallbackSource = z.infer<typeof CallbackSourceSchema>;

/** What the visitor was looking at: a workshop, an article or a package, and its CRM product id. */
export const LeadInterestSchema = z
  .object({
    name: leadLine(200),
    id: z.number().int().positive().optional(),
    /** The CRM's product id (spec §3 blog counselling popup `formData`). */
    productId: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be a product id')
      .optional(),
  })
  .strict();

/**
 * `POST /api/callback`: a visitor asks to be called back — the counselling popups, the blog
 * counselling popup, the consultation booking form, the skill-test signup (with its
 * `specialization`), the contact page and course pages.
 */
export const CallbackBodySchema = LeadFieldsSchema.extend({
  source: CallbackSourceSchema,
  interest: LeadInterestSchema.optional(),
  /** The skill-test signup form's specialisation (spec §3). */
  specialization: leadLine(100).optional(),
  /** The consultation package asked about. */
  packageId: z.number().int().positive().optional(),
  /** Anything the visitor wants to add. */
  message: leadMessage(2000).optional(),
}).strict();
export type CallbackBody = z.input<typeof CallbackBodySchema>;

/** `POST /api/campaign/leads`: a lead from a campaign banner's offer. */
export const CampaignLeadBodySchema = LeadFieldsSchema.extend({
  campaignId: z.number().int().positive(),
  bannerId: z.number().int().positive().optional(),
}).strict();
export type CampaignLeadBody = z.input<typeof CampaignLeadBodySchema>;

/** `POST /api/company/hire-us`: a company wants to hire Atelier's learners or studio. */
export const HireUsBodySchema = LeadFieldsSchema.extend({
  company: leadLine(150),
  designation: leadLine(100).optional(),
  /** Roles or the kind of work, e.g. "2 junior architects" or "an interior fit-out". */
  requirement: leadMessage(2000),
}).strict();
export type HireUsBody = z.input<typeof HireUsBodySchema>;

/** `POST /api/competitions/contact-us`: a question about a competition (or competitions). */
export const CompetitionContactBodySchema = LeadFieldsSchema.extend({
  competitionId: z.number().int().positive().optional(),
  message: leadMessage(2000),
}).strict();
export type CompetitionContactBody = z.input<typeof CompetitionContactBodySchema>;

/** `POST /api/course/curriculum/form`: the brochure form of a course page (a designated page). */
export const CurriculumFormBodySchema = LeadFieldsSchema.extend({
  workshopId: z.number().int().positive(),
  batchId: z.number().int().positive().optional(),
}).strict();
export type CurriculumFormBody = z.input<typeof CurriculumFormBodySchema>;

/**
 * The curriculum form's answer (spec §3 "Success page data: name, email, mobile, success,
 * brochure"): `brochure` is the same-site address of the course's brochure PDF.
 */
export const CurriculumFormResultSchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  success: z.literal(true),
  brochure: z.string(),
  submissionId: IdSchema,
});
export type CurriculumFormResult = z.infer<typeof CurriculumFormResultSchema>;

/** `{partner}`: a name of the closed map of sister sites (REDIRECT_PARTNERS); unknown → 404. */
export const PartnerPathSchema = z
  .object({ partner: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a partner name') })
  .strict();

/** `POST /api/{partner}/contact`: a message for a sister site's team. */
export const PartnerContactBodySchema = LeadFieldsSchema.extend({
  subject: leadLine(150).optional(),
  message: leadMessage(2000),
}).strict();
export type PartnerContactBody = z.input<typeof PartnerContactBodySchema>;

/** `POST /api/{partner}/subscribe`: subscribe to a sister site's newsletter. */
export const PartnerSubscribeBodySchema = LeadFieldsSchema.extend({
  /** Topics the subscriber is interested in, e.g. `bim`, `interiors`. */
  interests: z.array(leadLine(40)).max(10, 'may have at most 10 entries').optional(),
}).strict();
export type PartnerSubscribeBody = z.input<typeof PartnerSubscribeBodySchema>;

/** Answer to an accepted lead or contact form (201). */
export const LeadAcceptedSchema = z.object({
  accepted: z.literal(true),
  /** The stored submission, for support to find it. */
  submissionId: IdSchema,
});
export type LeadAccepted = z.infer<typeof LeadAcceptedSchema>;

/**
 * `POST /api/utm/param/clicks`: a landing with UTM parameters. The client adds `dateTime` (its own
 * clock, kept apart from the server's).
 */
export const UtmClickBodySchema = UtmFieldsSchema.extend({
  utmContent: UtmValueSchema,
  page: PagePathSchema,
  dateTime: z.iso.datetime({ offset: true, error: 'must be an ISO date-time such as 2026-11-26T10:00:00Z' }),
  trackerId: z.string().max(64, 'must be at most 64 characters').optional(),
})
  .strict()
  .refine(
    (v) => Boolean(v.utmSource || v.utmMedium || v.utmCampaign || v.utmTerm || v.utmContent),
    'must carry at least one UTM value',
  );
export type UtmClickBody = z.input<typeof UtmClickBodySchema>;

/** `{mailing}`: a name of the closed map of mailing lists (MAILING_LISTS); unknown → 404. */
export const MailingPathSchema = z
  .object({ mailing: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a mailing list name') })
  .strict();

/** A mailing-list tag: lower-case words, digits and hyphens. */
export const MailingTagSchema = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9 _-]{0,49}$/, 'must be a tag of letters, digits, spaces, _ or - (at most 50)');

/**
 * `POST /api/{mailing}/email/tags` and `/audience/tags` (signed in): tag the caller's own
 * address on the list (`email/tags`: subscriber tags; `audience/tags`: the audience segments it
 * belongs to). Never another address: the address comes from the session.
 */
export const MailingTagsBodySchema = z
  .object({
    tags: z.array(MailingTagSchema).min(1, 'must have at least one tag').max(10, 'may have at most 10 tags'),
  })
  .strict();
export type MailingTagsBody = z.input<typeof MailingTagsBodySchema>;

export const MailingTagsResultSchema = z.object({
  accepted: z.literal(true),
  /** The tags as stored (normalised, de-duplicated). */
  tags: z.array(z.string()),
});

/** One call the local CRM adapter recorded (`GET /api/dev/crm`, outside production only). */
export const DevCrmCallSchema = z.object({
  id: IdSchema,
  /** `lead` or `note`. */
  kind: z.enum(['lead', 'note']),
  /** The id the local CRM gave it. */
  crmId: z.string(),
  /** The body as the real adapter would send it. */
  body: z.record(z.string(), z.unknown()),
  at: InstantSchema,
});
export const DevCrmQuerySchema = z
  .object({
    email: z.string().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const DevCrmSchema = z.object({ calls: z.array(DevCrmCallSchema) });
export type DevCrm = z.infer<typeof DevCrmSchema>;
