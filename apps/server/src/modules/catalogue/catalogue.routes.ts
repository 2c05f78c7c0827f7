import {
  CampaignBannersSchema,
  CategoriesTreeSchema,
  envelope,
  EventObjectsSchema,
  LocusSchema,
  MasterclassesAndCoursesSchema,
  MenuCategoriesSchema,
  TopBannerSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../app.js';
import { sendCached } from '../../http/public-cache.js';
import * as catalogue from './catalogue.service.js';

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
      async (request, reply) => {
        sendCached(request, reply, await ctx.publicCache.get(key, schema, load));
      },
    );
  };

  cached('/masterclasses-and-courses', 'catalogue:list', MasterclassesAndCoursesSchema, 'All masterclasses and courses by category, in catalogue order', () =>
    catalogue.getMasterclassesAndCourses(db),
  );
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

  app.get(
    '/geolocation/locus',
    { schema: { summary: "The visitor's currency", tags: ['catalogue'], response: { 200: envelope(LocusSchema) } } },
    async (request, reply) => {
      const header = ctx.config.countryHeader;
      const raw = header ? request.headers[header] : undefined;
      const code = catalogue.currencyForCountry(Array.isArray(raw) ? raw[0] : raw);
      const body = await ctx.publicCache.get(`locus:${code}`, LocusSchema, async () => ({ currency: { code } }));
      sendCached(request, reply, body, { vary: header, maxAgeSeconds: 300 });
    },
  );
}
