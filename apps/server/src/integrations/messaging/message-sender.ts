import type { AppConfig } from '../../config.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { MESSAGE_SEND_TOPIC, type MessageLog, type MessageSender, type MessageTransport } from './types.js';

/*
 * Mail and SMS (DESIGN.md "OTP, mail"). Modules hand a message to a `MessageSender`, whose
 * `send(tx, message)` enqueues a `message.send` job in the caller's transaction (the job queue,
 * docs/decisions/0011): a rolled-back request never sends, and a crash never loses a message.
 * The queue's runner then delivers it through this deployment's `MessageTransport`, chosen in
 * `createMessageTransport` from the configuration: e-mail through SMTP when `SMTP_URL` is set,
 * SMS through MSG91 when `SMS_PROVIDER=msg91`, and otherwise the local transport, which logs a
 * masked line and records the message as delivered (people and tests read messages through the
 * development outbox route, which shows every message whatever its transport).
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
 * The transport of this deployment: e-mail to SMTP (`SMTP_URL`, `MAIL_FROM`) or the local
 * transport, SMS to MSG91 (`SMS_PROVIDER=msg91`) or the local transport. `close()` releases the
 * SMTP pool.
 */
export async function createMessageTransport(
  config: Pick<AppConfig, 'messaging' | 'env'>,
  log: MessageLog,
): Promise<MessageTransport & { close(): Promise<void> }> {
  const { messaging } = config;
  const { createLocalTransport } = await import('./outbox-sender.js');
  const local = createLocalTransport(log);
  let email: MessageTransport = local;
  let sms: MessageTransport = local;
  if (messaging.smtpUrl) {
    const { createSmtpTransport } = await import('./smtp-transport.js');
    email = createSmtpTransport({ url: messaging.smtpUrl, from: messaging.mailFrom, log });
  }
  if (messaging.sms.provider === 'msg91') {
    const { createMsg91Transport } = await import('./msg91-transport.js');
    sms = createMsg91Transport({
      authKey: messaging.sms.authKey,
      baseUrl: messaging.sms.baseUrl,
      templates: messaging.sms.templates,
      log,
    });
  }
  const chosen = { email: messaging.smtpUrl ? 'smtp' : 'local', sms: messaging.sms.provider };
  log.info(chosen, 'message transports chosen');
  // A production without a real transport "delivers" sign-in codes nowhere: say so at start-up.
  if (config.env === 'production' && (chosen.email === 'local' || chosen.sms === 'local'))
    log.warn?.(
      chosen,
      'messages are only recorded in the outbox, not sent: set SMTP_URL (e-mail) and SMS_PROVIDER=msg91 with MSG91_AUTH_KEY (SMS)',
    );
  return {
    deliver: (message, ref) => (message.channel === 'email' ? email : sms).deliver(message, ref),
    async close() {
      await Promise.all([email.close?.(), sms.close?.()]);
    },
  };
}

/**
 * Registers the `message.send` handler on the job queue, delivering through this deployment's
 * transport. The caller closes the returned handle after the queue has stopped.
 */
export async function registerMessageDelivery(
  jobs: { registerHandler(topic: string, handler: JobHandler): void },
  config: Pick<AppConfig, 'messaging' | 'env'>,
  log: MessageLog,
): Promise<{ close(): Promise<void> }> {
  const { messageDeliveryHandler } = await import('./outbox-sender.js');
  const transport = await createMessageTransport(config, log);
  jobs.registerHandler(MESSAGE_SEND_TOPIC, messageDeliveryHandler(transport));
  return { close: () => transport.close() };
}
