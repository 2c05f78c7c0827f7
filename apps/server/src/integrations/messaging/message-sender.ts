import type { MessageLog, MessageSender } from './types.js';

/*
 * Mail and SMS (DESIGN.md "OTP, mail"). Modules hand a message to a `MessageSender`; which one is
 * used is decided here from the configuration. Today there is one adapter, the local outbox,
 * which writes `message_outbox` rows (people and tests read them through the development outbox
 * route) and logs a line without the content. A real SMTP or SMS provider adapter implements the
 * same interface: it should keep writing the outbox row in the caller's transaction and deliver
 * from a worker after commit, so a rolled-back request never sends and a crash never loses a
 * message.
 */

export type {
  MessageChannel,
  MessageLog,
  MessageSender,
  OutboxMessage,
  OutboxReader,
  OutboxWriter,
  OutgoingMessage,
} from './types.js';

/**
 * The sender for this deployment. Only the local outbox exists today; an SMTP/SMS adapter will be
 * chosen here from its configuration (e.g. `SMTP_URL`, `SMS_PROVIDER`) when added.
 */
export async function createMessageSender(log: MessageLog): Promise<MessageSender> {
  const { createOutboxSender } = await import('./outbox-sender.js');
  return createOutboxSender(log);
}
