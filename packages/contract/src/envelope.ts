import { z } from 'zod';

/**
 * The closed list of error codes (security checklist, "Decisions"). Every error response carries
 * one of these in `error`, so clients branch on a stable value and never on message text.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'REAUTH_REQUIRED',
  'INSTALMENT_OVERDUE',
  'COUPON_INVALID',
  'COUPON_EXHAUSTED',
  'PAYMENT_INVALID',
  'INSTALMENT_DUE',
  'INSUFFICIENT_COINS',
  'SOLD_OUT',
  'IDEMPOTENCY_KEY_REUSED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each error code; the server's single error handler uses this table. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  INSTALMENT_OVERDUE: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  COUPON_INVALID: 400,
  COUPON_EXHAUSTED: 409,
  PAYMENT_INVALID: 400,
  INSTALMENT_DUE: 402,
  INSUFFICIENT_COINS: 409,
  SOLD_OUT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REAUTH_REQUIRED: 401,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** One field-level problem of a rejected request. `path` is dotted (`user.email`, `items.0.id`). */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Every error body: `{ code, message, error, requestId, errors?, errorsOmitted? }`. `code` is the HTTP status (the
 * envelope rule of DESIGN.md), `error` the stable code, `message` a sentence a person can read.
 */
export const ErrorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  error: z.enum(ERROR_CODES),
  requestId: z.string(),
  /** At most 20 field errors are listed; how many more there were. */
  errors: z.array(FieldErrorSchema).optional(),
  errorsOmitted: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Wraps a payload schema in the success envelope `{ code, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** The success envelope as a TypeScript type. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
