import type { UtmFields } from '@atelier/contract';
import type { Executor } from '../../db/query.js';
import { marketingFormSubmissions, type MarketingFormKind } from '../../db/schema/index.js';
import { enqueue } from '../../platform/jobs/index.js';

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
  /** A designated page (decision 0028): a new CRM lead every time, not once per day. */
  designated: boolean;
}

export interface LeadRecorded {
  submissionId: number;
  leadId: number | null;
}

/**
 * Records an accepted form with its outbox jobs, in `tx`. (Skeleton: the submission row and one
 * job; the CRM pipeline replaces the body.)
 */
export async function recordLead(tx: Executor, input: LeadIntake, _now: Date): Promise<LeadRecorded> {
  const [row] = await tx
    .insert(marketingFormSubmissions)
    .values({
      kind: input.form,
      partner: input.partner ?? null,
      userId: input.userId,
      payload: { ...input.fields, utm: input.utm, page: input.page },
      ip: input.ip,
    })
    .returning({ id: marketingFormSubmissions.id });
  await enqueue(tx, { topic: 'crm.lead', payload: { submissionId: row!.id } });
  return { submissionId: row!.id, leadId: null };
}
