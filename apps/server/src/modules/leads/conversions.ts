import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/query.js';
import { leads, orders, users } from '../../db/schema/index.js';
import { AdTrackerError } from '../../integrations/ad-tracker/http-tracker.js';
import { hashEmail, hashPhone } from '../../integrations/ad-tracker/hash.js';
import { adMeasurementChoice } from '../notifications/index.js';
import type { AdTracker, ConversionEvent } from '../../integrations/ad-tracker/types.js';
import { enqueue, PermanentJobError, type JobHandler, type NewJob } from '../../platform/jobs/index.js';

/*
 * Ad conversions (issue 16; spec §1, checklist G6), through the same job queue as the CRM: one
 * `Lead` event per accepted lead form and one `Purchase` event per paid order, in the Meta
 * Conversions API shape, de-duplicated by `event_id` (`lead:{submissionId}`, `order:{orderId}`)
 * both here (the job's dedupe key) and at the tracker. The event is built when it is enqueued, so
 * the job row holds only hashes — the clear e-mail and phone never enter the queue or the tracker.
 *
 * Consent: every lead form requires its consent checkbox, whose text names the hashed e-mail and
 * mobile shared with the advertising partner — a lead's conversion always goes. A purchase goes
 * only when the buyer gave that consent on a lead form with the same e-mail within
 * `PURCHASE_CONSENT_DAYS` (the notification preferences have no ad-measurement switch we can
 * rely on yet). Only the hashes are sent, not the IP or user agent: the consent covers those two.
 */

export const AD_CONVERSION_TOPIC = 'ad.conversion';
/** Tracker attempts before the job goes dead. */
export const AD_CONVERSION_MAX_ATTEMPTS = 8;
/** How long a lead form's consent covers a later purchase's conversion. */
export const PURCHASE_CONSENT_DAYS = 180;

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

function userData(email: string | null, mobile: string | null): ConversionEvent['user_data'] {
  return {
    ...(email ? { em: [hashEmail(email)] } : {}),
    ...(mobile ? { ph: [hashPhone(mobile)] } : {}),
  };
}

/** The job of one conversion (once per `event_id`); `page` is a same-site path for `event_source_url`. */
function conversionJob(event: ConversionEvent, page: string | null): NewJob {
  return {
    topic: AD_CONVERSION_TOPIC,
    payload: { event, page },
    dedupeKey: `${AD_CONVERSION_TOPIC}:${event.event_id}`,
    maxAttempts: AD_CONVERSION_MAX_ATTEMPTS,
  };
}

async function enqueueConversion(tx: Executor, event: ConversionEvent, page: string | null): Promise<void> {
  await enqueue(tx, conversionJob(event, page));
}

/** The `Lead` conversion job of an accepted lead form (its consent is required by the form). */
export function leadConversionJob(input: {
  submissionId: number;
  email: string;
  mobile: string;
  page: string | null;
  requirementName: string;
  now: Date;
}): NewJob {
  return conversionJob(
    {
      event_name: 'Lead',
      event_time: unixSeconds(input.now),
      event_id: `lead:${input.submissionId}`,
      action_source: 'website',
      user_data: userData(input.email, input.mobile),
      custom_data: { content_name: input.requirementName },
    },
    input.page,
  );
}

/** Whether `email` gave the lead forms' consent within `PURCHASE_CONSENT_DAYS` before `now`. */
export async function hasAdConsent(tx: Executor, email: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - PURCHASE_CONSENT_DAYS * 86_400_000);
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.contactKey, email.trim().toLowerCase()),
        gte(leads.consentedAt, since),
        sql`${leads.consentVersion} IS NOT NULL`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The `Purchase` conversion of an order that just became paid, in the transaction that marks it
 * paid — only with the buyer's consent on record (see above). Amount in major units.
 */
export async function enqueuePurchaseConversion(
  tx: Executor,
  input: { orderId: number; now: Date },
): Promise<boolean> {
  const [order] = await tx
    .select({
      id: orders.id,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
      kind: orders.kind,
      guestEmail: orders.guestEmail,
      guestMobile: orders.guestMobile,
      userId: orders.userId,
      email: users.email,
      mobile: users.mobile,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order) return false;
  const email = order.email ?? order.guestEmail;
  if (!email) return false;
  // The buyer's own choice on their profile wins; until they make one, a lead form's consent
  // (which names ad measurement) within PURCHASE_CONSENT_DAYS decides.
  const choice = order.userId === null ? null : await adMeasurementChoice(tx, order.userId);
  if (!(choice ?? (await hasAdConsent(tx, email, input.now)))) return false;
  await enqueueConversion(
    tx,
    {
      event_name: 'Purchase',
      event_time: unixSeconds(input.now),
      event_id: `order:${order.id}`,
      action_source: 'website',
      user_data: userData(email, order.mobile ?? order.guestMobile),
      // INR and USD, our currencies, both have 100 minor units.
      custom_data: { currency: order.currency, value: order.amountMinor / 100, content_name: order.kind },
    },
    null,
  );
  return true;
}

const ConversionPayload = z.object({
  event: z.object({ event_id: z.string(), event_name: z.string() }).passthrough(),
  page: z.string().nullable().optional(),
});

/** Sends the conversion; `publicUrl` makes its `event_source_url` (required for website events). */
export function adConversionHandler(deps: { tracker: AdTracker; publicUrl: string }): JobHandler {
  return async (job) => {
    const parsed = ConversionPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('ad.conversion: malformed payload');
    const event = parsed.data.event as unknown as ConversionEvent;
    const page = parsed.data.page ?? '/';
    const base = deps.publicUrl.replace(/\/+$/, '');
    try {
      await deps.tracker.send({ ...event, event_source_url: `${base}${page}` }, { signal: job.signal });
    } catch (error) {
      if (error instanceof AdTrackerError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
  };
}
