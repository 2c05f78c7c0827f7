import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import {
  assertLearnerWrite,
  batchOfModule,
  courseAccess,
  learnerDashboardChanged,
} from '../learning/index.js';
import {
  certificateDetails,
  certificateOf,
  certificatePdf,
  certificatesOf,
  courseCertificate,
  markPopupSeen,
  moduleCertificate,
  shareLinks,
  verifyCertificate,
  type CertificateSettings,
} from './certificates.service.js';

/** The certificates calls (issue 15, decision 0025). */
export async function certificatesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const settings: CertificateSettings = { publicUrl: ctx.config.publicUrl, tz: ctx.config.tz };

  const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.pdf);

  defineRoute(
    api,
    endpoints.certificates,
    {
      summary: 'The learner’s certificates, newest first',
      description:
        'Every certificate issued to the caller for a batch they still hold (refunded courses are left out): course name, module certificate title, verification code and address, issue instant.',
      tags: ['user'],
    },
    async (request) => ok(await certificatesOf(db, sessionOf(request).userId, settings)),
  );

  defineRoute(
    api,
    endpoints.certificateDetails,
    {
      summary: 'The name printed on certificates, those issued and those claimable now',
      description:
        'Claimable: a course whose completion rule holds or a module whose quiz is passed, not yet issued (decision 0025). A certificate is issued when first downloaded.',
      tags: ['user'],
    },
    async (request) =>
      ok(await certificateDetails(db, { userId: sessionOf(request).userId, now: ctx.clock(), settings })),
  );

  defineRoute(
    api,
    endpoints.courseCertificatePdf,
    {
      summary: 'The course certificate (PDF)',
      description:
        'Issued on first download once the course is completed: a dated batch after its end date (platform time zone), a recorded or undated one when every module quiz is passed. 404 for a batch the caller does not hold (or refunded), 402 while an instalment locks it, 403 with the reason while not yet earned, 503 with Retry-After when too many certificates are being rendered.',
      tags: ['user'],
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const access = await courseAccess(db, {
        session,
        batchId: request.params.batchId,
        now: ctx.clock(),
        tz: ctx.config.tz,
        ip: request.ip,
      });
      const certificate = await courseCertificate(db, {
        userId: access.userId,
        batchId: access.batchId,
        readOnly: access.isModeratorView,
        now: ctx.clock(),
        settings,
      });
      return sendPdf(reply, await certificatePdf(db, certificate, settings));
    },
  );

  defineRoute(
    api,
    endpoints.moduleCertificatePdf,
    {
      summary: 'A module certificate (PDF)',
      description:
        'Issued on first download once the module quiz is passed: an attempt answering every question with a score at or above the pass mark (60 % unless the module sets one). 404 for a module not in the caller’s courses or without a certificate, 402 while an instalment locks the course, 403 with the reason while not yet earned.',
      tags: ['user'],
      produces: ['application/pdf'],
      // Downloading an issued certificate only reads; issuing is refused to a moderator's view.
      config: { moderatorViewAllowed: true },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const batchId = await batchOfModule(db, request.body.moduleId);
      const access = await courseAccess(db, {
        session,
        batchId,
        now: ctx.clock(),
        tz: ctx.config.tz,
        ip: request.ip,
      });
      const certificate = await moduleCertificate(db, {
        userId: access.userId,
        batchId,
        moduleId: request.body.moduleId,
        readOnly: access.isModeratorView,
        now: ctx.clock(),
        settings,
      });
      return sendPdf(reply, await certificatePdf(db, certificate, settings));
    },
  );

  defineRoute(
    api,
    endpoints.certificateShare,
    {
      summary: 'The verification link and LinkedIn “add to profile” address of a certificate',
      description:
        'Only for the caller’s own certificate of a course they hold (404 otherwise; 402 while locked).',
      tags: ['user'],
      config: { moderatorViewAllowed: true },
    },
    async (request) => {
      const session = sessionOf(request);
      const certificate = await certificateOf(db, request.body.certificateId, session.userId);
      await courseAccess(db, {
        session,
        batchId: certificate.batchId,
        now: ctx.clock(),
        tz: ctx.config.tz,
        ip: request.ip,
      });
      return ok(shareLinks(certificate, settings));
    },
  );

  defineRoute(
    api,
    endpoints.certificateModal,
    {
      summary: 'Marks the caller’s certificate popup of a module as seen',
      description: '404 when the caller has no popup for that module (or the module is not theirs).',
      tags: ['user'],
    },
    async (request) => {
      const session = sessionOf(request);
      const { moduleId } = request.body;
      const batchId = await batchOfModule(db, moduleId);
      const access = await courseAccess(db, {
        session,
        batchId,
        now: ctx.clock(),
        tz: ctx.config.tz,
        ip: request.ip,
      });
      assertLearnerWrite(access);
      await markPopupSeen(db, access.userId, moduleId);
      await learnerDashboardChanged(ctx.publicCache, access);
      return ok({ moduleId, isSeen: true as const });
    },
  );

  defineRoute(
    api,
    endpoints.certificateVerify,
    {
      summary: 'Verifies a certificate by its code (public)',
      description:
        'Whose certificate it is (the name), for what (course, module certificate title) and when it was issued. An unknown code, or a certificate of a refunded course, answers 404. Cached for a minute.',
      tags: ['site'],
    },
    async (request, reply) => {
      const found = await verifyCertificate(db, request.params.code);
      if (!found)
        throw new AppError(
          'NOT_FOUND',
          'No certificate was issued with this code. Check it letter by letter (for example ATL-ABCD-EFGH-JKMN).',
        );
      void reply.header('cache-control', 'public, max-age=60');
      return ok(found);
    },
  );
}
