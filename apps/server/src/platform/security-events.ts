import { channel } from 'node:diagnostics_channel';
import { LogSampler } from '../http/log-sampler.js';

/*
 * Security events (checklist I5): each is logged once, as one structured line with its type, the
 * request id, the user id and the client IP, at the time it happens (UTC). They never carry a
 * password, code, token or other secret: details are limited to ids, reasons and field names.
 * Every event is also published on a diagnostics channel, so monitoring (and tests) can observe
 * them without parsing logs.
 */

/** The diagnostics channel every security event is published on. */
export const SECURITY_EVENT_CHANNEL = 'atelier:security-event';

export const SECURITY_EVENT_TYPES = [
  'login_succeeded',
  'login_failed',
  'account_locked',
  'otp_sent',
  'otp_send_failed',
  'otp_verified',
  'otp_verify_failed',
  'google_login_failed',
  'order_token_rejected',
  'session_rejected',
  'authz_denied',
  'rate_limited',
  'mass_assignment',
  'password_changed',
  'reauth_required',
  'moderator_access',
  'payment_rejected',
  'payment_flagged',
  'webhook_rejected',
  'coins_adjusted',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** Extra facts about an event: ids, reasons, field names. Never secrets. */
export type SecurityDetails = Record<string, string | number | boolean | null | string[]>;

/** One security event as logged and published. */
export interface SecurityEvent extends SecurityDetails {
  type: SecurityEventType;
  requestId: string;
  userId: number | null;
  ip: string;
  at: string;
}

/** Records one security event. `userId` defaults to the signed-in user of the request, if any. */
export type SecurityLog = (
  type: SecurityEventType,
  details?: SecurityDetails & { userId?: number | null },
) => void;

/** The logger surface the events need (pino's). */
export interface EventLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const published = channel(SECURITY_EVENT_CHANNEL);

const SUCCESSES: ReadonlySet<SecurityEventType> = new Set([
  'login_succeeded',
  'otp_sent',
  'otp_verified',
  'password_changed',
  'moderator_access',
  // An audit record (staff added or took coins), not a failure.
  'coins_adjusted',
]);

/**
 * Events anyone can cause in bulk without an account: their log lines are sampled per type and
 * route (the first 10 a minute, then one summary line with the count; issue 13, point 5). Every
 * event is still published on the diagnostics channel.
 */
const SAMPLED: ReadonlySet<SecurityEventType> = new Set(['rate_limited', 'mass_assignment']);
const sampler = new LogSampler(10, 60_000);

/** A {@link SecurityLog} bound to one request's log, id, client IP and (lazily) signed-in user. */
export function securityLog(
  log: EventLogger,
  request: { requestId: string; ip: string; userId: () => number | null },
  now: () => Date,
): SecurityLog {
  return (type, details = {}) => {
    const { userId, ...rest } = details;
    const event: SecurityEvent = {
      ...rest,
      type,
      requestId: request.requestId,
      userId: userId === undefined ? request.userId() : userId,
      ip: request.ip,
      at: now().toISOString(),
    };
    if (SUCCESSES.has(type)) log.info({ securityEvent: event }, `security event ${type}`);
    else if (!SAMPLED.has(type)) log.warn({ securityEvent: event }, `security event ${type}`);
    else {
      const route = typeof rest.route === 'string' ? rest.route : '';
      const write = sampler.take(`${type} ${route} ${String(rest.limit ?? '')}`, (dropped) =>
        log.warn(
          { securityEvent: { type, route, dropped } },
          `security event ${type}: ${dropped} more not logged in the last minute`,
        ),
      );
      if (write) log.warn({ securityEvent: event }, `security event ${type}`);
    }
    if (published.hasSubscribers) published.publish(event);
  };
}
