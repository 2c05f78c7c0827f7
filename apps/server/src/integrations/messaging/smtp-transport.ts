import { createHash } from 'node:crypto';
import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import { PermanentJobError } from '../../platform/jobs/index.js';
import type { MessageAttachment, MessageLog, MessageTransport, OutgoingMessage } from './types.js';
import { maskRecipient } from './mask.js';

/*
 * The e-mail transport of a deployment with `SMTP_URL` (issue 16 "Messaging for real"), through
 * nodemailer's pooled SMTP transport: a few connections kept open and reused by the queue's
 * concurrent `message.send` jobs, closed when the app closes.
 *
 * Failures are sorted the way SMTP sorts them (RFC 5321): a 4yz reply, a dropped or refused
 * connection or a timeout is temporary, so the job throws and the queue retries it with backoff;
 * a 5yz reply (except 503, a session-state hiccup) is the server refusing this message for good,
 * so the job goes dead at once (`PermanentJobError`) rather than hammering the server five times.
 *
 * Every wait is bounded: connecting, the greeting, an idle socket, and the whole send (an
 * AbortSignal that also follows the job's own signal, so a stopping runner cancels it). A
 * cancelled send may still have been accepted by the server; the queue retries it anyway
 * (delivery is at least once), and the Message-ID derived from the job lets the receiving side
 * and a person reading headers recognise the second copy.
 */

export interface SmtpTransportOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer reads its query options too. */
  url: string;
  /** `From:` (`MAIL_FROM`), e.g. `Atelier <hello@atelier.example>`. */
  from: string;
  log: MessageLog;
  /** Waits (ms); the defaults suit a real mail server, tests shorten them. */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  /** The whole of one send: queueing in the pool, the SMTP dialogue and the upload. */
  sendTimeoutMs?: number;
  /** Open connections at most (the queue runs up to 10 jobs at once). */
  maxConnections?: number;
}

export const SMTP_DEFAULTS = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
  sendTimeoutMs: 60_000,
  maxConnections: 3,
} as const;

/** An error worth a retry, whose message names the SMTP reply but never the message's content. */
class TemporaryMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporaryMailError';
  }
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\./.test(host);

/** The domain of `MAIL_FROM`'s address (`hello@atelier.example` → `atelier.example`). */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

/** The address of `MAIL_FROM` (`Atelier <hello@atelier.example>` → `hello@atelier.example`). */
function senderAddress(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from.trim())?.[1] ?? from.trim();
}

/**
 * The Message-ID of the mail of job `jobId`: the same on every attempt of that job (so a retried
 * job is recognisable), different between jobs and, through a digest of the message itself,
 * between deployments whose job ids collide.
 */
export function jobMessageId(jobId: number, message: OutgoingMessage, domain: string): string {
  const digest = createHash('sha256')
    .update(`${jobId}\n${message.to}\n${message.subject ?? ''}\n${message.body}`)
    .digest('hex')
    .slice(0, 16);
  return `<atelier.job-${jobId}.${digest}@${domain}>`;
}

/** A calendar attachment goes out as `text/calendar; method=PUBLISH` (informational, not an invitation). */
function attachmentContentType(attachment: MessageAttachment): string {
  const type = attachment.contentType.trim();
  const isCalendar = /^text\/calendar\b/i.test(type) || /\.ics$/i.test(attachment.filename);
  if (!isCalendar) return type;
  const params = type
    .split(';')
    .slice(1)
    .map((p) => p.trim())
    .filter((p) => p && !/^method=/i.test(p) && !/^charset=/i.test(p));
  return ['text/calendar', 'method=PUBLISH', 'charset=utf-8', ...params].join('; ');
}

/** The one-click unsubscribe address: an http(s) URL, or the message is malformed. */
function unsubscribeUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PermanentJobError('listUnsubscribe is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PermanentJobError('listUnsubscribe must be an http(s) URL');
  return url.toString();
}

/**
 * One plain address (`name@domain`), never a list or a display name: a message goes to exactly
 * the one recipient it names, whatever text reached the queue.
 */
const SINGLE_ADDRESS = /^[^\s@,;:<>()"\\[\]]+@[^\s@,;:<>()"'\\[\]]+\.[^\s@,;:<>()"'\\[\].]+$/;

