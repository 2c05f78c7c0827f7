import type { Envelope } from '@atelier/contract';

/** The success envelope of DESIGN.md: `{ code: 200, message, data }`. */
export function ok<T>(data: T, message = 'OK', code = 200): Envelope<T> {
  return { code, message, data };
}
