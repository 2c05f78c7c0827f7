import {
  CampaignBannersSchema,
  CatalogueSearchQuerySchema,
  MasterclassesAndCoursesResponseSchema,
  CategoriesTreeSchema,
  envelope,
  EventObjectsSchema,
  LocusSchema,
  MasterclassesAndCoursesSchema,
  MenuCategoriesSchema,
  TopBannerSchema,
  type CurrencyCode,
} from '@atelier/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { sendCachedBody } from '../../platform/cache/index.js';
import * as catalogue from './catalogue.service.js';
import { workshopPagesRoutes } from './workshop-pages.routes.js';

/**
 * The data every page loads and the catalogue trees. All are public and the same for every
 * visitor (the currency varies by country only), so each is served from the public cache as
 * pre-compressed bytes.
 */
export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const cached = <S extends z.ZodType>(
    path: string,
    key: string,
    schema: S,
    summary: string,
    load: () => Promise<z.input<S>>,
  ) => {
    // Registered on the untyped instance: the handler sends bytes, and the schema documents them.
    api.get(
      path,
      { schema: { summary, tags: ['catalogue'], response: { 200: envelope(schema) } } },
      (request, reply) => sendCachedBody(request, reply, ctx.publicCache.get(key, schema, load)),
    );
    ctx.cachedAnswers.add(`${api.prefix}${path}`, { key });
  };

  // Without parameters: the cached every-page list, byte for byte. With any: a search page,
  // built per request (its keys are unbounded, so it is not cached).
  app.get(
    '/masterclasses-and-courses',
    {
      // Searches are built per request: limited per client IP; the cached list is not counted.
      config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock, (request) => Object.keys(request.query as object).length === 0) },
      schema: {
        summary: 'All masterclasses and courses by category in catalogue order; with parameters, a search page with total',
        tags: ['catalogue'],
        querystring: CatalogueSearchQuerySchema,
        response: { 200: envelope(MasterclassesAndCoursesResponseSchema) },
      },
    },
    (request, reply) => {
      if (!catalogue.isCatalogueSearch(request.query)) {
        const body = ctx.publicCache.get('catalogue:list', MasterclassesAndCoursesSchema, () => catalogue.getMasterclassesAndCourses(db));
        return sendCachedBody(request, reply, body);
      }
      return catalogue
        .searchMasterclassesAndCourses(db, request.query)
        .then((data) => ({ code: 200, message: 'OK', data }));
    },
  );
  ctx.cachedAnswers.add(`${api.prefix}/masterclasses-and-courses`, { key: 'catalogue:list' });
  cached('/v3/categories', 'catalogue:tree', CategoriesTreeSchema, 'Categories → subcategories → courses', () =>
    catalogue.getCategoriesTree(db),
  );
  cached('/categories/all', 'catalogue:menu', MenuCategoriesSchema, 'Categories with subcategories (menus)', () =>
    catalogue.getMenuCategories(db),
  );
  cached('/top-banner', 'banners:top', TopBannerSchema, 'The active top banner, or null', () => catalogue.getTopBanner(db));
  cached('/campaign/banners', 'banners:campaign', CampaignBannersSchema, 'Banners of running campaigns', () =>
    catalogue.listCampaignBanners(db, ctx.clock()),
  );
  cached('/event/objects', 'events', EventObjectsSchema, 'Current event objects', () =>
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
    ctx.publicCache.get(locusKeys[code], LocusSchema, () => Promise.resolve({ currency: { code } }));
  api.get(
    '/geolocation/locus',
    { schema: { summary: "The visitor's currency", tags: ['catalogue'], response: { 200: envelope(LocusSchema) } } },
    (request, reply) => {
      const country = catalogue.visitorCountry(headerValue(request.headers), request.ip, ipCountry);
      const code = catalogue.currencyForCountry(country);
      return sendCachedBody(request, reply, locusBody(code), {
        vary: header,
        maxAgeSeconds: 300,
        isPrivate: ipCountry !== undefined,
      });
    },
  );
  // Answered before the framework only when the header alone decides (the client IP behind
  // trusted proxies is Fastify's to work out).
  if (!ipCountry) {
    ctx.cachedAnswers.add(`${api.prefix}/geolocation/locus`, {
      key: (request) => locusKeys[catalogue.currencyForCountry(headerValue(request.headers))],
      vary: header,
      maxAgeSeconds: 300,
    });
  }

  await workshopPagesRoutes(api, ctx);
}
