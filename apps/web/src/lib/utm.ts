import type { BodyOf, UtmFields } from '@atelier/contract';
import { readStoredText, STORAGE_KEYS } from './storage';

/*
 * The campaign a visitor came from (spec §1 "UTM parameters"; issue 16). The first landing of a
 * visit with `utm_*` in its address wins: its values are kept in sessionStorage for the visit and
 * every lead form sends them, so a lead is credited to the ad that brought the visitor even after
 * they browsed a few pages. The landing is also counted once (`POST /api/utm/param/clicks`) with
 * the browser's own clock (`dateTime`), as the spec's client did.
 */

/** sessionStorage: the visit's UTM values (JSON). */
export const UTM_STORAGE_KEY = 'atelier_utm';
/** sessionStorage: set once the landing was counted, so a reload does not count it again. */
export const UTM_CLICK_SENT_KEY = 'atelier_utm_click_sent';

/** The visit's UTM values, with `utm_content` (counted, not sent with leads). */
export interface VisitUtm extends UtmFields {
  utmContent?: string;
}

const PARAMS: [string, keyof VisitUtm][] = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
];

/** The contract's limit for one UTM value: longer values are cut rather than losing the lead. */
const MAX_UTM_LENGTH = 200;

function clean(value: string | null): string | undefined {
  if (value === null) return undefined;
  // Control characters are refused by the contract: drop them; then trim and cut to the limit.
  const text = value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, MAX_UTM_LENGTH)
    .trim();
  return text === '' ? undefined : text;
}

/** The `utm_*` values of an address's query, or `null` when it has none. */
export function utmFromSearch(search: string): VisitUtm | null {
  const params = new URLSearchParams(search);
  const utm: VisitUtm = {};
  for (const [param, key] of PARAMS) {
    const value = clean(params.get(param));
    if (value !== undefined) utm[key] = value;
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readVisitUtm(): VisitUtm | null {
  try {
    const raw = session()?.getItem(UTM_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const utm: VisitUtm = {};
    for (const [, key] of PARAMS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        const text = clean(value);
        if (text !== undefined) utm[key] = text;
      }
    }
    return Object.keys(utm).length > 0 ? utm : null;
  } catch {
    return null;
  }
}

/** The UTM fields every lead form sends: the visit's first-touch values (none when it had none). */
export function leadUtmFields(): UtmFields {
  const utm = readVisitUtm();
  if (!utm) return {};
  const { utmContent: _content, ...fields } = utm;
  return fields;
}

/**
 * On a landing with `utm_*` in the address: keeps the values for the visit unless an earlier
 * landing already did (first touch wins), and counts the landing once per visit through `send`.
 * Returns whether it counted this landing. Browser only; never throws.
 */
export function captureUtm(
  location: { pathname: string; search: string },
  send: (body: BodyOf<'utmClicks'>) => Promise<unknown>,
  now: Date = new Date(),
): boolean {
  const store = session();
  const landed = utmFromSearch(location.search);
  if (!store || !landed) return false;
  const kept = readVisitUtm();
  try {
    if (!kept) store.setItem(UTM_STORAGE_KEY, JSON.stringify(landed));
    if (store.getItem(UTM_CLICK_SENT_KEY) !== null) return false;
    // Marked before sending: a reload while the call is on its way must not count it twice.
    store.setItem(UTM_CLICK_SENT_KEY, now.toISOString());
  } catch {
    return false; // storage full or refused: without a way to remember it, do not count at all
  }
  const trackerId = readStoredText(STORAGE_KEYS.trackerId);
  void send({
    ...(kept ?? landed),
    page: location.pathname,
    dateTime: now.toISOString(),
    ...(trackerId && trackerId.length <= 64 ? { trackerId } : {}),
  }).catch(() => {
    // A lost count is not worth bothering the visitor about; the lead still carries the UTM.
  });
  return true;
}
