/* The ad-conversion tracker (issue 16): real when AD_TRACKER_URL, AD_PIXEL_ID and AD_ACCESS_TOKEN are set, else local. */
import type { AdTrackerConfig } from '../../config.js';
import { createHttpAdTracker } from './http-tracker.js';
import { createLocalAdTracker } from './local-tracker.js';
import type { AdTracker } from './types.js';

export type { AdTracker, ConversionEvent } from './types.js';
export { AdTrackerError, createHttpAdTracker } from './http-tracker.js';
export { createLocalAdTracker, type LocalAdTracker } from './local-tracker.js';
export { hashEmail, hashPhone } from './hash.js';

/** Deadline of one tracker call: the CRM's (`CRM_TIMEOUT_MS`), both being sales' third parties. */
export function createAdTracker(
  config: AdTrackerConfig,
  timeoutMs: number,
  log?: { info(obj: object, msg: string): void },
): AdTracker {
  if (config.url && config.pixelId && config.accessToken)
    return createHttpAdTracker({
      url: config.url,
      pixelId: config.pixelId,
      accessToken: config.accessToken,
      timeoutMs,
    });
  return createLocalAdTracker(log);
}
