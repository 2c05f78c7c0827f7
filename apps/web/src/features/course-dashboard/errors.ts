import { isApiError } from '../../lib/forms';

/** A 402 `INSTALMENT_DUE`: the EMI rule locks this course until the instalment is paid (spec §4). */
export function isInstalmentDue(error: unknown): boolean {
  return isApiError(error) && error.status === 402;
}

/** A 404: the batch is not one of the caller's courses (or does not exist). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
