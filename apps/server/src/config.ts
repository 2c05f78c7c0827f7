import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const isValidTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const commaList = (v: string): string[] =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);

/** `+91=10000,*=200`: a daily cap per country calling code, `*` for every other code. */
const dialCodeCaps = z
  .string()
  .regex(
    /^\s*(\+\d{1,3}|\*)\s*=\s*\d+\s*(,\s*(\+\d{1,3}|\*)\s*=\s*\d+\s*)*$/,
    'must look like +91=10000,*=200 (a cap per dial code, * for the others)',
  )
  .transform((v) => {
    const caps: DialCodeCaps = { others: 0, byDialCode: {} };
    for (const entry of commaList(v)) {
      const [code, cap] = entry.split('=').map((x) => x.trim()) as [string, string];
      if (code === '*') caps.others = Number(cap);
      else caps.byDialCode[code] = Number(cap);
    }
    return caps;
  });

/** Daily caps on one-time codes sent by SMS, per country calling code (SMS-pumping defence). */
export interface DialCodeCaps {
  /** Cap for a code not listed (0 = none may be sent). */
  others: number;
  byDialCode: Record<string, number>;
}

/** `on`/`off` (or a boolean word): whether this process runs the job queue's worker. */
const onOffFromEnv = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: 'must be on or off' })
  .transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The environment the server reads, validated at start. This file is the only reader of
 * `process.env` (STYLE.md); everything else receives an `AppConfig`.
 */
/** The default of REFERRAL_REWARD_COINS (also the reward of a referral recorded without one). */
export const DEFAULT_REFERRAL_REWARD_COINS = 500;

