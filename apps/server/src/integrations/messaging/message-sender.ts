import type { Db } from '../../db/client.js';

/*
 * Mail and SMS (DESIGN.md "OTP, mail"). Modules hand a message to a `MessageSender`; which one is
 * used is decided here from the configuration. Today there is one adapter, the local outbox,
 * which writes `message_outbox` rows (people and tests read them through the development outbox
 * route) and logs a line without the content. A real SMTP or SMS provider adapter implements the
 * same interface: it should keep writing the outbox row in the caller's transaction and deliver
 * from a worker after commit, so a rolled-back request never sends and a crash never loses a
 * message.
 */

export type MessageChannel = 'email' | 'sms';

/** One message to one recipient. `body` may hold a one-time code: adapters never log it. */
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

/** What an adapter may write through: the database or an open transaction. */
export type OutboxWriter = Pick<Db, 'insert'>;

/** Sends (or queues) messages. */
export interface MessageSender {
  /**
   * Sends `message` as part of the caller's unit of work: `db` is the open transaction, so the
   * message exists only if that transaction commits.
   */
  send(db: OutboxWriter, message: OutgoingMessage): Promise<void>;
}

/** The logger surface adapters use (pino's). */
export interface MessageLog {
  info(obj: object, msg: string): void;
}

/** A message as stored in the outbox. */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  createdAt: Date;
}

/** Reads the outbox: the latest messages to one recipient, newest first (development only). */
export type OutboxReader = (db: Db, recipient: string, limit: number) => Promise<OutboxMessage[]>;

/**
 * The sender for this deployment. Only the local outbox exists today; an SMTP/SMS adapter will be
 * chosen here from its configuration (e.g. `SMTP_URL`, `SMS_PROVIDER`) when added.
 */
export async function createMessageSender(log: MessageLog): Promise<MessageSender> {
  const { createOutboxSender } = await import('./outbox-sender.js');
  return createOutboxSender(log);
}
