import type { AdTracker, ConversionEvent } from './types.js';

/*
 * The local tracker (no AD_TRACKER_URL / AD_PIXEL_ID / AD_ACCESS_TOKEN): sends nothing, writes one
 * log line per event (its name, id and time; the hashes stay out of the log too) and keeps the
 * latest events in memory for whoever built it (tests, a development console).
 */
export interface LocalAdTracker extends AdTracker {
  readonly sent: ConversionEvent[];
}

export function createLocalAdTracker(log?: { info(obj: object, msg: string): void }): LocalAdTracker {
  const sent: ConversionEvent[] = [];
  return {
    kind: 'local',
    sent,
    async send(event: ConversionEvent) {
      sent.push(event);
      if (sent.length > 200) sent.shift();
      log?.info(
        { eventName: event.event_name, eventId: event.event_id, eventTime: event.event_time },
        'ad conversion (local tracker: not sent)',
      );
    },
  };
}