/** nodemailer's options for one message. */
export function mailOptions(
  message: OutgoingMessage,
  ref: { jobId: number },
  from: string,
  signal: AbortSignal,
): SendMailOptions {
  if (message.to.length > 254 || !SINGLE_ADDRESS.test(message.to))
    throw new PermanentJobError(`SMTP: ${maskRecipient(message.to)} is not one e-mail address`);
  const domain = senderDomain(from);
  const headers: Record<string, string> = { 'X-Entity-Ref-ID': `atelier-job-${ref.jobId}` };
  const options: SendMailOptions = {
    from,
    to: message.to,
    envelope: { from: senderAddress(from), to: [message.to] },
    subject: message.subject ?? '',
    text: message.body,
    ...(message.html ? { html: message.html } : {}),
    messageId: jobMessageId(ref.jobId, message, domain),
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: attachmentContentType(a),
    })),
    headers,
    // What a message may carry is text from the payload; never a file path or URL to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
    signal,
  };
  if (message.listUnsubscribe) {
    // RFC 2369 + RFC 8058: the address in angle brackets, and the one-click POST marker that
    // Gmail and Yahoo require of bulk senders.
    options.list = { unsubscribe: unsubscribeUrl(message.listUnsubscribe) };
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return options;
}

/** The SMTP reply of an error, trimmed and on one line (the server's words, never our content). */
function replyOf(error: NodemailerError): string {
  const response = (error.response ?? error.message ?? '').replace(/\s+/g, ' ').trim();
  return response.length > 300 ? `${response.slice(0, 299)}…` : response;
}

/**
 * Sorts a failed send: permanent (`PermanentJobError`, the job goes dead) for a 5yz reply other
 * than 503 and for a message nodemailer cannot build; temporary (a retry) for everything else.
 */
export function classifySmtpError(error: unknown, timedOut: boolean): Error {
  if (error instanceof PermanentJobError) return error;
  const e = (error ?? {}) as NodemailerError;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (timedOut || code === 'EABORT')
    return new TemporaryMailError('SMTP: the send did not finish in time (cancelled; will retry)');
  if (typeof e.responseCode === 'number') {
    const permanent =
      e.permanent ?? (e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503);
    const what = `SMTP ${e.command ? `${e.command} ` : ''}answered ${replyOf(e)}`;
    if (permanent) return new PermanentJobError(`${what} (permanent rejection)`);
    return new TemporaryMailError(`${what} (temporary; will retry)`);
  }
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || code === 'ECONFIG')
    return new PermanentJobError(`SMTP: the message cannot be sent (${code}: ${replyOf(e)})`);
  if (code === 'ETIMEDOUT') {
    const which = e.timeoutType ? ` (${e.timeoutType.toLowerCase().replace(/_/g, ' ')})` : '';
    return new TemporaryMailError(`SMTP: the server did not answer in time${which}; will retry`);
  }
  const cause = e.originalCode ?? code ?? (error instanceof Error ? error.name : 'unknown');
  return new TemporaryMailError(`SMTP: connection failed (${cause}); will retry`);
}

/**
 * Whether STARTTLS is required: a password never crosses the network in clear, so with
 * credentials on plain `smtp://` to another machine the connection must upgrade to TLS or fail
 * (`?requireTLS=false` in SMTP_URL overrides it, since the URL's options win). `smtps://` is TLS
 * from the start; loopback (a local relay) is not the network.
 */
export function mustRequireTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  const hasCredentials = url.username !== '' || url.password !== '';
  return hasCredentials && url.protocol === 'smtp:' && !isLoopback(url.hostname);
}

/** The SMTP transport; `close()` ends the pool's connections. */
export function createSmtpTransport(options: SmtpTransportOptions): MessageTransport & {
  close(): Promise<void>;
} {
  const settings = { ...SMTP_DEFAULTS, ...stripUndefined(options) };
  const transporter = nodemailer.createTransport({
    pool: true,
    url: options.url,
    maxConnections: settings.maxConnections,
    connectionTimeout: settings.connectionTimeoutMs,
    greetingTimeout: settings.greetingTimeoutMs,
    socketTimeout: settings.socketTimeoutMs,
    dnsTimeout: settings.connectionTimeoutMs,
    ...(mustRequireTls(options.url) ? { requireTLS: true } : {}),
  });
  let closed = false;

  return {
    async deliver(message, ref) {
      if (message.channel !== 'email') throw new PermanentJobError('the SMTP transport sends e-mail only');
      const deadline = AbortSignal.timeout(settings.sendTimeoutMs);
      const signal = AbortSignal.any([deadline, ref.signal]);
      const mail = mailOptions(message, ref, options.from, signal);
      try {
        await transporter.sendMail(mail);
      } catch (error) {
        const failure = ref.signal.aborted
          ? new TemporaryMailError('SMTP: cancelled (the job runner is stopping); will retry')
          : classifySmtpError(error, deadline.aborted);
        options.log.warn?.(
          {
            messageId: ref.jobId,
            kind: message.kind,
            to: maskRecipient(message.to),
            permanent: failure instanceof PermanentJobError,
            reason: failure.message,
          },
          'mail not delivered (SMTP)',
        );
        throw failure;
      }
      options.log.info(
        { messageId: ref.jobId, channel: 'email', kind: message.kind, to: maskRecipient(message.to) },
        'message delivered (SMTP)',
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      transporter.close();
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
