import type { HydrationState } from 'react-router';
import type { DehydratedApiState } from '../lib/api/base-api';
import type { SiteConfig } from '../lib/site-config';

/** Id of the `<script type="application/json">` element that carries the payload. */
export const PAYLOAD_ELEMENT_ID = 'atelier-data';

/**
 * What a server-rendered page hands to the browser. A data block, not a script, so the page
 * needs no inline JavaScript (and no CSP exception for it).
 */
export interface SsrPayload {
  /** True when `#root` holds server-rendered markup to hydrate; false for an app shell. */
  rendered: boolean;
  /** React Router's loader data and errors, with errors serialised the way React Router reads them back. */
  router?: HydrationState;
  /** RTK Query results the server fetched (fulfilled only). */
  api?: DehydratedApiState;
  /** The site's public address (PUBLIC_URL), for canonical links written in the browser. */
  origin?: string;
  /** Settings of the server the browser needs (see `lib/site-config.ts`). */
  config?: SiteConfig;
  /** The platform's day the page was rendered against: the browser hydrates with it (`lib/today.tsx`). */
  today?: string;
  /**
   * A public document's currency lookup made by the server (docs/decisions/0032): the islands
   * entry caches it as the app does after hydrating (spec §4 "Currency cache").
   */
  currency?: string;
}

/**
 * The payload as JSON that is safe inside a `<script>` element: `<` is escaped (so no
 * `</script>` or `<!--` can end or confuse the element), as are `>`, `&` and the two line
 * separators JavaScript once treated as newlines.
 */
export function serialisePayload(payload: SsrPayload): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the payload the server wrote; an empty shell payload when there is none or it is unreadable. */
export function readPayload(doc: Document): SsrPayload {
  const text = doc.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (!text) return { rendered: false };
  try {
    return JSON.parse(text) as SsrPayload;
  } catch {
    return { rendered: false };
  }
}
