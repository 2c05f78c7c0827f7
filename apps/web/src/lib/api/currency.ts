import { DEFAULT_CURRENCY } from '@atelier/domain';
import { useEffect } from 'react';
import { api } from './base-api';
import { endpointRequest, responseOf } from './paths';
import { readCachedCurrency, rememberCurrency, type CurrencyResult } from '../currency-cache';

export {
  CURRENCY_CACHE_TTL_MS,
  readCachedCurrency,
  rememberCurrency,
  type CurrencyResult,
} from '../currency-cache';

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
