import type { UtmFields } from '@atelier/contract';
import { DEFAULT_TIME_ZONE, toWireDate } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../../db/query.js';
import type { MarketingFormKind } from '../../db/schema/index.js';
import { enqueueMany, type NewJob } from '../../platform/jobs/index.js';
import { leadConversionJob } from './conversions.js';
import { crmLeadJob, crmNoteJob } from './crm-jobs.js';
import { toCrmLead } from './crm-lead.js';

/*
 * Every accepted lead or contact form comes through `recordLead`, in the request's transaction
 * (issue 16): the submission row, the contact's lead for the day (or, for a designated page, a new
 * lead every time), the note describing this submission, and their outbox jobs (CRM lead / note,
 * ad conversion with consent) — all or nothing. The CRM is called later by the job queue only.
 */

/** One accepted form, as the routes hand it over (already validated by the contract). */
export interface LeadIntake {
  form: MarketingFormKind;
  /** The `{partner}` / `{mailing}` path value, if the route has one. */
  partner?: string | null;
  /** The signed-in caller, if any (never from a body). */
  userId: number | null;
  /** The client IP (the rate-limit key; kept with the submission). */
  ip: string | null;
  userAgent?: string | null;
  name: string;
  /** Normalised (lower case). */
  email: string;
  /** Normalised `+91 9876543210`. */
  mobile: string;
  consentVersion: string;
  consentedAt: Date;
  utm: UtmFields;
  page: string | null;
  /** The form's own fields, stored with the submission. */
  fields: Record<string, unknown>;
  /** The CRM note for this submission: what the person asked, in a sentence or a few lines. */
  description: string;
  /** The CRM's `requirementName`: what the lead is about (a course title, "Hire from Atelier"). */
  requirementName: string;
  /** The CRM's products the lead is about. */
  products: Array<{ id: number | string; name?: string }>;
  /**
   * A designated page (decision 0028): a new CRM lead every time, not once per day. The designated
   * pages are the consultation booking (`callback` with source `consultation`) and the course
   * curriculum / brochure form (`curriculum_form`).
   */
  designated: boolean;
  /** The platform's time zone (`config.tz`), whose calendar day "once per day" counts in. Default Asia/Kolkata. */
  tz?: string;
}

/**
 * The designated pages (spec §4 "every time on the designated pages"; decision: the consultation
 * booking and the course curriculum / brochure form — a visitor there asks for a specific call or
 * a specific course, which sales wants as a lead of its own): a `callback` whose source is
 * `consultation`, and the `curriculum_form`. Every other form is once per contact per day.
 */
export function isDesignatedPage(form: MarketingFormKind, source?: string | null): boolean {
  return (
    form === 'curriculum_form' ||
    form === 'consultation' ||
    (form === 'callback' && source === 'consultation')
  );
}

export interface LeadRecorded {
  submissionId: number;
  leadId: number | null;
  /** Whether this submission opened a new CRM lead (false: a note on the day's lead). */
  newLead?: boolean;
}

/**
 * Records an accepted form with its outbox jobs, in `tx`:
 *   1. the submission (fields, UTM, page, IP, user agent, consent version and time);
 *   2. the contact's lead: `lead:{email}:{day in tz}` once per contact per day (spec §4, G4), or
 *      `…:s{submissionId}` — a new one — on a designated page. Found or created by one upsert that
 *      also locks the row until `tx` ends, so the lead job storing its CRM id either ran before
 *      (we see the id and enqueue the note ourselves) or waits for us (and then enqueues the note
 *      it finds waiting): a note is never left behind;
 *   3. this submission's note, and its `crm.note` job at once when the lead already has its CRM
 *      id; a new lead's `crm.lead` job;
 *   4. the `Lead` ad conversion (every lead form requires consent).
 *
 * Every lead form runs this, under load from many visitors at once, so it is two statements: the
 * rows of 1–3 in one statement of data-modifying CTEs (the submission's id is drawn from its
 * identity first, so the designated key and the submission's `lead_id` need no second write), then
 * the jobs in one multi-row insert. On the embedded database each statement is a round trip to
 * the one database thread: eight of them made a lead cost 6 ms there, two cost about 2 ms.
 */
