import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { buildRobotsTxt, buildSitemapXml } from './seo.service.js';

interface Memo {
  body: Buffer;
  etag: string;
  builtAt: number;
}

/**
 * `GET /sitemap.xml` and `GET /robots.txt`, at the site root (not /api). Both are the same for
 * every visitor, so the bytes are kept and rebuilt after the public cache's TTL.
 *
 * Registered after the web app: in production the web app serves its built `public/` files one
 * route each, and a static `robots.txt` there would claim the same route. Then this one is not
 * registered (a warning is logged) — the static file must be removed for it to take effect.
 */
export async function seoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const memo = (build: () => Promise<string>) => {
    let current: Memo | null = null;
    let building: Promise<Memo> | null = null;
    return async (): Promise<Memo> => {
      const now = ctx.clock().getTime();
      if (current && now - current.builtAt <= ctx.config.publicCacheTtlMs) return current;
      if (!building) {
        building = build()
          .then((text) => {
            const body = Buffer.from(text, 'utf8');
            current = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, builtAt: now };
            return current;
          })
          .finally(() => {
            building = null;
          });
        // A failed rebuild keeps serving the stale bytes; only a first build's failure is answered.
        building.catch(() => undefined);
      }
      return current ?? building;
    };
  };
  const send = (request: FastifyRequest, reply: FastifyReply, m: Memo, type: string) => {
    void reply.header('etag', m.etag).header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === m.etag) return reply.code(304).send();
    return reply.type(type).send(m.body);
  };

  const sitemap = memo(() => buildSitemapXml(db, ctx.clock(), ctx.config.publicUrl));
  const robots = memo(async () => buildRobotsTxt(ctx.config.publicUrl));

  const route = (url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) => {
    if (app.hasRoute({ method: 'GET', url })) {
      app.log.warn({ url }, 'a static file shadows this SEO route; remove it from the web app to serve the generated one');
      return;
    }
    app.get(url, { schema: { hide: true } }, handler);
  };
  route('/sitemap.xml', async (request, reply) => send(request, reply, await sitemap(), 'application/xml; charset=utf-8'));
  route('/robots.txt', async (request, reply) => send(request, reply, await robots(), 'text/plain; charset=utf-8'));
}
