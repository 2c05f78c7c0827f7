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

/** `a…@example.com` / `+91 ******3210`: enough to tell messages apart in a log, no more. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}…${to.slice(at)}`;
  return to.length > 4
    ? `${to.slice(0, Math.max(0, to.length - 4)).replace(/\d/g, '*')}${to.slice(-4)}`
    : '****';
}

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
      const payload: OutgoingMessage = {
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: message.body,
        kind: message.kind,
      };
      const jobId = await enqueue(db, {
        topic: MESSAGE_SEND_TOPIC,
        payload: { ...message, ...payload },
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
 * The local transport (development, tests, and production until SMTP/SMS transports exist): logs
 * that a message was delivered to a masked recipient, never its content; the job then records it
 * as delivered (`sent` in the development outbox).
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
      status: outboxStatus,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(and(eq(jobs.topic, MESSAGE_SEND_TOPIC), sql`${jobs.payload}->>'to' = ${recipient}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return rows;
};
