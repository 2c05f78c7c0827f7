import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { callerOf, ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as auth from './auth.service.js';
import { otpKey } from './secrets.js';

/** Sign-in bodies are small: 16 KiB is plenty (checklist D1, "smaller on auth routes"). */
const AUTH_BODY_LIMIT = 16 * 1024;

/** Sign-in and sessions (spec §7 "Auth"), plus logout and, outside production, the dev outbox. */
export async function authRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: auth.AuthDeps = {
    db: ctx.database.db,
    config: ctx.config,
    clock: ctx.clock,
    messages: ctx.messages,
    google: ctx.google,
    otpKey: otpKey(ctx.config.appSecret),
    sessionCache: ctx.sessionCache,
  };
  const caller = (request: Parameters<typeof callerOf>[0]) => callerOf(request, ctx.clock);
  const limit = (max: number, window = '1 minute') => ipRateLimit(max, window, ctx.clock);
  const tags = ['auth'];

  await api.register(async (scope) => {
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.authCheck,
      {
        summary: 'Whether an account exists for an email or mobile, and whether it has a password',
        tags,
        config: { rateLimit: limit(30) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.checkAccount(deps, request.body)),
    );

    defineRoute(
      scope,
      endpoints.authRegister,
      {
        summary: 'Create an account (password optional) and sign in; 409 when the email or mobile is taken',
        tags,
        config: { rateLimit: limit(10) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.register(deps, request.body, caller(request)), 'Registered'),
    );

    defineRoute(
      scope,
      endpoints.authLogin,
      {
        summary: 'Sign in with email or mobile and password; 10 failures in a row lock the account',
        tags,
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.login(deps, request.body, caller(request)), 'Signed in'),
    );

    defineRoute(
      scope,
      endpoints.authSendOtp,
      {
        summary: 'Send a 6-digit one-time code by SMS or email (valid 10 minutes)',
        description:
          'Answers the same whether or not an account exists. Limits: 1 per 30 s and 5 per hour per identifier, 30 per hour per IP, a daily cap per dial code and a global daily cap; each answers 429 with Retry-After.',
        tags,
        // A burst guard in front of the database-backed caps (which count sent codes, not requests).
        config: { rateLimit: limit(40) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.sendOtp(deps, request.body, caller(request)), 'Code sent'),
    );

    defineRoute(
      scope,
      endpoints.authVerifyOtp,
      {
        summary: 'Sign in with a one-time code (creates the account for login/register when new)',
        tags,
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.verifyOtp(deps, request.body, caller(request)), 'Signed in'),
    );

    defineRoute(
      scope,
      endpoints.authPasswordAdd,
      {
        summary: 'Set or change the password; other sessions are signed out',
        description:
          'Changing an existing password needs `currentPassword`, or a session from a one-time code verified in the last 10 minutes (reset flow); otherwise 401 REAUTH_REQUIRED.',
        tags,
        config: { rateLimit: limit(10) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) =>
        ok(await auth.addPassword(deps, sessionOf(request), request.body, caller(request)), 'Password saved'),
    );

    defineRoute(
      scope,
      endpoints.authGoogleLogin,
      {
        summary: 'Sign in with a Google ID token',
        tags,
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) => ok(await auth.googleLogin(deps, request.body, caller(request)), 'Signed in'),
    );

    defineRoute(
      scope,
      endpoints.authLogout,
      {
        summary: 'Sign out: revokes this session on the server',
        tags,
        config: { moderatorViewAllowed: true },
      },
      async (request) => ok(await auth.logout(deps, sessionOf(request)), 'Signed out'),
    );

    defineRoute(
      scope,
      endpoints.authOrderLogin,
      {
        summary: "Sign in as an order's buyer with the order's one-time token",
        tags,
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) =>
        ok(
          await auth.orderLogin(deps, request.params.id, request.body?.orderToken, caller(request)),
          'Signed in',
        ),
    );

    defineRoute(
      scope,
      endpoints.authGuestInfo,
      {
        summary: "The buyer's name and masked contact details, with the order's one-time token",
        tags,
        config: { rateLimit: limit(20) },
      },
      async (request) =>
        ok(await auth.guestInfo(deps, request.params.id, request.query.token, caller(request))),
    );

    defineRoute(
      scope,
      endpoints.authModeratorAccess,
      {
        summary: "Open a read-only session on a learner's account (moderators and admins)",
        tags,
        config: { rateLimit: limit(30) },
        bodyLimit: AUTH_BODY_LIMIT,
      },
      async (request) =>
        ok(await auth.moderatorAccess(deps, sessionOf(request), request.body, caller(request))),
    );

    if (ctx.config.env !== 'production') {
      defineRoute(
        scope,
        endpoints.devOutbox,
        {
          summary: 'Development only: the latest messages (codes) sent to an address',
          tags: ['development'],
        },
        async (request) => ok(await auth.listDevOutbox(deps, request.query.to)),
      );
    }
  });
}
