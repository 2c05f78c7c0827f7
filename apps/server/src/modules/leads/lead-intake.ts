import type { UtmFields } from '@atelier/contract';
import { DEFAULT_TIME_ZONE, toWireDate } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { leadNotes, leads, marketingFormSubmissions, type MarketingFormKind } from '../../db/schema/index.js';
import { enqueueLeadConversion } from './conversions.js';
import { enqueueCrmLead, enqueueCrmNote } from './crm-jobs.js';
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
 */
export async function recordLead(tx: Executor, input: LeadIntake, now: Date): Promise<LeadRecorded> {
  const email = input.email.trim().toLowerCase();
  const [submission] = await tx
    .insert(marketingFormSubmissions)
    .values({
      kind: input.form,
      partner: input.partner ?? null,
      userId: input.userId,
      payload: {
        ...input.fields,
        name: input.name,
        email,
        mobile: input.mobile,
        utm: input.utm,
        page: input.page,
      },
      ip: input.ip,
      userAgent: input.userAgent ?? null,
      consentVersion: input.consentVersion,
      consentedAt: input.consentedAt,
      createdAt: now,
    })
    .returning({ id: marketingFormSubmissions.id });
  const submissionId = submission!.id;

  const day = toWireDate(now, input.tz ?? DEFAULT_TIME_ZONE);
  // The contact is their e-mail; an account known only by its mobile (a trip applicant who signed
  // up with a mobile code) is its normalised mobile instead, never a shared empty key.
  const contactKey = email || input.mobile;
  const dedupeKey = input.designated
    ? `lead:${contactKey}:${day}:s${submissionId}`
    : `lead:${contactKey}:${day}`;
  const payload = toCrmLead({
    name: input.name,
    email,
    mobile: input.mobile,
    products: input.products,
    requirementName: input.requirementName,
    utm: input.utm,
  });
  // `xmax = 0` only on a freshly inserted row: tells a new lead from the day's existing one. The
  // conflict branch's update takes the row lock (held until `tx` ends) and reads its latest
  // committed `crm_lead_id`.
  const [lead] = await tx
    .insert(leads)
    .values({
      contactKey,
      name: input.name,
      email: email || null,
      mobile: input.mobile,
      source: input.form,
      userId: input.userId,
      payload: { ...payload },
      dedupeKey,
      designated: input.designated,
      consentVersion: input.consentVersion,
      consentedAt: input.consentedAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: leads.dedupeKey,
      set: {
        consentVersion: input.consentVersion,
        consentedAt: input.consentedAt,
        userId: sql`coalesce(${leads.userId}, excluded.user_id)`,
        updatedAt: now,
      },
    })
    .returning({ id: leads.id, crmLeadId: leads.crmLeadId, inserted: sql<boolean>`(xmax = 0)` });
  const leadId = lead!.id;
  const newLead = lead!.inserted === true || String(lead!.inserted) === 'true';

  await tx
    .update(marketingFormSubmissions)
    .set({ leadId })
    .where(eq(marketingFormSubmissions.id, submissionId));
  const [note] = await tx
    .insert(leadNotes)
    .values({ leadId, submissionId, description: input.description, createdAt: now })
    .returning({ id: leadNotes.id });

  if (newLead) await enqueueCrmLead(tx, leadId);
  // Without the lead's CRM id the note waits: the lead job enqueues it with the id stored.
  if (lead!.crmLeadId !== null) await enqueueCrmNote(tx, note!.id);

  // Every lead form requires its consent (the contract's `consent: true`); without a recorded
  // version nothing goes to the tracker.
  if (input.consentVersion)
    await enqueueLeadConversion(tx, {
      submissionId,
      email,
      mobile: input.mobile,
      page: input.page,
      requirementName: input.requirementName,
      now,
    });
  return { submissionId, leadId, newLead };
}
