import { callJson, JsonCallFailure } from '../crm/json-http.js';
import type { AdTracker, ConversionEvent } from './types.js';

/*
 * The real ad-conversion tracker (Meta Conversions API shape): `POST {url}/{pixelId}/events` with
 * `{ data: [event], access_token }`. The token goes in the body, not the URL, so it never lands in
 * an access log or an error (errors carry the status and a short reason only). Same failure rules
 * as the CRM: no redirect followed, a deadline, a size cap, JSON only.
 */

export interface HttpAdTrackerOptions {
  url: string;
  pixelId: string;
  accessToken: string;
  timeoutMs: number;
}

/** A failed tracker call; `retryable` false for a 4xx that can never succeed. */
export class AdTrackerError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AdTrackerError';
  }
}

export function createHttpAdTracker(opts: HttpAdTrackerOptions): AdTracker {
  return {
    kind: 'remote',
    async send(event: ConversionEvent, call?: { signal?: AbortSignal }) {
      try {
        await callJson({
          method: 'POST',
          url: `${opts.url}/${encodeURIComponent(opts.pixelId)}/events`,
          body: { data: [event], access_token: opts.accessToken },
          timeoutMs: opts.timeoutMs,
          signal: call?.signal,
        });
      } catch (error) {
        if (error instanceof JsonCallFailure)
          throw new AdTrackerError(`ad tracker ${error.message}`, error.retryable, error.status);
        throw new AdTrackerError('ad tracker call failed', true);
      }
    },
  };
}
