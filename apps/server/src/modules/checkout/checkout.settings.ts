import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import { currencyForCountry, visitorCountry } from '../catalogue/index.js';
import type { CheckoutCurrency, CheckoutSettings } from './checkout.service.js';

/** The quote settings of this deployment: coin rules and the platform's time zone. */
export function checkoutSettings(config: Pick<AppConfig, 'coinRules' | 'tz'>): Required<CheckoutSettings> {
  return { coinRules: config.coinRules, tz: config.tz };
}

/**
 * The currency a request pays in, decided by the server (decision 0009): the trusted country
 * header, else the client IP's country (GEOIP_DATABASE); INR in India and when unknown, USD
 * elsewhere. A client never names its currency.
 */
export function visitorCurrency(
  request: FastifyRequest,
  ctx: Pick<AppContext, 'config' | 'ipCountry'>,
): CheckoutCurrency {
  const header = ctx.config.countryHeader;
  const raw = header ? request.headers[header] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return currencyForCountry(visitorCountry(value, request.ip, ctx.ipCountry));
}
