import multipart from '@fastify/multipart';
import { endpoints, PROFILE_IMAGE_MAX_BYTES } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as users from './users.service.js';

/** Room for the multipart envelope around a maximal image. */
const MULTIPART_OVERHEAD = 64 * 1024;

const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * Reads the `image` file of a multipart upload into memory (at most 5 MB; the multipart limits
 * bound parts, fields and files, checklist D2). Larger → 413; anything but one `image` file → 400.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the picture as multipart/form-data in the field "image".',
    );
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB.');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'image') {
      throw new AppError('VALIDATION_FAILED', 'Send the picture in the field "image".', [
        { path: 'image', message: 'is required' },
      ]);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (TOO_LARGE.has(code))
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'The upload is larger than this endpoint accepts (one image of at most 5 MB).',
      );
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data.');
  }
}

/** The profile calls (spec §7 "User"), plus the calendar-key rotation. All need a session. */
export async function usersRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: users.UsersDeps = {
    db: ctx.database.db,
    config: ctx.config,
    clock: ctx.clock,
    storage: ctx.storage,
  };
  const caller = (request: FastifyRequest) => callerOf(request, ctx.clock);
  const tags = ['user'];

  await api.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: PROFILE_IMAGE_MAX_BYTES,
        files: 1,
        fields: 5,
        parts: 10,
        headerPairs: 100,
        fieldSize: 1024,
      },
    });
    scope.addHook('onError', reportMassAssignment(ctx.clock));
    // Every entry here is for signed-in callers: defineRoute authenticates on request, before the
    // body is even parsed (no session, no work).

    defineRoute(
      scope,
      endpoints.userProfile,
      {
        summary: "The caller's profile and trip applications (id and email, if sent, must be the caller's)",
        tags,
        // A read, though a POST: a moderator's read-only view may call it.
        config: { moderatorViewAllowed: true },
      },
      async (request) =>
        ok(await users.getProfileWithTrips(deps, sessionOf(request), request.body ?? {}, caller(request))),
    );

    defineRoute(
      scope,
      endpoints.userInfo,
      {
        summary:
          "A user's profile without private keys: the caller's own (404 for anyone else's; staff may read others')",
        tags,
        config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock) },
      },
      async (request) =>
        ok(await users.getUserInfo(deps, sessionOf(request), request.params.id, caller(request))),
    );

    defineRoute(
      scope,
      endpoints.userDetailsV2,
      { summary: "The caller's profile (the spec's user-details v2 call)", tags },
      async (request) => ok(await users.getDetails(deps, sessionOf(request))),
    );

    defineRoute(
      scope,
      endpoints.userProfileUpdate,
      { summary: 'Edit the profile: only the editable fields; any other field is rejected', tags },
      async (request) =>
        ok(await users.updateProfile(deps, sessionOf(request), request.body), 'Profile updated'),
    );

    defineRoute(
      scope,
      endpoints.userOnboardingProfileUpdate,
      {
        summary:
          'Save onboarding answers (name, mobile, dob, gender, iam, college, city); answers the new step',
        tags,
      },
      async (request) =>
        ok(await users.updateOnboardingProfile(deps, sessionOf(request), request.body), 'Profile updated'),
    );

    defineRoute(
      scope,
      endpoints.userProfileImageUpload,
      {
        summary: 'Upload a profile picture (multipart, field "image"; JPEG, PNG or WebP up to 5 MB)',
        description: 'Stored re-encoded as WebP, at most 512×512, without metadata, under a random name.',
        tags,
        consumes: ['multipart/form-data'],
        config: { rateLimit: ipRateLimit(20, '1 minute', ctx.clock) },
      },
      async (request) =>
        ok(
          await users.uploadProfileImage(deps, sessionOf(request), await readImagePart(request)),
          'Picture updated',
        ),
    );

    defineRoute(
      scope,
      endpoints.userUpiUpdate,
      { summary: 'Set the UPI id (name@handle)', tags },
      async (request) => ok(await users.updateUpi(deps, sessionOf(request), request.body), 'UPI id updated'),
    );

    defineRoute(
      scope,
      endpoints.userCalendarRotate,
      { summary: 'Replace the private calendar-feed key (secretKey); the old feed link stops working', tags },
      async (request) => ok(await users.rotateCalendarKey(deps, sessionOf(request)), 'Calendar key replaced'),
    );
  });
}

/** Avatars are served from the root, not /api: `GET /media/avatars/{name}`. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/media/avatars/:name',
      { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
      async (request, reply) => {
        const bytes = await users.readAvatar({ storage: ctx.storage }, request.params.name);
        if (!bytes) throw new AppError('NOT_FOUND', 'The picture was not found.');
        // Random names never change content: cache for a year. The type is fixed (every stored
        // avatar is re-encoded WebP); `nosniff` comes from the security headers.
        return reply
          .type('image/webp')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline; filename="avatar.webp"')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(bytes);
      },
    );
}
