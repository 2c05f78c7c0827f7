import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ipRateLimit, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import { notificationHandler } from './notification-handler.js';
import { NOTIFICATION_TOPIC } from './notification-jobs.js';
import { ALWAYS_SENT, preferencesOf, updatePreferences } from './preferences.js';
import {
  REMINDERS_SCAN_TOPIC,
  REMINDERS_SLOT_SECONDS,
  remindersScanHandler,
  scheduleRemindersScan,
} from './reminders.js';
import { unsubscribe } from './unsubscribe.js';

/** The one-click body a mail client posts (RFC 8058 §3.1). */
const ONE_CLICK = 'List-Unsubscribe=One-Click';
/** An unsubscribe body is a few bytes. */
const UNSUBSCRIBE_BODY_LIMIT = 1024;

const badBody = () =>
  new AppError(
    'VALIDATION_FAILED',
    `Send the one-click form body "${ONE_CLICK}" (application/x-www-form-urlencoded) or an empty JSON object.`,
  );

/**
 * The notification calls (issue 16): the caller's preferences, the public one-click unsubscribe
 * address, and the jobs that turn notifications into messages and send the scheduled reminders.
 */
export async function notificationsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['notifications'];

  ctx.jobs.registerHandler(NOTIFICATION_TOPIC, notificationHandler(ctx));
  ctx.jobs.registerHandler(REMINDERS_SCAN_TOPIC, remindersScanHandler(ctx));
  // The scan chain is seeded by every process that runs the worker, at ready and again every
  // period (as the payments reconciliation is): the slot's dedupe key keeps one scan per slot
  // across instances, and a seed that fails (the database away at start) neither blocks
  // readiness nor ends the chain.
  if (ctx.jobs.worker) {
    const seed = async () => {
      try {
        await scheduleRemindersScan(db, { now: ctx.clock() });
      } catch (error) {
        api.log.warn({ err: error }, 'reminders.scan: could not seed the scan; the next period tries again');
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    api.addHook('onReady', async () => {
      void seed();
      timer = setInterval(() => void seed(), REMINDERS_SLOT_SECONDS * 1000);
      timer.unref();
    });
    api.addHook('onClose', async () => clearInterval(timer));
  }

  defineRoute(
    api,
    endpoints.notificationPreferences,
    {
      summary: 'The caller’s notification preferences (defaults until changed)',
      description: 'Sign-in codes and payment receipts are always sent (`alwaysSent`).',
      tags,
    },
    async (request) =>
      ok({ preferences: await preferencesOf(db, sessionOf(request).userId), alwaysSent: ALWAYS_SENT }),
  );

  defineRoute(
    api,
    endpoints.notificationPreferencesUpdate,
    {
      summary: 'Changes some of the caller’s notification preferences (only the keys given)',
      description:
        'Unknown keys are refused (400). Turning `marketingEmail` off also stops marketing mail to the account’s address (the same switch as the List-Unsubscribe link); turning it on lifts that.',
      tags,
      config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock) },
      bodyLimit: 4 * 1024,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const preferences = await db.transaction((tx) =>
        updatePreferences(tx, userId, request.body, ctx.clock()),
      );
      return ok({ preferences, alwaysSent: ALWAYS_SENT }, 'Your notification preferences are saved.');
    },
  );

  // The unsubscribe address takes a mail client's one-click form body or the page's JSON `{}`:
  // its own parsers, in a scope of its own, so no other route accepts a form body.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      (_request, body, done) => {
        const form = new URLSearchParams(String(body));
        if (form.get('List-Unsubscribe') !== 'One-Click') return done(badBody(), undefined);
        done(null, { oneClick: true });
      },
    );
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      (_request, body, done) => {
        const text = String(body).trim();
        if (text === '' || /^\{\s*\}$/.test(text)) return done(null, {});
        done(badBody(), undefined);
      },
    );
    defineRoute(
      scope,
      endpoints.unsubscribe,
      {
        summary: 'One-click unsubscribe from marketing mail (the List-Unsubscribe address)',
        description:
          'Public. `token` is the signed token of the mail’s List-Unsubscribe link (`{PUBLIC_URL}/api/unsubscribe?token=…`); a mail client posts `List-Unsubscribe=One-Click` as a form (RFC 8058), the page `/unsubscribe?token=…` posts `{}`. An account’s `marketingEmail` is turned off; a visitor’s address is suppressed. A bad or altered token answers 400. Idempotent.',
        tags,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        // One-click posts come from the mailbox providers' servers, many people behind one
        // address: a generous limit (a token is unguessable; the limit only bounds the work).
        config: { rateLimit: ipRateLimit(300, '1 minute', ctx.clock) },
        bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
      },
      async (request) =>
        ok(
          await db.transaction((tx) => unsubscribe(tx, ctx.config, request.query.token, ctx.clock())),
          'You are unsubscribed from marketing e-mail.',
        ),
    );
  });
}
