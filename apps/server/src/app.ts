import { endpointPaths } from '@atelier/contract';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { lazyChildLogger } from './http/lazy-child-logger.js';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { createAuthGuard, registerAuthGuard } from './http/auth-guard.js';
import { registerHostileTextGuard } from './http/hostile-text.js';
import { AccessLogController, loggerOptions } from './http/logging.js';
import { apiNotFound, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { baselineHeaders, registerSecurityHeaders } from './http/security-headers.js';
import {
  CachedAnswers,
  PublicCache,
  SessionCache,
  shareInvalidations,
  type CachedSessionKeys,
} from './platform/cache/index.js';
import { connectRedis } from './platform/redis.js';
import { Drain } from './http/graceful-shutdown.js';
import { createAdTracker } from './integrations/ad-tracker/index.js';
import { createStoredPdfs } from './integrations/brochures/stored-pdfs.js';
import { createCrmClient } from './integrations/crm/index.js';
import { createMailingClient } from './integrations/mailing-lists/index.js';
import { createGoogleIdentityVerifier } from './integrations/google-identity/google-identity.js';
import { openMmdbCountryLookup, type IpCountryLookup } from './integrations/ip-country/ip-country.js';
import { createMessageSender, registerMessageDelivery } from './integrations/messaging/message-sender.js';
import {
  createPaymentProvider,
  isSandboxProvider,
  SANDBOX_WEBHOOK_TOPIC,
  sandboxWebhookHandler,
} from './integrations/payments/index.js';
import { createFileStorage } from './integrations/storage/create-file-storage.js';
import { createJobs, type Jobs } from './platform/jobs/index.js';
import { jobsAdminRoutes } from './platform/jobs/jobs.routes.js';
import {
  adminContentRoutes,
  adminLearnersRoutes,
  adminRoutes,
  teachingRoutes,
} from './modules/admin/index.js';
import { authenticate, authRoutes } from './modules/auth/index.js';
import { blogsRoutes } from './modules/blogs/index.js';
import { catalogueRoutes } from './modules/catalogue/index.js';
import { checkoutRoutes } from './modules/checkout/index.js';
import { competitionsRoutes } from './modules/competitions/index.js';
import { consultationRoutes } from './modules/consultation/index.js';
import { invoicesRoutes } from './modules/invoices/index.js';
import { devCrmRoutes, leadsRoutes, registerLeadJobs, registerMailingJobs } from './modules/leads/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { learningRoutes } from './modules/learning/index.js';
import { courseworkRoutes } from './modules/coursework/index.js';
import { quizzesRoutes } from './modules/quizzes/index.js';
import { certificateVerifyPage, certificatesRoutes } from './modules/certificates/index.js';
import { calendarRoutes } from './modules/calendar/index.js';
import { referralsRoutes } from './modules/referrals/index.js';
import { resourcesRoutes } from './modules/resources/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { healthRoutes } from './modules/system/index.js';
import { tripsRoutes } from './modules/trips/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { mediaRoutes, usersRoutes } from './modules/users/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import { registerIdempotency } from './http/idempotency.js';
import type { AppContext, Integrations } from './platform/context.js';

export type { AppContext, Integrations } from './platform/context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public cache every module shares (`AppContext.publicCache`). */
    publicCache: PublicCache;
    /** Signed-in sessions kept in memory (`AppContext.sessionCache`, decision 0027). */
    sessionCache: SessionCache<CachedSessionKeys>;
    /** Its hot addresses answered before routing (`AppContext.cachedAnswers`). */
    cachedAnswers: CachedAnswers;
    /** The job queue (`AppContext.jobs`). */
    jobs: Jobs;
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
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** The IP-to-country lookup; default: `config.geoipDatabase` opened, or none. */
  ipCountry?: IpCountryLookup;
  /** Integrations to use instead of the ones built from `config` (tests). */
  integrations?: Partial<Integrations>;
}

/** Where the sandbox delivers its webhooks (the Razorpay webhook route). */
const SANDBOX_WEBHOOK_PATH = endpointPaths.paymentWebhookRazorpay.path;

/** Absolute path of `apps/web`, from `src/` and from `dist/` alike. */
export const webRoot = fileURLToPath(new URL('../../web', import.meta.url));

