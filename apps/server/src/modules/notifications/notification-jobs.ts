import type { MessageKind } from '@atelier/contract';
import type { Executor } from '../../db/query.js';
import { jobs } from '../../db/schema/index.js';
import { DEFAULT_MAX_ATTEMPTS, enqueue } from '../../platform/jobs/index.js';

/*
 * Messages people expect (issue 16 "Messaging for real"), asked for by other modules in their own
 * transaction: `enqueueNotification(tx, request, dedupeKey)` adds one `notification.send` job; its
 * handler (this module) reads what it needs at run time, checks the recipient's preferences
 * (sign-in codes and receipts are always sent), renders the e-mail / SMS from its template and
 * hands it to the message outbox. The dedupe key makes each message once.
 */

export const NOTIFICATION_TOPIC = 'notification.send';

/** Who a notification goes to: an account, or a visitor who gave their details with consent. */
export type NotificationRecipient = { userId: number } | { email: string; name: string | null };

/** One message to compose, by kind, with the ids its composer reads. */
export type NotificationRequest =
  | { kind: 'trip-application'; to: { userId: number }; applicationId: number }
  | { kind: 'trip-itinerary'; to: { userId: number }; tripId: number }
  | { kind: 'certificate-issued'; to: { userId: number }; certificateCode: string }
  | { kind: 'competition-registration'; to: { userId: number }; registrationId: number }
  | { kind: 'instalment-reminder'; to: { userId: number }; instalmentId: number; when: 'in-3-days' | 'today' }
  | {
      kind: 'session-reminder';
      to: { userId: number };
      sessionId: number;
      batchId: number;
      when: '24h' | '1h';
    }
  | { kind: 'brochure'; to: NotificationRecipient; workshopId: number }
  | { kind: 'newsletter-welcome'; to: NotificationRecipient; list: string };

/** Compile-time check that every request kind is a contract message kind. */
type _KindsAreMessageKinds = NotificationRequest['kind'] extends MessageKind ? true : never;
const _kindsCheck: _KindsAreMessageKinds = true;
void _kindsCheck;

/**
 * Queues one notification in the caller's transaction. Returns the job id, or null when a job
 * with `dedupeKey` exists already (the message was asked for before).
 */
export async function enqueueNotification(
  tx: Executor,
  request: NotificationRequest,
  dedupeKey: string,
): Promise<number | null> {
  return enqueue(tx, {
    topic: NOTIFICATION_TOPIC,
    payload: { ...request },
    dedupeKey: `${NOTIFICATION_TOPIC}:${dedupeKey}`,
  });
}

/** Rows per insert when many notifications are queued at once. */
const BATCH_ROWS = 500;

/**
 * Queues many notifications (the reminder scan) in as few statements as possible: one insert per
 * 500, each skipping the keys that exist already. Returns how many were new.
 */
export async function enqueueNotifications(
  tx: Executor,
  items: { request: NotificationRequest; dedupeKey: string }[],
): Promise<number> {
  let added = 0;
  for (let from = 0; from < items.length; from += BATCH_ROWS) {
    const rows = await tx
      .insert(jobs)
      .values(
        items.slice(from, from + BATCH_ROWS).map((item) => ({
          topic: NOTIFICATION_TOPIC,
          payload: { ...item.request },
          dedupeKey: `${NOTIFICATION_TOPIC}:${item.dedupeKey}`,
          maxAttempts: DEFAULT_MAX_ATTEMPTS,
        })),
      )
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id });
    added += rows.length;
  }
  return added;
}
