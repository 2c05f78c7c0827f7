import { DEFAULT_CURRENCY } from '@atelier/domain';
import { useEffect } from 'react';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from '../storage';
import { api } from './base-api';
import { endpointRequest, responseOf } from './paths';

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

const currencyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/geolocation/locus` → `data.currency.code`, or the fresh local cache (browser only). */
    getCurrency: build.query<CurrencyResult, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const cached = readCachedCurrency();
        if (cached) return { data: { code: cached, fromCache: true } };
        const result = await baseQuery(endpointRequest('locus'));
        if (result.error) return { error: result.error };
        return { data: { code: responseOf('locus', result.data).currency.code, fromCache: false } };
      },
    }),
  }),
});

export const currencyQuery = currencyApi.endpoints.getCurrency;

/** Results already written to local storage (many components read the currency at once). */
const remembered = new WeakSet<CurrencyResult>();

/**
 * The visitor's currency code. Spec §8: when the lookup fails (or while it runs) this is INR.
 * A successful lookup is cached in local storage (spec §4), including one the server made while
 * rendering the page.
 */
export function useCurrencyCode(): string {
  const { currentData } = currencyApi.useGetCurrencyQuery();
  useEffect(() => {
    if (currentData && !currentData.fromCache && !remembered.has(currentData)) {
      remembered.add(currentData);
      rememberCurrency(currentData.code);
    }
  }, [currentData]);
  return currentData?.code ?? DEFAULT_CURRENCY;
}
