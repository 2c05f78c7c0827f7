import { PermanentJobError } from '../../platform/jobs/index.js';
import { maskRecipient } from './mask.js';
import type { MessageLog, MessageTransport, OutgoingMessage } from './types.js';

/*
 * The SMS transport of a deployment with `SMS_PROVIDER=msg91` (issue 16 "Messaging for real"),
 * over MSG91's HTTP API. Indian regulation (TRAI DLT) lets a business send only SMS whose text
 * is a registered template, so a message is sent by template id and variables, never as free text:
 *
 *  - sign-in codes (kind `otp` / `otp:…`) through the SendOTP API:
 *      POST {base}/api/v5/otp?template_id=…&mobile=91…&otp=…   (header `authkey`)
 *    with the template's other variables as the JSON body;
 *  - every other kind through the Flow API:
 *      POST {base}/api/v5/flow   { template_id, short_url: "0", recipients: [{ mobiles, …vars }] }
 *
 * The template of a kind comes from `MSG91_TEMPLATES` (`otp=…,payment-receipt=…`); a kind is
 * looked up as given, then by its family (`otp:login` → `otp`). A kind without a template is a
 * permanent failure with an error naming the setting to add.
 *
 * Every call has a timeout (that also follows the job's signal), follows no redirect, and reads
 * at most `maxResponseBytes` of the answer. MSG91 answers `{ type: "success" | "error", message }`,
 * sometimes an error with HTTP 200, so the JSON decides. A timeout, a network error, 429 or 5xx
 * is temporary (the queue retries); a refused key, a missing/unknown template, a bad number or any
 * other 4xx is permanent (the job goes dead at once). Neither the auth key nor a code ever
 * appears in an error or a log line.
 */

export interface Msg91TransportOptions {
  authKey: string;
  /** `https://control.msg91.com` (no trailing slash). */
  baseUrl: string;
  /** Message kind (or family) → DLT template id. */
  templates: Record<string, string>;
  log: MessageLog;
  /** Per call (ms). Default 10 s. */
  timeoutMs?: number;
  /** Largest answer read (bytes). Default 64 KiB. */
  maxResponseBytes?: number;
}

export const MSG91_DEFAULT_TIMEOUT_MS = 10_000;
export const MSG91_MAX_RESPONSE_BYTES = 64 * 1024;

/** SendOTP's own parameters, sent in the query rather than as template variables. */
const OTP_QUERY_VARS = ['otp', 'otp_expiry', 'otp_length'] as const;

class TemporarySmsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporarySmsError';
  }
}

/** `+91 98765 43210` → `919876543210` (digits with the country code); a bare 10-digit number is Indian. */
export function msg91Mobile(to: string): string {
  const digits = to.replace(/\D/g, '');
  const international = to.trim().startsWith('+') ? digits : digits.length === 10 ? `91${digits}` : digits;
  if (international.length < 10 || international.length > 15)
    throw new PermanentJobError(`MSG91: ${maskRecipient(to)} is not a mobile number with its country code`);
  return international;
}

/** The DLT template of a message kind: the kind itself, else its family before the first `:`. */
export function msg91Template(templates: Record<string, string>, kind: string): string {
  const family = kind.split(':')[0]!;
  const template = templates[kind] ?? templates[family];
  if (!template)
    throw new PermanentJobError(
      `MSG91: no DLT template for message kind "${kind}"; add ${family}=<template id> to MSG91_TEMPLATES`,
    );
  return template;
}

const isOtp = (kind: string) => kind === 'otp' || kind.startsWith('otp:');

/** The request for one message: where, and what. */
export function msg91Request(
  message: OutgoingMessage,
  options: Pick<Msg91TransportOptions, 'baseUrl' | 'templates'>,
): { url: string; body: Record<string, unknown> } {
  if (message.channel !== 'sms') throw new PermanentJobError('the MSG91 transport sends SMS only');
  const template = msg91Template(options.templates, message.kind);
  const mobile = msg91Mobile(message.to);
  const vars = { ...message.smsVars };
  if (isOtp(message.kind)) {
    if (!vars.otp) throw new PermanentJobError('MSG91: a sign-in code message carries no smsVars.otp');
    const query = new URLSearchParams({ template_id: template, mobile });
    for (const name of OTP_QUERY_VARS) {
      if (vars[name] !== undefined) query.set(name, vars[name]);
      delete vars[name];
    }
    return { url: `${options.baseUrl}/api/v5/otp?${query.toString()}`, body: vars };
  }
  return {
    url: `${options.baseUrl}/api/v5/flow`,
    body: { template_id: template, short_url: '0', recipients: [{ ...vars, mobiles: mobile }] },
  };
}