const EnvSchema = z.object({
  /** `production` requires real secrets and hides development-only routes (`/api/docs`, the dev outbox). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Interface to bind; `0.0.0.0` to accept connections from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL connection string. When unset, the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Lets `NODE_ENV=production` run on the embedded PGlite database (no DATABASE_URL). Off by
   * default: PGlite is one process on one machine (no second instance, no failover, no streaming
   * backups), so a production deploy must choose that knowingly.
   */
  ALLOW_EMBEDDED_IN_PRODUCTION: booleanFromEnv.default(false),
  /** Largest number of pooled PostgreSQL connections (ignored for PGlite, which has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Folder for the embedded database, uploaded files and generated development secrets. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** The platform's time zone: its calendar day decides "today" for every rule (IANA name). */
  PLATFORM_TZ: z
    .string()
    .refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Kolkata')
    .default('Asia/Kolkata'),
  /** Public origin of the site, used for canonical links, e-mails and CORS. */
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://atelier.example' }).optional(),
  /**
   * Server-side secret (at least 32 characters) from which session, OTP and signing keys are
   * derived. Required in production; in development one is generated once under DATA_DIR.
   */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Most TCP connections served at once; further connections are refused (closed at once) and a
   * sampled warning is logged (issue 13, point 7).
   */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue and accounts into an empty database at start. */
  SEED_ON_START: booleanFromEnv.optional(),
  /**
   * Redis shared by every instance: rate-limit counters and public-cache invalidations (pub/sub).
   * Unset: both stay in-process (one instance).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Starts every Redis key and channel name of this deployment, so several can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1-64 letters, digits or : _ . -')
    .default('atelier:'),
  /**
   * Run the job queue's worker (mail, SMS and other work after a commit) in this process. `off`
   * for web-only instances; at least one process on the database must run it.
   */
  JOBS_WORKER: onOffFromEnv.default(true),
  /**
   * How many jobs this process's worker runs at the same time. Default: 10 on PostgreSQL, 1 on the
   * embedded database (one database thread also answers every request; decision 0028).
   */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(50).optional(),
  /**
   * How long an unpaid order holds its seat, coupon and coins (seconds); after that it expires and
   * gives them back (issue 14 rule 4).
   */
  ORDER_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** Number of proxy hops to trust for the client IP (0 = connect directly, no X-Forwarded-For). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * Request header carrying the visitor's ISO country code, set by the CDN or proxy in front of
   * us (e.g. `cf-ipcountry`). Only trusted when named here; unset means "country unknown" (INR)
   * unless `GEOIP_DATABASE` is set.
   */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
    .optional(),
  /**
   * An IP-to-country database (MaxMind DB `.mmdb`: GeoLite2/GeoIP2 Country or City, or the CC0
   * ip-location-db country files) for visitors whose country no trusted header gives: their
   * client IP (see TRUST_PROXY_HOPS) decides INR or USD. Unset: no IP lookup.
   */
  GEOIP_DATABASE: z
    .string()
    .min(1)
    .refine((file) => existsSync(file), 'no such file')
    .optional(),
  /**
   * On SIGTERM/SIGINT, how long the server keeps serving with readiness failing and every response
   * saying `Connection: close` before it stops accepting (load balancers take it out meanwhile).
   * Default 5000 in production, 0 otherwise.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** The whole shutdown (drain, in-flight requests, background work) ends within this, or the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(900_000).default(10_000),
  /**
   * Benchmarks only (`npm run bench`): adds `GET /__bench/pk/:id`, a bare primary-key read of a
   * user through the application's own pool, the baseline the per-user routes are measured against.
   * Never set it in a deployment.
   */
  BENCH_ROUTES: booleanFromEnv.default(false),
  /** Seconds a cached public response may be served before it is rebuilt from the database. */
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Seconds a signed-in session looked up from the database may be answered from memory
   * (decision 0027); revocations reach every instance at once, the TTL is the safety net. 0: off.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Seconds a learner's course dashboard answer is served from memory (decision 0022): the
   * learner's own writes drop it at once; changes made elsewhere (a refund, an enrolment, a new
   * instalment plan) show within this. 0 disables the cache.
   */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Most bytes of course dashboard answers kept in memory per instance (least recently used go first). */
  DASHBOARD_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(64 * 1024 ** 2),
  /**
   * How often the reconciliation job asks the payment provider about orders left pending, then
   * expires them (issue 14 rule 7, decision 0016). One job per period across every instance.
   */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Serve the web app through Vite's dev middleware (hot reload) instead of the built bundles. */
  WEB_DEV_SERVER: booleanFromEnv.default(false),
  /**
   * OAuth client ids whose Google ID tokens we accept (the token's `aud`), comma-separated. Each
   * deployment lists its own: the development host has a different client id than localhost
   * (spec §2), so a token minted for one is refused by the other. Empty disables Google sign-in.
   */
  GOOGLE_CLIENT_IDS: z.string().default('').transform(commaList),
  /** Accepted `iss` values of Google ID tokens, comma-separated. */
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform(commaList)
    .refine((v) => v.length > 0, 'must name at least one issuer'),
  /** Where Google publishes the keys that sign ID tokens (JWKS); tests point it at a local server. */
  GOOGLE_JWKS_URL: z
    .url({ error: 'must be an absolute URL' })
    .default('https://www.googleapis.com/oauth2/v3/certs'),
  /** What one coin is worth in paise when paying in INR (default 100 = ₹1; decision 0017). */
  COIN_VALUE_MINOR_INR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** What one coin is worth in cents when paying in USD (default 1 = 1 ¢; decision 0017). */
  COIN_VALUE_MINOR_USD: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** The largest share of a price (after any coupon) that coins may pay, in percent (default 50). */
  COINS_MAX_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /** Most one-time codes sent in any 24 hours, all channels together (the global spend cap). */
  OTP_DAILY_CAP: z.coerce.number().int().min(0).default(20_000),
  /** Coins a referrer earns when a referred friend's first payment is captured (issue 14 rule 5). */
  REFERRAL_REWARD_COINS: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_REFERRAL_REWARD_COINS),
  /** Welcome coins a friend gets on entering a referral code (0 = none; decision 0018). */
  REFERRAL_REFEREE_COINS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Most SMS codes sent in any 24 hours per country calling code: `+91=10000,*=200` means 10000
   * to Indian numbers and 200 to each other code (SMS-pumping defence, checklist B5).
   */
  OTP_DIAL_CODE_DAILY_CAPS: dialCodeCaps.default({ others: 200, byDialCode: { '+91': 10_000 } }),
  /**
   * The seller printed on tax invoices and receipts and shown on the contact and policy pages
   * (decision 0019). The defaults are development placeholders; set every one in production.
   */
  SELLER_NAME: z.string().trim().min(1).default('Atelier School of Architecture and Design Pvt. Ltd.'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('2nd Floor, 14 Residency Road, Bengaluru, Karnataka 560025, India'),
  /** The seller's GST identification number (15 characters; its first two digits are the state code). */
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
      'must be a 15-character GSTIN such as 29ABCDE1234F1Z5',
    )
    .default('29ABCDE1234F1Z5'),
  /** The seller's GST state code (two digits); defaults to the GSTIN's first two digits. */
  SELLER_STATE_CODE: z
    .string()
    .regex(/^\d{2}$/, 'must be a two-digit GST state code such as 29')
    .optional(),
  SELLER_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@atelier.example'),
  SELLER_PHONE: z.string().trim().min(1).default('+91 80 4000 0000'),
  /**
   * Hosts (`host` or `host:port`, comma-separated) that `GET /api/ws/redirect?to=` may send a
   * visitor to besides same-site paths (checklist E3). Unset: PUBLIC_URL's host and the sister
   * site's host (`studio.atelier.example`). Matched exactly: no suffix or wildcard matching.
   */
  REDIRECT_ALLOWED_HOSTS: z
    .string()
    .transform(commaList)
    .pipe(
      z.array(
        z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'must be host names such as studio.atelier.example'),
      ),
    )
    .optional(),
  /**
   * The closed map of sister sites for `POST /api/{partner}/redirect`: `name=https://base,…`.
   * An unknown `{partner}` answers 404 (checklist A13).
   */
  REDIRECT_PARTNERS: z
    .string()
    .regex(
      /^\s*[a-z0-9-]+\s*=\s*https:\/\/[^\s,]+\s*(,\s*[a-z0-9-]+\s*=\s*https:\/\/[^\s,]+\s*)*$/,
      'must look like studio=https://studio.atelier.example (name=https-URL, comma-separated)',
    )
    .refine(
      (v) => commaList(v).every((entry) => URL.canParse(entry.slice(entry.indexOf('=') + 1).trim())),
      'every partner must have a valid https URL',
    )
    .default('studio=https://studio.atelier.example'),
  /**
   * Hosts whose `https://{host}/brochures/{name}.pdf` addresses `GET /api/brochure/pdf?url=`
   * accepts (comma-separated, exact match). The brochure is then served from our own storage;
   * nothing is ever fetched from the address (checklist E1). Unset: PUBLIC_URL's host.
   */
  BROCHURE_ALLOWED_HOSTS: z
    .string()
    .transform(commaList)
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names such as atelier.example')))
    .optional(),
  /**
   * S3-compatible object storage for uploaded and stored files (avatars, PDFs), shared by every
   * instance. Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or
   * none: files then stay under DATA_DIR/files).
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com' })
    .optional(),
  /** The bucket (it must exist; the server does not create it). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The region requests are signed for; S3-compatible stores mostly accept the default. */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')
    .optional(),
  /** Address the bucket as `{endpoint}/{bucket}` (true, what most S3-compatible stores need) or `{bucket}.{endpoint host}`. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /**
   * Razorpay (decision 0014): with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET set, payments go to
   * Razorpay; without them, to the offline sandbox. Set both or neither.
   */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9_]{1,64}$/,
      'must be a Razorpay key id (rzp_live_… or rzp_test_…: letters, digits and _)',
    )
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).max(256).optional(),
  /** The secret Razorpay signs webhooks with (Dashboard → Webhooks); required in production with Razorpay. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).max(256).optional(),
  /** Razorpay's API origin; tests and staging point it at a local fake. https (http only on a loopback host). */
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.razorpay.com' })
    .default('https://api.razorpay.com'),
  /** Lets production run on a `rzp_test_` key (a staging deploy that must not take real money). */
  RAZORPAY_ALLOW_TEST_KEYS: booleanFromEnv.default(false),
  /** Deadline of every call to the payment provider, reading the answer included. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Lets production run with the sandbox provider (no Razorpay keys): every "payment" then
   * succeeds for nothing, so only the local production runs of the tests and benchmarks set it.
   */
  PAYMENTS_SANDBOX_IN_PRODUCTION: booleanFromEnv.default(false),
  /** The sandbox's checkout-signing secret; default: derived from APP_SECRET. */
  SANDBOX_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  /** The sandbox's webhook-signing secret; default: derived from APP_SECRET. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(256).optional(),

  // Issue 16: the CRM, the ad-conversion tracker, mail, SMS and mailing lists. Each is the real
  // adapter when configured, the local one (records, never sends) otherwise.
  /** The CRM's API base (leads: `POST {CRM_API_URL}/leads`, notes: `POST {CRM_API_URL}/notes`). */
  CRM_API_URL: z.url({ error: 'must be an absolute URL such as https://api.crm.example/v1' }).optional(),
  /** The CRM's key, sent in the `api-key` header. Server-side only. */
  CRM_API_KEY: z.string().min(8, 'must be at least 8 characters').max(512).optional(),
  /** Deadline of one CRM call (ms). */
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** The ad-conversion tracker (Meta Conversions API shape): base, pixel id and access token. */
  AD_TRACKER_URL: z
    .url({ error: 'must be an absolute URL such as https://graph.facebook.com/v21.0' })
    .optional(),
  AD_PIXEL_ID: z
    .string()
    .regex(/^[0-9]{1,30}$/, 'must be a numeric pixel id')
    .optional(),
  AD_ACCESS_TOKEN: z.string().min(8).max(1024).optional(),
  /** Outgoing mail: `smtp://user:pass@host:587` or `smtps://…:465`; unset = the local outbox. */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example:465',
    )
    .optional(),
  /** The From of every mail, e.g. `Atelier <hello@atelier.example>`. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('Atelier <hello@atelier.example>'),
  /** `msg91` (its HTTP API) or `local` (the outbox only). */
  SMS_PROVIDER: z.enum(['local', 'msg91'], { error: 'must be local or msg91' }).default('local'),
  MSG91_AUTH_KEY: z.string().min(8).max(256).optional(),
  MSG91_BASE_URL: z.url().default('https://control.msg91.com'),
  /** DLT-approved template ids per message kind: `otp=…,instalment-reminder=…,session-reminder=…`. */
  MSG91_TEMPLATES: z.string().default(''),
  /** Mailing lists of `/api/{mailing}/…/tags`: `name=listId,…` (a closed map; unknown → 404). */
  MAILING_LISTS: z
    .string()
    .regex(
      /^\s*[a-z0-9-]{1,40}\s*=\s*[A-Za-z0-9_-]{1,64}\s*(,\s*[a-z0-9-]{1,40}\s*=\s*[A-Za-z0-9_-]{1,64}\s*)*$/,
      'must look like newsletter=abc123,events=def456',
    )
    .default('newsletter=atelier-newsletter'),
  /** The mailing-list provider (Mailchimp Marketing API shape): base URL and key; unset = local. */
  MAILING_API_URL: z.url().optional(),
  MAILING_API_KEY: z.string().min(8).max(256).optional(),
  /** Days a closed automatic popup stays closed for a visitor. */
  POPUP_SNOOZE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
});

