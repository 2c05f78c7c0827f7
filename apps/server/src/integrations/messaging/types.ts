import type { Db } from '../../db/client.js';

/* The shapes every messaging adapter shares (split from message-sender.ts so adapters import them without a cycle). */

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
  /** An e-mail's HTML body (`body` is its plain-text alternative). */
  html?: string;
  /** Files attached to an e-mail (small text files such as a session's `.ics`). */
  attachments?: MessageAttachment[];
  /**
   * Marketing mail only: the one-click unsubscribe address, sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058).
   */
  listUnsubscribe?: string;
  /** An SMS sent through a provider's approved template: the template's variables by name. */
  smsVars?: Record<string, string>;
}

/** A small attachment, kept in the job's payload as text. */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an `.ics`, a `.txt`). */
  content: string;
}

/** How a message is queued. */
export interface SendOptions {
  /** At most one message with this key (the job queue's de-duplication), e.g. `reminder:session:12:24h:5`. */
  dedupeKey?: string;
  /** Not before this instant. */
  runAt?: Date;
}

/** What a sender may write through: the database or an open transaction. */
export type OutboxWriter = Pick<Db, 'insert'>;

/** Sends (queues) messages. */
export interface MessageSender {
  /**
   * Sends `message` as part of the caller's unit of work: `db` is the open transaction, so the
   * message exists only if that transaction commits.
   */
  send(db: OutboxWriter, message: OutgoingMessage, options?: SendOptions): Promise<void>;
}

/** Delivers one message to its recipient (a mail server, an SMS provider, or the log). */
export interface MessageTransport {
  /** Resolves once the provider accepted the message; throws to have the job retried. */
  deliver(message: OutgoingMessage, ref: { jobId: number; signal: AbortSignal }): Promise<void>;
  /** Releases what the transport holds open (an SMTP pool); called once, when the app closes. */
  close?(): Promise<void>;
}

/** The logger surface adapters use (pino's). */
export interface MessageLog {
  info(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

/** A message as stored in the outbox (a `message.send` job). */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** What the message is (`otp:login`, `payment-receipt`, …). */
  kind: string;
  /** The e-mail's HTML body, if it has one. */
  html: string | null;
  /** Its attachments' names and types (not their content). */
  attachments: Array<{ filename: string; contentType: string }>;
  /** `pending` (queued or being delivered), `sent`, or `failed` (dead after its last attempt). */
  status: string;
  createdAt: Date;
}

/** Reads the outbox: the latest messages to one recipient, newest first (development only). */
export type OutboxReader = (db: Db, recipient: string, limit: number) => Promise<OutboxMessage[]>;

/** The job topic of a message to deliver. */
export const MESSAGE_SEND_TOPIC = 'message.send';
