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

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The environment the server reads, validated at start. This file is the only reader of
 * `process.env` (STYLE.md); everything else receives an `AppConfig`.
 */
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
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue and accounts into an empty database at start. */
  SEED_ON_START: booleanFromEnv.optional(),
  /** Redis for shared cache and rate limits when several instances run; in-process when unset. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** Number of proxy hops to trust for the client IP (0 = connect directly, no X-Forwarded-For). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * Request header carrying the visitor's ISO country code, set by the CDN or proxy in front of
   * us (e.g. `cf-ipcountry`). Only trusted when named here; unset means "country unknown" (INR).
   */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
    .optional(),
  /** Seconds a cached public response may be served before it is rebuilt from the database. */
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Serve the web app through Vite's dev middleware (hot reload) instead of the built bundles. */
  WEB_DEV_SERVER: booleanFromEnv.default(false),
});

export type Env = z.input<typeof EnvSchema>;

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
  seedOnStart: boolean;
  redisUrl: string | undefined;
  trustProxyHops: number;
  countryHeader: string | undefined;
  publicCacheTtlMs: number;
  webDevServer: boolean;
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
  if (e?.NODE_ENV === 'production') {
    if (!e.APP_SECRET) problems.push('APP_SECRET: is required in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: is required in production');
  }
  if (problems.length > 0 || !e) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    tz: e.PLATFORM_TZ,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appSecret: e.APP_SECRET ?? developmentSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START ?? e.NODE_ENV !== 'production',
    redisUrl: e.REDIS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    countryHeader: e.COUNTRY_HEADER,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_SECONDS * 1000,
    webDevServer: e.WEB_DEV_SERVER && e.NODE_ENV !== 'production',
  };
}