export async function recordLead(tx: Executor, input: LeadIntake, now: Date): Promise<LeadRecorded> {
  const email = input.email.trim().toLowerCase();
  const day = toWireDate(now, input.tz ?? DEFAULT_TIME_ZONE);
  // The contact is their e-mail; an account known only by its mobile (a trip applicant who signed
  // up with a mobile code) is its normalised mobile instead, never a shared empty key.
  const contactKey = email || input.mobile;
  const dayKey = `lead:${contactKey}:${day}`;
  const submissionPayload = {
    ...input.fields,
    name: input.name,
    email,
    mobile: input.mobile,
    utm: input.utm,
    page: input.page,
  };
  const crmPayload = toCrmLead({
    name: input.name,
    email,
    mobile: input.mobile,
    products: input.products,
    requirementName: input.requirementName,
    utm: input.utm,
  });

  // `xmax = 0` only on a freshly inserted row: tells a new lead from the day's existing one. The
  // conflict branch's update takes the row lock (held until `tx` ends) and reads its latest
  // committed `crm_lead_id`. Foreign keys between the CTEs' rows are checked at the statement's
  // end, when all of them exist.
  const [row] = await queryRows(
    tx,
    sql`
      WITH sub_id AS (
        SELECT nextval(pg_get_serial_sequence('marketing_form_submissions', 'id'))::int AS id
      ), lead AS (
        INSERT INTO leads (contact_key, name, email, mobile, source, user_id, payload, dedupe_key,
                           designated, consent_version, consented_at, created_at, updated_at)
        SELECT ${contactKey}, ${input.name}, ${email || null}, ${input.mobile}, ${input.form},
               ${input.userId}::int, ${JSON.stringify(crmPayload)}::jsonb,
               CASE WHEN ${input.designated}::boolean THEN ${dayKey} || ':s' || sub_id.id ELSE ${dayKey} END,
               ${input.designated}::boolean, ${input.consentVersion}, ${input.consentedAt}::timestamptz,
               ${now}::timestamptz, ${now}::timestamptz
          FROM sub_id
        ON CONFLICT (dedupe_key) DO UPDATE
          SET consent_version = excluded.consent_version,
              consented_at = excluded.consented_at,
              user_id = coalesce(leads.user_id, excluded.user_id),
              updated_at = excluded.updated_at
        RETURNING id, crm_lead_id, (xmax = 0) AS inserted
      ), sub AS (
        INSERT INTO marketing_form_submissions
               (id, kind, partner, user_id, lead_id, payload, ip, user_agent, consent_version,
                consented_at, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT sub_id.id, ${input.form}, ${input.partner ?? null}, ${input.userId}::int, lead.id,
               ${JSON.stringify(submissionPayload)}::jsonb, ${input.ip}, ${input.userAgent ?? null},
               ${input.consentVersion}, ${input.consentedAt}::timestamptz, ${now}::timestamptz
          FROM sub_id, lead
        RETURNING id
      ), note AS (
        INSERT INTO lead_notes (lead_id, submission_id, description, created_at)
        SELECT lead.id, sub_id.id, ${input.description}, ${now}::timestamptz FROM sub_id, lead
        RETURNING id
      )
      SELECT sub.id AS "submissionId", lead.id AS "leadId", note.id AS "noteId",
             lead.crm_lead_id AS "crmLeadId", lead.inserted AS "inserted"
        FROM sub, lead, note`,
    RecordedRow,
  );
  const { submissionId, leadId, noteId, crmLeadId, inserted: newLead } = row!;

  const jobs: NewJob[] = [];
  if (newLead) jobs.push(crmLeadJob(leadId));
  // Without the lead's CRM id the note waits: the lead job enqueues it with the id stored.
  if (crmLeadId !== null) jobs.push(crmNoteJob(noteId));
  // Every lead form requires its consent (the contract's `consent: true`); without a recorded
  // version nothing goes to the tracker.
  if (input.consentVersion)
    jobs.push(
      leadConversionJob({
        submissionId,
        email,
        mobile: input.mobile,
        page: input.page,
        requirementName: input.requirementName,
        now,
      }),
    );
  await enqueueMany(tx, jobs);
  return { submissionId, leadId, newLead };
}

const RecordedRow = z.object({
  submissionId: z.coerce.number().int(),
  leadId: z.coerce.number().int(),
  noteId: z.coerce.number().int(),
  crmLeadId: z.string().nullable(),
  inserted: z
    .union([z.boolean(), z.literal('true'), z.literal('false')])
    .transform((v) => v === true || v === 'true'),
});
