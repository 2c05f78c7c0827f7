import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import type { AppConfig } from '../config.js';
import { redactUrlSecrets } from './auth-guard.js';

/*
 * The server's logger (issue 13, points 4 and 5): no value written is longer than
 * MAX_LOGGED_STRING characters, no list longer than MAX_LOGGED_ITEMS, so one hostile request
 * cannot write megabytes; errors never carry a statement's parameters; one access line per request.
 */

/** Longest string written to the log; longer ones are cut and marked with their length. */
export const MAX_LOGGED_STRING = 2048;
/** Most items of one array, or keys of one object, written to the log. */
export const MAX_LOGGED_ITEMS = 50;
const MAX_LOGGED_DEPTH = 8;

/** `value` with long strings cut, long lists and objects shortened, deep nesting elided. */
export function boundForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_LOGGED_STRING
      ? `${value.slice(0, MAX_LOGGED_STRING)}…[${value.length - MAX_LOGGED_STRING} more characters]`
      : value;
  }
  if (value === null || typeof value !== 'object' || value instanceof Error || Buffer.isBuffer(value))
    return value;
  if (depth >= MAX_LOGGED_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_LOGGED_ITEMS).map((item) => boundForLog(item, depth + 1));
    if (value.length > MAX_LOGGED_ITEMS) items.push(`…[${value.length - MAX_LOGGED_ITEMS} more items]`);
    return items;
  }
  // Only plain objects are walked; class instances (requests, replies) go to their serializers.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  let kept = 0;
  let omitted = 0;
  for (const key in value) {
    if (kept >= MAX_LOGGED_ITEMS) {
      omitted += 1;
      continue;
    }
    out[key] = boundForLog((value as Record<string, unknown>)[key], depth + 1);
    kept += 1;
  }
  if (omitted > 0) out['…'] = `${omitted} more keys`;
  return out;
}

/** Properties of database errors that carry row values or statement parameters. */
const PARAMETER_KEYS = new Set(['params', 'parameters', 'values', 'detail']);

/** Removes `params: …` from a failed query's message or stack (drizzle writes them there). */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g, '\nparams: [not logged]');
}

/** A serialized error without statement parameters, recursively through its causes. */
function scrubError(serialized: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (PARAMETER_KEYS.has(key)) out[key] = '[not logged]';
    else if (typeof value === 'string' && (key === 'message' || key === 'stack'))
      out[key] = withoutParams(value);
    else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 4)
      out[key] = scrubError(value as Record<string, unknown>, depth + 1);
    else out[key] = value;
  }
  return boundForLog(out) as Record<string, unknown>;
}

/**
 * pino's error serializer, then statement parameters removed and lengths bounded; the cause (the
 * database's own error, with its SQLSTATE `code`) is kept as `cause`, without its `detail`.
 */
export function serializeError(err: Error, depth = 0): Record<string, unknown> {
  if (err === null || typeof err !== 'object') return { message: boundForLog(String(err)) };
  const serialized = scrubError(pino.stdSerializers.err(err));
  const cause: unknown = err?.cause;
  if (cause instanceof Error && depth < 3 && serialized.cause === undefined) {
    const { stack: _stack, ...rest } = serializeError(cause, depth + 1);
    serialized.cause = rest;
  }
  return serialized;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with secrets in query strings redacted and the URL bounded. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: boundForLog(redactUrlSecrets(req.url)),
    host: boundForLog(req.host),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Paths pino replaces with `[Redacted]`: credentials in requests, and the secrets of the payment
 * provider wherever a log call might carry them (`{ keySecret }`, `{ razorpay: {…} }`,
 * `{ payments: config.payments }`, `{ config }`). The provider objects themselves print without
 * their secrets (`toJSON`, `util.inspect`), and outbound calls are not logged (decision 0014).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.otp',
  '*.token',
  'appSecret',
  'keySecret',
  'webhookSecret',
  '*.appSecret',
  '*.keySecret',
  '*.webhookSecret',
  '*.razorpay.keySecret',
  '*.razorpay.webhookSecret',
  '*.sandbox.keySecret',
  '*.sandbox.webhookSecret',
  '*.payments.razorpay.keySecret',
  '*.payments.razorpay.webhookSecret',
  '*.payments.sandbox.keySecret',
  '*.payments.sandbox.webhookSecret',
  '*.headers.authorization',
];

/** The logger options of `buildApp` (tests may pass a `stream` to read the lines). */
export function loggerOptions(
  config: AppConfig,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: LOG_REDACT_PATHS,
    serializers: { req: serializeRequest, err: serializeError },
    formatters: { log: (object) => boundForLog(object) as Record<string, unknown> },
    hooks: {
      // The message (and any interpolation argument) is bounded too.
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) {
          const arg: unknown = args[i];
          if (typeof arg === 'string' && arg.length > MAX_LOGGED_STRING)
            (args as unknown[])[i] = boundForLog(arg);
        }
        method.apply(this, args);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/** The fields of a request's access line that {@link formatDevelopmentLine} folds into its message. */
const ACCESS_FIELDS = ['req', 'res', 'responseTime', 'requestId', 'cached'];

/**
 * One log record as a development line's message: an access line reads `GET /api/x 200 12 ms`
 * (the JSON record's method, URL, status and time; `(cached)` for an answer from the cached
 * answers, which is written before Fastify sees the request), any other record its own message.
 */
export function formatDevelopmentLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const text = log[messageKey];
  const message = typeof text === 'string' ? text : '';
  if (!req?.method || !res?.statusCode) return message;
  const ms =
    typeof log.responseTime === 'number'
      ? ` ${Math.round(log.responseTime)} ms`
      : log.cached === true
        ? ' (cached)'
        : '';
  const failed = message === 'request errored' ? ' (request errored)' : '';
  return `${req.method} ${req.url ?? ''} ${res.statusCode}${ms}${failed}`;
}

/** pino-pretty's settings for development: a clock time, the level, one short line per record. */
export const DEVELOPMENT_PRETTY_OPTIONS: PrettyOptions = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: ['pid', 'hostname', ...ACCESS_FIELDS].join(','),
  messageFormat: formatDevelopmentLine,
  singleLine: true,
  // Synchronous writes: a line logged just before a crash or `process.exit` is not lost.
  sync: true,
};

/**
 * Where the process's log lines go. Production and tests keep pino's JSON lines (for log
 * collectors and assertions); development turns each record into one human-readable line
 * (issue 18). pino-pretty runs in this thread as a plain stream, not as a pino transport (a
 * worker thread, which cannot take the formatting function and may drop lines at exit), and is
 * loaded only in development.
 *
 * @param out where the lines are written; undefined = standard output
 * @returns the stream for {@link loggerOptions}; undefined = pino's default (JSON to standard output)
 */
export async function logDestination(
  config: Pick<AppConfig, 'env'>,
  out?: DestinationStream,
): Promise<DestinationStream | undefined> {
  if (config.env !== 'development') return out;
  const { PinoPretty } = await import('pino-pretty');
  return PinoPretty({ ...DEVELOPMENT_PRETTY_OPTIONS, destination: out ?? 1 });
}

/**
 * Fastify's request log lines, one per request: `request completed` with the request and the
 * answer (as the cached answers write it), instead of an `incoming request` line and a
 * `request completed` line. A 429 writes none: the sampled `rate_limited` security event stands
 * for it, so a flood of rejected requests costs a bounded number of lines.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && reply.statusCode === 429) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
