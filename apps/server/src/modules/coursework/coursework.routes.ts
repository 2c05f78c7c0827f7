import multipart from '@fastify/multipart';
import {
  ASSIGNMENT_PDF_MAX_BYTES,
  AssignmentSubmitBodySchema,
  AssignmentUpdateBodySchema,
  endpoints,
  HttpsLinkSchema,
} from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../http/app-error.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import { checkPdfBytes, cleanPdfName, UploadSlots, type UploadedPdf } from './assignment-pdf.js';
import * as coursework from './coursework.service.js';

/** Room for the multipart envelope (boundaries, headers, the id field) around a maximal PDF. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** @fastify/multipart errors that mean "more than this endpoint accepts". */
const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The two answer calls take JSON `{ …Id, link }` or multipart/form-data with the id field and a
 * `pdf` file. A multipart request's fields become the body (the id only) before validation, and
 * its checked PDF is kept here for the handler; the body schema therefore admits a missing `link`
 * (the handler requires exactly one of the two).
 */
const SubmitRequestSchema = AssignmentSubmitBodySchema.extend({ link: HttpsLinkSchema.optional() });
const UpdateRequestSchema = AssignmentUpdateBodySchema.extend({ link: HttpsLinkSchema.optional() });

const uploadedPdfs = new WeakMap<FastifyRequest, UploadedPdf>();

/** Multipart answers read at once, per process (each may hold 20 MB); more → 503 with Retry-After. */
export const MAX_UPLOADS_IN_FLIGHT = 8;

function formError(message: string, path = 'pdf'): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

/**
 * Reads a multipart answer: the `idField` text field and at most one `pdf` file (read into
 * memory, at most 20 MB: a larger declared body is refused before reading, a larger streamed file
 * as soon as it passes the limit). The PDF's bytes are checked here, so nothing unchecked is ever
 * stored. Answers the fields as the body.
 */
async function readAnswerForm(
  request: FastifyRequest,
  idField: 'assignmentId' | 'responseId',
): Promise<Record<string, string>> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > ASSIGNMENT_PDF_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The PDF is larger than 20 MB.');
  }
  const fields: Record<string, string> = {};
  let pdf: UploadedPdf | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'pdf') throw formError(`Send the PDF in the file field "pdf".`);
        if (pdf) throw formError('Send one PDF only.');
        const bytes = await part.toBuffer();
        checkPdfBytes(bytes);
        pdf = { bytes, fileName: cleanPdfName(part.filename) };
      } else {
        if (part.fieldname !== idField) {
          throw formError(
            `Unexpected field; send "${idField}" and the file "pdf" only.`,
            part.fieldname.slice(0, 64),
          );
        }
        fields[idField] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (TOO_LARGE.has(code)) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'The upload is larger than this call accepts (one PDF of at most 20 MB).',
      );
    }
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data.');
  }
  if (pdf) uploadedPdfs.set(request, pdf);
  return fields;
}

