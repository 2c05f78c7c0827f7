import { ERROR_STATUS, type ErrorCode, type FieldError } from '@atelier/contract';

/**
 * The one error type services throw. `code` comes from the contract's closed list; the error
 * handler turns it into the HTTP status and the JSON envelope.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** "Not found" with the same body whether the object is missing or not the caller's. */
export const notFound = (what = 'The requested resource'): AppError =>
  new AppError('NOT_FOUND', `${what} was not found.`);
