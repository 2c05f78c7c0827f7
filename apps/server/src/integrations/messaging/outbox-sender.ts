import { and, desc, eq } from 'drizzle-orm';
import { messageOutbox } from '../../db/schema/index.js';
import type { MessageLog, MessageSender, OutboxReader } from './types.js';

/** `a…@example.com` / `+91 ******3210`: enough to tell messages apart in a log, no more. */
function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}…${to.slice(at)}`;
  return to.length > 4 ? `${to.slice(0, Math.max(0, to.length - 4)).replace(/\d/g, '*')}${to.slice(-4)}` : '****';
}

/**
 * The local adapter: every message becomes a `pending` row of `message_outbox` in the caller's
 * transaction, and one log line says that a message of this kind was queued for a masked
 * recipient. The content (which may be a one-time code) is never logged.
 */
export function createOutboxSender(log: MessageLog): MessageSender {
  return {
    async send(db, message) {
      const [row] = await db
        .insert(messageOutbox)
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.body })
        .returning({ id: messageOutbox.id });
      log.info({ messageId: row?.id, channel: message.channel, kind: message.kind, to: maskRecipient(message.to) }, 'message queued');
    },
  };
}

/** The latest outbox messages to `recipient`, newest first. */
export const readOutbox: OutboxReader = async (db, recipient, limit) =>
  db
    .select({
      id: messageOutbox.id,
      channel: messageOutbox.channel,
      recipient: messageOutbox.recipient,
      subject: messageOutbox.subject,
      body: messageOutbox.body,
      status: messageOutbox.status,
      createdAt: messageOutbox.createdAt,
    })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, recipient)))
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(limit);
