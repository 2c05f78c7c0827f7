import { and, eq, gte, isNotNull, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { leadNotes, leads } from '../../db/schema/index.js';
import { CrmError, type CrmClient, type CrmLead } from '../../integrations/crm/types.js';
import type { AdTracker } from '../../integrations/ad-tracker/types.js';
import { enqueue, PermanentJobError, type JobHandler, type NewJob } from '../../platform/jobs/index.js';
import { AD_CONVERSION_TOPIC, adConversionHandler } from './conversions.js';

/*
 * The CRM's jobs (issue 16; checklist G2–G5, H8). Retries with exponential backoff and jitter, and
 * the dead letter after the last attempt, are the job queue's; these handlers make each retry safe:
 *
 * `crm.lead {leadId}` — once per lead (dedupe `crm.lead:{leadId}`):
 *   - the CRM id is already stored → nothing to send (only the waiting notes are released);
 *   - before the first create call `crm_attempted_at` is stamped (its own short write); a later
 *     attempt that finds it set may follow a call the CRM accepted but whose answer was lost, or a
 *     process killed between the call and storing the id — it searches the CRM for the contact's
 *     lead since that stamp first, and creates only when none is found;
 *   - the id is stored, and the notes that waited for it are enqueued, in one transaction.
 * `crm.note {noteId}` — enqueued only once its lead has a CRM id; re-checks it anyway (an
 *   operator's replay) and retries while it is missing. A note whose answer was lost may be sent
 *   twice: the CRM has no search for notes, and a repeated note is harmless where a repeated lead
 *   is not.
 * No database transaction spans a CRM call.
 */

export const CRM_LEAD_TOPIC = 'crm.lead';
export const CRM_NOTE_TOPIC = 'crm.note';
/** CRM attempts before a job goes dead (with full-jitter backoff from 1 s: about an hour in all). */
export const CRM_MAX_ATTEMPTS = 8;
/** Allowance for the CRM's clock when searching for a lead created since our first attempt. */
const SEARCH_SKEW_MS = 10 * 60_000;

/** The `crm.lead` job of a lead (once per lead). */
export function crmLeadJob(leadId: number): NewJob {
  return {
    topic: CRM_LEAD_TOPIC,
    payload: { leadId },
    dedupeKey: `${CRM_LEAD_TOPIC}:${leadId}`,
    maxAttempts: CRM_MAX_ATTEMPTS,
  };
}

/** The `crm.note` job of a note (once per note). */
export function crmNoteJob(noteId: number): NewJob {
  return {
    topic: CRM_NOTE_TOPIC,
    payload: { noteId },
    dedupeKey: `${CRM_NOTE_TOPIC}:${noteId}`,
    maxAttempts: CRM_MAX_ATTEMPTS,
  };
}

export async function enqueueCrmLead(tx: Executor, leadId: number): Promise<void> {
  await enqueue(tx, crmLeadJob(leadId));
}

export async function enqueueCrmNote(tx: Executor, noteId: number): Promise<void> {
  await enqueue(tx, crmNoteJob(noteId));
}

/** Enqueues the notes of a lead that has its CRM id and whose notes are not sent (idempotent). */
async function releaseWaitingNotes(tx: Executor, leadId: number): Promise<void> {
  const waiting = await tx
    .select({ id: leadNotes.id })
    .from(leadNotes)
    .where(and(eq(leadNotes.leadId, leadId), isNull(leadNotes.crmNoteId)))
    .orderBy(leadNotes.id);
  for (const note of waiting) await enqueueCrmNote(tx, note.id);
}

/** A permanent CRM failure (400/401/403/422) sends the job to the dead letter at once. */
function asJobError(error: unknown): unknown {
  if (error instanceof CrmError && !error.retryable) return new PermanentJobError(error.message);
  return error;
}

const LeadPayload = z.object({ leadId: z.number().int().positive() });
const NotePayload = z.object({ noteId: z.number().int().positive() });

export interface CrmJobDeps {
  db: Db;
  crm: CrmClient;
  clock: () => Date;
}

export function crmLeadHandler(deps: CrmJobDeps): JobHandler {
  const { db, crm, clock } = deps;
  return async (job) => {
    const parsed = LeadPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('crm.lead: malformed payload');
    const { leadId } = parsed.data;
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId)).limit(1);
    if (!lead) throw new PermanentJobError(`crm.lead: lead ${leadId} no longer exists`);
    if (lead.crmLeadId !== null) {
      await db.transaction((tx) => releaseWaitingNotes(tx, leadId));
      return;
    }

    let crmLeadId: string | null = null;
    try {
      if (lead.crmAttemptedAt !== null) {
        // An earlier attempt may have reached the CRM: look before creating a second lead.
        const since = new Date(lead.crmAttemptedAt.getTime() - SEARCH_SKEW_MS);
        const others = await db
          .select({ crmLeadId: leads.crmLeadId })
          .from(leads)
          .where(
            and(
              eq(leads.contactKey, lead.contactKey),
              ne(leads.id, lead.id),
              isNotNull(leads.crmLeadId),
              gte(leads.createdAt, new Date(since.getTime() - 86_400_000)),
            ),
          );
        const found = await crm.findLead(
          {
            email: lead.email,
            mobile: lead.mobile,
            since,
            excludeIds: others.map((o) => o.crmLeadId!),
          },
          { signal: job.signal },
        );
        crmLeadId = found?.id ?? null;
      } else {
        await db
          .update(leads)
          .set({ crmAttemptedAt: clock() })
          .where(and(eq(leads.id, leadId), isNull(leads.crmAttemptedAt)));
      }
      crmLeadId ??= (await crm.createLead(lead.payload as unknown as CrmLead, { signal: job.signal })).id;
    } catch (error) {
      throw asJobError(error);
    }

    const id = crmLeadId;
    await db.transaction(async (tx) => {
      // Takes the lead's row lock: a submission recording a note on this lead either committed
      // before (its note is found below) or waits and then sees the id (and enqueues its note).
      await tx
        .update(leads)
        .set({ crmLeadId: id, updatedAt: clock() })
        .where(and(eq(leads.id, leadId), isNull(leads.crmLeadId)));
      await releaseWaitingNotes(tx, leadId);
    });
  };
}

