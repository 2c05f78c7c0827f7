import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { AuthGuard } from '../http/auth-guard.js';
import type { AdTracker } from '../integrations/ad-tracker/types.js';
import type { StoredPdfs } from '../integrations/brochures/stored-pdfs.js';
import type { CrmClient } from '../integrations/crm/types.js';
import type { GoogleIdentityVerifier } from '../integrations/google-identity/google-identity.js';
import type { IpCountryLookup } from '../integrations/ip-country/ip-country.js';
import type { MailingListClient } from '../integrations/mailing-lists/types.js';
import type { MessageSender } from '../integrations/messaging/message-sender.js';
import type { PaymentProviderAdapter } from '../integrations/payments/types.js';
import type { FileStorage } from '../integrations/storage/file-storage.js';
import type { CachedAnswers, CachedSessionKeys, PublicCache, SessionCache } from './cache/index.js';
import type { Jobs } from './jobs/index.js';

/*
 * The composition root's hand-over (docs/decisions/0013): what `buildApp` builds once from the
 * configuration and gives every module's plugin. Modules take their dependencies from here and
 * never construct an integration themselves. This file imports types only, and nothing from
 * `app.ts` or `modules/`, so every layer may depend on it without a cycle.
 */

/**
 * The adapters to the world outside the process, each built once in `buildApp` from config
 * (tests may pass their own through `BuildOptions.integrations`).
 */
export interface Integrations {
  /** Uploaded and stored files: local disk (`DATA_DIR/files`), or the S3 bucket when `S3_*` is configured. */
  storage: FileStorage;
  /** Brochure and resource PDFs read from `storage` (generated when none is stored). */
  pdfs: StoredPdfs;
  /** Mail and SMS. */
  messages: MessageSender;
  /** Google ID token verification (disabled when no client id is configured). */
  google: GoogleIdentityVerifier;
  /** The IP-to-country database (`GEOIP_DATABASE`), when one is configured. */
  ipCountry: IpCountryLookup | undefined;
  /**
   * The payment provider (decision 0014): Razorpay with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET,
   * otherwise the offline sandbox (`isSandboxProvider` tells them apart). Its calls reach the
   * network: never make one inside a database transaction.
   */
  payments: PaymentProviderAdapter;
  /**
   * The CRM (issue 16): the real one with CRM_API_URL and CRM_API_KEY, otherwise the local one
   * (records in `dev_crm_calls`). Called by the job queue only, never in a transaction.
   */
  crm: CrmClient;
  /** The ad-conversion tracker: real with AD_TRACKER_URL, AD_PIXEL_ID and AD_ACCESS_TOKEN, else local. */
  adTracker: AdTracker;
  /**
   * Mailing lists (Mailchimp Marketing API shape): the real one with MAILING_API_URL and
   * MAILING_API_KEY, otherwise the local one. Called by the job queue only (`mailing.tags`).
   */
  mailing: MailingListClient;
}

/** What every module receives: configuration, the database, the clock, the caches, the guard and the integrations. */
export interface AppContext extends Integrations {
  config: AppConfig;
  database: Database;
  /** The current instant; injected so tests control time. */
  clock: () => Date;
  publicCache: PublicCache;
  /** Hot public addresses answered from `publicCache` before Fastify (see CachedAnswers). */
  cachedAnswers: CachedAnswers;
  /**
   * Signed-in sessions kept in memory (decision 0027): filled by the auth module's `authenticate`,
   * emptied by its `sessionsChanged` (which every revoking write calls after commit).
   */
  sessionCache: SessionCache<CachedSessionKeys>;
  /** The authentication guard's hooks, built once (also decorated as `app.authGuard`). */
  authGuard: AuthGuard;
  /** The job queue: enqueue in the caller's transaction, handlers by topic, the operator's view. */
  jobs: Jobs;
}

/** A module's Fastify plugin: registers its routes on `app` (the `/api` scope or the root) with `ctx`. */
export type ModulePlugin = (app: FastifyInstance, ctx: AppContext) => Promise<void>;