export type Env = z.input<typeof EnvSchema>;

/** The S3-compatible bucket files are kept in (`S3_*`). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** The payment provider (decision 0014). */
export interface PaymentsConfig {
  /** `razorpay` when its key id and secret are set, otherwise `sandbox`. */
  provider: 'razorpay' | 'sandbox';
  razorpay:
    | {
        keyId: string;
        keySecret: string;
        /** Unset: every webhook is refused (start is refused in production). */
        webhookSecret: string | undefined;
        apiUrl: string;
      }
    | undefined;
  /** Secrets given for the sandbox (SANDBOX_*); unset ones are derived from APP_SECRET. */
  sandbox: { keySecret: string | undefined; webhookSecret: string | undefined };
  /** Deadline of every provider call (ms). */
  timeoutMs: number;
}

/** The seller on tax invoices and the public policy pages (`SELLER_*`, decision 0019). */
export interface SellerConfig {
  name: string;
  address: string;
  gstin: string;
  /** GST state code, two digits (`29` Karnataka). */
  stateCode: string;
  email: string;
  phone: string;
}

/** The CRM (issue 16): the real adapter when both are set, otherwise the local one. */
export interface CrmConfig {
  apiUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The ad-conversion tracker (Meta Conversions API shape); off (local) unless all three are set. */
export interface AdTrackerConfig {
  url: string | undefined;
  pixelId: string | undefined;
  accessToken: string | undefined;
}

/** Mail and SMS transports (issue 16). */
export interface MessagingConfig {
  /** SMTP server URL; undefined = the local outbox transport. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sms:
    | { provider: 'local' }
    | { provider: 'msg91'; authKey: string; baseUrl: string; templates: Record<string, string> };
}

/** Mailing lists (`/api/{mailing}/…/tags`). */
export interface MailingConfig {
  /** Closed map: list name → provider list id. */
  lists: Record<string, string>;
  apiUrl: string | undefined;
  apiKey: string | undefined;
}

/** Validated configuration handed to `buildApp` and everything it builds. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  tz: string;
  publicUrl: string;
  appSecret: string;
  logLevel: string;
  /** Most concurrent TCP connections (`server.maxConnections`). */
  maxConnections: number;
  seedOnStart: boolean;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Whether this process runs the job queue's worker (`JOBS_WORKER`). */
  jobsWorker: boolean;
  /** Jobs the worker runs at once (`JOBS_CONCURRENCY`); unset: 10 on PostgreSQL, 1 embedded. */
  jobsConcurrency: number | undefined;
  trustProxyHops: number;
  /** Lifetime of an unpaid order in seconds (`ORDER_TTL_SECONDS`, default 1800). */
  orderTtlSeconds: number;
  countryHeader: string | undefined;
  /** Absolute path of the IP-to-country database, when one is configured. */
  geoipDatabase: string | undefined;
  publicCacheTtlMs: number;
  /** How long a session lookup is kept in memory (ms); 0 turns the session cache off. */
  sessionCacheTtlMs: number;
  /** The course dashboard cache (decision 0022): lifetime (0 = off) and memory bound. */
  dashboardCache: { ttlMs: number; maxBytes: number };
  /** Period of the payment reconciliation job in seconds (`RECONCILE_INTERVAL_SECONDS`). */
  reconcileIntervalSeconds: number;
  /** Drain window on shutdown (ms): readiness 503 and `Connection: close` while still serving. */
  shutdownDrainMs: number;
  /** Deadline of the whole shutdown (ms), drain included. */
  shutdownTimeoutMs: number;
  /** The benchmark's baseline route (`BENCH_ROUTES`). */
  benchRoutes: boolean;
  webDevServer: boolean;
  googleClientIds: string[];
  googleIssuers: string[];
  googleJwksUrl: string;
  otpDailyCap: number;
  /** Coins a referrer earns for a friend's first payment (`REFERRAL_REWARD_COINS`). */
  referralRewardCoins: number;
  /** Welcome coins for a friend who enters a referral code (`REFERRAL_REFEREE_COINS`, 0 = none). */
  referralRefereeCoins: number;
  /** A coin's value per currency and the share of a price coins may pay (`COIN_VALUE_MINOR_*`, `COINS_MAX_SHARE_PERCENT`). */
  coinRules: { valueMinor: { INR: number; USD: number }; maxSharePercent: number };
  otpDialCodeDailyCaps: DialCodeCaps;
  /** Hosts `/api/ws/redirect` may redirect to (exact `host[:port]`, lower case). */
  redirectAllowedHosts: string[];
  /** Sister sites of `/api/{partner}/redirect`: partner name → base URL (https). */
  redirectPartners: Record<string, string>;
  /** Hosts whose `/brochures/…` addresses `/api/brochure/pdf?url=` maps to stored brochures. */
  brochureAllowedHosts: string[];
  /** Object storage for files; undefined = local files under `dataDir/files`. */
  s3: S3Config | undefined;
  /** The payment provider: Razorpay or the sandbox. */
  payments: PaymentsConfig;
  /** The seller on invoices, receipts and the public policy pages (`SELLER_*`). */
  seller: SellerConfig;
  crm: CrmConfig;
  adTracker: AdTrackerConfig;
  messaging: MessagingConfig;
  mailing: MailingConfig;
  /** Days a closed automatic popup stays closed (`POPUP_SNOOZE_DAYS`). */
  popupSnoozeDays: number;
}

/** The sister site named by default in the redirect allow-list and partner map. */
export const SISTER_SITE_URL = 'https://studio.atelier.example';

/** `name=https://base,…` as a map; bases are normalised to their origin plus path. */
function partnerMap(value: string): Record<string, string> {
  const partners: Record<string, string> = {};
  for (const entry of commaList(value)) {
    const at = entry.indexOf('=');
    partners[entry.slice(0, at).trim()] = entry
      .slice(at + 1)
      .trim()
      .replace(/\/$/, '');
  }
  return partners;
}

/** A production APP_SECRET has at least this many different characters… */
export const SECRET_MIN_DISTINCT = 10;
/** …and at least this estimated entropy: its length × the Shannon entropy of its characters. */
export const SECRET_MIN_BITS = 100;

/**
 * Estimated entropy of `secret` in bits: its length times the Shannon entropy (bits per character)
 * of its own character frequencies. A crude, documented estimate: it refuses `aaaa…` (0 bits) and a
 * repeated word, while any random secret of 32 hex digits or more (about 118 bits) passes; it
 * cannot tell a long typed phrase from a random one, so generate the secret.
 */
export function secretEntropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  const length = [...secret].length;
  let perCharacter = 0;
  for (const n of counts.values()) perCharacter -= (n / length) * Math.log2(n / length);
  return perCharacter * length;
}

