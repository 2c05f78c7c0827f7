import {
  AuthCheckBodySchema,
  AuthCheckResultSchema,
  AuthSessionSchema,
  DevOutboxQuerySchema,
  DevOutboxSchema,
  envelope,
  GoogleLoginBodySchema,
  GuestInfoQuerySchema,
  GuestInfoSchema,
  LoggedOutSchema,
  LoginBodySchema,
  ModeratorAccessBodySchema,
  ModeratorAccessResultSchema,
  OrderIdParamsSchema,
  OrderLoginBodySchema,
  OtpSentSchema,
  PasswordAddBodySchema,
  PasswordSetSchema,
  RegisterBodySchema,
  SendOtpBodySchema,
  SignInResultSchema,
  VerifyOtpBodySchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { callerOf, ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
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
  };
  const guard = ctx.authGuard;
  const caller = (request: Parameters<typeof callerOf>[0]) => callerOf(request, ctx.clock);
  const limit = (max: number, window = '1 minute') => ipRateLimit(max, window, ctx.clock);
  const tags = ['auth'];
  const bearer = [{ bearer: [] }];

  await api.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onError', reportMassAssignment(ctx.clock));

    app.post(
      '/auth/check',
      {
        config: { rateLimit: limit(30) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Whether an account exists for an email or mobile, and whether it has a password',
          tags,
          body: AuthCheckBodySchema,
          response: { 200: envelope(AuthCheckResultSchema) },
        },
      },
      async (request) => ok(await auth.checkAccount(deps, request.body)),
    );

    app.post(
      '/auth/register',
      {
        config: { rateLimit: limit(10) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Create an account (password optional) and sign in; 409 when the email or mobile is taken',
          tags,
          body: RegisterBodySchema,
          response: { 200: envelope(AuthSessionSchema) },
        },
      },
      async (request) => ok(await auth.register(deps, request.body, caller(request)), 'Registered'),
    );

    app.post(
      '/auth/login',
      {
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Sign in with email or mobile and password; 10 failures in a row lock the account',
          tags,
          body: LoginBodySchema,
          response: { 200: envelope(AuthSessionSchema) },
        },
      },
      async (request) => ok(await auth.login(deps, request.body, caller(request)), 'Signed in'),
    );

    app.post(
      '/auth/send/otp',
      {
        // A burst guard in front of the database-backed caps (which count sent codes, not requests).
        config: { rateLimit: limit(40) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Send a 6-digit one-time code by SMS or email (valid 10 minutes)',
          description:
            'Answers the same whether or not an account exists. Limits: 1 per 30 s and 5 per hour per identifier, 30 per hour per IP, a daily cap per dial code and a global daily cap; each answers 429 with Retry-After.',
          tags,
          body: SendOtpBodySchema,
          response: { 200: envelope(OtpSentSchema) },
        },
      },
      async (request) => ok(await auth.sendOtp(deps, request.body, caller(request)), 'Code sent'),
    );

    app.post(
      '/auth/verify-otp',
      {
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Sign in with a one-time code (creates the account for login/register when new)',
          tags,
          body: VerifyOtpBodySchema,
          response: { 200: envelope(SignInResultSchema) },
        },
      },
      async (request) => ok(await auth.verifyOtp(deps, request.body, caller(request)), 'Signed in'),
    );

    app.post(
      '/auth/password/add',
      {
        onRequest: guard.requireUser,
        config: { rateLimit: limit(10) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Set or change the password; other sessions are signed out',
          description:
            'Changing an existing password needs `currentPassword`, or a session from a one-time code verified in the last 10 minutes (reset flow); otherwise 401 REAUTH_REQUIRED.',
          tags,
          security: bearer,
          body: PasswordAddBodySchema,
          response: { 200: envelope(PasswordSetSchema) },
        },
      },
      async (request) => ok(await auth.addPassword(deps, sessionOf(request), request.body, caller(request)), 'Password saved'),
    );

    app.post(
      '/auth/google/login',
      {
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: 'Sign in with a Google ID token',
          tags,
          body: GoogleLoginBodySchema,
          response: { 200: envelope(SignInResultSchema) },
        },
      },
      async (request) => ok(await auth.googleLogin(deps, request.body, caller(request)), 'Signed in'),
    );

    app.post(
      '/auth/logout',
      {
        onRequest: guard.requireUser,
        config: { moderatorViewAllowed: true },
        schema: { summary: 'Sign out: revokes this session on the server', tags, security: bearer, response: { 200: envelope(LoggedOutSchema) } },
      },
      async (request) => ok(await auth.logout(deps, sessionOf(request)), 'Signed out'),
    );

    app.post(
      '/auth/order/:id/login',
      {
        config: { rateLimit: limit(20) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: "Sign in as an order's buyer with the order's one-time token",
          tags,
          params: OrderIdParamsSchema,
          body: OrderLoginBodySchema.nullish(),
          response: { 200: envelope(AuthSessionSchema) },
        },
      },
      async (request) =>
        ok(await auth.orderLogin(deps, request.params.id, request.body?.orderToken, caller(request)), 'Signed in'),
    );

    app.get(
      '/auth/guest/:id/info',
      {
        config: { rateLimit: limit(20) },
        schema: {
          summary: "The buyer's name and masked contact details, with the order's one-time token",
          tags,
          params: OrderIdParamsSchema,
          querystring: GuestInfoQuerySchema,
          response: { 200: envelope(GuestInfoSchema) },
        },
      },
      async (request) => ok(await auth.guestInfo(deps, request.params.id, request.query.token, caller(request))),
    );

    app.post(
      '/auth/moderator/access',
      {
        onRequest: guard.requireRole('moderator', 'admin'),
        config: { rateLimit: limit(30) },
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          summary: "Open a read-only session on a learner's account (moderators and admins)",
          tags,
          security: bearer,
          body: ModeratorAccessBodySchema,
          response: { 200: envelope(ModeratorAccessResultSchema) },
        },
      },
      async (request) => ok(await auth.moderatorAccess(deps, sessionOf(request), request.body, caller(request))),
    );

    if (ctx.config.env !== 'production') {
      app.get(
        '/dev/outbox',
        {
          schema: {
            summary: 'Development only: the latest messages (codes) sent to an address',
            tags: ['development'],
            querystring: DevOutboxQuerySchema,
            response: { 200: envelope(DevOutboxSchema) },
          },
        },
        async (request) => ok(await auth.listDevOutbox(deps, request.query.to)),
      );
    }
  });
}
