import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs } from '../../db/schema/index.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import {
  MESSAGE_SEND_TOPIC,
  type MessageLog,
  type MessageSender,
  type MessageTransport,
  type OutboxReader,
  type OutgoingMessage,
} from './types.js';
import { maskRecipient } from './mask.js';

export { maskRecipient } from './mask.js';

/** A `message.send` job's payload. */
const MessagePayload = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string().min(1),
  subject: z.string().nullable(),
  body: z.string(),
  kind: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
  listUnsubscribe: z.string().optional(),
  smsVars: z.record(z.string(), z.string()).optional(),
});

/**
 * Every message becomes a `message.send` job in the caller's transaction, and one log line says
 * that a message of this kind was queued for a masked recipient. The content (which may be a
 * one-time code) is never logged.
 */
export function createOutboxSender(log: MessageLog): MessageSender {
  return {
    async send(db, message, options) {
      // Exactly the message's own fields (a caller's extra properties stay out of the queue).
      const payload: OutgoingMessage = {
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: message.body,
        kind: message.kind,
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        ...(message.listUnsubscribe !== undefined ? { listUnsubscribe: message.listUnsubscribe } : {}),
        ...(message.smsVars !== undefined ? { smsVars: message.smsVars } : {}),
      };
      const jobId = await enqueue(db, {
        topic: MESSAGE_SEND_TOPIC,
        payload: { ...payload },
        ...(options?.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
        ...(options?.runAt ? { runAt: options.runAt } : {}),
      });
      log.info(
        { messageId: jobId, channel: message.channel, kind: message.kind, to: maskRecipient(message.to) },
        'message queued',
      );
    },
  };
}

/**
 * The local transport (development and tests; any deployment without `SMTP_URL` / an SMS
 * provider): logs that a message was delivered to a masked recipient, never its content; the job
 * then records it as delivered (`sent` in the development outbox).
 */
export function createLocalTransport(log: MessageLog): MessageTransport {
  return {
    async deliver(message, ref) {
      log.info(
        { messageId: ref.jobId, channel: message.channel, kind: message.kind, to: maskRecipient(message.to) },
        'message delivered (local transport)',
      );
    },
  };
}

/** The `message.send` handler: parses the job and hands the message to `transport`. */
export function messageDeliveryHandler(transport: MessageTransport): JobHandler {
  return async (job) => {
    const parsed = MessagePayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('malformed message payload');
    await transport.deliver(parsed.data, { jobId: job.id, signal: job.signal });
  };
}

const outboxStatus = sql<string>`CASE ${jobs.status} WHEN 'done' THEN 'sent' WHEN 'dead' THEN 'failed' ELSE 'pending' END`;

/** The latest outbox messages to `recipient`, newest first. */
export const readOutbox: OutboxReader = async (db, recipient, limit) => {
  const rows = await db
    .select({
      id: jobs.id,
      channel: sql<string>`${jobs.payload}->>'channel'`,
      recipient: sql<string>`${jobs.payload}->>'to'`,
      subject: sql<string | null>`${jobs.payload}->>'subject'`,
      body: sql<string>`${jobs.payload}->>'body'`,
      kind: sql<string>`${jobs.payload}->>'kind'`,
      html: sql<string | null>`${jobs.payload}->>'html'`,
      attachments: sql<Array<{ filename: string; contentType: string }> | null>`(
        SELECT jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType'))
        FROM jsonb_array_elements(CASE jsonb_typeof(${jobs.payload}->'attachments') WHEN 'array' THEN ${jobs.payload}->'attachments' ELSE '[]'::jsonb END) AS a
      )`,
      status: outboxStatus,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(and(eq(jobs.topic, MESSAGE_SEND_TOPIC), sql`${jobs.payload}->>'to' = ${recipient}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, attachments: row.attachments ?? [] }));
};
