import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { lazyChildLogger } from './http/lazy-child-logger.js';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { redactUrlSecrets, registerAuthGuard } from './http/auth-guard.js';
import { apiNotFound, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { PublicCache } from './http/public-cache.js';
import { baselineHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { CachedAnswers } from './http/cached-answers.js';
import { openMmdbCountryLookup, type IpCountryLookup } from './integrations/ip-country/ip-country.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { leadsRoutes } from './modules/leads/leads.routes.js';
import { blogsRoutes } from './modules/blogs/blogs.routes.js';
import { consultationRoutes } from './modules/consultation/consultation.routes.js';
import { referralsRoutes } from './modules/referrals/referrals.routes.js';
import { resourcesRoutes } from './modules/resources/resources.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { tripsRoutes } from './modules/trips/trips.routes.js';
import { healthRoutes } from './modules/system/system.routes.js';
import { mediaRoutes, usersRoutes } from './modules/users/users.routes.js';

/** What every module receives: configuration, the database, the clock and the public cache. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** The current instant; injected so tests control time. */
  clock: () => Date;
  publicCache: PublicCache;
  /** Hot public addresses answered from `publicCache` before Fastify (see CachedAnswers). */
  cachedAnswers: CachedAnswers;
  /** The IP-to-country database (`GEOIP_DATABASE`), when one is configured. */
  ipCountry: IpCountryLookup | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public cache every module shares (`AppContext.publicCache`). */
    publicCache: PublicCache;
    /** Its hot addresses answered before routing (`AppContext.cachedAnswers`). */
    cachedAnswers: CachedAnswers;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  clock?: () => Date;
  /** Serve the web app (server rendering and assets). Off for API-only tests. */
  web?: boolean;
  /** Logger override (tests pass `false`). */
  logger?: boolean;
  /** The IP-to-country lookup; default: `config.geoipDatabase` opened, or none. */
  ipCountry?: IpCountryLookup;
}

/** Absolute path of `apps/web`, from `src/` and from `dist/` alike. */
export const webRoot = fileURLToPath(new URL('../../web', import.meta.url));

/** One request's body may be at most 1 MiB (uploads declare their own, larger limits). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the HTTP application: plumbing (ids, logging, errors, headers, OpenAPI), every module's
 * routes, and the web app. `main.ts` listens; tests call `inject()`.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const clock = opts.clock ?? (() => new Date());
  const publicCache = new PublicCache(config.publicCacheTtlMs, () => clock().getTime());
  const baseline = baselineHeaders(config);
  const cachedAnswers = new CachedAnswers(publicCache, baseline);
  const app = Fastify({
    serverFactory: cachedAnswers.serverFactory(),
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.otp', '*.token'],
            serializers: {
              // Fastify's request serializer, with one-time tokens in query strings redacted.
              req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
                method: req.method,
                url: redactUrlSecrets(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    // Trust exactly the configured number of proxy hops for the client IP (checklist D9).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(baseline),
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.logger !== false) cachedAnswers.logTo(app.log);
  app.decorate('publicCache', publicCache);
  app.decorate('cachedAnswers', cachedAnswers);
  app.addHook('preClose', (done) => {
    cachedAnswers.stop();
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);

  // Per-route limits only (`config.rateLimit`); in-process store until REDIS_URL is wired.
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: '1.0.0',
        description: 'Every call of the Atelier platform. Responses are envelopes `{ code, message, data }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const ipCountry =
    opts.ipCountry ?? (config.geoipDatabase ? await openMmdbCountryLookup(config.geoipDatabase) : undefined);
  const ctx: AppContext = { config, database: opts.database, clock, publicCache, cachedAnswers, ipCountry };

  registerAuthGuard(app, ctx);
  await healthRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await app.register(
    async (api) => {
      await catalogueRoutes(api, ctx);
      await blogsRoutes(api, ctx);
      await tripsRoutes(api, ctx);
      await consultationRoutes(api, ctx);
      await resourcesRoutes(api, ctx);
      await referralsRoutes(api, ctx);
      await leadsRoutes(api, ctx);
      await authRoutes(api, ctx);
      await usersRoutes(api, ctx);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      if (config.env !== 'production') {
        const swaggerUi = await import('@fastify/swagger-ui');
        await api.register(swaggerUi.default, { routePrefix: '/docs' });
      }
      api.setNotFoundHandler(apiNotFound);
    },
    { prefix: '/api' },
  );

  if (opts.web) {
    const { registerWeb } = await import('./http/web.js');
    await registerWeb(app, {
      mode: config.webDevServer ? 'development' : config.env === 'test' ? 'test' : 'production',
      webRoot: path.resolve(webRoot),
      publicUrl: config.publicUrl,
      countryHeader: config.countryHeader,
    });
  } else {
    app.setNotFoundHandler(apiNotFound);
  }
  // After the web app, so that a static file of the same name is detected (see seoRoutes).
  await seoRoutes(app, ctx);

  return app;
}
