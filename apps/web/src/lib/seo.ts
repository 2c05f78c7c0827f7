import { absoluteUrl, SITE_NAME, type JsonLd } from './page-head';

/**
 * schema.org building blocks shared by pages. JSON-LD URLs must be absolute: `origin` is the
 * site's public address (see `usePageHead`'s store), never the request's Host header.
 */

/** The organisation behind the site, as `provider` / `publisher` of courses and articles. */
export function organisation(origin: string): JsonLd {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/favicon.svg'),
  };
}

/** `BreadcrumbList` from the home page down to the current page (`[name, path]` pairs). */
export function breadcrumbList(origin: string, trail: readonly (readonly [string, string])[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(origin, path),
    })),
  };
}

/** The site itself, with its catalogue search (home page). */
export function website(origin: string, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absoluteUrl(origin, '/'),
    description,
    publisher: organisation(origin),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: absoluteUrl(origin, '/courses-and-workshops?q={search_term_string}'),
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** ISO 4217 code of a price shown in `currencyCode` (spec §9: INR, else dollars). */
export function priceCurrency(currencyCode: string): 'INR' | 'USD' {
  return currencyCode === 'INR' ? 'INR' : 'USD';
}