/** Whether `secret` is acceptable in production (SECRET_MIN_DISTINCT, SECRET_MIN_BITS). */
export function isStrongSecret(secret: string): boolean {
  return new Set(secret).size >= SECRET_MIN_DISTINCT && secretEntropyBits(secret) >= SECRET_MIN_BITS;
}

/**
 * A production PUBLIC_URL is https; plain http only on a loopback host (`localhost`, 127.x, `::1`),
 * which no visitor can reach: the local production runs of the tests and benchmarks.
 */
function isSecurePublicUrl(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(parsed.hostname);
}

/** Thrown by `loadConfig` with every problem of the environment at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Development secret kept under DATA_DIR so sessions survive restarts; never used in production. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { appSecret?: string };
    if (parsed.appSecret && parsed.appSecret.length >= 32) return parsed.appSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const appSecret = randomBytes(32).toString('base64url');
  writeFileSync(file, JSON.stringify({ appSecret }, null, 2), { mode: 0o600 });
  return appSecret;
}

type ParsedEnv = z.output<typeof EnvSchema>;

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

/** S3 settings are all or nothing: half a configuration must not silently fall back to local files. */
function s3Problems(e: ParsedEnv): string[] {
  const set = S3_REQUIRED.filter((name) => e[name] !== undefined);
  if (set.length === 0) {
    return S3_OPTIONAL.filter((name) => e[name] !== undefined).map(
      (name) => `${name}: is set but S3 storage is not (set ${S3_REQUIRED.join(', ')} too, or remove it)`,
    );
  }
  return S3_REQUIRED.filter((name) => e[name] === undefined).map(
    (name) =>
      `${name}: is required with ${set.join(', ')} (S3 storage needs ${S3_REQUIRED.join(', ')} together, or none of them)`,
  );
}

