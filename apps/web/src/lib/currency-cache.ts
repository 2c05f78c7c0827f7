import { readStoredJson, STORAGE_KEYS, writeStoredJson } from './storage';

/*
 * The browser's currency cache (spec §4 "Currency cache"), without the API: the app's currency
 * query (lib/api/currency.ts) and the public documents' islands entry both keep lookups here.
 */

/** How long a looked-up currency is reused from local storage before asking the API again. */
export const CURRENCY_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** The visitor's currency and whether it came from the local cache (then it need not be re-stored). */
export interface CurrencyResult {
  code: string;
  fromCache: boolean;
}

interface CachedCurrency {
  code: string;
  time: number;
}

function isCachedCurrency(value: unknown): value is CachedCurrency {
  if (typeof value !== 'object' || value === null) return false;
  const { code, time } = value as Record<string, unknown>;
  return typeof code === 'string' && code !== '' && typeof time === 'number';
}

/** The cached currency (spec §4 "Currency cache") when younger than {@link CURRENCY_CACHE_TTL_MS}. */
export function readCachedCurrency(now: number = Date.now()): string | null {
  const cached = readStoredJson(STORAGE_KEYS.currency);
  if (!isCachedCurrency(cached)) return null;
  return now - cached.time < CURRENCY_CACHE_TTL_MS && cached.time <= now ? cached.code : null;
}

/** Caches a successful lookup with its time (spec §4 "Currency cache"). */
export function rememberCurrency(code: string, now: number = Date.now()): void {
  writeStoredJson(STORAGE_KEYS.currency, { code, time: now } satisfies CachedCurrency);
}
