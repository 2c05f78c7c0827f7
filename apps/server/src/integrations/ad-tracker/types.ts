/*
 * The ad-conversion tracker (issue 16; spec §1), in the Meta Conversions API shape:
 * `POST {AD_TRACKER_URL}/{pixelId}/events` with `{ data: [event], access_token }`. E-mail and
 * phone leave only as SHA-256 hashes of their normalised forms, and only with consent. The real
 * adapter when AD_TRACKER_URL, AD_PIXEL_ID and AD_ACCESS_TOKEN are set; the local one otherwise.
 */

/** One conversion event as sent (`data[0]`). */
export interface ConversionEvent {
  event_name: 'Lead' | 'Purchase' | 'CompleteRegistration';
  /** Unix seconds. */
  event_time: number;
  /** Our stable id for de-duplication (`lead:{id}`, `order:{id}`). */
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: {
    /** SHA-256 hex of the trimmed, lower-cased e-mail. */
    em?: string[];
    /** SHA-256 hex of the digits of the phone with its country code (`919876543210`). */
    ph?: string[];
    client_ip_address?: string;
    client_user_agent?: string;
  };
  custom_data?: { currency?: string; value?: number; content_name?: string };
}

export interface AdTracker {
  readonly kind: 'remote' | 'local';
  /** Sends one event; throws (retryable unless a 4xx) on failure. */
  send(event: ConversionEvent, opts?: { signal?: AbortSignal }): Promise<void>;
}