function s3Config(e: ParsedEnv): S3Config | undefined {
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: e.S3_ENDPOINT.replace(/\/$/, ''),
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    region: e.S3_REGION ?? 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
  };
}

/**
 * The payment provider's rules (decision 0014): Razorpay's key id and secret together or not at
 * all; in production a `rzp_test_` key only with RAZORPAY_ALLOW_TEST_KEYS, Razorpay only with its
 * webhook secret, the API over https (http only on a loopback host), and the sandbox only with
 * PAYMENTS_SANDBOX_IN_PRODUCTION.
 */
function paymentProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  const hasId = e.RAZORPAY_KEY_ID !== undefined;
  const hasSecret = e.RAZORPAY_KEY_SECRET !== undefined;
  if (hasId !== hasSecret) {
    problems.push(
      hasId
        ? 'RAZORPAY_KEY_SECRET: is required with RAZORPAY_KEY_ID (set both to use Razorpay, or neither for the sandbox)'
        : 'RAZORPAY_KEY_ID: is required with RAZORPAY_KEY_SECRET (set both to use Razorpay, or neither for the sandbox)',
    );
  }
  if (e.NODE_ENV !== 'production') return problems;
  if (hasId && hasSecret) {
    if (e.RAZORPAY_KEY_ID!.startsWith('rzp_test_') && !e.RAZORPAY_ALLOW_TEST_KEYS)
      problems.push(
        'RAZORPAY_KEY_ID: is a test key (rzp_test_) in production, where no real money would be taken. ' +
          'Use a live key (rzp_live_), or set RAZORPAY_ALLOW_TEST_KEYS=true for a staging deploy.',
      );
    if (!e.RAZORPAY_WEBHOOK_SECRET)
      problems.push(
        'RAZORPAY_WEBHOOK_SECRET: is required in production with Razorpay: without it no webhook can be verified, ' +
          'so a payment whose browser never came back would never be recorded.',
      );
    if (!isSecurePublicUrl(e.RAZORPAY_API_URL))
      problems.push(
        'RAZORPAY_API_URL: must be an https:// URL in production (http:// only on a loopback address)',
      );
  } else if (!hasId && !hasSecret && !e.PAYMENTS_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'RAZORPAY_KEY_ID: is required in production. Without RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET the offline ' +
        'payment sandbox is used, where every purchase succeeds without money changing hands. ' +
        'Set the Razorpay keys (and RAZORPAY_WEBHOOK_SECRET), or PAYMENTS_SANDBOX_IN_PRODUCTION=true to accept that ' +
        '(only for local production runs of tests and benchmarks).',
    );
  }
  return problems;
}