/** Kylas' ids are numbers: a numeric id goes as a number, anything else as text. */
const targetId = (crmLeadId: string): string | number =>
  /^\d{1,15}$/.test(crmLeadId) ? Number(crmLeadId) : crmLeadId;

export function crmNoteHandler(deps: CrmJobDeps): JobHandler {
  const { db, crm } = deps;
  return async (job) => {
    const parsed = NotePayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('crm.note: malformed payload');
    const { noteId } = parsed.data;
    const [row] = await db
      .select({
        description: leadNotes.description,
        crmNoteId: leadNotes.crmNoteId,
        crmLeadId: leads.crmLeadId,
      })
      .from(leadNotes)
      .innerJoin(leads, eq(leads.id, leadNotes.leadId))
      .where(eq(leadNotes.id, noteId))
      .limit(1);
    if (!row) throw new PermanentJobError(`crm.note: note ${noteId} no longer exists`);
    if (row.crmNoteId !== null) return;
    // Retried with backoff until the lead's job stores the id (normally it enqueues us then).
    if (row.crmLeadId === null) throw new Error(`crm.note: the lead of note ${noteId} has no CRM id yet`);
    let crmNoteId: string;
    try {
      ({ id: crmNoteId } = await crm.createNote(
        {
          sourceEntity: { description: row.description },
          targetEntityId: targetId(row.crmLeadId),
          targetEntityType: 'lead',
        },
        { signal: job.signal },
      ));
    } catch (error) {
      throw asJobError(error);
    }
    await db
      .update(leadNotes)
      .set({ crmNoteId })
      .where(and(eq(leadNotes.id, noteId), isNull(leadNotes.crmNoteId)));
  };
}

/**
 * Registers the CRM and ad-conversion handlers on the queue (the composition root calls it, as
 * with `registerMessageDelivery`).
 */
export function registerLeadJobs(
  jobs: { registerHandler(topic: string, handler: JobHandler): void },
  deps: CrmJobDeps & { tracker: AdTracker; publicUrl: string },
): void {
  jobs.registerHandler(CRM_LEAD_TOPIC, crmLeadHandler(deps));
  jobs.registerHandler(CRM_NOTE_TOPIC, crmNoteHandler(deps));
  jobs.registerHandler(AD_CONVERSION_TOPIC, adConversionHandler(deps));
}