/** One request's body may be at most 1 MiB (uploads declare their own, larger limits). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The HTTP server's timeouts (issue 13, point 7), with MAX_CONNECTIONS (config): a client has 20 s
 * to send its headers and 30 s for the whole request; an idle keep-alive connection is closed
 * after 72 s, longer than the 60 s idle timeout of common load balancers (so that they, not we,
 * close it, and never while they are sending on it).
 */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Builds the HTTP application: plumbing (ids, logging, errors, headers, OpenAPI), every module's
 * routes, and the web app. `main.ts` listens; tests call `inject()`.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const clock = opts.clock ?? (() => new Date());
  const publicCache = new PublicCache(config.publicCacheTtlMs, () => clock().getTime());
  // Session lookups in memory (decision 0027). Revocations reach other instances only through
  // Redis: without REDIS_URL the cache is on only for the embedded database, which one process owns.
  const sessionCache = new SessionCache(
    config.redisUrl || opts.database.kind === 'pglite' ? config.sessionCacheTtlMs : 0,
  );
  const baseline = baselineHeaders(config);
  const cachedAnswers = new CachedAnswers(publicCache, baseline);
  const app = Fastify({
    serverFactory: cachedAnswers.serverFactory({
      maxConnections: config.maxConnections,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
    }),
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream),
    genReqId: () => randomUUID(),
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    // Trust exactly the configured number of proxy hops for the client IP (checklist D9).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(baseline),
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.logger !== false) cachedAnswers.logTo(app.log);
  app.decorate('publicCache', publicCache);
  app.decorate('sessionCache', sessionCache);
  app.decorate('cachedAnswers', cachedAnswers);
  app.decorate('drain', new Drain());
  app.addHook('preClose', (done) => {
    cachedAnswers.stop();
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerHostileTextGuard(app);

  // With REDIS_URL, what several instances share: the cache's invalidations and the rate-limit
  // counters (which let requests through while Redis is unreachable: decision 0012).
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisKeyPrefix, app.log)
    : undefined;
  if (redis) {
    app.addHook('onClose', () => redis.close());
    await shareInvalidations(publicCache, redis, app.log, sessionCache);
  }
  // Per-route limits only (`config.rateLimit`).
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis: redis.client, nameSpace: 'rate-limit:', skipOnError: true }),
  });

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

  // The composition root: every integration is built here, once, from the configuration, and
  // handed to the modules through `ctx` (docs/decisions/0013). No module constructs one.
  const { database } = opts;
  const integrations = await buildIntegrations(config, clock, app.log, opts);
  if (!opts.integrations?.storage) app.addHook('onClose', () => integrations.storage.close());
  // The job queue: handlers registered here, the worker started when the app is ready (unless
  // JOBS_WORKER=off) and stopped on close (claimed jobs finish or are released).
  // On the embedded database one thread runs every query: the worker runs one job at a time there,
  // so a burst of lead jobs never queues ten transactions deep in front of requests (decision 0028).
  const jobs = createJobs({
    db: database.db,
    log: app.log,
    worker: config.jobsWorker,
    concurrency: config.jobsConcurrency ?? (database.kind === 'pglite' ? 1 : 10),
  });
  // Mail and SMS go out through this deployment's transports (SMTP / MSG91 / local); the SMTP
  // pool closes after the queue has stopped, so no claimed delivery loses its connection.
  const messageDelivery = await registerMessageDelivery(jobs, config, app.log);
  registerLeadJobs(jobs, {
    db: database.db,
    crm: integrations.crm,
    tracker: integrations.adTracker,
    clock,
    publicUrl: config.publicUrl,
  });
  registerMailingJobs(jobs, { db: database.db, mailing: integrations.mailing, clock });
  // The sandbox's webhooks go through this application's own HTTP stack, to the same route and
  // verification as Razorpay's (decision 0014).
  if (isSandboxProvider(integrations.payments)) {
    jobs.registerHandler(
      SANDBOX_WEBHOOK_TOPIC,
      sandboxWebhookHandler(async (rawBody, headers) => {
        const response = await app.inject({
          method: 'POST',
          url: SANDBOX_WEBHOOK_PATH,
          headers,
          payload: rawBody,
        });
        return { statusCode: response.statusCode };
      }),
    );
  }
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await messageDelivery.close();
  });
  const authGuard = createAuthGuard(
    (token) => authenticate({ db: database.db, clock, sessionCache }, token),
    clock,
  );
  const ctx: AppContext = {
    config,
    database,
    clock,
    publicCache,
    cachedAnswers,
    sessionCache,
    authGuard,
    jobs,
    ...integrations,
  };

  registerAuthGuard(app, authGuard);
  registerIdempotency(app, database.db, clock);
  await healthRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await certificateVerifyPage(app, ctx);
  await app.register(
    async (api) => {
      await catalogueRoutes(api, ctx);
      await blogsRoutes(api, ctx);
      await tripsRoutes(api, ctx);
      await competitionsRoutes(api, ctx);
      await consultationRoutes(api, ctx);
      await resourcesRoutes(api, ctx);
      await referralsRoutes(api, ctx);
      await leadsRoutes(api, ctx);
      await devCrmRoutes(api, ctx);
      await authRoutes(api, ctx);
      await usersRoutes(api, ctx);
      await checkoutRoutes(api, ctx);
      await paymentsRoutes(api, ctx);
      await walletRoutes(api, ctx);
      await invoicesRoutes(api, ctx);
      await learningRoutes(api, ctx);
      await courseworkRoutes(api, ctx);
      await quizzesRoutes(api, ctx);
      await certificatesRoutes(api, ctx);
      await calendarRoutes(api, ctx);
      await notificationsRoutes(api, ctx);
      await jobsAdminRoutes(api, ctx);
      await adminRoutes(api, ctx);
      await adminLearnersRoutes(api, ctx);
      await teachingRoutes(api, ctx);
      await adminContentRoutes(api, ctx); // Staff console: content (issue 17 point 2)
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      if (config.env !== 'production') {
        const swaggerUi = await import('@fastify/swagger-ui');
        await api.register(swaggerUi.default, {
          routePrefix: '/docs',
          // The page's asset addresses are relative to `/api/docs/`: without the slash they missed
          // the `/api` prefix and the page stayed blank.
          uiHooks: {
            onRequest: (request, reply, done) => {
              const [pathname, search] = request.url.split('?', 2) as [string, string?];
              if (pathname === '/api/docs')
                return void reply.redirect(`/api/docs/${search ? `?${search}` : ''}`, 301);
              done();
            },
          },
        });
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
      // The popups' snooze and the footer newsletter's partner (the first of the closed map).
      siteConfig: {
        popupSnoozeDays: config.popupSnoozeDays,
        newsletterPartner: Object.keys(config.redirectPartners)[0] ?? 'studio',
      },
      countryHeader: config.countryHeader,
      razorpayCheckout: config.payments.provider === 'razorpay',
    });
  } else {
    app.setNotFoundHandler(apiNotFound);
  }
  // After the web app, so that a static file of the same name is detected (see seoRoutes).
  await seoRoutes(app, ctx);

  return app;
}

