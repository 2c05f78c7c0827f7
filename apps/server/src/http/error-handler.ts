import type { FieldError } from '@atelier/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

interface ErrorReply {
  status: number;
  error: string;
  message: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/**
 * At most this many field errors are answered, each message at most MAX_ERROR_MESSAGE characters
 * (a body of 60,000 unknown keys must not earn a 1.4 MB answer: issue 13, point 5); the number
 * left out is answered as `errorsOmitted`.
 */
export const MAX_FIELD_ERRORS = 20;
const MAX_ERROR_MESSAGE = 200;
const MAX_PATH = 120;

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The first MAX_FIELD_ERRORS errors, clipped, and how many were left out. */
export function boundFieldErrors(errors: FieldError[]): { errors: FieldError[]; omitted: number } {
  return {
    errors: errors
      .slice(0, MAX_FIELD_ERRORS)
      .map((e) => ({ path: clip(e.path, MAX_PATH), message: clip(e.message, MAX_ERROR_MESSAGE) })),
    omitted: Math.max(0, errors.length - MAX_FIELD_ERRORS),
  };
}

const fastifyCodes: Record<string, Omit<ErrorReply, 'status'> & { status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is larger than this endpoint accepts.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This endpoint does not accept that content type.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'VALIDATION_FAILED',
    message: 'The JSON body is empty.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: 'VALIDATION_FAILED',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'VALIDATION_FAILED',
    message: 'The Content-Length header does not match the body.',
  },
};

function describe(err: FastifyError | AppError | Error): ErrorReply {
  if (err instanceof AppError) {
    return {
      status: err.status,
      error: err.code,
      message: err.message,
      errors: err.errors,
      headers: err.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = (err as FastifyError).validationContext ?? 'body';
    const errors = err.validation.map((v) => {
      const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { path: p || where, message: v.message ?? 'is invalid' };
    });
    const shown = boundFieldErrors(errors).errors.slice(0, 5);
    const more = errors.length - shown.length;
    return {
      status: 400,
      error: 'VALIDATION_FAILED',
      message: `The request ${where} is invalid: ${shown.map((e) => `${e.path} ${e.message}`).join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
      errors,
    };
  }
  const fe = err as FastifyError;
  if (fe.code && fastifyCodes[fe.code]) return { ...fastifyCodes[fe.code]! };
  if (
    fe.code === 'FST_ERR_CTP_INVALID_TYPE' ||
    (/__proto__|constructor/.test(fe.message ?? '') && fe.statusCode === 400)
  ) {
    return { status: 400, error: 'VALIDATION_FAILED', message: 'The request body is not acceptable.' };
  }
  if (fe.statusCode === 429) {
    return {
      status: 429,
      error: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return {
      status: fe.statusCode,
      error: fe.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
      message: 'The request could not be processed.',
    };
  }
  return { status: 500, error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}

/**
 * One place maps every failure to the envelope `{ code, message, error, requestId, errors? }`.
 * 5xx answers are generic; their details go to the log with the request id (checklist I2).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const described = describe(err);
    const bounded = described.errors ? boundFieldErrors(described.errors) : undefined;
    if (described.status >= 500 || isResponseSerializationError(err)) {
      request.log.error({ err }, 'request failed');
    } else if (described.status !== 429) {
      // A 429 is logged by the (sampled) `rate_limited` security event alone.
      request.log.info({ code: described.error, status: described.status }, clip(described.message, 1000));
    }
    if (described.headers) void reply.headers(described.headers);
    return reply
      .status(described.status)
      .type('application/json; charset=utf-8')
      .send({
        code: described.status,
        message: described.message,
        error: described.error,
        requestId: request.id,
        ...(bounded ? { errors: bounded.errors } : {}),
        ...(bounded && bounded.omitted > 0 ? { errorsOmitted: bounded.omitted } : {}),
      });
  });
}

/** Fastify's own failures before routing (`frameworkErrors`): a malformed or too long path. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed %-escape.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address has a part that is too long.' },
};

/**
 * Fastify's `frameworkErrors` option: failures found before any route or hook runs (a path with
 * a malformed %-escape, a path parameter over `maxParamLength`) answered like every other error —
 * the JSON envelope under `/api`, a short HTML page elsewhere — with the baseline headers, and
 * without echoing the address back.
 */
export function frameworkErrorHandler(baseline: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = FRAMEWORK_ERRORS[error.code] ?? {
      status: 400,
      message: 'The request could not be processed.',
    };
    request.log.info({ code: error.code, status: known.status }, known.message);
    void reply.headers(baseline).header('x-request-id', request.id);
    answerBadRequest(request, reply, known);
  };
}

/**
 * A malformed request answered without the route: the JSON envelope under `/api`, a short HTML
 * page elsewhere; the address is never echoed.
 */
export function answerBadRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  known: { status: number; message: string; heading?: string },
): void {
  void reply.status(known.status);
  if (request.raw.url?.startsWith('/api')) {
    void reply.type('application/json; charset=utf-8').send({
      code: known.status,
      message: known.message,
      error: 'VALIDATION_FAILED',
      requestId: request.id,
    });
    return;
  }
  void reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad request · Atelier</title>` +
        `<meta name="robots" content="noindex"><main><h1>${known.heading ?? 'That address is not valid'}</h1>` +
        `<p>${known.message}</p><p><a href="/">Go to the home page</a></p></main></html>`,
    );
}

/** JSON 404 for unknown /api routes (the web app renders its own 404 page for everything else). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    code: 404,
    message: `No API route matches ${request.method} ${request.url.split('?')[0]}.`,
    error: 'NOT_FOUND',
    requestId: request.id,
  });
}
