import {
  endpoints,
  MasterclassesAndCoursesSchema,
  type CurrencyCode,
  type EndpointDef,
} from '@atelier/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { sendCachedBody } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import * as catalogue from './catalogue.service.js';
import { workshopPagesRoutes } from './workshop-pages.routes.js';

/**
 * The data every page loads and the catalogue trees. All are public and the same for every
 * visitor (the currency varies by country only), so each is served from the public cache as
 * pre-compressed bytes.
 */
export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['catalogue'];

  const cached = <E extends EndpointDef & { response: z.ZodType }>(
    entry: E,
    key: string,
    summary: string,
    load: () => Promise<z.input<E['response']>>,
  ) => {
    // The handler sends cached bytes; the entry's response schema documents them.
    defineRoute(api, entry, { summary, tags }, (request, reply) =>
      sendCachedBody(request, reply, ctx.publicCache.get(key, entry.response, load)),
    );
    ctx.cachedAnswers.add(entry.path, { key });
  };

  // Without parameters: the cached every-page list, byte for byte. With any: a search page,
  // built per request (its keys are unbounded, so it is not cached).
  defineRoute(
    api,
    endpoints.masterclassesAndCourses,
    {
      summary:
        'All masterclasses and courses by category in catalogue order; with parameters, a search page with total',
      tags,
      // Searches are built per request: limited per client IP; the cached list is not counted.
      config: {
        rateLimit: ipRateLimit(
          60,
          '1 minute',
          ctx.clock,
          (request) => Object.keys(request.query as object).length === 0,
        ),
      },
    },
    (request, reply) => {
      if (!catalogue.isCatalogueSearch(request.query)) {
        const body = ctx.publicCache.get('catalogue:list', MasterclassesAndCoursesSchema, () =>
          catalogue.getMasterclassesAndCourses(db),
        );
        return sendCachedBody(request, reply, body);
      }
      return catalogue
        .searchMasterclassesAndCourses(db, request.query)
        .then((data) => ({ code: 200, message: 'OK', data }));
    },
  );
  ctx.cachedAnswers.add(endpoints.masterclassesAndCourses.path, { key: 'catalogue:list' });
  cached(endpoints.categoriesTree, 'catalogue:tree', 'Categories → subcategories → courses', () =>
    catalogue.getCategoriesTree(db),
  );
  cached(endpoints.menuCategories, 'catalogue:menu', 'Categories with subcategories (menus)', () =>
    catalogue.getMenuCategories(db),
  );
  cached(endpoints.topBanner, 'banners:top', 'The active top banner, or null', () =>
    catalogue.getTopBanner(db),
  );
  cached(endpoints.campaignBanners, 'banners:campaign', 'Banners of running campaigns', () =>
    catalogue.listCampaignBanners(db, ctx.clock()),
  );
  cached(endpoints.eventObjects, 'events', 'Current event objects', () =>
    catalogue.listEventObjects(db, ctx.clock()),
  );

  // The visitor's currency: from the trusted country header, else (when GEOIP_DATABASE is set) the
  // client IP's country. An answer that depends on the IP is cacheable by the browser only.
  const header = ctx.config.countryHeader;
  const { ipCountry } = ctx;
  const headerValue = (headers: IncomingHttpHeaders) => {
    const raw = header ? headers[header] : undefined;
    return Array.isArray(raw) ? raw[0] : raw;
  };
  const locusKeys: Record<CurrencyCode, string> = { INR: 'locus:INR', USD: 'locus:USD' };
  const locusBody = (code: CurrencyCode) =>
    ctx.publicCache.get(locusKeys[code], endpoints.locus.response, () =>
      Promise.resolve({ currency: { code } }),
    );
  defineRoute(api, endpoints.locus, { summary: "The visitor's currency", tags }, (request, reply) => {
    const country = catalogue.visitorCountry(headerValue(request.headers), request.ip, ipCountry);
    const code = catalogue.currencyForCountry(country);
    return sendCachedBody(request, reply, locusBody(code), {
      vary: header,
      maxAgeSeconds: 300,
      isPrivate: ipCountry !== undefined,
    });
  });
  // Answered before the framework only when the header alone decides (the client IP behind
  // trusted proxies is Fastify's to work out).
  if (!ipCountry) {
    ctx.cachedAnswers.add(endpoints.locus.path, {
      key: (request) => locusKeys[catalogue.currencyForCountry(headerValue(request.headers))],
      vary: header,
      maxAgeSeconds: 300,
    });
  }

  await workshopPagesRoutes(api, ctx);
}
