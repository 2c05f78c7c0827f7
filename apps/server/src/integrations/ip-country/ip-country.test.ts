import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { createTestApp, testConfig, type TestContext } from '../../test/test-app.js';
import { countryOfRecord, openMmdbCountryLookup, type IpCountryLookup } from './ip-country.js';

/**
 * A real IP-to-country database in MaxMind DB format: ip-location-db's CC0 country file, installed
 * from the npm registry as a development dependency (no download at run time).
 */
const COUNTRY_MMDB = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'),
  ),
  'geo-whois-asn-country.mmdb',
);

/** Addresses whose registration is long-standing: Google's resolver and Reliance Jio in India. */
const US_IP = '8.8.8.8';
const INDIA_IP = '49.44.0.1';

describe('IP-to-country database (MaxMind DB)', () => {
  let lookup: IpCountryLookup;
  beforeAll(async () => {
    lookup = await openMmdbCountryLookup(COUNTRY_MMDB);
  });

  it.each([
    [US_IP, 'US'],
    [INDIA_IP, 'IN'],
    [`::ffff:${US_IP}`, 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['127.0.0.1', undefined],
    ['10.1.2.3', undefined],
    ['not-an-address', undefined],
    ['', undefined],
  ])('when %s is looked up, then its country is %s', (ip, country) => {
    expect(lookup.countryOf(ip)).toBe(country);
  });

  it("when a record has MaxMind's layout, then its country (else its registered country) is read", () => {
    expect(countryOfRecord({ country: { iso_code: 'IN' }, registered_country: { iso_code: 'US' } })).toBe(
      'IN',
    );
    expect(countryOfRecord({ registered_country: { iso_code: 'gb' } })).toBe('GB');
    expect(countryOfRecord({ country_code: 'DE' })).toBe('DE');
    expect(countryOfRecord({ country: { iso_code: 42 } })).toBeUndefined();
    expect(countryOfRecord(null)).toBeUndefined();
  });

  it('when the file is not a MaxMind DB, then opening it fails with a message naming the setting', async () => {
    const file = path.join(tmpdir(), `not-a-db-${process.pid}.mmdb`);
    writeFileSync(file, 'just text');
    await expect(openMmdbCountryLookup(file)).rejects.toThrow(/GEOIP_DATABASE: cannot open .*not-a-db/);
  });

  it('when GEOIP_DATABASE names a missing file, then the configuration is refused with that problem', () => {
    let problems: string[] = [];
    try {
      testConfig({ GEOIP_DATABASE: '/nowhere/country.mmdb' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toContain('GEOIP_DATABASE: no such file');
  });
});

describe('the visitor currency by IP (GET /api/geolocation/locus with GEOIP_DATABASE)', () => {
  let t: TestContext;
  let behindProxy: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { GEOIP_DATABASE: COUNTRY_MMDB, COUNTRY_HEADER: 'cf-ipcountry' } });
    behindProxy = await createTestApp({ env: { GEOIP_DATABASE: COUNTRY_MMDB, TRUST_PROXY_HOPS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  const currency = async (app: TestContext, remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await app.app.inject({ url: '/api/geolocation/locus', remoteAddress, headers });
    expect(res.statusCode).toBe(200);
    return { code: res.json<{ data: { currency: { code: string } } }>().data.currency.code, res };
  };

  it('when a visitor from the United States asks without a country header, then USD, cacheable by the browser only', async () => {
    const { code, res } = await currency(t, US_IP);
    expect(code).toBe('USD');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('when a visitor from India asks, then INR', async () => {
    expect((await currency(t, INDIA_IP)).code).toBe('INR');
  });

  it('when the address is unknown to the database (a private network), then INR', async () => {
    expect((await currency(t, '10.0.0.7')).code).toBe('INR');
  });

  it('when the trusted header names a country, then it wins over the IP; when it says unknown, the IP decides', async () => {
    expect((await currency(t, INDIA_IP, { 'cf-ipcountry': 'GB' })).code).toBe('USD');
    expect((await currency(t, US_IP, { 'cf-ipcountry': 'IN' })).code).toBe('INR');
    expect((await currency(t, US_IP, { 'cf-ipcountry': 'XX' })).code).toBe('USD');
  });

  it('when the server sits behind one trusted proxy, then the forwarded client address decides; without trust it is ignored', async () => {
    expect((await currency(behindProxy, '127.0.0.1', { 'x-forwarded-for': US_IP })).code).toBe('USD');
    expect((await currency(behindProxy, '127.0.0.1', { 'x-forwarded-for': INDIA_IP })).code).toBe('INR');
    // The app without trusted hops sees the proxy's own address (unknown), not the claimed one.
    expect((await currency(t, '127.0.0.1', { 'x-forwarded-for': US_IP })).code).toBe('INR');
  });
});
