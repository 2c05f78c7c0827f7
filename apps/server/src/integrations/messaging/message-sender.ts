import type { JobHandler } from '../../platform/jobs/index.js';
import { MESSAGE_SEND_TOPIC, type MessageLog, type MessageSender, type MessageTransport } from './types.js';

/*
 * Mail and SMS (DESIGN.md "OTP, mail"). Modules hand a message to a `MessageSender`, whose
 * `send(tx, message)` enqueues a `message.send` job in the caller's transaction (the job queue,
 * docs/decisions/0011): a rolled-back request never sends, and a crash never loses a message.
 * The queue's runner then delivers it through a `MessageTransport`. Today there is one transport,
 * the local one, which logs a masked line and records the message as delivered (people and tests
 * read messages through the development outbox route); SMTP and SMS transports implement the same
 * interface and are chosen in `createMessageTransport` from the configuration.
 */

export { MESSAGE_SEND_TOPIC } from './types.js';
export type {
  MessageAttachment,
  SendOptions,
  MessageChannel,
  MessageLog,
  MessageSender,
  MessageTransport,
  OutboxMessage,
  OutboxReader,
  OutboxWriter,
  OutgoingMessage,
} from './types.js';

/** The sender: every message becomes a `message.send` job in the caller's transaction. */
export async function createMessageSender(log: MessageLog): Promise<MessageSender> {
  const { createOutboxSender } = await import('./outbox-sender.js');
  return createOutboxSender(log);
}

/**
 * The transport of this deployment. Only the local one exists today; an SMTP/SMS transport will
 * be chosen here from its configuration (e.g. `SMTP_URL`, `SMS_PROVIDER`) when added.
 */
export async function createMessageTransport(log: MessageLog): Promise<MessageTransport> {
  const { createLocalTransport } = await import('./outbox-sender.js');
  return createLocalTransport(log);
}

/** Registers the `message.send` handler on the job queue, delivering through this deployment's transport. */
export async function registerMessageDelivery(
  jobs: { registerHandler(topic: string, handler: JobHandler): void },
  log: MessageLog,
): Promise<void> {
  const { messageDeliveryHandler } = await import('./outbox-sender.js');
  jobs.registerHandler(MESSAGE_SEND_TOPIC, messageDeliveryHandler(await createMessageTransport(log)));
}
