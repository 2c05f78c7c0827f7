import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCachedText } from '../../platform/cache/index.js';
import { buildRobotsTxt, buildSitemapXml } from './seo.service.js';

/** The public cache's keys of the two documents; `seo:` invalidates both. */
export const SEO_CACHE_KEYS = { sitemap: 'seo:sitemap', robots: 'seo:robots' } as const;
/**
 * The content the sitemap lists: a write to any of it invalidates `{ tags: [...] }` (besides its
 * own keys) so that the sitemap follows.
 */
export const SITEMAP_TAGS = ['workshops', 'blogs', 'trips', 'competitions'] as const;

/**
 * `GET /sitemap.xml` and `GET /robots.txt`, at the site root (not /api). Both are the same for
 * every visitor, so their bytes are kept in the public cache (rebuilt when invalidated or after its
 * TTL) with the cache's ETag rule.
 *
 * Registered after the web app: in production the web app serves its built `public/` files one
 * route each, and a static `robots.txt` there would claim the same route. Then this one is not
 * registered (a warning is logged) — the static file must be removed for it to take effect.
 */
export async function seoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const sitemap = () =>
    ctx.publicCache.getText(
      SEO_CACHE_KEYS.sitemap,
      () => buildSitemapXml(db, ctx.clock(), ctx.config.publicUrl),
      {
        tags: SITEMAP_TAGS,
      },
    );
  const robots = () =>
    ctx.publicCache.getText(SEO_CACHE_KEYS.robots, async () => buildRobotsTxt(ctx.config.publicUrl));
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: ReturnType<typeof sitemap>,
    type: string,
  ) => sendCachedText(request, reply, await body, type, 3600);

  const route = (
    url: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) => {
    if (app.hasRoute({ method: 'GET', url })) {
      app.log.warn(
        { url },
        'a static file shadows this SEO route; remove it from the web app to serve the generated one',
      );
      return;
    }
    app.get(url, { schema: { hide: true } }, handler);
  };
  route('/sitemap.xml', (request, reply) =>
    send(request, reply, sitemap(), 'application/xml; charset=utf-8'),
  );
  route('/robots.txt', (request, reply) => send(request, reply, robots(), 'text/plain; charset=utf-8'));
}