function paymentsConfig(e: ParsedEnv): PaymentsConfig {
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    provider: razorpay ? 'razorpay' : 'sandbox',
    razorpay,
    sandbox: { keySecret: e.SANDBOX_KEY_SECRET, webhookSecret: e.SANDBOX_WEBHOOK_SECRET },
    timeoutMs: e.PAYMENT_PROVIDER_TIMEOUT_MS,
  };
}

/** Half-configured integrations of issue 16 are refused rather than silently local. */
function integrationProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  if ((e.CRM_API_URL === undefined) !== (e.CRM_API_KEY === undefined))
    problems.push(
      'CRM_API_URL: CRM_API_URL and CRM_API_KEY go together (set both for the real CRM, or neither)',
    );
  const tracker = [e.AD_TRACKER_URL, e.AD_PIXEL_ID, e.AD_ACCESS_TOKEN].filter((v) => v !== undefined).length;
  if (tracker !== 0 && tracker !== 3)
    problems.push(
      'AD_TRACKER_URL: AD_TRACKER_URL, AD_PIXEL_ID and AD_ACCESS_TOKEN go together (all or none)',
    );
  if (e.SMS_PROVIDER === 'msg91' && !e.MSG91_AUTH_KEY)
    problems.push('MSG91_AUTH_KEY: is required with SMS_PROVIDER=msg91');
  if ((e.MAILING_API_URL === undefined) !== (e.MAILING_API_KEY === undefined))
    problems.push('MAILING_API_URL: MAILING_API_URL and MAILING_API_KEY go together (all or none)');
  return problems;
}