/** The integrations of this deployment, from `config` (each one overridable through `opts`). */
async function buildIntegrations(
  config: AppConfig,
  clock: () => Date,
  log: FastifyInstance['log'],
  opts: Pick<BuildOptions, 'ipCountry' | 'integrations' | 'database'>,
): Promise<Integrations> {
  const given = opts.integrations ?? {};
  const storage = given.storage ?? (await createFileStorage(config));
  return {
    storage,
    pdfs: given.pdfs ?? createStoredPdfs(storage),
    messages: given.messages ?? (await createMessageSender(log)),
    google:
      given.google ??
      createGoogleIdentityVerifier({
        clientIds: config.googleClientIds,
        issuers: config.googleIssuers,
        jwksUrl: config.googleJwksUrl,
        clock,
      }),
    ipCountry:
      given.ipCountry ??
      opts.ipCountry ??
      (config.geoipDatabase ? await openMmdbCountryLookup(config.geoipDatabase) : undefined),
    payments: given.payments ?? createPaymentProvider(config, { db: opts.database.db, clock }),
    crm: given.crm ?? createCrmClient(config.crm, opts.database.db),
    adTracker: given.adTracker ?? createAdTracker(config.adTracker, config.crm.timeoutMs, log),
    mailing: given.mailing ?? createMailingClient(config.mailing, config.crm.timeoutMs),
  };
}