/** Reads at most `max` bytes of an answer. */
async function readCapped(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return { text: '', truncated: true };
  }
  if (!response.body) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream: nothing more is read.
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > max) return { text: '', truncated: true };
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/** An MSG91 answer as far as we read it. */
interface Msg91Answer {
  type?: unknown;
  message?: unknown;
  code?: unknown;
}

/** Errors MSG91 gives for a key, template or number: retrying the same request cannot help. */
const PERMANENT_WORDS = /auth|template|flow|dlt|mobile|number|invalid|whitelist|not allowed|unauthori[sz]ed/i;

/** The MSG91 transport. */
export function createMsg91Transport(options: Msg91TransportOptions): MessageTransport {
  const timeoutMs = options.timeoutMs ?? MSG91_DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? MSG91_MAX_RESPONSE_BYTES;

  /** The provider's words, one line, bounded, with any secret of this call blanked out. */
  const clean = (text: string, secrets: string[]) => {
    let out = text.replace(/\s+/g, ' ').trim();
    for (const secret of secrets) if (secret.length >= 3) out = out.split(secret).join('***');
    return out.length > 200 ? `${out.slice(0, 199)}…` : out;
  };

  async function call(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    const { url, body } = msg91Request(message, options);
    const api = isOtp(message.kind) ? 'SendOTP' : 'Flow';
    const what = `MSG91 ${api}`;
    const secrets = [options.authKey, ...(message.smsVars?.otp ? [message.smsVars.otp] : [])];
    const deadline = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let answer: { text: string; truncated: boolean };
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.any([deadline, signal]),
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        throw new PermanentJobError(
          `${what}: answered a redirect (HTTP ${response.status}), which is not followed; check MSG91_BASE_URL`,
        );
      }
      answer = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof PermanentJobError) throw error;
      if (deadline.aborted) throw new TemporarySmsError(`${what}: no answer within ${timeoutMs} ms`);
      if (signal.aborted) throw new TemporarySmsError(`${what}: cancelled (the job runner is stopping)`);
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new TemporarySmsError(
        `${what}: network error (${typeof cause === 'string' ? cause : error instanceof Error ? error.name : 'unknown'})`,
      );
    }

    let json: Msg91Answer | undefined;
    if (!answer.truncated) {
      try {
        const parsed: unknown = JSON.parse(answer.text);
        if (parsed && typeof parsed === 'object') json = parsed;
      } catch {
        // not JSON: judged by its status below
      }
    }
    const said = typeof json?.message === 'string' ? clean(json.message, secrets) : '';
    const status = response.status;
    if (status === 429 || status >= 500)
      throw new TemporarySmsError(`${what}: HTTP ${status}${said ? `: ${said}` : ''}`);
    if (status < 200 || status >= 300)
      throw new PermanentJobError(`${what}: HTTP ${status}${said ? `: ${said}` : ''} (refused)`);
    if (answer.truncated) throw new TemporarySmsError(`${what}: answer larger than ${maxBytes} bytes`);
    if (!json) throw new TemporarySmsError(`${what}: answer is not JSON (HTTP ${status})`);
    if (json.type === 'success') return;
    if (json.type === 'error') {
      const code = Number(json.code);
      const retryable =
        Number.isFinite(code) && code > 0 ? code === 429 || code >= 500 : !PERMANENT_WORDS.test(said);
      const text = `${what}: error${Number.isFinite(code) && code > 0 ? ` ${code}` : ''}${said ? `: ${said}` : ''}`;
      if (retryable) throw new TemporarySmsError(text);
      throw new PermanentJobError(`${text} (refused)`);
    }
    throw new TemporarySmsError(`${what}: unexpected answer (no "type")`);
  }

  return {
    async deliver(message, ref) {
      try {
        await call(message, ref.signal);
      } catch (error) {
        options.log.warn?.(
          {
            messageId: ref.jobId,
            kind: message.kind,
            to: maskRecipient(message.to),
            permanent: error instanceof PermanentJobError,
            reason: error instanceof Error ? error.message : 'unknown',
          },
          'SMS not delivered (MSG91)',
        );
        throw error;
      }
      options.log.info(
        { messageId: ref.jobId, channel: 'sms', kind: message.kind, to: maskRecipient(message.to) },
        'message delivered (MSG91)',
      );
    },
  };
}