/**
 * Reads and validates the environment. Fails listing every problem, so a misconfigured deploy is
 * fixed in one round.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.success ? parsed.data : undefined;
  if (e?.SELLER_STATE_CODE && e.SELLER_STATE_CODE !== e.SELLER_GSTIN.slice(0, 2))
    problems.push(
      `SELLER_STATE_CODE: ${e.SELLER_STATE_CODE} differs from the state code of SELLER_GSTIN (${e.SELLER_GSTIN.slice(0, 2)})`,
    );
  if (e?.NODE_ENV === 'production') {
    if (!e.APP_SECRET) problems.push('APP_SECRET: is required in production');
    else if (!isStrongSecret(e.APP_SECRET))
      problems.push(
        `APP_SECRET: has too little entropy for production (needs ${SECRET_MIN_DISTINCT} different characters and about ${SECRET_MIN_BITS} bits; generate one with \`openssl rand -base64 32\`)`,
      );
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: is required in production');
    else if (!isSecurePublicUrl(e.PUBLIC_URL))
      problems.push('PUBLIC_URL: must be an https:// URL in production (http:// only on a loopback address)');
    if (!e.DATABASE_URL && !e.ALLOW_EMBEDDED_IN_PRODUCTION) {
      problems.push(
        'DATABASE_URL: is required in production. Without it the embedded PGlite database runs in this one process: ' +
          'no second instance can share it, and it has no replica or point-in-time backup. ' +
          'Set DATABASE_URL to a PostgreSQL server, or ALLOW_EMBEDDED_IN_PRODUCTION=true to accept that.',
      );
    }
  }
  if (e) problems.push(...s3Problems(e), ...paymentProblems(e), ...integrationProblems(e));
  const shutdownDrainMs = e ? (e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0)) : 0;
  if (e && shutdownDrainMs >= e.SHUTDOWN_TIMEOUT_MS) {
    problems.push(
      `SHUTDOWN_TIMEOUT_MS: must be longer than the drain window SHUTDOWN_DRAIN_MS (${shutdownDrainMs} ms)`,
    );
  }
  if (problems.length > 0 || !e) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    tz: e.PLATFORM_TZ,
    publicUrl,
    appSecret: e.APP_SECRET ?? developmentSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    maxConnections: e.MAX_CONNECTIONS,
    seedOnStart: e.SEED_ON_START ?? e.NODE_ENV !== 'production',
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jobsWorker: e.JOBS_WORKER,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    orderTtlSeconds: e.ORDER_TTL_SECONDS,
    countryHeader: e.COUNTRY_HEADER,
    geoipDatabase: e.GEOIP_DATABASE ? path.resolve(e.GEOIP_DATABASE) : undefined,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_SECONDS * 1000,
    sessionCacheTtlMs: e.SESSION_CACHE_SECONDS * 1000,
    dashboardCache: { ttlMs: e.DASHBOARD_CACHE_SECONDS * 1000, maxBytes: e.DASHBOARD_CACHE_MAX_BYTES },
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    shutdownDrainMs,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    benchRoutes: e.BENCH_ROUTES,
    webDevServer: e.WEB_DEV_SERVER && e.NODE_ENV !== 'production',
    googleClientIds: e.GOOGLE_CLIENT_IDS,
    googleIssuers: e.GOOGLE_ISSUERS,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    otpDailyCap: e.OTP_DAILY_CAP,
    referralRewardCoins: e.REFERRAL_REWARD_COINS,
    referralRefereeCoins: e.REFERRAL_REFEREE_COINS,
    coinRules: {
      valueMinor: { INR: e.COIN_VALUE_MINOR_INR, USD: e.COIN_VALUE_MINOR_USD },
      maxSharePercent: e.COINS_MAX_SHARE_PERCENT,
    },
    otpDialCodeDailyCaps: e.OTP_DIAL_CODE_DAILY_CAPS,
    redirectAllowedHosts: e.REDIRECT_ALLOWED_HOSTS ?? [publicHost, new URL(SISTER_SITE_URL).host],
    redirectPartners: partnerMap(e.REDIRECT_PARTNERS),
    brochureAllowedHosts: e.BROCHURE_ALLOWED_HOSTS ?? [publicHost.replace(/:\d+$/, '')],
    s3: s3Config(e),
    payments: paymentsConfig(e),
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      gstin: e.SELLER_GSTIN,
      stateCode: e.SELLER_STATE_CODE ?? e.SELLER_GSTIN.slice(0, 2),
      email: e.SELLER_EMAIL,
      phone: e.SELLER_PHONE,
    },
    crm: { apiUrl: e.CRM_API_URL?.replace(/\/+$/, ''), apiKey: e.CRM_API_KEY, timeoutMs: e.CRM_TIMEOUT_MS },
    adTracker: {
      url: e.AD_TRACKER_URL?.replace(/\/+$/, ''),
      pixelId: e.AD_PIXEL_ID,
      accessToken: e.AD_ACCESS_TOKEN,
    },
    messaging: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      sms:
        e.SMS_PROVIDER === 'msg91' && e.MSG91_AUTH_KEY
          ? {
              provider: 'msg91',
              authKey: e.MSG91_AUTH_KEY,
              baseUrl: e.MSG91_BASE_URL.replace(/\/+$/, ''),
              templates: keyValueMap(e.MSG91_TEMPLATES),
            }
          : { provider: 'local' },
    },
    mailing: {
      lists: keyValueMap(e.MAILING_LISTS),
      apiUrl: e.MAILING_API_URL?.replace(/\/+$/, ''),
      apiKey: e.MAILING_API_KEY,
    },
    popupSnoozeDays: e.POPUP_SNOOZE_DAYS,
  };
}

/** `a=1,b=2` as `{ a: '1', b: '2' }`. */
function keyValueMap(value: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of commaList(value)) {
    const at = entry.indexOf('=');
    if (at > 0) map[entry.slice(0, at).trim()] = entry.slice(at + 1).trim();
  }
  return map;
}
