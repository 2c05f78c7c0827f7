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
    return { status: err.status, error: err.code, message: err.message, errors: err.errors, headers: err.headers };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = (err as FastifyError).validationContext ?? 'body';
    const errors = err.validation.map((v) => {
      const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { path: p || where, message: v.message ?? 'is invalid' };
    });
    return {
      status: 400,
      error: 'VALIDATION_FAILED',
      message: `The request ${where} is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      errors,
    };
  }
  const fe = err as FastifyError;
  if (fe.code && fastifyCodes[fe.code]) return { ...fastifyCodes[fe.code]! };
  if (fe.code === 'FST_ERR_CTP_INVALID_TYPE' || /__proto__|constructor/.test(fe.message ?? '') && fe.statusCode === 400) {
    return { status: 400, error: 'VALIDATION_FAILED', message: 'The request body is not acceptable.' };
  }
  if (fe.statusCode === 429) {
    return { status: 429, error: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, error: fe.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', message: 'The request could not be processed.' };
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
    if (described.status >= 500 || isResponseSerializationError(err)) {
      request.log.error({ err }, 'request failed');
    } else {
      request.log.info({ code: described.error, status: described.status }, described.message);
    }
    if (described.headers) void reply.headers(described.headers);
    return reply.status(described.status).type('application/json; charset=utf-8').send({
      code: described.status,
      message: described.message,
      error: described.error,
      requestId: request.id,
      ...(described.errors ? { errors: described.errors } : {}),
    });
  });
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