/** The coursework calls (issue 15): assignment answers, the PDF download, points and the leaderboard. */
export async function courseworkRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: coursework.CourseworkDeps = {
    db: ctx.database.db,
    publicCache: ctx.publicCache,
    storage: ctx.storage,
    clock: ctx.clock,
    log: api.log,
  };
  const caller = (request: FastifyRequest): coursework.Caller => ({
    session: sessionOf(request),
    ip: request.ip,
  });
  const tags = ['course'];

  // The two answer calls, with multipart parsing of their own (other routes never accept it).
  await api.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ASSIGNMENT_PDF_MAX_BYTES,
        files: 1,
        fields: 2,
        parts: 3,
        headerPairs: 100,
        fieldSize: 64,
      },
    });
    scope.addHook('onError', reportMassAssignment(ctx.clock));
    const slots = new UploadSlots<FastifyRequest>(MAX_UPLOADS_IN_FLIGHT);
    scope.addHook('onResponse', async (request) => slots.give(request));
    scope.addHook('onRequestAbort', async (request) => slots.give(request));
    // After authentication and rate limiting (onRequest); before the body is validated.
    scope.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      if (!slots.take(request)) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Too many uploads are in progress right now; try again in a few seconds.',
          undefined,
          { 'retry-after': '5' },
        );
      }
      const idField = request.routeOptions.url?.endsWith('/update') ? 'responseId' : 'assignmentId';
      request.body = await readAnswerForm(request, idField);
    });
    const uploadLimit = { rateLimit: ipRateLimit(20, '1 minute', ctx.clock) };

    defineRoute(
      scope,
      { ...endpoints.assignmentSubmit, body: SubmitRequestSchema },
      {
        summary: 'Answer an assignment: an https link (JSON) or a PDF (multipart, file field "pdf")',
        description:
          'JSON `{ assignmentId, link }` (https only), or multipart/form-data with the field `assignmentId` and a PDF of at most 20 MB in the file field `pdf` (recognised by its bytes; stored privately under a random name). One answer per learner and assignment: a second → 409 (use update). A closed assignment → 409. Late answers are accepted.',
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        config: uploadLimit,
      },
      async (request, reply) => {
        const { assignmentId, link } = request.body;
        const answer = await coursework.submitAssignment(deps, caller(request), {
          assignmentId,
          link,
          pdf: uploadedPdfs.get(request),
        });
        return reply.code(201).send(ok(answer, 'Assignment submitted', 201));
      },
    );

    defineRoute(
      scope,
      { ...endpoints.assignmentUpdate, body: UpdateRequestSchema },
      {
        summary: 'Change an assignment answer: a new https link (JSON) or a new PDF (multipart)',
        description:
          'JSON `{ responseId, link }` or multipart/form-data with `responseId` and the file field `pdf`. The new answer replaces the old one (a replaced PDF is deleted). Only the owner, while the assignment is open and the answer not yet reviewed (409 otherwise).',
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        config: uploadLimit,
      },
      async (request) => {
        const { responseId, link } = request.body;
        return ok(
          await coursework.updateAssignment(deps, caller(request), {
            responseId,
            link,
            pdf: uploadedPdfs.get(request),
          }),
          'Assignment updated',
        );
      },
    );
  });

  defineRoute(
    api,
    endpoints.assignmentDelete,
    {
      summary: 'Delete an assignment answer (and its PDF) before it is reviewed',
      description: 'Only the owner; once points are set → 409.',
      tags,
    },
    async (request) =>
      ok(
        await coursework.deleteAssignmentResponse(deps, caller(request), request.params.responseId),
        'Assignment answer deleted',
      ),
  );

  defineRoute(
    api,
    endpoints.assignmentPdf,
    {
      summary: 'Download the PDF of an assignment answer (its owner and staff only)',
      description:
        'Sent as an attachment, never cached. The owner (while the course is not locked: 402) and moderators, instructors and admins (audited); anyone else → 404.',
      tags,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const file = await coursework.assignmentPdf(deps, caller(request), request.params.responseId);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.bytes);
    },
  );

  defineRoute(
    api,
    endpoints.assignmentPoints,
    {
      summary: "The caller's points and status for every assignment of a batch",
      description: 'Own points only; status is submitted (a link or PDF was sent) or pending.',
      tags,
    },
    async (request) => ok(await coursework.assignmentPoints(deps, caller(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.leaderboard,
    {
      summary: "The batch leaderboard: display name and score only (top 50 plus the caller's row)",
      description:
        'Score = reviewed assignment points in the batch + correct answers in the current attempt of its module quizzes. Competition ranking (ties share a rank), ties listed by name. Names are first name and last initial; never an e-mail, mobile or id.',
      tags,
    },
    async (request) => ok(await coursework.leaderboard(deps, caller(request), request.params.id)),
  );
}
