import type { Db } from '../../db/client.js';
import type { JobHandler } from '../../platform/jobs/index.js';

/*
 * Mail and SMS (DESIGN.md "OTP, mail"). Modules hand a message to a `MessageSender`, whose
 * `send(tx, message)` enqueues a `message.send` job in the caller's transaction (the job queue,
 * docs/decisions/0011): a rolled-back request never sends, and a crash never loses a message.
 * The queue's runner then delivers it through a `MessageTransport`. Today there is one transport,
 * the local one, which logs a masked line and records the message as delivered (people and tests
 * read messages through the development outbox route); SMTP and SMS transports implement the same
 * interface and are chosen in `createMessageTransport` from the configuration.
 */

export type MessageChannel = 'email' | 'sms';

/** One message to one recipient. `body` may hold a one-time code: nothing logs it. */
export interface OutgoingMessage {
  channel: MessageChannel;
  /** A normalised e-mail address, or a mobile number as `+91 9876543210`. */
  to: string;
  /** E-mail subject; null for SMS. */
  subject: string | null;
  body: string;
  /** What the message is (for logs and metrics), e.g. `otp`. */
  kind: string;
}

/** What a sender may write through: the database or an open transaction. */
export type OutboxWriter = Pick<Db, 'insert'>;

/** Sends (queues) messages. */
export interface MessageSender {
  /**
   * Sends `message` as part of the caller's unit of work: `db` is the open transaction, so the
   * message exists only if that transaction commits.
   */
  send(db: OutboxWriter, message: OutgoingMessage): Promise<void>;
}

/** Delivers one message to its recipient (a mail server, an SMS provider, or the log). */
export interface MessageTransport {
  /** Resolves once the provider accepted the message; throws to have the job retried. */
  deliver(message: OutgoingMessage, ref: { jobId: number; signal: AbortSignal }): Promise<void>;
}

/** The logger surface adapters use (pino's). */
export interface MessageLog {
  info(obj: object, msg: string): void;
}

/** A message as stored in the outbox (a `message.send` job). */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** `pending` (queued or being delivered), `sent`, or `failed` (dead after its last attempt). */
  status: string;
  createdAt: Date;
}

/** Reads the outbox: the latest messages to one recipient, newest first (development only). */
export type OutboxReader = (db: Db, recipient: string, limit: number) => Promise<OutboxMessage[]>;

/** The job topic of a message to deliver. */
export const MESSAGE_SEND_TOPIC = 'message.send';

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
