import maxmind, { type Reader, type Response } from 'maxmind';

/**
 * The country of an IP address, from an IP-to-country database (issue 5: the visitor's currency
 * when no trusted country header says it). Returns an ISO 3166-1 alpha-2 code, or undefined for
 * an address the database does not know (private ranges, loopback) or that is not an address.
 */
export interface IpCountryLookup {
  countryOf(ip: string): string | undefined;
}

/**
 * Records of the country databases this reads: MaxMind's GeoIP2/GeoLite2 Country and City
 * (`country.iso_code`, else `registered_country.iso_code`) and the CC0 ip-location-db country
 * databases (`country_code`).
 */
interface CountryRecord {
  country?: { iso_code?: unknown };
  registered_country?: { iso_code?: unknown };
  country_code?: unknown;
}

function isoCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined;
}

/** Reads a looked-up record's country, whichever of the known layouts it has. */
export function countryOfRecord(record: CountryRecord | null | undefined): string | undefined {
  if (!record) return undefined;
  return (
    isoCode(record.country?.iso_code) ??
    isoCode(record.country_code) ??
    isoCode(record.registered_country?.iso_code)
  );
}

/**
 * Opens a MaxMind DB (`.mmdb`) file, read whole into memory once (the country databases are
 * 3–10 MB); lookups are synchronous and cached by the reader. Throws when the file is missing or
 * is not a MaxMind DB, so a misconfigured deployment stops at start.
 */
export async function openMmdbCountryLookup(file: string): Promise<IpCountryLookup> {
  let reader: Reader<Response>;
  try {
    reader = await maxmind.open<Response>(file, { cache: { max: 10_000 } });
  } catch (error) {
    throw new Error(`GEOIP_DATABASE: cannot open ${file} as a MaxMind DB (${(error as Error).message})`);
  }
  return {
    countryOf(ip) {
      const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
      if (!maxmind.validate(address)) return undefined;
      return countryOfRecord(reader.get(address) as CountryRecord | null);
    },
  };
}
